import type { AppInfo } from '../../../shared/ipc/app'
import type { ChannelInput } from '../../../shared/ipc/contract'
import { toErrorView } from './error-view'
import type { StoreContext } from './store-context'

// The app store's screens, state and actions (app-store.ts creates it): each action takes the store's
// context.

export const SCREENS = [
  { id: 'home', label: 'Home', shortcut: '0' },
  { id: 'orders', label: 'Orders', shortcut: '1' },
  { id: 'payments', label: 'Payments', shortcut: '2' },
  { id: 'inspector', label: 'Inspector', shortcut: '3' },
  { id: 'connections', label: 'Connections', shortcut: '4' },
  { id: 'chargebacks', label: 'Chargebacks', shortcut: '5' },
] as const

/**
 * Screens with a place in the sidebar; the order view opens from search, payments and home, the
 * customer view from search, a payment and an order.
 */
type NavScreenId = (typeof SCREENS)[number]['id']
export type ScreenId = NavScreenId | 'order' | 'customer'

/** Who the customer view shows: the service's customer id or an e-mail address (main checks both). */
export type CustomerTarget = { customerId: string; email?: undefined } | { email: string; customerId?: undefined }

/**
 * A request to show something on another screen: an inspector entry from an error, a builder
 * field from a 422, a payment from its request. The target screen takes it with `takeFocus`.
 */
export type FocusRequest =
  | { screen: 'inspector'; entryId: string }
  | { screen: 'orders'; field: string; draftId?: string }
  | { screen: 'payments'; paymentId: string }
  | { screen: 'order'; orderId: string }
  | ({ screen: 'customer' } & CustomerTarget)
  | { screen: 'connections'; connectionId?: string }
  | { screen: 'home' }

/** What the app shell asks main. A rejected call throws ipc-client's IpcError. */
export interface AppPort {
  info(): Promise<AppInfo>
  /** Opens a web address in the agent's browser (main checks it). */
  openExternal(url: string): Promise<unknown>
  /** Puts text on the clipboard (the page itself may not). */
  copyText(text: string): Promise<unknown>
  /** Opens an e-mail draft with a payment link (main checks every part and builds the mailto:). */
  emailLink(input: ChannelInput<'app.emailLink'>): Promise<unknown>
}

export interface AppState {
  screen: ScreenId
  info: AppInfo | null
  infoError: string | null
  pendingFocus: FocusRequest | null
  /** The order the order view shows (kept while the agent looks elsewhere). */
  orderId: string | null
  /** The customer the customer view shows (kept while the agent opens their orders and payments). */
  customer: CustomerTarget | null
  /** The screen before the order view, for its Back button. */
  previousScreen: ScreenId
  setScreen(screen: ScreenId): void
  /** Switches to the request's screen and leaves the request for that screen to take. */
  navigate(request: FocusRequest): void
  /** Returns and clears the pending request if it is for `screen`. */
  takeFocus<S extends ScreenId>(screen: S): Extract<FocusRequest, { screen: S }> | null
  loadInfo(): Promise<void>
  /** The window's errands through main; each rejects with main's error for the view to word. */
  openExternal(url: string): Promise<void>
  copyText(text: string): Promise<void>
  emailLink(input: ChannelInput<'app.emailLink'>): Promise<void>
}

export type AppStoreContext = StoreContext<AppState, AppPort>

function customerTargetOf(request: Extract<FocusRequest, { screen: 'customer' }>): CustomerTarget {
  return request.customerId !== undefined ? { customerId: request.customerId } : { email: request.email }
}

/** Switches to the request's screen and leaves the request for that screen to take. */
export function navigateTo({ set }: AppStoreContext, request: FocusRequest): void {
  set((s) => ({
    screen: request.screen,
    pendingFocus: request,
    previousScreen: s.screen === request.screen ? s.previousScreen : s.screen,
    ...(request.screen === 'order' ? { orderId: request.orderId } : {}),
    ...(request.screen === 'customer' ? { customer: customerTargetOf(request) } : {}),
  }))
}

/** Returns and clears the pending request if it is for `screen`. */
export function takeFocusFor<S extends ScreenId>(
  { set, get }: AppStoreContext,
  screen: S,
): Extract<FocusRequest, { screen: S }> | null {
  const pending = get().pendingFocus
  if (!pending || pending.screen !== screen) return null
  set({ pendingFocus: null })
  return pending as Extract<FocusRequest, { screen: S }>
}

export async function readAppInfo({ set, port }: AppStoreContext): Promise<void> {
  try {
    set({ info: await port.info(), infoError: null })
  } catch (error) {
    set({ infoError: toErrorView(error).message })
  }
}

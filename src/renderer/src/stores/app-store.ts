import { create } from 'zustand'
import type { AppInfo } from '../../../shared/ipc/app'
import { call, errorMessage } from '../lib/ipc-client'

export const SCREENS = [
  { id: 'home', label: 'Home', shortcut: '0' },
  { id: 'orders', label: 'Orders', shortcut: '1' },
  { id: 'payments', label: 'Payments', shortcut: '2' },
  { id: 'inspector', label: 'Inspector', shortcut: '3' },
  { id: 'connections', label: 'Connections', shortcut: '4' },
] as const

/** Screens with a place in the sidebar; the order view opens from search, payments and home. */
export type NavScreenId = (typeof SCREENS)[number]['id']
export type ScreenId = NavScreenId | 'order'

/**
 * A request to show something on another screen: an inspector entry from an error, a builder
 * field from a 422, a payment from its request. The target screen takes it with `takeFocus`.
 */
export type FocusRequest =
  | { screen: 'inspector'; entryId: string }
  | { screen: 'orders'; field: string; draftId?: string }
  | { screen: 'payments'; paymentId: string }
  | { screen: 'order'; orderId: string }
  | { screen: 'connections'; connectionId?: string }
  | { screen: 'home' }

interface AppState {
  screen: ScreenId
  info: AppInfo | null
  infoError: string | null
  pendingFocus: FocusRequest | null
  /** The order the order view shows (kept while the agent looks elsewhere). */
  orderId: string | null
  /** The screen before the order view, for its Back button. */
  previousScreen: ScreenId
  setScreen(screen: ScreenId): void
  /** Switches to the request's screen and leaves the request for that screen to take. */
  navigate(request: FocusRequest): void
  /** Returns and clears the pending request if it is for `screen`. */
  takeFocus<S extends ScreenId>(screen: S): Extract<FocusRequest, { screen: S }> | null
  loadInfo(): Promise<void>
}

/** The first screen: home, unless the page asks for another (`?screen=orders`, used by tests). */
function initialScreen(): ScreenId {
  const asked = typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('screen')
  return SCREENS.find((s) => s.id === asked)?.id ?? 'home'
}

export const useAppStore = create<AppState>((set, get) => ({
  screen: initialScreen(),
  info: null,
  infoError: null,
  pendingFocus: null,
  orderId: null,
  previousScreen: 'home',
  setScreen: (screen) => set((s) => ({ screen, previousScreen: s.screen === screen ? s.previousScreen : s.screen })),
  navigate: (request) =>
    set((s) => ({
      screen: request.screen,
      pendingFocus: request,
      previousScreen: s.screen === request.screen ? s.previousScreen : s.screen,
      ...(request.screen === 'order' ? { orderId: request.orderId } : {}),
    })),
  takeFocus(screen) {
    const pending = get().pendingFocus
    if (!pending || pending.screen !== screen) return null
    set({ pendingFocus: null })
    return pending as Extract<FocusRequest, { screen: typeof screen }>
  },
  async loadInfo() {
    try {
      set({ info: await call('app.info'), infoError: null })
    } catch (error) {
      set({ infoError: errorMessage(error) })
    }
  },
}))

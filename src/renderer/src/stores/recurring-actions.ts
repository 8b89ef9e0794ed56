import type { RecurringView, RecurringWriteResult, StoppedCharges } from '../../../shared/ipc/recurring'
import { toErrorView, type ErrorView } from './error-view'
import type { StoreContext } from './store-context'

// The recurring store's state and actions (recurring-store.ts creates it): each action takes the
// store's context.

export interface RecurringPort {
  open(customerId: string): Promise<RecurringView>
  revokeMandate(customerId: string, mandateId: string): Promise<RecurringWriteResult>
  cancelSubscription(customerId: string, subscriptionId: string): Promise<RecurringWriteResult>
}

type RecurringDialog = { kind: 'revoke-mandate' | 'cancel-subscription'; id: string }

export interface RecurringState {
  customerId: string | null
  view: RecurringView | null
  loading: boolean
  error: ErrorView | null
  dialog: RecurringDialog | null
  busy: boolean
  /** Why the dialog's write was not done (main's words). */
  dialogError: ErrorView | null
  /** The last write done: what it stopped (told in the agent's words by the view). */
  done: { stopped: StoppedCharges; requestId: string | null } | null
  open(customerId: string): Promise<void>
  refresh(): Promise<void>
  ask(dialog: RecurringDialog): void
  close(): void
  confirm(): Promise<void>
}

export interface RecurringContext extends StoreContext<RecurringState, RecurringPort> {
  /** Raised by every read: an answer for a customer no longer on screen is dropped. */
  seq: number
}

async function load(ctx: RecurringContext, customerId: string, keep: boolean): Promise<void> {
  const mine = ++ctx.seq
  ctx.set({ customerId, loading: true, error: null, ...(keep ? {} : { view: null, done: null }) })
  try {
    const view = await ctx.port.open(customerId)
    if (mine === ctx.seq) ctx.set({ view, loading: false })
  } catch (error) {
    if (mine === ctx.seq) ctx.set({ loading: false, error: toErrorView(error) })
  }
}

/** Opens a customer's mandates and subscriptions: the ones shown stay while they are read again. */
export function readRecurring(ctx: RecurringContext, customerId: string): Promise<void> {
  const { customerId: shown, view } = ctx.get()
  return load(ctx, customerId, customerId === shown && view !== null)
}

export async function readRecurringAgain(ctx: RecurringContext): Promise<void> {
  const customerId = ctx.get().customerId
  if (customerId) await load(ctx, customerId, true)
}

/** Sends the dialog's write (revoke the mandate, cancel the subscription); main's answer replaces the lists. */
export async function sendRecurringWrite(ctx: RecurringContext): Promise<void> {
  const { set, get, port } = ctx
  const { dialog, customerId, busy } = get()
  if (!dialog || !customerId || busy) return
  const mine = ctx.seq
  set({ busy: true, dialogError: null })
  try {
    const result =
      dialog.kind === 'revoke-mandate'
        ? await port.revokeMandate(customerId, dialog.id)
        : await port.cancelSubscription(customerId, dialog.id)
    const stale = mine !== ctx.seq
    set({
      busy: false,
      dialog: null,
      done: { stopped: result.stopped, requestId: result.requestId },
      ...(stale ? {} : { view: result.view }),
    })
  } catch (error) {
    set({ busy: false, dialogError: toErrorView(error) })
  }
}

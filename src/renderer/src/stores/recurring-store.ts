import { createStore, type StoreApi } from 'zustand/vanilla'
import type { RecurringView, RecurringWriteResult, StoppedCharges } from '../../../shared/ipc/recurring'
import { toErrorView, type ErrorView } from './error-view'

// "Stop charging me" (issue 49 item 6): a customer's mandates and subscriptions as main read them
// (recurring.open), and the two writes (Revoke mandate, Cancel subscription). Main reads fresh, checks,
// asks on a live connection, sends and records; this store asks, keeps the answer and the dialog.

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

export function createRecurringStore(port: RecurringPort): StoreApi<RecurringState> {
  // Answers for a customer that is no longer the one on screen are dropped.
  let seq = 0
  return createStore<RecurringState>((set, get) => {
    async function load(customerId: string, keep: boolean): Promise<void> {
      const mine = ++seq
      set({ customerId, loading: true, error: null, ...(keep ? {} : { view: null, done: null }) })
      try {
        const view = await port.open(customerId)
        if (mine === seq) set({ view, loading: false })
      } catch (error) {
        if (mine === seq) set({ loading: false, error: toErrorView(error) })
      }
    }
    return {
      customerId: null,
      view: null,
      loading: false,
      error: null,
      dialog: null,
      busy: false,
      dialogError: null,
      done: null,
      open: (customerId) => load(customerId, customerId === get().customerId && get().view !== null),
      refresh: async () => {
        const customerId = get().customerId
        if (customerId) await load(customerId, true)
      },
      // The dialog reads the lists again as it opens: what it says follows the service as it is now
      // (main reads once more before it sends, and refuses what no longer applies).
      ask: (dialog) => {
        set({ dialog, dialogError: null })
        void get().refresh()
      },
      close: () => {
        if (!get().busy) set({ dialog: null, dialogError: null })
      },
      confirm: async () => {
        const { dialog, customerId, busy } = get()
        if (!dialog || !customerId || busy) return
        const mine = seq
        set({ busy: true, dialogError: null })
        try {
          const result =
            dialog.kind === 'revoke-mandate'
              ? await port.revokeMandate(customerId, dialog.id)
              : await port.cancelSubscription(customerId, dialog.id)
          const stale = mine !== seq
          set({
            busy: false,
            dialog: null,
            done: { stopped: result.stopped, requestId: result.requestId },
            ...(stale ? {} : { view: result.view }),
          })
        } catch (error) {
          set({ busy: false, dialogError: toErrorView(error) })
        }
      },
    }
  })
}

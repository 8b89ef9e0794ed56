import { createStore, type StoreApi } from 'zustand/vanilla'
import {
  sendRecurringWrite,
  readRecurring,
  readRecurringAgain,
  type RecurringContext,
  type RecurringPort,
  type RecurringState,
} from './recurring-actions'

export type { RecurringPort, RecurringState } from './recurring-actions'

// "Stop charging me" (issue 49 item 6): a customer's mandates and subscriptions as main read them
// (recurring.open), and the two writes (Revoke mandate, Cancel subscription). Main reads fresh, checks,
// asks on a live connection, sends and records; this store asks, keeps the answer and the dialog
// (recurring-actions.ts).

export function createRecurringStore(port: RecurringPort): StoreApi<RecurringState> {
  return createStore<RecurringState>((set, get) => {
    const ctx: RecurringContext = { set, get, port, seq: 0 }
    return {
      customerId: null,
      view: null,
      loading: false,
      error: null,
      dialog: null,
      busy: false,
      dialogError: null,
      done: null,
      open: (customerId) => readRecurring(ctx, customerId),
      refresh: () => readRecurringAgain(ctx),
      // The dialog reads the lists again as it opens: what it says follows the service as it is now
      // (main reads once more before it sends, and refuses what no longer applies).
      ask: (dialog) => {
        set({ dialog, dialogError: null })
        void get().refresh()
      },
      close: () => {
        if (!get().busy) set({ dialog: null, dialogError: null })
      },
      confirm: () => sendRecurringWrite(ctx),
    }
  })
}

import { createStore, type StoreApi } from 'zustand/vanilla'
import {
  readChargebacks,
  type ChargebacksContext,
  type ChargebacksPort,
  type ChargebacksState,
} from './chargebacks-actions'

export type { ChargebacksPort, ChargebacksState } from './chargebacks-actions'

// The chargebacks workspace (issue 49 item 4): main reads the account's chargebacks; this store asks
// and keeps the answer or the error. Created with its port, so it is unit-tested without a browser.
// Its actions: chargebacks-actions.ts.

export function createChargebacksStore(port: ChargebacksPort): StoreApi<ChargebacksState> {
  return createStore<ChargebacksState>((set, get) => {
    const ctx: ChargebacksContext = { set, get, port }
    return { view: null, loading: false, error: null, load: () => readChargebacks(ctx) }
  })
}

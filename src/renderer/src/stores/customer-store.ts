import { createStore, type StoreApi } from 'zustand/vanilla'
import {
  openCustomer,
  refreshCustomer,
  type CustomerContext,
  type CustomerPort,
  type CustomerState,
} from './customer-actions'
import type { EntitiesState } from './entities'

export type { CustomerPort, CustomerState } from './customer-actions'

// The customer view: one customer's orders, payments, totals and problems, as main read them
// (customers.open). Created with the IPC port it uses, so its transitions are unit-tested without a
// browser. Main finds, reads and sums; this store only asks and keeps the answer (customer-actions.ts).

/** `entities`: the window's cache; each customer view main answers is put there (entities.ts). */
export function createCustomerStore(port: CustomerPort, entities: StoreApi<EntitiesState>): StoreApi<CustomerState> {
  return createStore<CustomerState>((set, get) => {
    const ctx: CustomerContext = { set, get, port, entities, seq: 0 }
    return {
      target: null,
      view: null,
      loading: false,
      error: null,
      open: (target) => openCustomer(ctx, target),
      refresh: () => refreshCustomer(ctx),
    }
  })
}

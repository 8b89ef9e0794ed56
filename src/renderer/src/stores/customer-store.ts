import { createStore, type StoreApi } from 'zustand/vanilla'
import type { CustomerView } from '../../../shared/ipc/customers'
import type { CustomerTarget } from './app-store'
import { customerKey, type EntitiesState } from './entities'
import { toErrorView, type ErrorView } from './error-view'

// The customer view: one customer's orders, payments, totals and problems, as main read them
// (customers.open). Created with the IPC port it uses, so its transitions are unit-tested without a
// browser. Main finds, reads and sums; this store only asks and keeps the answer.

export interface CustomerPort {
  open(target: CustomerTarget): Promise<CustomerView>
}

export interface CustomerState {
  target: CustomerTarget | null
  view: CustomerView | null
  loading: boolean
  error: ErrorView | null
  open(target: CustomerTarget): Promise<void>
  refresh(): Promise<void>
}

const sameTarget = (a: CustomerTarget | null, b: CustomerTarget) =>
  a !== null && a.customerId === b.customerId && a.email === b.email

/** `entities`: the window's cache; each customer view main answers is put there (entities.ts). */
export function createCustomerStore(port: CustomerPort, entities: StoreApi<EntitiesState>): StoreApi<CustomerState> {
  // Answers for a customer that is no longer the one on screen are dropped.
  let seq = 0
  return createStore<CustomerState>((set, get) => {
    async function load(target: CustomerTarget, keep: boolean): Promise<void> {
      const mine = ++seq
      set({ target, loading: true, error: null, ...(keep ? {} : { view: null }) })
      try {
        const view = await port.open(target)
        entities.getState().put('customers', customerKey(view.ref), view)
        if (mine === seq) set({ view, loading: false })
      } catch (error) {
        if (mine === seq) set({ loading: false, error: toErrorView(error) })
      }
    }
    return {
      target: null,
      view: null,
      loading: false,
      error: null,
      open: (target) => load(target, sameTarget(get().target, target) && get().view !== null),
      refresh: async () => {
        const target = get().target
        if (target) await load(target, true)
      },
    }
  })
}

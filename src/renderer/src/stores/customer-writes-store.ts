import { createStore, type StoreApi } from 'zustand/vanilla'
import type { RecordObjectRef } from '../../../shared/team-record'
import {
  readCustomerWrites,
  type CustomerWritesContext,
  type CustomerWritesPort,
  type CustomerWritesState,
} from './customer-writes-actions'

export type { CustomerWritesPort, CustomerWritesState } from './customer-writes-actions'

// The customer view's record of writes (issue 50, gap b): what was done on the customer and on their
// payments and orders, newest first, read from main's record and read again when one of them changes.
// Its actions: customer-writes-actions.ts.

const key = (o: RecordObjectRef) => `${o.kind}:${o.id}`

export function createCustomerWritesStore(
  port: CustomerWritesPort,
  objects: RecordObjectRef[],
): StoreApi<CustomerWritesState> {
  const watched = new Set(objects.map(key))
  const store = createStore<CustomerWritesState>((set, get) => {
    const ctx: CustomerWritesContext = { set, get, port, objects, asked: 0 }
    return {
      state: 'loading',
      writes: [],
      me: null,
      error: null,
      load: () => readCustomerWrites(ctx),
      dispose: () => stop(),
    }
  })
  const stop = port.onChanged((change) => {
    if (change.kind === 'status' || (change.kind === 'action' && watched.has(key(change.object)))) {
      void store.getState().load()
    }
  })
  return store
}

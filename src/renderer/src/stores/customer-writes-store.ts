import { createStore, type StoreApi } from 'zustand/vanilla'
import type { ActionRecordEntry, RecordChange, RecordObjectRef } from '../../../shared/team-record'
import { toErrorView } from './error-view'

// The customer view's record of writes (issue 50, gap b): what was done on the customer and on their
// payments and orders, newest first, read from main's record and read again when one of them changes.

export interface CustomerWritesPort {
  writesOn(objects: RecordObjectRef[]): Promise<{ writes: ActionRecordEntry[]; me: string }>
  onChanged(listener: (change: RecordChange) => void): () => void
}

export interface CustomerWritesState {
  state: 'loading' | 'ready' | 'error'
  writes: ActionRecordEntry[]
  me: string | null
  error: string | null
  load(): Promise<void>
  dispose(): void
}

const key = (o: RecordObjectRef) => `${o.kind}:${o.id}`

export function createCustomerWritesStore(
  port: CustomerWritesPort,
  objects: RecordObjectRef[],
): StoreApi<CustomerWritesState> {
  const watched = new Set(objects.map(key))
  let asked = 0
  const store = createStore<CustomerWritesState>((set) => ({
    state: 'loading',
    writes: [],
    me: null,
    error: null,
    async load() {
      const mine = ++asked
      try {
        const { writes, me } = await port.writesOn(objects)
        if (mine === asked) set({ state: 'ready', writes, me, error: null })
      } catch (error) {
        if (mine === asked) set({ state: 'error', error: toErrorView(error).message })
      }
    },
    dispose: () => stop(),
  }))
  const stop = port.onChanged((change) => {
    if (change.kind === 'status' || (change.kind === 'action' && watched.has(key(change.object)))) {
      void store.getState().load()
    }
  })
  return store
}

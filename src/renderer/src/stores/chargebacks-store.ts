import { createStore, type StoreApi } from 'zustand/vanilla'
import type { ChannelOutput } from '../../../shared/ipc/contract'
import { toErrorView, type ErrorView } from './error-view'

// The chargebacks workspace (issue 49 item 4): main reads the account's chargebacks; this store asks
// and keeps the answer or the error. Created with its port, so it is unit-tested without a browser.

export interface ChargebacksPort {
  list(): Promise<ChannelOutput<'chargebacks.list'>>
}

export interface ChargebacksState {
  view: ChannelOutput<'chargebacks.list'> | null
  loading: boolean
  error: ErrorView | null
  load(): Promise<void>
}

export function createChargebacksStore(port: ChargebacksPort): StoreApi<ChargebacksState> {
  return createStore<ChargebacksState>((set, get) => ({
    view: null,
    loading: false,
    error: null,
    async load() {
      if (get().loading) return
      set({ loading: true, error: null })
      try {
        set({ view: await port.list(), loading: false })
      } catch (error) {
        set({ loading: false, error: toErrorView(error) })
      }
    },
  }))
}

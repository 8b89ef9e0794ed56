import type { ChannelOutput } from '../../../shared/ipc/contract'
import { toErrorView, type ErrorView } from './error-view'
import type { StoreContext } from './store-context'

// The chargebacks store's state and actions (chargebacks-store.ts creates it).

export interface ChargebacksPort {
  list(): Promise<ChannelOutput<'chargebacks.list'>>
}

export interface ChargebacksState {
  view: ChannelOutput<'chargebacks.list'> | null
  loading: boolean
  error: ErrorView | null
  load(): Promise<void>
}

export type ChargebacksContext = StoreContext<ChargebacksState, ChargebacksPort>

/** Reads the account's chargebacks (one read at a time); the answer or the error replaces the last. */
export async function readChargebacks({ set, get, port }: ChargebacksContext): Promise<void> {
  if (get().loading) return
  set({ loading: true, error: null })
  try {
    set({ view: await port.list(), loading: false })
  } catch (error) {
    set({ loading: false, error: toErrorView(error) })
  }
}

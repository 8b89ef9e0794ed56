import { createStore, type StoreApi } from 'zustand/vanilla'
import type { TellShopResult } from '../../../shared/ipc/tell-shop'
import { toErrorView } from './error-view'

// Tell the shop again (issue 49 item 5): the page names the payment; main reads its webhook address,
// asks the person in its own dialog and makes the call (src/main/services/tell-shop/).

export interface TellShopPort {
  tell(input: { paymentId: string; ticket?: string }): Promise<TellShopResult>
}

export interface TellShopState {
  /** Waiting for main: its question, then the shop's answer. */
  busy: boolean
  /** The last call main made, with the shop's answer. */
  result: TellShopResult | null
  /** Why nothing was sent, in main's words. */
  error: string | null
  tell(paymentId: string, ticket?: string): Promise<TellShopResult | null>
}

export function createTellShopStore(port: TellShopPort): StoreApi<TellShopState> {
  return createStore<TellShopState>((set, get) => ({
    busy: false,
    result: null,
    error: null,
    async tell(paymentId, ticket) {
      if (get().busy) return null
      set({ busy: true, error: null })
      try {
        const result = await port.tell(ticket ? { paymentId, ticket } : { paymentId })
        set({ busy: false, result })
        return result
      } catch (error) {
        set({ busy: false, error: toErrorView(error).message })
        return null
      }
    },
  }))
}

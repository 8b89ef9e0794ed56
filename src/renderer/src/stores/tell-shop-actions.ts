import type { TellShopResult } from '../../../shared/ipc/tell-shop'
import { toErrorView } from './error-view'
import type { StoreContext } from './store-context'

// The tell-shop store's state and actions (tell-shop-store.ts creates it).

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

export type TellShopContext = StoreContext<TellShopState, TellShopPort>

/** Asks main to call the shop's webhook again for a payment; one call at a time. */
export async function tellShopAgain(
  { set, get, port }: TellShopContext,
  paymentId: string,
  ticket: string | undefined,
): Promise<TellShopResult | null> {
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
}

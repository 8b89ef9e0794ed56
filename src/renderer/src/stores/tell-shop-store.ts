import { createStore, type StoreApi } from 'zustand/vanilla'
import { tellShopAgain, type TellShopContext, type TellShopPort, type TellShopState } from './tell-shop-actions'

export type { TellShopPort, TellShopState } from './tell-shop-actions'

// Tell the shop again (issue 49 item 5): the page names the payment; main reads its webhook address,
// asks the person in its own dialog and makes the call (src/main/services/tell-shop/). Its actions:
// tell-shop-actions.ts.

export function createTellShopStore(port: TellShopPort): StoreApi<TellShopState> {
  return createStore<TellShopState>((set, get) => {
    const ctx: TellShopContext = { set, get, port }
    return {
      busy: false,
      result: null,
      error: null,
      tell: (paymentId, ticket) => tellShopAgain(ctx, paymentId, ticket),
    }
  })
}

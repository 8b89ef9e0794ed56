import { createStore, type StoreApi } from 'zustand/vanilla'
import { newOrderPaymentBlocker } from '../../../shared/payment-writes'
import type { EntitiesState } from './entities'
import {
  askNewOrderPayment,
  openOrder,
  readOrderAgain,
  type OrderContext,
  type OrderPort,
  type OrderState,
} from './order-actions'

export type { OrderPort, OrderState } from './order-actions'

// The order view: one order with its payments, read fresh through main (GET /orders/{id}
// ?embed=payments), and "New payment for this order". Created with the IPC port it uses, so its
// transitions are unit-tested without a browser. Main decides every write; this store only asks
// (order-actions.ts).

/** `entities`: the window's cache, where the order and its payments are put (entities.ts). */
export function createOrderStore(port: OrderPort, entities: StoreApi<EntitiesState>): StoreApi<OrderState> {
  return createStore<OrderState>((set, get) => {
    const ctx: OrderContext = { set, get, port, entities, seq: 0 }
    return {
      orderId: null,
      order: null,
      deliveries: null,
      requestId: null,
      loading: false,
      error: null,
      creating: false,
      created: null,
      errandError: null,
      open: (orderId) => openOrder(ctx, orderId),
      refresh: () => readOrderAgain(ctx),
      newPayment: () => askNewOrderPayment(ctx),
      newPaymentBlocker() {
        const order = get().order
        if (!order) return 'The order is not loaded.'
        return newOrderPaymentBlocker(order, order._embedded?.payments ?? [])
      },
    }
  })
}

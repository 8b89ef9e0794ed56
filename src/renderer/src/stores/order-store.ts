import { createStore, type StoreApi } from 'zustand/vanilla'
import type { DeliveryRecord } from '../../../shared/story/payment-story'
import type { Order, Payment } from '../../../shared/api-types'
import type { ChannelOutput } from '../../../shared/ipc/contract'
import { newOrderPaymentBlocker } from '../../../shared/payment-actions'
import { byId, type EntitiesState } from './entities'
import { toErrorView, type ErrorView } from './error-view'

// The order view: one order with its payments, read fresh through main (GET /orders/{id}
// ?embed=payments), and "New payment for this order". Created with the IPC port it uses, so its
// transitions are unit-tested without a browser. Main decides every write; this store only asks.

export interface OrderPort {
  get(id: string): Promise<ChannelOutput<'orders.get'>>
  newPayment(orderId: string): Promise<ChannelOutput<'orders.newPayment'>>
}

export interface OrderState {
  orderId: string | null
  order: Order | null
  /** The request that read the order (its Inspector entry). */
  requestId: string | null
  /** The shop's webhook calls for the order, on the built-in Sandbox (null elsewhere). */
  deliveries: DeliveryRecord[] | null
  loading: boolean
  error: ErrorView | null
  /** A new payment being created. */
  creating: boolean
  /** The payment just created for the order, with its request. */
  created: { payment: Payment; requestId: string | null } | null
  actionError: ErrorView | null
  open(orderId: string): Promise<void>
  refresh(): Promise<void>
  newPayment(): Promise<void>
  /** Why "New payment for this order" is not offered now (null: it is). */
  newPaymentBlocker(): string | null
}

/** Puts an order main read, with its embedded payments, in the window's cache (entities.ts). */
function remember(entities: StoreApi<EntitiesState>, order: Order, stamp: number): void {
  const cache = entities.getState()
  cache.put('orders', order.id, order, stamp)
  const payments = order._embedded?.payments
  if (payments) cache.putMany('payments', payments, byId, stamp)
}

export function createOrderStore(port: OrderPort, entities: StoreApi<EntitiesState>): StoreApi<OrderState> {
  // Answers for an order that is no longer the one on screen are dropped.
  let seq = 0
  async function load(set: (partial: Partial<OrderState>) => void, orderId: string, keep: boolean): Promise<void> {
    const mine = ++seq
    set({ orderId, loading: true, error: null, ...(keep ? {} : { order: null, requestId: null, created: null }) })
    const stamp = entities.getState().stamp()
    try {
      const { order, requestId, deliveries } = await port.get(orderId)
      // The cache keeps every answer (a newer read's copy stays); the view, only its own order's.
      remember(entities, order, stamp)
      if (mine !== seq) return
      set({ order, requestId, deliveries: deliveries ?? null, loading: false })
    } catch (error) {
      if (mine !== seq) return
      set({ loading: false, error: toErrorView(error), ...(keep ? {} : { order: null }) })
    }
  }
  return createStore<OrderState>((set, get) => ({
    orderId: null,
    order: null,
    deliveries: null,
    requestId: null,
    loading: false,
    error: null,
    creating: false,
    created: null,
    actionError: null,
    open: (orderId) => {
      set({ actionError: null })
      return load(set, orderId, get().orderId === orderId && get().order !== null)
    },
    refresh: async () => {
      const id = get().orderId
      if (id) await load(set, id, true)
    },
    async newPayment() {
      const { order, creating } = get()
      if (!order || creating) return
      set({ creating: true, actionError: null })
      const stamp = entities.getState().stamp()
      try {
        const result = await port.newPayment(order.id)
        remember(entities, result.order, stamp)
        entities.getState().put('payments', result.payment.id, result.payment, stamp)
        if (get().orderId !== order.id) return
        set({
          creating: false,
          order: result.order,
          created: { payment: result.payment, requestId: result.requestId },
        })
      } catch (error) {
        set({ creating: false, actionError: toErrorView(error) })
      }
    },
    newPaymentBlocker() {
      const order = get().order
      if (!order) return 'The order is not loaded.'
      return newOrderPaymentBlocker(order, order._embedded?.payments ?? [])
    },
  }))
}

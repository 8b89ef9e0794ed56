import type { StoreApi } from 'zustand/vanilla'
import type { DeliveryRecord } from '../../../shared/deliveries'
import type { Order, Payment } from '../../../shared/api-types'
import type { ChannelOutput } from '../../../shared/ipc/contract'
import { byId, type EntitiesState } from './entities'
import { toErrorView, type ErrorView } from './error-view'
import type { StoreContext } from './store-context'

// The order store's state and actions (order-store.ts creates it): each action takes the store's
// context. What main reads or answers is put in the window's cache too (entities.ts).

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
  errandError: ErrorView | null
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

export interface OrderContext extends StoreContext<OrderState, OrderPort> {
  entities: StoreApi<EntitiesState>
  /** Raised by every read: an answer for an order no longer on screen is dropped. */
  seq: number
}

async function load(ctx: OrderContext, orderId: string, keep: boolean): Promise<void> {
  const { set, port, entities } = ctx
  const mine = ++ctx.seq
  set({ orderId, loading: true, error: null, ...(keep ? {} : { order: null, requestId: null, created: null }) })
  const stamp = entities.getState().stamp()
  try {
    const { order, requestId, deliveries } = await port.get(orderId)
    // The cache keeps every answer (a newer read's copy stays); the view, only its own order's.
    remember(entities, order, stamp)
    if (mine !== ctx.seq) return
    set({ order, requestId, deliveries: deliveries ?? null, loading: false })
  } catch (error) {
    if (mine !== ctx.seq) return
    set({ loading: false, error: toErrorView(error), ...(keep ? {} : { order: null }) })
  }
}

/** Opens an order: the one shown is kept on screen while it is read again. */
export function openOrder(ctx: OrderContext, orderId: string): Promise<void> {
  ctx.set({ errandError: null })
  const { orderId: shown, order } = ctx.get()
  return load(ctx, orderId, shown === orderId && order !== null)
}

export async function readOrderAgain(ctx: OrderContext): Promise<void> {
  const id = ctx.get().orderId
  if (id) await load(ctx, id, true)
}

/** "New payment for this order": main creates it; the order and the payment go to the cache. */
export async function askNewOrderPayment(ctx: OrderContext): Promise<void> {
  const { set, get, port, entities } = ctx
  const { order, creating } = get()
  if (!order || creating) return
  set({ creating: true, errandError: null })
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
    set({ creating: false, errandError: toErrorView(error) })
  }
}

// What the payment view needs beside the payment itself to tell its story: the customer of its order
// (a payment of an order carries no addresses of its own) and, on the built-in Sandbox, the webhook
// calls to the shop (the Sandbox keeps them; the real service shows them only in its dashboard).
// Both are best effort: a view without them still shows the payment, and says what is missing.
import type { Order, Payment } from '../../shared/api-types'
import type { PaymentContext } from '../../shared/ipc/payments'
import type { DeliveryRecord } from '../../shared/deliveries'
import type { CallOptions } from '../api/client'

export interface PaymentContextDeps {
  getOrder?: (id: string, opts?: CallOptions) => Promise<Order>
  /** The Sandbox's webhook calls for an object; null when the active connection is not the Sandbox. */
  deliveries?: (objectId: string) => Promise<readonly DeliveryRecord[] | null>
}

/** The order's contact fields only: the view needs who the customer is, not the whole order. */
function orderContact(order: Order): PaymentContext['order'] {
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    billingAddress: order.billingAddress,
    shippingAddress: order.shippingAddress,
  }
}

/** The webhook calls for the payment and, for a payment of an order, for its order (which has the URL). */
export async function deliveriesOf(
  payment: Payment,
  deps: PaymentContextDeps,
): Promise<readonly DeliveryRecord[] | null> {
  const read = deps.deliveries
  if (!read) return null
  const ids = [payment.id, ...(payment.orderId ? [payment.orderId] : [])]
  const lists = await Promise.all(ids.map((id) => read(id).catch(() => null)))
  if (lists.every((l) => l === null)) return null
  return lists.flatMap((l) => l ?? [])
}

/**
 * The payment's context. `early`: the order already asked for while the payment was read (its id
 * taken from the copy the list served); used only when it is the payment's own order, else that
 * order is read now.
 */
export async function loadPaymentContext(
  payment: Payment,
  deps: PaymentContextDeps,
  opts: CallOptions,
  early?: { orderId: string; order: Promise<Order | null> },
): Promise<PaymentContext> {
  const orderOf = (id: string): Promise<Order | null> =>
    early && early.orderId === id
      ? early.order
      : deps.getOrder
        ? deps.getOrder(id, opts).catch(() => null)
        : Promise.resolve(null)
  const [order, deliveries] = await Promise.all([
    payment.orderId ? orderOf(payment.orderId).then((o) => (o ? orderContact(o) : null)) : Promise.resolve(null),
    deliveriesOf(payment, deps),
  ])
  return { order, deliveries: deliveries ? [...deliveries] : null }
}

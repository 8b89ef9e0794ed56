import type { DeliveryRecord } from '../../../shared/deliveries'
import type { Order, Payment } from '../../../shared/api-types'
import type { ActionResult } from '../../../shared/ipc/actions'
import { cancelOrderBlocker, newOrderPaymentBlocker } from '../../../shared/payment-writes'
import {
  customerName,
  keyedWrite,
  livePrompt,
  money,
  originOf,
  refuse,
  traced,
  unkeyedWrite,
  type ActionsContext,
} from './context'
import { readBeforeAct } from './fresh-read'
import type { View } from './types'

/** The order view's read: the order with its payments and refunds, and the shop's webhook calls. */
export async function getOrder(
  ctx: ActionsContext,
  id: string,
): Promise<{ order: Order; requestId: string | null; deliveries?: DeliveryRecord[] | null }> {
  const client = await ctx.options.connections.getActiveClient()
  const { value, requestId } = await traced(ctx, () =>
    client.getOrder(id, {
      // One request tells the order's story: its payments and its refunds.
      embed: ['payments', 'refunds'],
      priority: 'user',
      origin: { screen: 'order', action: 'view order' },
    }),
  )
  // On the built-in Sandbox, the shop's webhook calls for the order (its timeline shows them).
  const deliveries = ctx.options.deliveries ? await ctx.options.deliveries(id).catch(() => null) : null
  return { order: value, requestId, deliveries: deliveries ? [...deliveries] : null }
}

/** The active connection, its client and the order acted on, read fresh with its payments. */
async function readOrderToActOn(
  ctx: ActionsContext,
  orderId: string,
  origin: ReturnType<typeof originOf>,
  what: string,
) {
  const { connections } = ctx.options
  const connection = await connections.activeConnection()
  const client = await connections.getActiveClient()
  const order = await readBeforeAct(orderId, what, () =>
    client.getOrder(orderId, { embed: 'payments', priority: 'user', origin }),
  )
  return { connection, client, order }
}

/** On a live connection, main's own question names the action, the order and its customer. */
async function confirmOrderAction(
  ctx: ActionsContext,
  connection: Parameters<typeof livePrompt>[1],
  order: Order,
  action: string,
): Promise<void> {
  await livePrompt(ctx, connection, {
    action,
    amount: money(order.amount),
    reference: `Order ${order.orderNumber} (${order.id})`,
    customer: customerName(order.billingAddress),
  })
}

export async function cancelOrder(
  ctx: ActionsContext,
  { orderId, ticket, from }: { orderId: string; ticket?: string; from?: View },
): Promise<ActionResult & { order: Order }> {
  // With its payments: an order with an open payment cannot be canceled (cancelOrderBlocker).
  const { connection, client, order } = await readOrderToActOn(
    ctx,
    orderId,
    originOf(from ?? 'order', 'read before cancel'),
    'a cancel',
  )
  refuse(cancelOrderBlocker(order))
  await confirmOrderAction(ctx, connection, order, 'Cancel an order')
  // No Idempotency-Key: the service ignores it on DELETE; the client reads before any resend.
  const { value, requestId } = await unkeyedWrite(
    ctx,
    {
      action: 'cancel',
      object: { kind: 'order', id: orderId },
      amount: order.amount,
      ticket: ticket ?? null,
      reason: null,
      words: `Cancel of order ${order.orderNumber} (${orderId})`,
    },
    () =>
      client.cancelOrder(orderId, {
        embed: 'payments',
        priority: 'user',
        origin: originOf(from ?? 'order', 'cancel order'),
      }),
  )
  return { order: value, requestId }
}

/** A new payment for an order whose earlier payments can no longer complete (a fresh checkout link). */
export async function newOrderPayment(
  ctx: ActionsContext,
  { orderId, ticket, from }: { orderId: string; ticket?: string; from?: View },
): Promise<ActionResult & { payment: Payment; order: Order }> {
  const origin = originOf(from ?? 'order', 'read before new payment')
  const { connection, client, order } = await readOrderToActOn(ctx, orderId, origin, 'a new payment')
  refuse(newOrderPaymentBlocker(order, order._embedded?.payments ?? []))
  await confirmOrderAction(ctx, connection, order, 'Create a new payment for an order')
  // One key per order and the payments it had: a retry reuses it; once a new payment exists,
  // a later "new payment" (after that one expired) is a different action with its own key.
  const earlier = (order._embedded?.payments ?? []).map((p) => p.id).sort()
  const { value: payment, requestId } = await keyedWrite(
    ctx,
    connection,
    { kind: 'new-order-payment', target: orderId, params: earlier },
    {
      action: 'create',
      object: { kind: 'order', id: orderId },
      amount: order.amount,
      ticket: ticket ?? null,
      reason: null,
      words: `New payment for order ${order.orderNumber} (${orderId})`,
    },
    (idempotencyKey) =>
      client.createOrderPayment(
        orderId,
        {},
        { idempotencyKey, priority: 'user', origin: originOf(from ?? 'order', 'new payment for order') },
      ),
  )
  const after = await client
    .getOrder(orderId, { embed: 'payments', priority: 'user', origin: originOf(from ?? 'order', 'view order') })
    .catch(() => order)
  return { payment, order: after, requestId }
}

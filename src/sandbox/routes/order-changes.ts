// Changing an order after it was made (docs/SANDBOX.md "Orders the rest of the way"): update order
// (https://docs.mollie.com/reference/update-order), update an order line
// (https://docs.mollie.com/reference/update-order-line) and cancel order lines
// (https://docs.mollie.com/reference/cancel-order-lines). Body rules are the rules module's
// (src/shared/order-rules/order-changes.ts); what the order's status allows is checked here.
import type { Address, OrderLine, OrderStatus } from '../../shared/api-types'
import { amountFromMinor, toMinor } from '../../shared/money'
import {
  mergedOrderLineViolations,
  ORDER_LINE_AMOUNT_FIELDS,
  validateCancelOrderLines,
  validateUpdateOrder,
  validateUpdateOrderLine,
} from '../../shared/order-rules'
import { blocksOrderCancel } from '../../shared/payment-writes'
import { SandboxError, jsonReply, type Reply } from '../errors'
import { cancelLines, capturesByShipping, chooseLines, openUnits } from '../order-lines'
import { actScope, firstViolation, isoNow, parsedBody, parseEmbed, ruleContext, type ApiRequest } from '../request'
import { orderJson } from '../resources'
import type { SandboxContext } from '../context'
import type { OrderRecord } from '../records'
import { orderPayments, refundsOfOrder } from './orders'

/** The order named by the path, in the scope of a write (404 otherwise). */
export function orderForWrite(ctx: SandboxContext, request: ApiRequest, id: string): OrderRecord {
  const scope = actScope(ctx, request)
  const order = ctx.store.getOrder(id, scope.profileId, scope.mode)
  if (!order) throw new SandboxError(404, `No order exists with id ${id}.`)
  return order
}

/** The order as the answer of a write: with its payments, refunds and shipments as asked by `embed`. */
function orderReply(ctx: SandboxContext, request: ApiRequest, order: OrderRecord): Reply {
  const embed = parseEmbed(request)
  const payments = orderPayments(ctx, order.paymentIds)
  return jsonReply(200, orderJson(ctx.origin, order, payments, embed, refundsOfOrder(ctx, order)))
}

/** https://docs.mollie.com/reference/update-order: addresses only while the order can still change hands. */
const ADDRESS_STATUSES: readonly OrderStatus[] = ['created', 'pending', 'authorized']
/** https://docs.mollie.com/reference/update-order: the return URLs only while the customer has not paid yet. */
const URL_STATUSES: readonly OrderStatus[] = ['created']
/** https://docs.mollie.com/reference/update-order-line: lines of an order that is created, pending or authorized. */
const LINE_STATUSES: readonly OrderStatus[] = ['created', 'pending', 'authorized']

function refuseIn(status: OrderStatus, allowed: readonly OrderStatus[], field: string, what: string): void {
  if (!allowed.includes(status)) {
    throw new SandboxError(
      422,
      `The ${what} can be changed only while the order is ${allowed.join(', ')}; this order is ${status}.`,
      field,
    )
  }
}

/** PATCH /v2/orders/{id}: orderNumber, the addresses, redirectUrl, cancelUrl, webhookUrl. */
export function updateOrderRoute(ctx: SandboxContext, request: ApiRequest, id: string): Reply {
  parseEmbed(request)
  const body = parsedBody(request) as Record<string, unknown>
  firstViolation(validateUpdateOrder(body, ruleContext(ctx, request.credential)))
  const order = orderForWrite(ctx, request, id)
  const data = order.data
  for (const field of ['billingAddress', 'shippingAddress'] as const) {
    if (body[field] !== undefined) refuseIn(data.status, ADDRESS_STATUSES, field, `${field}`)
  }
  for (const field of ['redirectUrl', 'cancelUrl'] as const) {
    if (body[field] !== undefined) refuseIn(data.status, URL_STATUSES, field, `${field}`)
  }
  if (typeof body.orderNumber === 'string') {
    ctx.store.ordersByNumber.set(data.orderNumber, (ctx.store.ordersByNumber.get(data.orderNumber) ?? 1) - 1)
    data.orderNumber = body.orderNumber
    ctx.store.ordersByNumber.set(data.orderNumber, (ctx.store.ordersByNumber.get(data.orderNumber) ?? 0) + 1)
  }
  if (body.billingAddress !== undefined) data.billingAddress = { ...(body.billingAddress as Address) }
  if (body.shippingAddress !== undefined) data.shippingAddress = { ...(body.shippingAddress as Address) }
  if (typeof body.redirectUrl === 'string') data.redirectUrl = body.redirectUrl
  if (typeof body.cancelUrl === 'string') data.cancelUrl = body.cancelUrl
  if (typeof body.webhookUrl === 'string') data.webhookUrl = body.webhookUrl
  // The order's open payment sends the customer to the order's URLs (it copied them at creation).
  for (const pid of order.paymentIds) {
    const payment = ctx.store.getPaymentAnyScope(pid)
    if (!payment || payment.data.status !== 'open') continue
    payment.data.redirectUrl = data.redirectUrl
    if (data.cancelUrl !== undefined) payment.data.cancelUrl = data.cancelUrl
    if (data.webhookUrl !== undefined) payment.data.webhookUrl = data.webhookUrl
    delete payment.json
  }
  return orderReply(ctx, request, order)
}

/** The line's fields as an order line of create order (for the line rules), with the update on top. */
function mergedLine(line: OrderLine, body: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = {
    type: line.type,
    name: line.name,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    totalAmount: line.totalAmount,
  }
  if (line.discountAmount !== undefined) merged.discountAmount = line.discountAmount
  if (line.vatRate !== undefined) merged.vatRate = line.vatRate
  if (line.vatAmount !== undefined) merged.vatAmount = line.vatAmount
  if (line.sku !== undefined) merged.sku = line.sku
  for (const [key, value] of Object.entries(body)) if (key !== 'testmode' && value !== undefined) merged[key] = value
  return merged
}

/**
 * PATCH /v2/orders/{id}/lines/{lineId}: the name, links, sku and metadata while the order is
 * created, pending or authorized; the amount fields only while it is created (choice: nothing paid
 * or authorized may change its price), when the order's amount and its open payment follow.
 */
export function updateOrderLineRoute(ctx: SandboxContext, request: ApiRequest, id: string, lineId: string): Reply {
  parseEmbed(request)
  const body = parsedBody(request) as Record<string, unknown>
  firstViolation(validateUpdateOrderLine(body, ruleContext(ctx, request.credential)))
  const order = orderForWrite(ctx, request, id)
  const line = order.data.lines.find((l) => l.id === lineId)
  if (!line) throw new SandboxError(404, `No order line exists with id ${lineId} in order ${id}.`)
  const firstField = Object.keys(body).find((k) => k !== 'testmode' && body[k] !== undefined) ?? 'name'
  refuseIn(order.data.status, LINE_STATUSES, firstField, 'order line')
  const amountField = Object.keys(body).find((k) => ORDER_LINE_AMOUNT_FIELDS.includes(k))
  if (amountField !== undefined) {
    refuseIn(order.data.status, ['created'], amountField, `${amountField} of an order line`)
    firstViolation(mergedOrderLineViolations(mergedLine(line, body), order.data.amount.currency))
  }
  applyLineUpdate(line, body)
  if (amountField !== undefined) {
    const currency = order.data.amount.currency
    const total = order.data.lines.reduce((sum, l) => sum + toMinor(l.totalAmount), 0n)
    order.data.amount = amountFromMinor(total, currency)
    for (const pid of order.paymentIds) {
      const payment = ctx.store.getPaymentAnyScope(pid)
      if (!payment || payment.data.status !== 'open') continue
      payment.data.amount = { ...order.data.amount }
      delete payment.json
    }
  }
  return orderReply(ctx, request, order)
}

function applyLineUpdate(line: OrderLine, body: Record<string, unknown>): void {
  const take = <K extends keyof OrderLine>(key: K) => {
    if (body[key] !== undefined) (line as unknown as Record<string, unknown>)[key] = structuredClone(body[key])
  }
  for (const key of ['name', 'sku', 'metadata', 'quantity', 'unitPrice', 'discountAmount', 'totalAmount'] as const) {
    take(key)
  }
  take('vatRate')
  take('vatAmount')
  if (typeof body.imageUrl === 'string') line._links.imageUrl = { href: body.imageUrl, type: 'text/html' }
  if (typeof body.productUrl === 'string') line._links.productUrl = { href: body.productUrl, type: 'text/html' }
  if (body.quantity !== undefined) line.cancelableQuantity = openUnits(line)
}

/**
 * DELETE /v2/orders/{id}/lines with `lines: [{ id, quantity? }]`: 204. Only units that can still be
 * canceled (`cancelableQuantity`: of a created or authorized order, not yet shipped; paid lines are
 * refunded instead); not while a payment of the order is open (as cancel order). Canceling every
 * line cancels the order; an authorized order's canceled part is released.
 */
export function cancelOrderLinesRoute(ctx: SandboxContext, request: ApiRequest, id: string): Reply {
  const body = parsedBody(request) as Record<string, unknown>
  firstViolation(validateCancelOrderLines(body, ruleContext(ctx, request.credential)))
  const order = orderForWrite(ctx, request, id)
  const payments = orderPayments(ctx, order.paymentIds)
  const open = payments.find((p) => blocksOrderCancel(p))
  if (open) {
    throw new SandboxError(
      422,
      `The order has an open payment (${open.id}); its lines can be canceled once the customer paid or the payment ended.`,
    )
  }
  const chosen = chooseLines(order, body.lines, (l) => l.cancelableQuantity, 'canceled')
  if (chosen.length === 0) throw new SandboxError(422, 'Nothing on this order can still be canceled.', 'lines')
  const nowIso = isoNow(ctx)
  cancelLines(order, chosen, nowIso)
  if (order.data.status === 'canceled' || order.data.status === 'completed') {
    // The rest of an authorization is released once nothing more can ship.
    for (const pid of order.paymentIds) {
      const payment = ctx.store.getPaymentAnyScope(pid)
      if (payment?.data.status === 'authorized') {
        payment.data.status = 'canceled'
        payment.data.canceledAt = nowIso
        delete payment.data.isCancelable
        delete payment.json
        ctx.events.emit(ctx, 'payment', pid)
      }
    }
  }
  if (capturesByShipping(order) || order.data.status === 'canceled') ctx.events.emit(ctx, 'order', order.data.id)
  return { status: 204, headers: {}, body: '' }
}

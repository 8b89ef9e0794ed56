// Refunds (https://docs.mollie.com/reference/refunds-api, https://docs.mollie.com/payments/refunds):
// create, list (per payment, per order, all), get, cancel; order refunds by line; the statuses a
// refund moves through on the sandbox clock.
import type { CreateRefundRequest, Refund } from '../../shared/api-types'
import { duplicateRefundDetail, isDuplicateRefund, refundIsCancelable } from '../../shared/service/refunds'
import { amountFromMinor, toMinor } from '../../shared/money'
import { validateCreateRefund } from '../../shared/order-rules'
import { releaseQueuedRefunds } from '../ledger'
import { childOfPayment, createRefund, listRefunds, paymentInScope, refundJson } from '../actions'
import { jsonReply, SandboxError, type Reply } from '../errors'
import {
  actScope,
  embedsPayment,
  firstViolation,
  isoNow,
  listQuery,
  listReply,
  parsedBody,
  queryScope,
  ruleContext,
  scopeListReply,
  type ApiRequest,
} from '../request'
import { paymentJson } from '../resources'
import type { SandboxContext } from '../context'
import type { RefundLine } from '../../shared/api-types'
import { listPage, type OrderRecord, type PaymentRecord, type RefundData } from '../store'

const HOUR_MS = 3_600_000
/** https://docs.mollie.com/reference/cancel-refund: "Refunds will be executed with a delay of two hours." */
export const REFUND_EXECUTION_DELAY_MS = 2 * HOUR_MS
/** Sandbox choice (the documentation names no duration): a processing refund is refunded a day later. */
export const REFUND_SETTLE_MS = 24 * HOUR_MS
// A refund of the same amount within DUPLICATE_REFUND_WINDOW_MS (shared/service/refunds.ts) is a
// duplicate, answered 409.

function refundWithEmbed(ctx: SandboxContext, refund: RefundData, embedPayment: boolean): Refund {
  const json = refundJson(ctx.origin, refund)
  if (!embedPayment) return json
  const payment = ctx.store.getPaymentAnyScope(refund.paymentId)
  return payment
    ? ({ ...json, _embedded: { payment: paymentJson(ctx.origin, payment.data, payment.related) } } as Refund)
    : json
}

/**
 * pending → processing two hours after it became pending (its creation, or when it left the queue)
 * → refunded REFUND_SETTLE_MS later. A queued refund waits for the balance (ledger.ts).
 */
export function scheduleRefund(ctx: SandboxContext, refund: RefundData, fromMs = Date.parse(refund.createdAt)): void {
  if (refund.status !== 'pending' && refund.status !== 'processing') return
  ctx.clock.schedule(fromMs + REFUND_EXECUTION_DELAY_MS, () => {
    if (refund.status !== 'pending') return
    refund.status = 'processing'
    ctx.events.emit(ctx, 'refund', refund.id)
  })
  ctx.clock.schedule(fromMs + REFUND_EXECUTION_DELAY_MS + REFUND_SETTLE_MS, () => {
    if (refund.status !== 'processing') return
    refund.status = 'refunded'
    ctx.events.emit(ctx, 'refund', refund.id)
  })
}

function refuseDuplicate(ctx: SandboxContext, record: PaymentRecord, body: CreateRefundRequest): void {
  const same = isDuplicateRefund(ctx.store.refundsOf(record.data.id), body.amount, ctx.now())
  if (same) {
    throw new SandboxError(409, duplicateRefundDetail(body.amount, same.id))
  }
}

/** The refund is made, counted on the payment and its order, and scheduled to move on. */
function makeRefund(ctx: SandboxContext, record: PaymentRecord, body: CreateRefundRequest): RefundData {
  refuseDuplicate(ctx, record, body)
  const refund = createRefund(ctx.store, ctx.ids, record, body, isoNow(ctx))
  // No webhook yet: https://docs.mollie.com/overview/webhooks calls it once "the refund reaches state
  // processing, refunded or failed" (scheduleRefund).
  scheduleRefund(ctx, refund)
  return refund
}

export function postRefund(ctx: SandboxContext, request: ApiRequest, id: string): Reply {
  const body = parsedBody(request)
  firstViolation(validateCreateRefund(body, ruleContext(ctx, request.credential)))
  const record = paymentInScope(ctx.store, actScope(ctx, request), id)
  return jsonReply(201, refundJson(ctx.origin, makeRefund(ctx, record, body as CreateRefundRequest)))
}

export function getRefunds(ctx: SandboxContext, request: ApiRequest, id: string): Reply {
  const record = paymentInScope(ctx.store, queryScope(ctx, request), id)
  const self = `${ctx.origin}${request.path}${request.url.search}`
  return jsonReply(200, listRefunds(ctx.origin, ctx.store, record.data.id, request.url.searchParams, self))
}

export function getRefund(ctx: SandboxContext, request: ApiRequest, id: string, refundId: string): Reply {
  const embed = embedsPayment(request)
  const record = paymentInScope(ctx.store, queryScope(ctx, request), id)
  const refund = childOfPayment(ctx.store.refundsOf(record.data.id), refundId, 'refund', id)
  return jsonReply(200, refundWithEmbed(ctx, refund, embed))
}

/**
 * DELETE /v2/payments/{id}/refunds/{refundId} (https://docs.mollie.com/reference/cancel-refund): while
 * `queued` or `pending`, 204 and the refund is `canceled`; the payment (and order) get the amount back.
 */
export function cancelRefund(ctx: SandboxContext, request: ApiRequest, id: string, refundId: string): Reply {
  const record = paymentInScope(ctx.store, actScope(ctx, request), id)
  const refund = childOfPayment(ctx.store.refundsOf(record.data.id), refundId, 'refund', id)
  if (!refundIsCancelable(refund.status)) {
    throw new SandboxError(422, `The refund is ${refund.status}; only a queued or pending refund can be canceled.`)
  }
  refund.status = 'canceled'
  ctx.store.refundQueue.release(refund, null)
  giveBack(ctx, record, refund)
  // The money is back on the balance: queued refunds it now covers leave the queue (ledger.ts).
  releaseQueuedRefunds(ctx, (r, fromMs) => scheduleRefund(ctx, r, fromMs))
  // Canceling is not one of the refund states that call the webhook (https://docs.mollie.com/overview/webhooks).
  return { status: 204, headers: {}, body: '' }
}

/**
 * A refund that will not be paid (canceled, or failed after processing) gives its amount back: the
 * payment's `amountRefunded`/`amountRemaining`, the order's `amountRefunded` and its lines.
 */
function giveBack(ctx: SandboxContext, record: PaymentRecord, refund: RefundData): void {
  const payment = record.data
  const back = toMinor(refund.amount)
  if (payment.amountRefunded) {
    payment.amountRefunded = amountFromMinor(toMinor(payment.amountRefunded) - back, refund.amount.currency)
  }
  payment.amountRemaining = amountFromMinor(
    toMinor(payment.amountRemaining ?? payment.amount) + back,
    refund.amount.currency,
  )
  delete record.json
  const order = payment.orderId === undefined ? undefined : ctx.store.getOrderAnyScope(payment.orderId)
  if (order?.data.amountRefunded) {
    order.data.amountRefunded = amountFromMinor(toMinor(order.data.amountRefunded) - back, refund.amount.currency)
  }
  for (const line of refund.lines ?? []) {
    const orderLine = order?.data.lines.find((l) => l.id === line.id)
    if (!orderLine) continue
    orderLine.quantityRefunded -= line.quantity
    orderLine.refundableQuantity += line.quantity
    orderLine.amountRefunded = amountFromMinor(
      toMinor(orderLine.amountRefunded) - toMinor(line.totalAmount),
      line.totalAmount.currency,
    )
  }
}

/**
 * A refund fails after processing (https://docs.mollie.com/payments/refunds: "For example, the
 * customer has closed his / her bank account. The funds will be returned to your account."): only a
 * `processing` refund; its amount goes back to the payment and to the balance (admin API, a bank's
 * doing). Its webhook is called (the table's "Webhook: Yes").
 */
export function failRefund(ctx: SandboxContext, refund: RefundData): void {
  if (refund.status !== 'processing') {
    throw new SandboxError(422, `The refund is ${refund.status}; only a processing refund can fail.`)
  }
  const record = ctx.store.getPaymentAnyScope(refund.paymentId)
  if (!record) throw new SandboxError(404, `No payment ${refund.paymentId}.`)
  refund.status = 'failed'
  giveBack(ctx, record, refund)
  ctx.events.emit(ctx, 'refund', refund.id)
}

/** GET /v2/refunds (https://docs.mollie.com/reference/list-all-refunds): newest first, `embed=payment`. */
export function listAllRefunds(ctx: SandboxContext, request: ApiRequest): Reply {
  const list = ctx.store.listAllRefunds.bind(ctx.store)
  return scopeListReply(ctx, request, 'refunds', list, (r, embed) => refundWithEmbed(ctx, r, embed))
}

function orderInScope(ctx: SandboxContext, request: ApiRequest, id: string, write: boolean): OrderRecord {
  const scope = write ? actScope(ctx, request) : queryScope(ctx, request)
  const order = ctx.store.getOrder(id, scope.profileId, scope.mode)
  if (!order) throw new SandboxError(404, `No order exists with id ${id}.`)
  return order
}

/** GET /v2/orders/{id}/refunds (https://docs.mollie.com/reference/list-order-refunds). */
export function listOrderRefunds(ctx: SandboxContext, request: ApiRequest, id: string): Reply {
  const embed = embedsPayment(request)
  const order = orderInScope(ctx, request, id, false)
  const query = listQuery(request)
  const all = order.paymentIds.flatMap((pid) => ctx.store.refundsOf(pid)).map((data) => ({ data }))
  all.sort((a, b) => (a.data.id < b.data.id ? -1 : 1))
  const page = listPage(all, query)
  return listReply(ctx, request, query, page, 'refunds', (r) => JSON.stringify(refundWithEmbed(ctx, r.data, embed)))
}

function parseRefundLines(order: OrderRecord, raw: unknown): { id: string; quantity: number }[] {
  if (!Array.isArray(raw)) throw new SandboxError(422, 'The lines must be an array of { id, quantity }.', 'lines')
  if (raw.length === 0) {
    // https://docs.mollie.com/reference/create-order-refund: an empty array refunds the entire order.
    return order.data.lines
      .filter((l) => l.refundableQuantity > 0)
      .map((l) => ({ id: l.id, quantity: l.refundableQuantity }))
  }
  return raw.map((item: unknown, index) => {
    const entry = (typeof item === 'object' && item !== null ? item : {}) as { id?: unknown; quantity?: unknown }
    const line = order.data.lines.find((l) => l.id === entry.id)
    if (!line) throw new SandboxError(422, `Line ${index + 1} names no line of this order.`, `lines.${index}.id`)
    const quantity = entry.quantity === undefined ? line.refundableQuantity : entry.quantity
    if (
      typeof quantity !== 'number' ||
      !Number.isInteger(quantity) ||
      quantity < 1 ||
      quantity > line.refundableQuantity
    ) {
      throw new SandboxError(
        422,
        `The quantity of line ${line.id} must be a whole number from 1 to ${line.refundableQuantity} (what can still be refunded).`,
        `lines.${index}.quantity`,
      )
    }
    return { id: line.id, quantity }
  })
}

/**
 * POST /v2/orders/{id}/refunds (https://docs.mollie.com/reference/create-order-refund): refunds
 * lines (or, with `lines: []`, everything still refundable) from the order's paid payment. Each
 * line's share is its totalAmount × quantity / line quantity (whole minor units, rounded down).
 */
export function createOrderRefund(ctx: SandboxContext, request: ApiRequest, id: string): Reply {
  const body = parsedBody(request) as { lines?: unknown; description?: unknown; metadata?: unknown }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new SandboxError(422, 'The request body must be a JSON object.')
  }
  if (body.description !== undefined && typeof body.description !== 'string') {
    throw new SandboxError(422, 'The description must be text.', 'description')
  }
  const order = orderInScope(ctx, request, id, true)
  const paid = order.paymentIds
    .map((pid) => ctx.store.getPaymentAnyScope(pid))
    .find((p): p is PaymentRecord => p?.data.status === 'paid')
  if (!paid) throw new SandboxError(422, `The order is ${order.data.status}; only a paid order can be refunded.`)
  const wanted = parseRefundLines(order, body.lines)
  if (wanted.length === 0) throw new SandboxError(422, 'Nothing on this order can still be refunded.', 'lines')
  const currency = order.data.amount.currency
  const lines: RefundLine[] = wanted.map(({ id: lineId, quantity }) => {
    const line = order.data.lines.find((l) => l.id === lineId)
    if (!line) throw new SandboxError(422, 'Unknown line.', 'lines')
    const share = (toMinor(line.totalAmount) * BigInt(quantity)) / BigInt(line.quantity)
    return {
      id: line.id,
      orderId: order.data.id,
      name: line.name,
      quantity,
      unitPrice: { ...line.unitPrice },
      totalAmount: amountFromMinor(share, currency),
    }
  })
  const total = lines.reduce((sum, l) => sum + toMinor(l.totalAmount), 0n)
  const input: CreateRefundRequest = {
    amount: amountFromMinor(total, currency),
    description: typeof body.description === 'string' ? body.description : `Refund of order ${order.data.orderNumber}`,
  }
  if (body.metadata !== undefined) input.metadata = body.metadata as CreateRefundRequest['metadata']
  const refund = makeRefund(ctx, paid, input)
  refund.lines = lines
  for (const l of lines) {
    const line = order.data.lines.find((x) => x.id === l.id)
    if (!line) continue
    line.quantityRefunded += l.quantity
    line.refundableQuantity -= l.quantity
    line.amountRefunded = amountFromMinor(toMinor(line.amountRefunded) + toMinor(l.totalAmount), currency)
  }
  ctx.events.emit(ctx, 'order', order.data.id)
  return jsonReply(201, refundJson(ctx.origin, refund))
}

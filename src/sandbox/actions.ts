// Acting on existing objects: refunds, cancels, updates (docs/SANDBOX.md, "Acting on payments and
// orders"). The router (server.ts) has already authenticated, resolved the scope and checked the
// request body's shape with the rules module; what a payment or an order in its state allows comes
// from src/shared/payment-writes.ts, the same rules the app's views use.
import type { Amount, CreateRefundRequest, Link, Metadata, Refund, RefundList } from '../shared/api-types'
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../shared/api-types'
import { amountFromMinor, toMinor } from '../shared/money'
import { truncatedDescription } from '../shared/order-rules'
import {
  cancelOrderBlocker,
  cancelPaymentBlocker,
  refundAmountProblem,
  paymentIsCancelable,
  refundBlocker,
} from '../shared/payment-writes'
import type { Locale, PaymentMethod } from '../shared/service/enums'
import { updatePaymentStateViolation } from '../shared/service/update-payment'
import { HAL_JSON, SandboxError } from './errors'
import type { IdFactory } from './ids'
import { availableMinor } from './ledger'
import { cancelLines, openUnits } from './order-lines'
import type { Scope } from './resources'
import { zeroLike, type OrderRecord, type PaymentRecord, type RefundData, type SandboxStore } from './store'
import { apiHref, apiLink } from './links'

function hal(href: string): Link {
  return { href, type: HAL_JSON }
}

export function refundJson(origin: string, refund: RefundData): Refund {
  const links: Refund['_links'] = {
    self: apiLink(origin, 'get-refund', { paymentId: refund.paymentId, refundId: refund.id }),
    payment: apiLink(origin, 'get-payment', { paymentId: refund.paymentId }),
    documentation: { href: `${origin}/docs/refunds`, type: 'text/html' },
  }
  if (refund.orderId !== undefined) links.order = apiLink(origin, 'get-order', { orderId: refund.orderId })
  return { ...refund, _links: links }
}

/**
 * Create refund (https://docs.mollie.com/reference/create-refund). The payment must be paid, of a
 * method with refunds, and the amount in its currency and at most what remains; the payment's
 * `amountRefunded`/`amountRemaining` (and an order's `amountRefunded`) follow at once.
 */
export function createRefund(
  store: SandboxStore,
  ids: IdFactory,
  record: PaymentRecord,
  body: CreateRefundRequest,
  createdAt: string,
): RefundData {
  const payment = record.data
  const blocked = refundBlocker(payment)
  if (blocked) throw new SandboxError(422, blocked)
  const problem = refundAmountProblem(payment, body.amount)
  if (problem) throw new SandboxError(422, problem.message, problem.field)
  const amount: Amount = { currency: body.amount.currency, value: body.amount.value }
  const refund: RefundData = {
    resource: 'refund',
    id: ids.next('re'),
    mode: payment.mode,
    description: truncatedDescription(body.description ?? ''),
    amount,
    metadata: body.metadata === undefined ? null : structuredClone<Metadata>(body.metadata),
    // https://docs.mollie.com/payments/refunds: `pending` = "ready to be picked up for processing";
    // `queued` "due to a lack of balance" when the balance of its currency cannot cover it (ledger.ts).
    status:
      availableMinor(
        store,
        { profileId: payment.profileId, mode: payment.mode },
        amount.currency,
        Date.parse(createdAt),
      ) < toMinor(amount)
        ? 'queued'
        : 'pending',
    paymentId: payment.id,
    createdAt,
  }
  if (payment.orderId !== undefined) refund.orderId = payment.orderId
  const refunded = toMinor(payment.amountRefunded ?? { currency: amount.currency, value: zeroLike(amount.value) })
  const total = refunded + toMinor(amount)
  payment.amountRefunded = amountFromMinor(total, amount.currency)
  payment.amountRemaining = amountFromMinor(toMinor(payment.amount) - total, amount.currency)
  delete record.json
  store.addRefund(refund)
  if (refund.status === 'queued') store.refundQueue.add(refund)
  if (payment.orderId !== undefined) {
    const order = store.getOrderAnyScope(payment.orderId)?.data
    if (order) {
      const before = order.amountRefunded ? toMinor(order.amountRefunded) : 0n
      order.amountRefunded = amountFromMinor(before + toMinor(amount), amount.currency)
    }
  }
  return refund
}

/** List payment refunds (https://docs.mollie.com/reference/list-refunds): newest first, `from` + `limit`. */
export function listRefunds(
  origin: string,
  store: SandboxStore,
  paymentId: string,
  params: URLSearchParams,
  selfHref: string,
): RefundList {
  const limitRaw = params.get('limit')
  let limit = DEFAULT_PAGE_SIZE
  if (limitRaw !== null) {
    if (!/^\d{1,6}$/.test(limitRaw) || Number(limitRaw) < 1 || Number(limitRaw) > MAX_PAGE_SIZE) {
      throw new SandboxError(400, `The limit must be an integer from 1 to ${MAX_PAGE_SIZE}.`, 'limit')
    }
    limit = Number(limitRaw)
  }
  const newestFirst = [...store.refundsOf(paymentId)].reverse()
  const from = params.get('from')
  let start = 0
  if (from !== null) {
    start = newestFirst.findIndex((r) => r.id === from)
    if (start === -1)
      throw new SandboxError(400, `The from cursor ${JSON.stringify(from)} is not a refund of this payment.`, 'from')
  }
  const items = newestFirst.slice(start, start + limit)
  const link = (first: (typeof newestFirst)[number] | undefined) => {
    if (first === undefined) return null
    const next = new URLSearchParams()
    for (const [key, value] of params) if (key !== 'from' && key !== 'limit') next.append(key, value)
    next.set('from', first.id)
    next.set('limit', String(limit))
    return hal(`${apiHref(origin, 'list-refunds', { paymentId })}?${next.toString()}`)
  }
  return {
    count: items.length,
    _embedded: { refunds: items.map((r) => refundJson(origin, r)) },
    _links: {
      self: hal(selfHref),
      previous: start > 0 ? link(newestFirst[Math.max(0, start - limit)]) : null,
      next: link(newestFirst[start + limit]),
      documentation: { href: `${origin}/docs/list-refunds`, type: 'text/html' },
    },
  }
}

/**
 * Cancel payment (https://docs.mollie.com/reference/cancel-payment): only while `isCancelable`;
 * the payment becomes `canceled` with `canceledAt`, loses `isCancelable` (spec 3 rule 3),
 * `expiresAt` and its checkout link.
 */
export function cancelPaymentRecord(record: PaymentRecord, canceledAt: string): void {
  const payment = record.data
  const blocked = cancelPaymentBlocker(payment)
  if (blocked) throw new SandboxError(422, blocked)
  markPaymentCanceled(record, canceledAt)
}

function markPaymentCanceled(record: PaymentRecord, canceledAt: string): void {
  const payment = record.data
  payment.status = 'canceled'
  payment.canceledAt = canceledAt
  delete payment.isCancelable
  delete payment.expiresAt
  delete record.json
}

/**
 * Update payment (https://docs.mollie.com/reference/update-payment): description, redirectUrl,
 * cancelUrl, webhookUrl, metadata; only while the payment is open (docs/SANDBOX.md).
 */
export function updatePaymentRecord(record: PaymentRecord, body: Record<string, unknown>): void {
  const payment = record.data
  const violation = updatePaymentStateViolation(
    { status: payment.status, createdWithoutMethod: record.createdWithoutMethod === true },
    body,
  )
  if (violation) throw new SandboxError(422, violation.message, violation.field)
  const own = (key: string) => Object.prototype.hasOwnProperty.call(body, key) && body[key] !== undefined
  if (own('description')) payment.description = truncatedDescription(body.description as string)
  if (own('redirectUrl')) payment.redirectUrl = body.redirectUrl as string
  if (own('cancelUrl')) {
    if (body.cancelUrl === null) delete payment.cancelUrl
    else payment.cancelUrl = body.cancelUrl as string
  }
  if (own('webhookUrl')) {
    if (body.webhookUrl === null) delete payment.webhookUrl
    else payment.webhookUrl = body.webhookUrl as string
  }
  if (Object.prototype.hasOwnProperty.call(body, 'metadata')) {
    payment.metadata = body.metadata === null ? null : (structuredClone(body.metadata) as Metadata)
  }
  if (own('method')) {
    payment.method = body.method as PaymentMethod
    payment.isCancelable = paymentIsCancelable({ status: payment.status, method: payment.method })
  }
  if (own('locale')) payment.locale = body.locale as Locale
  delete record.json
}

/**
 * Cancel order (https://docs.mollie.com/reference/cancel-order): while `created`, `authorized`
 * or `shipping`. Every line still cancelable is canceled (https://docs.mollie.com/reference/cancel-order-lines:
 * the authorization is released), the order becomes `canceled` with `canceledAt` and loses
 * `isCancelable`. An order with an open payment cannot be canceled (422), unless the payment's method
 * is one the documentation excepts (OPEN_PAYMENT_METHODS_CANCELED_WITH_ORDER); an authorized payment's
 * authorization is released (the payment becomes `canceled`).
 */
export function cancelOrderRecord(store: SandboxStore, order: OrderRecord, canceledAt: string): void {
  const payments = order.paymentIds.flatMap((id) => store.getPaymentAnyScope(id)?.data ?? [])
  const blocked = cancelOrderBlocker(order.data, payments)
  if (blocked) throw new SandboxError(422, blocked)
  const data = order.data
  for (const id of order.paymentIds) {
    const payment = store.getPaymentAnyScope(id)
    // An authorized payment's authorization is released; an open bank transfer or direct debit (the
    // methods that do not block the cancel) goes with its order.
    if (payment && (payment.data.status === 'authorized' || payment.data.status === 'open')) {
      markPaymentCanceled(payment, canceledAt)
    }
  }
  // What has not shipped is canceled; an order that shipped part becomes `completed`
  // (https://docs.mollie.com/reference/cancel-order), one that shipped nothing `canceled`.
  const open = data.lines.filter((l) => openUnits(l) > 0).map((line) => ({ line, quantity: openUnits(line) }))
  cancelLines(order, open, canceledAt)
}

/** The scope check for objects reached by id: another profile's or mode's object is a 404. */
export function paymentInScope(store: SandboxStore, scope: Scope, id: string): PaymentRecord {
  const record = store.getPayment(id, scope.profileId, scope.mode)
  if (!record) throw new SandboxError(404, `No payment exists with id ${id}.`)
  return record
}

/** One refund, capture or chargeback of a payment by its id, or the service's 404 naming both ids. */
export function childOfPayment<T extends { id: string }>(
  children: readonly T[],
  childId: string,
  kind: string,
  paymentId: string,
): T {
  const child = children.find((c) => c.id === childId)
  if (!child) throw new SandboxError(404, `No ${kind} exists with id ${childId} for payment ${paymentId}.`)
  return child
}

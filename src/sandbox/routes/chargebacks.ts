// Chargebacks (https://docs.mollie.com/reference/chargebacks-api): list per payment and for the whole
// account, get one, the payment's `amountChargedBack`; opened and reversed by a tester through the
// admin API (a chargeback is the payer's bank's doing, never the merchant's).
import type { Amount } from '../../shared/api-types'
import { amountFromMinor, toMinor } from '../../shared/money'
import { childOfPayment, paymentInScope } from '../actions'
import { jsonReply, SandboxError, type Reply } from '../errors'
import { embedsPayment, listQuery, listReply, queryScope, scopeListReply, type ApiRequest } from '../request'
import { paymentJson, serviceTimestamp } from '../resources'
import type { SandboxContext } from '../context'
import { listPage, type ChargebackData, type PaymentRecord } from '../store'
import { apiLink } from '../links'

/** Reason codes the sandbox uses, per kind of method (SEPA return codes; card network dispute codes). */
const CHARGEBACK_REASONS = {
  directdebit: { code: 'MD06', description: 'Refund request by end customer' },
  creditcard: { code: '4837', description: 'No cardholder authorization' },
  other: { code: 'AC04', description: 'Account closed' },
} as const

export function chargebackJson(ctx: SandboxContext, chargeback: ChargebackData, embedPayment = false) {
  const links = {
    self: apiLink(ctx.origin, 'get-chargeback', { paymentId: chargeback.paymentId, chargebackId: chargeback.id }),
    payment: apiLink(ctx.origin, 'get-payment', { paymentId: chargeback.paymentId }),
    documentation: { href: `${ctx.origin}/docs/chargebacks`, type: 'text/html' },
  }
  const json: Record<string, unknown> = { ...chargeback, _links: links }
  const payment = embedPayment ? ctx.store.getPaymentAnyScope(chargeback.paymentId) : undefined
  if (payment) json._embedded = { payment: paymentJson(ctx.origin, payment.data, payment.related) }
  return json
}

/** GET /v2/payments/{id}/chargebacks (https://docs.mollie.com/reference/list-payment-chargebacks). */
export function listPaymentChargebacks(ctx: SandboxContext, request: ApiRequest, id: string): Reply {
  const embed = embedsPayment(request)
  const record = paymentInScope(ctx.store, queryScope(ctx, request), id)
  const query = listQuery(request)
  const page = listPage(
    ctx.store.chargebacksOf(record.data.id).map((data) => ({ data })),
    query,
  )
  return listReply(ctx, request, query, page, 'chargebacks', (c) => JSON.stringify(chargebackJson(ctx, c.data, embed)))
}

/** GET /v2/payments/{id}/chargebacks/{chargebackId} (https://docs.mollie.com/reference/get-chargeback). */
export function getChargeback(ctx: SandboxContext, request: ApiRequest, id: string, chargebackId: string): Reply {
  const embed = embedsPayment(request)
  const record = paymentInScope(ctx.store, queryScope(ctx, request), id)
  const chargeback = childOfPayment(ctx.store.chargebacksOf(record.data.id), chargebackId, 'chargeback', id)
  return jsonReply(200, chargebackJson(ctx, chargeback, embed))
}

/** GET /v2/chargebacks (https://docs.mollie.com/reference/list-all-chargebacks): newest first. */
export function listAllChargebacks(ctx: SandboxContext, request: ApiRequest): Reply {
  const list = ctx.store.listAllChargebacks.bind(ctx.store)
  return scopeListReply(ctx, request, 'chargebacks', list, (c, embed) => chargebackJson(ctx, c, embed))
}

/** The payment's amountChargedBack (present only when not zero) and what is left to refund. */
function applyToPayment(record: PaymentRecord, delta: bigint): void {
  const payment = record.data
  const currency = payment.amount.currency
  const total = (payment.amountChargedBack ? toMinor(payment.amountChargedBack) : 0n) + delta
  if (total === 0n) delete payment.amountChargedBack
  else payment.amountChargedBack = amountFromMinor(total, currency)
  payment.amountRemaining = amountFromMinor(toMinor(payment.amountRemaining ?? payment.amount) - delta, currency)
  delete record.json
}

/**
 * Opens a chargeback on a paid payment (admin API). The amount defaults to what remains; it may not
 * exceed it (choice: refunds and chargebacks together never take back more than was paid).
 */
export function openChargeback(
  ctx: SandboxContext,
  record: PaymentRecord,
  amount: Amount | undefined,
  atMs: number,
): ChargebackData {
  const payment = record.data
  if (payment.status !== 'paid')
    throw new SandboxError(422, `Only a paid payment can be charged back; it is ${payment.status}.`, 'paymentId')
  const remaining = payment.amountRemaining ?? payment.amount
  const value = amount ?? remaining
  if (value.currency !== payment.amount.currency) {
    throw new SandboxError(422, `The chargeback must be in ${payment.amount.currency}.`, 'amount.currency')
  }
  if (toMinor(value) <= 0n || toMinor(value) > toMinor(remaining)) {
    throw new SandboxError(
      422,
      `The amount must be above zero and at most ${remaining.value} ${remaining.currency}.`,
      'amount',
    )
  }
  const reason =
    payment.method === 'directdebit'
      ? CHARGEBACK_REASONS.directdebit
      : payment.method === 'creditcard' || payment.method === 'applepay'
        ? CHARGEBACK_REASONS.creditcard
        : CHARGEBACK_REASONS.other
  const chargeback: ChargebackData = {
    resource: 'chargeback',
    id: ctx.ids.next('chb'),
    amount: { ...value },
    // The merchant's balance is debited in the settlement currency (EUR in the sandbox's choice: the same amount).
    settlementAmount: { currency: value.currency, value: `-${value.value}` },
    createdAt: serviceTimestamp(atMs),
    reason: { ...reason },
    reversedAt: null,
    paymentId: payment.id,
  }
  ctx.store.addChargeback(chargeback)
  applyToPayment(record, toMinor(value))
  ctx.events.emit(ctx, 'payment', payment.id)
  return chargeback
}

/** Reverses a chargeback (admin API): `reversedAt` is set and the payment gets the amount back. */
export function reverseChargeback(ctx: SandboxContext, chargeback: ChargebackData, atMs: number): void {
  if (chargeback.reversedAt !== null) throw new SandboxError(409, 'The chargeback was already reversed.')
  const record = ctx.store.getPaymentAnyScope(chargeback.paymentId)
  if (!record) throw new SandboxError(404, 'The payment of this chargeback is gone.')
  chargeback.reversedAt = serviceTimestamp(atMs)
  applyToPayment(record, -toMinor(chargeback.amount))
  ctx.events.emit(ctx, 'payment', record.data.id)
}

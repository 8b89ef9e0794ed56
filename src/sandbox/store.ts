// In-memory state of the sandbox: payments, orders, idempotency records and counters.
// Payments of one scope (profile + mode) live in an array sorted by id; ids grow with creation
// (ids.ts), so creating appends and a list page is a binary search plus `limit` steps.
import type { Mode, OrderLine } from '../shared/api-types'
import { paymentIsCancelable } from '../shared/payment-writes'
import { CustomerStore, type Mandate } from './customers-store'
import { RecurringStore } from './recurring-store'
import { RefundQueue } from './refund-queue'
import { CARD_FAILURE_REASONS, type CardFailureReason } from '../shared/service/enums'
import { paymentDetails, type Scope } from './resources'
import {
  IDEMPOTENCY_TTL_MS,
  listPage,
  scopeKey,
  zeroLike,
  type ChargebackData,
  type CheckoutOutcome,
  type CaptureData,
  type IdempotencyRecord,
  type ListPage,
  type ListQuery,
  type Listed,
  type OrderRecord,
  type PaymentData,
  type PaymentRecord,
  type RefundData,
} from './records'

/**
 * `details` of a failed payment: a card payment's `failureReason` and `failureMessage`
 * (https://docs.mollie.com/components/handling-errors); a direct debit's `bankReasonCode` and
 * `bankReason` (https://docs.mollie.com/reference/get-payment). A failed payment without a method
 * failed at the card form (choice): it becomes a creditcard payment. Other methods: no details.
 */
export function failureDetails(
  payment: PaymentData,
  reason: CardFailureReason,
  address: Parameters<typeof paymentDetails>[2],
): Record<string, unknown> | null {
  if (payment.method === null) payment.method = 'creditcard'
  if (payment.method === 'creditcard' || payment.method === 'applepay') {
    const card = paymentDetails(payment.method, payment.id, address) ?? {}
    return { ...card, failureReason: reason, failureMessage: CARD_FAILURE_REASONS[reason] }
  }
  if (payment.method === 'directdebit') {
    return {
      ...paymentDetails('directdebit', payment.id, address),
      bankReasonCode: 'AM04',
      bankReason: 'Insufficient funds',
    }
  }
  return null
}

/** A mandate's `details` from the first payment's details (https://docs.mollie.com/reference/get-mandate). */
function mandateDetails(details: Record<string, unknown> | null | undefined): Record<string, unknown> {
  if (!details) return {}
  if (typeof details.cardNumber === 'string' && typeof details.cardHolder === 'string') {
    return { cardHolder: details.cardHolder, cardNumber: details.cardNumber, cardLabel: details.cardLabel ?? null }
  }
  return {
    consumerName: details.consumerName ?? null,
    consumerAccount: details.consumerAccount ?? null,
    consumerBic: details.consumerBic ?? null,
  }
}

/** Spec 3: final payment states carry no isCancelable. */
const FINAL_PAYMENT_STATUSES = new Set(['paid', 'canceled', 'expired', 'failed'])
const FINAL_ORDER_STATUSES = new Set(['canceled', 'expired', 'completed'])

export class SandboxStore {
  /** customers, their payments and mandates (customers-store.ts) */
  readonly customers = new CustomerStore()
  /** subscriptions and payment links, and their payments (recurring-store.ts) */
  readonly recurring = new RecurringStore()
  /** refunds waiting for balance, and when each left the queue (ledger.ts) */
  readonly refundQueue = new RefundQueue()
  private readonly payments = new Map<string, PaymentRecord>()
  private readonly lists = new Map<string, PaymentRecord[]>()
  private readonly orders = new Map<string, OrderRecord>()
  private readonly orderLists = new Map<string, OrderRecord[]>()
  private readonly idempotency = new Map<string, IdempotencyRecord>()
  /** Refunds per payment id, oldest first (ids grow with creation). */
  private readonly refunds = new Map<string, RefundData[]>()
  private readonly chargebacks = new Map<string, ChargebackData[]>()
  private readonly chargebackLists = new Map<string, Listed<ChargebackData>[]>()
  private readonly chargebackById = new Map<string, ChargebackData>()
  private readonly captures = new Map<string, CaptureData[]>()
  /** Refunds per scope, oldest first (GET /v2/refunds). */
  private readonly refundLists = new Map<string, Listed<RefundData>[]>()
  readonly ordersByNumber = new Map<string, number>()
  requests = 0

  get paymentCount(): number {
    return this.payments.size
  }

  get orderCount(): number {
    return this.orders.size
  }

  addPayment(record: PaymentRecord): void {
    const key = scopeKey(record.data.profileId, record.data.mode)
    let list = this.lists.get(key)
    if (!list) {
      list = []
      this.lists.set(key, list)
    }
    const last = list[list.length - 1]
    if (last && last.data.id >= record.data.id) throw new Error('payment ids must grow with creation')
    list.push(record)
    this.payments.set(record.data.id, record)
    if (record.data.customerId !== undefined) this.customers.notePayment(record.data.customerId, record)
    if (record.data.subscriptionId !== undefined || record.related?.paymentLinkId !== undefined) {
      this.recurring.notePayment(record)
    }
  }

  /** Only objects of the caller's profile and mode are visible (test and live never mix). */
  getPayment(id: string, profileId: string, mode: Mode): PaymentRecord | undefined {
    const record = this.payments.get(id)
    if (!record || record.data.profileId !== profileId || record.data.mode !== mode) return undefined
    return record
  }

  /** For the checkout page, which is reached without credentials. */
  getPaymentAnyScope(id: string): PaymentRecord | undefined {
    return this.payments.get(id)
  }

  addOrder(record: OrderRecord): void {
    const key = scopeKey(record.data.profileId, record.data.mode)
    let list = this.orderLists.get(key)
    if (!list) {
      list = []
      this.orderLists.set(key, list)
    }
    const last = list[list.length - 1]
    if (last && last.data.id >= record.data.id) throw new Error('order ids must grow with creation')
    list.push(record)
    this.orders.set(record.data.id, record)
    const n = record.data.orderNumber
    this.ordersByNumber.set(n, (this.ordersByNumber.get(n) ?? 0) + 1)
  }

  getOrder(id: string, profileId: string, mode: Mode): OrderRecord | undefined {
    const record = this.orders.get(id)
    if (!record || record.data.profileId !== profileId || record.data.mode !== mode) return undefined
    return record
  }

  getOrderAnyScope(id: string): OrderRecord | undefined {
    return this.orders.get(id)
  }

  private readonly refundById = new Map<string, RefundData>()

  getRefundAnyScope(id: string): RefundData | undefined {
    return this.refundById.get(id)
  }

  addRefund(refund: RefundData): void {
    this.refundById.set(refund.id, refund)
    const list = this.refunds.get(refund.paymentId) ?? []
    list.push(refund)
    this.refunds.set(refund.paymentId, list)
    const payment = this.payments.get(refund.paymentId)
    if (payment) {
      payment.related = { ...payment.related, refunds: (payment.related?.refunds ?? 0) + 1 }
      delete payment.json
    }
    const profileId = payment?.data.profileId ?? ''
    const key = scopeKey(profileId, refund.mode)
    const all = this.refundLists.get(key) ?? []
    all.push({ data: refund })
    this.refundLists.set(key, all)
  }

  addChargeback(chargeback: ChargebackData): void {
    const payment = this.payments.get(chargeback.paymentId)
    if (!payment) throw new Error(`no payment ${chargeback.paymentId}`)
    this.chargebacks.set(chargeback.paymentId, [...this.chargebacksOf(chargeback.paymentId), chargeback])
    this.chargebackById.set(chargeback.id, chargeback)
    payment.related = { ...payment.related, chargebacks: (payment.related?.chargebacks ?? 0) + 1 }
    delete payment.json
    const key = scopeKey(payment.data.profileId, payment.data.mode)
    const all = this.chargebackLists.get(key) ?? []
    all.push({ data: chargeback })
    this.chargebackLists.set(key, all)
  }

  getChargebackAnyScope(id: string): ChargebackData | undefined {
    return this.chargebackById.get(id)
  }

  /** A payment's captures, oldest first (routes/captures.ts). */
  capturesOf(paymentId: string): readonly CaptureData[] {
    return this.captures.get(paymentId) ?? []
  }

  addCapture(paymentId: string, capture: CaptureData): void {
    this.captures.set(paymentId, [...this.capturesOf(paymentId), capture])
    const payment = this.payments.get(paymentId)
    if (payment) {
      payment.related = { ...payment.related, captures: (payment.related?.captures ?? 0) + 1 }
      delete payment.json
    }
  }

  /** A payment's chargebacks, oldest first. */
  chargebacksOf(paymentId: string): readonly ChargebackData[] {
    return this.chargebacks.get(paymentId) ?? []
  }

  /** GET /v2/chargebacks: the scope's chargebacks. */
  listAllChargebacks(scope: Scope, query: ListQuery): ListPage<Listed<ChargebackData>> | null {
    return listPage(this.chargebackLists.get(scopeKey(scope.profileId, scope.mode)) ?? [], query)
  }

  /** GET /v2/refunds: the scope's refunds, by the same cursor walk as payments. */
  listAllRefunds(scope: Scope, query: ListQuery): ListPage<Listed<RefundData>> | null {
    return listPage(this.refundLists.get(scopeKey(scope.profileId, scope.mode)) ?? [], query)
  }

  /** A payment's refunds, oldest first. */
  refundsOf(paymentId: string): readonly RefundData[] {
    return this.refunds.get(paymentId) ?? []
  }

  /** The scope's payments, refunds and chargebacks in creation order (balances and settlements, ledger.ts). */
  inScope(scope: Scope): {
    payments: readonly PaymentRecord[]
    refunds: readonly Listed<RefundData>[]
    chargebacks: readonly Listed<ChargebackData>[]
  } {
    const key = scopeKey(scope.profileId, scope.mode)
    return {
      payments: this.lists.get(key) ?? [],
      refunds: this.refundLists.get(key) ?? [],
      chargebacks: this.chargebackLists.get(key) ?? [],
    }
  }

  allPaymentIds(profileId: string, mode: Mode, sort: 'asc' | 'desc'): string[] {
    const ids = (this.lists.get(scopeKey(profileId, mode)) ?? []).map((r) => r.data.id)
    return sort === 'desc' ? ids.reverse() : ids
  }

  /**
   * Spec 4.3: `from` is the first object of the page; `desc` walks towards older objects.
   * Returns null when `from` names no payment of this scope.
   */
  listPayments(profileId: string, mode: Mode, query: ListQuery): ListPage | null {
    return listPage(this.lists.get(scopeKey(profileId, mode)) ?? [], query)
  }

  /** GET /v2/orders: the same cursor walk as payments, over the scope's orders. */
  listOrders(profileId: string, mode: Mode, query: ListQuery): ListPage<OrderRecord> | null {
    return listPage(this.orderLists.get(scopeKey(profileId, mode)) ?? [], query)
  }

  /** The record of a key, or undefined when unknown or older than IDEMPOTENCY_TTL_MS (then forgotten). */
  getIdempotency(key: string, nowMs: number): IdempotencyRecord | undefined {
    const record = this.idempotency.get(key)
    if (record && nowMs - record.storedAtMs >= IDEMPOTENCY_TTL_MS) {
      this.idempotency.delete(key)
      return undefined
    }
    return record
  }

  setIdempotency(key: string, record: IdempotencyRecord): void {
    this.idempotency.set(key, record)
  }

  deleteIdempotency(key: string): void {
    this.idempotency.delete(key)
  }

  /** Keys whose first request is still being processed. */
  get idempotencyInFlight(): number {
    let n = 0
    for (const record of this.idempotency.values()) if (record.result === null) n++
    return n
  }

  /**
   * The payer's choice on the checkout page (choices in docs/SANDBOX.md, spec 3 rules 3 and 4).
   * Only an `open` payment can change; returns false otherwise.
   */
  applyOutcome(
    paymentId: string,
    outcome: CheckoutOutcome,
    nowIso: string,
    newMandateId: () => string = () => 'mdt_0',
    failureReason: CardFailureReason = 'unknown_reason',
  ): boolean {
    const record = this.payments.get(paymentId)
    if (!record || record.data.status !== 'open') return false
    const payment = record.data
    // An order is paid at most once: a payment of an order that is no longer `created` cannot complete.
    const order = payment.orderId === undefined ? undefined : this.orders.get(payment.orderId)
    if (order && order.data.status !== 'created' && (outcome === 'paid' || outcome === 'authorized')) return false
    delete record.json
    payment.status = outcome
    if (payment.method === null && (outcome === 'paid' || outcome === 'authorized')) {
      payment.method = record.offeredMethods?.[0] ?? 'ideal'
    }
    if (outcome === 'paid') {
      payment.paidAt = nowIso
      payment.amountRefunded = { currency: payment.amount.currency, value: zeroLike(payment.amount.value) }
      payment.amountRemaining = { ...payment.amount }
    } else if (outcome === 'authorized') {
      payment.authorizedAt = nowIso
    } else if (outcome === 'failed') {
      payment.failedAt = nowIso
    } else if (outcome === 'canceled') {
      payment.canceledAt = nowIso
    } else {
      payment.expiredAt = nowIso
    }
    if (FINAL_PAYMENT_STATUSES.has(payment.status)) delete payment.isCancelable
    else payment.isCancelable = paymentIsCancelable(payment)
    // https://docs.mollie.com/reference/v2/payments-api/get-payment: expiresAt is omitted once the
    // payment can no longer expire; locale and countryCode are what checkout used and detected;
    // details follow the method once the payment completed.
    delete payment.expiresAt
    const address = payment.billingAddress ?? order?.data.billingAddress
    payment.locale ??= 'en_US'
    if (address?.country !== undefined) payment.countryCode = address.country
    if (outcome === 'paid' || outcome === 'authorized') {
      payment.details = paymentDetails(payment.method, payment.id, address)
    } else if (outcome === 'failed') {
      payment.details = failureDetails(payment, failureReason, address)
    }
    // A paid first payment gives its customer a mandate for recurring payments.
    if (outcome === 'paid' && payment.sequenceType === 'first' && payment.customerId !== undefined) {
      const card = payment.method === 'creditcard' || payment.method === 'applepay'
      const mandate: Mandate = {
        resource: 'mandate',
        id: newMandateId(),
        mode: payment.mode,
        status: 'valid',
        method: card ? 'creditcard' : payment.method === 'paypal' ? 'paypal' : 'directdebit',
        details: mandateDetails(payment.details),
        mandateReference: null,
        signatureDate: nowIso.slice(0, 10),
        createdAt: nowIso,
        customerId: payment.customerId,
      }
      this.customers.addMandate(mandate)
      payment.mandateId = mandate.id
    }
    if (payment.orderId) this.applyToOrder(payment.orderId, outcome, nowIso)
    return true
  }

  /** The customer's valid mandate (the one named, or the newest), or undefined. */
  validMandate(profileId: string, mode: Mode, customerId: string, mandateId?: string): Mandate | undefined {
    const mandate = this.customers.validMandate(customerId, mandateId)
    return mandate?.mode === mode && this.customers.get(customerId, profileId, mode) ? mandate : undefined
  }

  /**
   * A recurring payment runs on the mandate at once: there is no checkout, so it is created paid
   * (docs/SANDBOX.md, "Choices where the spec is silent", recurring payments).
   */
  completeRecurring(record: PaymentRecord, mandate: Mandate, nowIso: string): void {
    const payment = record.data
    delete record.json
    payment.status = 'paid'
    payment.method = mandate.method === 'paypal' ? 'paypal' : mandate.method
    payment.mandateId = mandate.id
    payment.paidAt = nowIso
    payment.amountRefunded = { currency: payment.amount.currency, value: zeroLike(payment.amount.value) }
    payment.amountRemaining = { ...payment.amount }
    payment.redirectUrl = null
    delete payment.isCancelable
    delete payment.expiresAt
    payment.details = paymentDetails(payment.method, payment.id, payment.billingAddress)
  }

  private applyToOrder(orderId: string, outcome: CheckoutOutcome, nowIso: string): void {
    const order = this.orders.get(orderId)?.data
    // A failed, canceled or expired payment leaves the order `created` (spec 1, 3 rule 2).
    if (!order || order.status !== 'created') return
    if (outcome !== 'paid' && outcome !== 'authorized') return
    order.status = outcome
    if (outcome === 'paid') order.paidAt = nowIso
    else order.authorizedAt = nowIso
    // An authorized order can still be canceled; a paid one is canceled through refunds instead.
    order.isCancelable = outcome === 'authorized'
    for (const line of order.lines) {
      line.status = outcome
      line.isCancelable = outcome === 'authorized'
      line.cancelableQuantity = outcome === 'authorized' ? line.quantity : 0
      line.shippableQuantity = line.quantity
      if (outcome === 'paid') line.refundableQuantity = line.quantity
    }
    if (FINAL_ORDER_STATUSES.has(order.status)) delete order.isCancelable
  }
}

// The records live in records.ts (below this store and the renderers); importers of the store keep them.
export {
  CHECKOUT_OUTCOMES,
  IDEMPOTENCY_TTL_MS,
  listPage,
  lowerBound,
  scopeKey,
  zeroLike,
  type CaptureData,
  type ChargebackData,
  type CheckoutOutcome,
  type IdempotencyRecord,
  type Listed,
  type ListPage,
  type ListQuery,
  type OrderRecord,
  type PaymentData,
  type PaymentRecord,
  type RefundData,
} from './records'
export type { OrderLine }

export type { Mandate }

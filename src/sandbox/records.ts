// The sandbox's records and their lists, below the store and the JSON renderers that both use them:
// what a payment, order, refund, capture and chargeback hold, the per-scope lists sorted by id and
// their pages (spec 4.3).
import type { Amount, Capture, Mode, Order, Payment, PaymentMethod, Refund } from '../shared/api-types'
import type { Shipment } from '../shared/api-types-ledger'

export type PaymentData = Omit<Payment, '_links'>
type OrderData = Omit<Order, '_links' | '_embedded'>
/** A refund; one made through an order also names the order lines it refunds. */
export type RefundData = Omit<Refund, '_links'>
/** A shipment of an order (routes/shipments.ts). */
export type ShipmentData = Omit<Shipment, '_links'>
/** A capture (routes/captures.ts). */
export type CaptureData = Omit<Capture, '_links'>

/** A chargeback (https://docs.mollie.com/reference/get-chargeback). */
export interface ChargebackData {
  resource: 'chargeback'
  id: string
  amount: Amount
  settlementAmount: Amount
  createdAt: string
  reason: { code: string; description: string } | null
  reversedAt: string | null
  paymentId: string
}

/** An entry of a per-scope list (lists page by `data.id`). */
export interface Listed<T> {
  data: T
}

export interface PaymentRecord {
  data: PaymentData
  /** methods offered at checkout when the request sent an array (spec 2.2 `method`) */
  offeredMethods: PaymentMethod[] | null
  /** rendered JSON (with links), dropped whenever the payment changes; lists are built from it */
  json?: string
  /** the origin `json`'s links were written for */
  jsonOrigin?: string
  /** counts of refunds, chargebacks and captures, and the payment link it was paid through (they add `_links`) */
  related?: { refunds?: number; chargebacks?: number; captures?: number; paymentLinkId?: string }
  /** created through the API without a method, so an update may choose one (update payment) */
  createdWithoutMethod?: true
}

export interface OrderRecord {
  data: OrderData
  paymentIds: string[]
  /** the order's shipments, oldest first (https://docs.mollie.com/reference/shipments-api) */
  shipments?: ShipmentData[]
}

export type CheckoutOutcome = 'paid' | 'authorized' | 'failed' | 'canceled' | 'expired'
export const CHECKOUT_OUTCOMES: readonly CheckoutOutcome[] = ['paid', 'authorized', 'failed', 'canceled', 'expired']

export interface ListPage<T = PaymentRecord> {
  items: T[]
  /** id the next page starts at, or null at the end */
  nextFrom: string | null
  /** id the previous page starts at, or null at the start */
  previousFrom: string | null
}

export interface IdempotencyRecord {
  /** endpoint + parameters (body as parsed JSON) of the first request with the key */
  fingerprint: string
  /** when the first request with the key arrived (sandbox clock) */
  storedAtMs: number
  /** its response, or null while it is still being processed */
  result: { status: number; headers: Record<string, string>; body: string } | null
}

/** How long an Idempotency-Key is remembered (docs/SANDBOX.md, "Idempotency"). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000

export function scopeKey(profileId: string, mode: Mode): string {
  return `${profileId}|${mode}`
}

/** First index whose id is >= `id` (ids compare as plain strings, see ids.ts). */
export function lowerBound(items: readonly { data: { id: string } }[], id: string): number {
  let lo = 0
  let hi = items.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if ((items[mid]?.data.id ?? id) < id) lo = mid + 1
    else hi = mid
  }
  return lo
}

export interface ListQuery {
  from?: string
  limit: number
  sort: 'asc' | 'desc'
}

/**
 * Spec 4.3: `from` is the first object of the page; `desc` walks towards older objects.
 * `list` is sorted by id (= creation order). Returns null when `from` names no object of the list.
 */
export function listPage<T extends { data: { id: string } }>(list: readonly T[], query: ListQuery): ListPage<T> | null {
  const { limit, sort } = query
  let start: number
  if (query.from === undefined) {
    start = sort === 'desc' ? list.length - 1 : 0
  } else {
    start = lowerBound(list, query.from)
    if (list[start]?.data.id !== query.from) return null
  }
  if (sort === 'desc') {
    const items = list.slice(Math.max(0, start - limit + 1), start + 1).reverse()
    // The previous page is the one whose `next` leads here; near the newest end it is the newest `limit`.
    const previousIndex = Math.min(start + limit, list.length - 1)
    return {
      items,
      nextFrom: list[start - limit]?.data.id ?? null,
      previousFrom: start < list.length - 1 ? (list[previousIndex]?.data.id ?? null) : null,
    }
  }
  return {
    items: list.slice(start, start + limit),
    nextFrom: list[start + limit]?.data.id ?? null,
    previousFrom: start > 0 ? (list[Math.max(0, start - limit)]?.data.id ?? null) : null,
  }
}

/** "12.30" → "0.00": a zero with the same number of decimals as the given value. */
export function zeroLike(value: string): string {
  const dot = value.indexOf('.')
  return dot === -1 ? '0' : `0.${'0'.repeat(value.length - dot - 1)}`
}

/** What a new order line has shipped, refunded and canceled so far: nothing, in its currency. */
export function untouchedLineCounts(zero: Amount) {
  return {
    quantityShipped: 0,
    amountShipped: { ...zero },
    quantityRefunded: 0,
    amountRefunded: { ...zero },
    quantityCanceled: 0,
    amountCanceled: { ...zero },
    shippableQuantity: 0,
    refundableQuantity: 0,
  }
}

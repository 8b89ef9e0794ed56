// What the customer view says about one customer's money: totals per currency and the problems,
// most recent first. Pure functions over the customer's payments and orders (as main read them), so
// main and the renderer agree and the rules are unit-tested. Money stays exact: minor units in
// bigint, decimal strings out (money.ts), never floats.
import type { Amount, Order, Payment } from './api-types'
import { fromMinor, isKnownCurrency, toMinor } from './money'
import { failureReasonText } from './payment-failure'

/** One payment of a customer, as the view needs it (no personal data beyond the customer's own). */
export interface CustomerPayment {
  id: string
  createdAt: string
  status: string
  method: string | null
  amount: Amount
  amountRefunded: Amount | null
  amountChargedBack: Amount | null
  description: string
  orderId: string | null
  /** When it failed, expired or was canceled, if the service said. */
  endedAt: string | null
  /** Why it failed, in words (the card's or the bank's reason), when the service gave one. */
  failure: string | null
  /** Read from the service when the view opened (false: as the local index held it). */
  fresh: boolean
}

/** One order of a customer. */
export interface CustomerOrder {
  id: string
  orderNumber: string
  createdAt: string
  status: string
  amount: Amount
  amountRefunded: Amount | null
  endedAt: string | null
  fresh: boolean
}

/** The sums of one currency, exact decimal strings. */
export interface CurrencyTotals {
  currency: string
  /** Payments that are paid (before refunds). */
  paid: string
  /** Refunded from any payment. */
  refunded: string
  /** Taken back by the bank (chargebacks). */
  chargedBack: string
  /** Payments that failed. */
  failed: string
  /** Payments still waiting: open, pending or authorized. */
  open: string
}

type ProblemKind = 'failed' | 'expired' | 'charged-back' | 'canceled' | 'open-long'

export interface CustomerProblem {
  kind: ProblemKind
  paymentId: string | null
  orderId: string | null
  /** When it happened (the moment it failed, expired…; an open payment's creation). */
  at: string
  amount: Amount
  /** The failure reason in words, when known. */
  reason: string | null
}

/** A payment open this long is a problem ("open for more than a day"). */
const OPEN_TOO_LONG_MS = 86_400_000

const WAITING = new Set(['open', 'pending', 'authorized'])

export { failureReasonText } from './payment-failure'

/** When an object failed, expired or was canceled, if the service said. */
function endedAt(o: { failedAt?: string; expiredAt?: string; canceledAt?: string }): string | null {
  return o.failedAt ?? o.expiredAt ?? o.canceledAt ?? null
}

/** An order as the customer view lists it (main when it reads the customer, the view for a newer copy). */
export function customerOrder(o: Order): CustomerOrder {
  return {
    id: o.id,
    orderNumber: o.orderNumber,
    createdAt: o.createdAt,
    status: o.status,
    amount: o.amount,
    amountRefunded: o.amountRefunded ?? null,
    endedAt: endedAt(o),
    fresh: true,
  }
}

/** A payment as the customer view lists it (main when it reads the customer, the view for a newer copy). */
export function customerPayment(p: Payment): CustomerPayment {
  return {
    id: p.id,
    createdAt: p.createdAt,
    status: p.status,
    method: p.method ?? null,
    amount: p.amount,
    amountRefunded: p.amountRefunded ?? null,
    amountChargedBack: p.amountChargedBack ?? null,
    description: p.description ?? '',
    orderId: p.orderId ?? null,
    endedAt: endedAt(p),
    failure: p.status === 'failed' ? failureReasonText(p.details) : null,
    fresh: true,
  }
}

/** Minor units of an amount that is valid money, else null (a malformed amount is left out, not guessed). */
function minorOf(amount: Amount | null | undefined): bigint | null {
  if (!amount || !isKnownCurrency(amount.currency)) return null
  try {
    return toMinor(amount)
  } catch {
    return null
  }
}

type Sums = Record<Exclude<keyof CurrencyTotals, 'currency'>, bigint>

/**
 * Totals per currency over the customer's payments (orders are paid through their payments, so
 * they are not counted again). Currencies in alphabetical order.
 */
export function customerTotals(payments: readonly CustomerPayment[]): CurrencyTotals[] {
  const sums = new Map<string, Sums>()
  const add = (currency: string, key: keyof Sums, minor: bigint | null) => {
    if (minor === null) return
    let s = sums.get(currency)
    if (!s) {
      s = { paid: 0n, refunded: 0n, chargedBack: 0n, failed: 0n, open: 0n }
      sums.set(currency, s)
    }
    s[key] += minor
  }
  for (const p of payments) {
    const currency = p.amount.currency
    const amount = minorOf(p.amount)
    if (p.status === 'paid') add(currency, 'paid', amount)
    else if (p.status === 'failed') add(currency, 'failed', amount)
    else if (WAITING.has(p.status)) add(currency, 'open', amount)
    if (p.amountRefunded) add(p.amountRefunded.currency, 'refunded', minorOf(p.amountRefunded))
    if (p.amountChargedBack) add(p.amountChargedBack.currency, 'chargedBack', minorOf(p.amountChargedBack))
  }
  return [...sums.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([currency, s]) => ({
      currency,
      paid: fromMinor(s.paid, currency),
      refunded: fromMinor(s.refunded, currency),
      chargedBack: fromMinor(s.chargedBack, currency),
      failed: fromMinor(s.failed, currency),
      open: fromMinor(s.open, currency),
    }))
}

function paymentProblems(p: CustomerPayment, nowMs: number): CustomerProblem[] {
  const base = { paymentId: p.id, orderId: p.orderId, amount: p.amount }
  const out: CustomerProblem[] = []
  const at = p.endedAt ?? p.createdAt
  if (p.status === 'failed') out.push({ ...base, kind: 'failed', at, reason: p.failure })
  else if (p.status === 'expired') out.push({ ...base, kind: 'expired', at, reason: null })
  else if (p.status === 'canceled') out.push({ ...base, kind: 'canceled', at, reason: null })
  else if ((p.status === 'open' || p.status === 'pending') && nowMs - Date.parse(p.createdAt) > OPEN_TOO_LONG_MS) {
    out.push({ ...base, kind: 'open-long', at: p.createdAt, reason: null })
  }
  const back = minorOf(p.amountChargedBack)
  if (p.amountChargedBack && back !== null && back > 0n) {
    out.push({ ...base, kind: 'charged-back', amount: p.amountChargedBack, at: p.endedAt ?? p.createdAt, reason: null })
  }
  return out
}

/**
 * The problems of a customer, most recent first (ties: the later id first, so the order is stable):
 * payments that failed, expired, were canceled or charged back, payments open for more than a day,
 * and orders that expired or were canceled without a payment of theirs saying so already.
 */
export function customerProblems(
  payments: readonly CustomerPayment[],
  orders: readonly CustomerOrder[],
  nowMs: number,
): CustomerProblem[] {
  const out = payments.flatMap((p) => paymentProblems(p, nowMs))
  const told = new Set(out.map((p) => p.orderId).filter((id): id is string => id !== null))
  for (const o of orders) {
    if ((o.status !== 'expired' && o.status !== 'canceled') || told.has(o.id)) continue
    out.push({
      kind: o.status,
      paymentId: null,
      orderId: o.id,
      at: o.endedAt ?? o.createdAt,
      amount: o.amount,
      reason: null,
    })
  }
  const time = (p: CustomerProblem) => {
    const t = Date.parse(p.at)
    return Number.isFinite(t) ? t : 0
  }
  return out.sort((a, b) => {
    const d = time(b) - time(a)
    if (d !== 0) return d
    const ida = a.paymentId ?? a.orderId ?? ''
    const idb = b.paymentId ?? b.orderId ?? ''
    return ida < idb ? 1 : ida > idb ? -1 : 0
  })
}

/** How long ago, in whole days (at least 1), for "open for 5 days". */
export function daysSince(at: string, nowMs: number): number {
  return Math.max(1, Math.floor((nowMs - Date.parse(at)) / OPEN_TOO_LONG_MS))
}

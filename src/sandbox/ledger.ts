// The merchant's money as the sandbox keeps it (docs/SANDBOX.md "Balances and settlements"): a
// balance per currency, its transactions, and weekly settlements, all derived from the payments,
// refunds and chargebacks of the scope, so they can never disagree with them. Choices (the
// documentation names no schedule for a test account): a balance is settled every Monday 00:00 UTC
// (`transferFrequency` `every-monday`); what came in since is `availableAmount`; a refund is taken
// from it when it is made, or, when it cannot cover it, waits `queued`
// (https://docs.mollie.com/payments/refunds) until it can.
import type { SandboxContext } from './context'
import type { ChargebackData, PaymentRecord, RefundData } from './records'
import type { Scope } from './resources'
import type { SandboxStore } from './store'

const DAY_MS = 86_400_000
export const WEEK_MS = 7 * DAY_MS

/** Monday 00:00 UTC of the week holding `ms` (1970-01-01 was a Thursday). */
export function weekStartMs(ms: number): number {
  const day = Math.floor(ms / DAY_MS)
  return (day - ((day + 3) % 7)) * DAY_MS
}

type MovementType = 'payment' | 'refund' | 'chargeback' | 'chargeback-reversal'

/** One change of a balance: money in (payment, reversal) or out (refund, chargeback). */
export interface Movement {
  atMs: number
  type: MovementType
  currency: string
  /** signed minor units */
  minor: bigint
  /** the object that moved the money (its id sorts in creation order) */
  sourceId: string
  payment?: PaymentRecord
  refund?: RefundData
  chargeback?: ChargebackData
  paymentId: string
}

/** Refund statuses whose amount is not (or no longer) taken from the balance. */
const NOT_TAKEN: ReadonlySet<string> = new Set(['queued', 'canceled', 'failed'])

/** A payment's money in: what was paid (or captured), at `paidAt`. */
function paymentMovement(record: PaymentRecord): Movement | null {
  const p = record.data
  if (p.status !== 'paid' || p.paidAt === undefined) return null
  const amount = p.amountCaptured ?? p.amount
  const minor = toMinorFast(amount.value)
  return {
    atMs: Date.parse(p.paidAt),
    type: 'payment',
    currency: amount.currency,
    minor,
    sourceId: p.id,
    payment: record,
    paymentId: p.id,
  }
}

/** Minor units of a decimal string the sandbox wrote itself (exact; no currency lookup). */
function toMinorFast(value: string): bigint {
  const negative = value.startsWith('-')
  const digits = (negative ? value.slice(1) : value).replace('.', '')
  const minor = BigInt(digits)
  return negative ? -minor : minor
}

/**
 * Every movement of the scope (one currency, or all when `currency` is null), in time order, up to
 * `untilMs`.
 */
export function movements(store: SandboxStore, scope: Scope, currency: string | null, untilMs: number): Movement[] {
  const { payments, refunds, chargebacks } = store.inScope(scope)
  const out: Movement[] = []
  for (const record of payments) {
    if (currency !== null && record.data.amount.currency !== currency) continue
    const m = paymentMovement(record)
    if (m && m.atMs <= untilMs) out.push(m)
  }
  for (const { data: r } of refunds) {
    if (NOT_TAKEN.has(r.status) || (currency !== null && r.amount.currency !== currency)) continue
    const atMs = store.refundQueue.takenAtMs(r)
    if (atMs > untilMs) continue
    out.push({
      atMs,
      type: 'refund',
      currency: r.amount.currency,
      minor: -toMinorFast(r.amount.value),
      sourceId: r.id,
      refund: r,
      paymentId: r.paymentId,
    })
  }
  for (const { data: c } of chargebacks) {
    if (currency !== null && c.amount.currency !== currency) continue
    const atMs = Date.parse(c.createdAt)
    const minor = toMinorFast(c.amount.value)
    const base = { currency: c.amount.currency, sourceId: c.id, chargeback: c, paymentId: c.paymentId }
    if (atMs <= untilMs) out.push({ ...base, atMs, type: 'chargeback', minor: -minor })
    const back = c.reversedAt === null ? NaN : Date.parse(c.reversedAt)
    if (back <= untilMs) out.push({ ...base, atMs: back, type: 'chargeback-reversal', minor })
  }
  out.sort((a, b) => a.atMs - b.atMs || (a.sourceId < b.sourceId ? -1 : a.sourceId > b.sourceId ? 1 : 0))
  return out
}

/** What the balance of `currency` holds now: everything since this week's settlement. */
export function availableMinor(store: SandboxStore, scope: Scope, currency: string, nowMs: number): bigint {
  const from = weekStartMs(nowMs)
  let sum = 0n
  for (const m of movements(store, scope, currency, nowMs)) if (m.atMs >= from) sum += m.minor
  return sum
}

/** One week's settlement of one currency. */
export interface SettlementPeriod {
  id: string
  currency: string
  weekStartMs: number
  minor: bigint
  /** paid out once the week is over; the running week is `open` */
  paidOut: boolean
  movements: Movement[]
}

/** Settlement ids sort by week, then currency: `stl_` + the week number since 1970 + the currency. */
export function settlementId(weekStart: number, currency: string): string {
  return `stl_${String(Math.floor(weekStart / WEEK_MS) + 1).padStart(5, '0')}${currency}`
}

/** The scope's settlements, oldest first (by id), the running week's ones `open`. */
export function settlements(store: SandboxStore, scope: Scope, nowMs: number): SettlementPeriod[] {
  const byId = new Map<string, SettlementPeriod>()
  const current = weekStartMs(nowMs)
  for (const m of movements(store, scope, null, nowMs)) {
    const week = weekStartMs(m.atMs)
    const id = settlementId(week, m.currency)
    let period = byId.get(id)
    if (!period) {
      period = { id, currency: m.currency, weekStartMs: week, minor: 0n, paidOut: week < current, movements: [] }
      byId.set(id, period)
    }
    period.minor += m.minor
    period.movements.push(m)
  }
  return [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : 1))
}

/** The currencies the scope has a balance in: EUR (the primary balance) and every one it took money in. */
export function balanceCurrencies(store: SandboxStore, scope: Scope): string[] {
  const currencies = new Set<string>(['EUR'])
  for (const record of store.inScope(scope).payments) currencies.add(record.data.amount.currency)
  return [...currencies].sort()
}

/**
 * Queued refunds leave the queue, oldest first, once the balance of their currency can cover them:
 * then `pending`, moving on from there (routes/refunds.ts). Runs after every change of money.
 */
export function releaseQueuedRefunds(
  ctx: SandboxContext,
  schedule: (refund: RefundData, fromMs: number) => void,
): void {
  if (ctx.store.refundQueue.size === 0) return
  const nowMs = ctx.now()
  for (const refund of ctx.store.refundQueue.queued()) {
    if (refund.status !== 'queued') {
      ctx.store.refundQueue.release(refund, null)
      continue
    }
    const payment = ctx.store.getPaymentAnyScope(refund.paymentId)
    if (!payment) continue
    const scope = { profileId: payment.data.profileId, mode: payment.data.mode }
    if (availableMinor(ctx.store, scope, refund.amount.currency, nowMs) < toMinorFast(refund.amount.value)) continue
    refund.status = 'pending'
    ctx.store.refundQueue.release(refund, nowMs)
    schedule(refund, nowMs)
  }
}

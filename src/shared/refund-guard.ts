// The collision guard of a refund (issue 49 item 1): what main read about a payment right before a
// refund, and what it means for the agent. Main builds it from a fresh read when the refund dialog
// opens and again right before sending (services/actions/refund-guard.ts); the dialog shows it;
// main refuses a refund whose guard changed since the agent saw it, and holds one on a payment with
// an open chargeback unless the agent typed why. Pure TypeScript: no node, no DOM.
import type { Amount, Chargeback, Payment, Refund, RefundStatus } from './api-types'
import { formatMoment, type DateWords } from './dates'
import { formatAmountForDisplay, toMinor } from './money'
import { sepaReversalWindowEnd } from './service/chargebacks'

/** A refund made within this long before the read is named as recent, whoever made it. */
export const RECENT_REFUND_MS = 60 * 60 * 1000

/** A refund sent despite an open chargeback needs a reason of at least this many characters. */
export const HOLD_REASON_MIN_LENGTH = 10
export const HOLD_REASON_MAX_LENGTH = 500

interface GuardRefund {
  id: string
  amount: Amount
  status: RefundStatus
  createdAt: string
  description: string
  /** Who made it, where known ("this desk": sent from this Paydesk); null when not known. */
  by: string | null
  /** Made less than RECENT_REFUND_MS before the read. */
  recent: boolean
}

interface GuardChargeback {
  id: string
  amount: Amount
  createdAt: string
  /** The bank's reason in its words, when it gave one. */
  reason: string | null
}

export interface RefundGuard {
  paymentId: string
  /** When main read the payment (ISO 8601). */
  readAt: string
  paid: Amount
  refunded: Amount | null
  remaining: Amount
  chargedBack: Amount | null
  /** Every refund already made, newest first, in whatever state. */
  refunds: GuardRefund[]
  /** Chargebacks not reversed: a refund is held while one is open. */
  openChargebacks: GuardChargeback[]
  /** A paid SEPA direct debit the customer can still have reversed: when that window ends. */
  sepaWindowEndsAt: string | null
  /**
   * The facts that decide (what is left, the refunds and their states, the open chargebacks): the
   * agent confirms against this; main refuses a refund whose fresh guard has another.
   */
  token: string
}

/** Builds the guard from a fresh read of the payment, its refunds and its chargebacks. */
export function buildRefundGuard(
  payment: Pick<Payment, 'id' | 'amount' | 'status' | 'method' | 'createdAt' | 'paidAt'> &
    Partial<Pick<Payment, 'amountRefunded' | 'amountRemaining' | 'amountChargedBack'>>,
  refunds: readonly Refund[],
  chargebacks: readonly Chargeback[],
  nowMs: number,
  madeBy: (refundId: string) => string | null = () => null,
): RefundGuard {
  const list = [...refunds]
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))
    .map((r) => ({
      id: r.id,
      amount: r.amount,
      status: r.status,
      createdAt: r.createdAt,
      description: r.description,
      by: madeBy(r.id),
      recent: r.status !== 'canceled' && nowMs - Date.parse(r.createdAt) < RECENT_REFUND_MS,
    }))
  const open = chargebacks
    .filter((c) => !c.reversedAt)
    .map((c) => ({ id: c.id, amount: c.amount, createdAt: c.createdAt, reason: c.reason?.description ?? null }))
  const remaining = payment.amountRemaining ?? payment.amount
  const token = [
    `${remaining.currency} ${remaining.value}`,
    list.map((r) => `${r.id}:${r.status}`).join(','),
    open.map((c) => c.id).join(','),
  ].join('|')
  return {
    paymentId: payment.id,
    readAt: new Date(nowMs).toISOString(),
    paid: payment.amount,
    refunded: payment.amountRefunded && toMinor(payment.amountRefunded) > 0n ? payment.amountRefunded : null,
    remaining,
    chargedBack:
      payment.amountChargedBack && toMinor(payment.amountChargedBack) > 0n ? payment.amountChargedBack : null,
    refunds: list,
    openChargebacks: open,
    sepaWindowEndsAt: sepaReversalWindowEnd(payment, nowMs),
    token,
  }
}

/** Why a refund is held now (an open chargeback), in the agent's words; null when it is not. */
export function refundHold(guard: RefundGuard, words: DateWords = {}): string | null {
  const first = guard.openChargebacks[0]
  if (!first) return null
  const more = guard.openChargebacks.length > 1 ? ` (and ${guard.openChargebacks.length - 1} more)` : ''
  const reason = first.reason ? ` (“${first.reason}”)` : ''
  return (
    `The customer's bank opened a chargeback of ${formatAmountForDisplay(first.amount, words.locale)} on ` +
    `${formatMoment(first.createdAt, 'date', words)}${reason}${more}: it is taking that money back already, so a ` +
    'refund now could pay the customer twice. The refund is held; send it anyway only with a reason, which is recorded.'
  )
}

/** The warnings that do not hold a refund: the SEPA reversal window, a refund made in the last hour. */
export function refundWarnings(guard: RefundGuard, words: DateWords = {}): string[] {
  const warnings: string[] = []
  if (guard.sepaWindowEndsAt) {
    warnings.push(
      'This is a SEPA direct debit: the customer can still have it reversed by their bank, no questions asked, ' +
        `until ${formatMoment(guard.sepaWindowEndsAt, 'date', words)}. A refund now and a reversal later would pay them twice.`,
    )
  }
  for (const r of guard.refunds.filter((x) => x.recent)) {
    warnings.push(
      `A refund of ${formatAmountForDisplay(r.amount, words.locale)} was made ${minutesAgo(r.createdAt, guard.readAt)}` +
        `${r.by ? ` by ${r.by}` : ''} (${r.status}). Make sure this one is not the same refund again.`,
    )
  }
  return warnings
}

function minutesAgo(iso: string, readAt: string): string {
  const minutes = Math.max(0, Math.round((Date.parse(readAt) - Date.parse(iso)) / 60_000))
  if (minutes < 1) return 'less than a minute ago'
  return `${minutes} minute${minutes === 1 ? '' : 's'} ago`
}

/**
 * What changed between the guard the agent saw and the fresh one, in a sentence; null when nothing
 * that decides changed. A new refund (a colleague's), a refund that changed state, a new or
 * reversed chargeback, or a different amount left.
 */
export function guardChange(seen: string, fresh: RefundGuard, words: DateWords = {}): string | null {
  if (seen === fresh.token) return null
  const [seenRemaining = '', seenRefunds = '', seenChargebacks = ''] = seen.split('|')
  const seenIds = new Set(seenRefunds.split(',').map((x) => x.split(':')[0]))
  const added = fresh.refunds.filter((r) => !seenIds.has(r.id))
  const parts: string[] = []
  for (const r of added) {
    parts.push(
      `a refund of ${formatAmountForDisplay(r.amount, words.locale)} was made at ${formatMoment(r.createdAt, 'time', words)}${r.by ? ` by ${r.by}` : ''}`,
    )
  }
  const openNow = fresh.openChargebacks.map((c) => c.id).join(',')
  if (openNow !== seenChargebacks) {
    parts.push(fresh.openChargebacks.length > 0 ? 'a chargeback is open now' : 'a chargeback was reversed')
  }
  if (parts.length === 0 && seenRemaining !== `${fresh.remaining.currency} ${fresh.remaining.value}`) {
    parts.push(`what is left to refund is now ${formatAmountForDisplay(fresh.remaining, words.locale)}`)
  }
  if (parts.length === 0) parts.push("a refund's state changed")
  return `The payment changed since you opened the refund: ${parts.join('; ')}. Check the refund again before you send it.`
}

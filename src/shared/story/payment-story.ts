// A payment told the way an agent tells it on the phone: one headline sentence ("Paid with iDEAL on
// 23 Nov at 19:42 · €20.00 refunded of €59.95"), a state the lists can show ("refunded", not "paid",
// once all of it went back) and a timeline of everything that happened to it: its own moments, each
// refund and chargeback, and each webhook call to the shop (on the built-in Sandbox, which keeps
// them). Pure: the words and dates come from the caller's locale and time zone.
import type { Chargeback, Payment, Refund } from '../api-types'
import { formatMoment, type DateWords } from '../dates'
import { formatAmountForDisplay, isPositive, toMinor } from '../money'
import { failureExplanation } from '../payment-failure'
import { methodName, refundInFlight, refundStateWords } from './words'
import type { DeliveryRecord } from '../deliveries'

export type Tone = 'done' | 'problem' | 'waiting' | 'neutral'

export interface TimelineEvent {
  at: string
  tone: Tone
  text: string
}

export interface Story {
  /** The state in one or two words, for a badge ("Paid", "Refunded", "Partly refunded", "Failed"). */
  state: string
  tone: Tone
  headline: string
  /** Why it failed, when it did (shared/payment-failure.ts). */
  why: string | null
  timeline: TimelineEvent[]
}

interface StoryInput {
  refunds?: readonly Refund[]
  chargebacks?: readonly Chargeback[]
  deliveries?: readonly DeliveryRecord[]
  words?: DateWords
}

/** How much of a payment went back, as the lists show it: null, 'partly' or 'fully'. */
function refundedShare(p: Pick<Payment, 'amount' | 'amountRefunded'>): 'partly' | 'fully' | null {
  if (!isPositive(p.amountRefunded)) return null
  return toMinor(p.amountRefunded) >= toMinor(p.amount) ? 'fully' : 'partly'
}

/**
 * The agent's word for a payment's or an order's status (the two share one list: an order's `created`
 * is "Not paid yet", a payment's `open` is "Open"); an unknown status as it is.
 */
const STATUS_STATES: Record<string, { state: string; tone: Tone }> = {
  open: { state: 'Open', tone: 'waiting' },
  created: { state: 'Not paid yet', tone: 'waiting' },
  pending: { state: 'Pending', tone: 'waiting' },
  authorized: { state: 'Authorized', tone: 'waiting' },
  paid: { state: 'Paid', tone: 'done' },
  shipping: { state: 'Being shipped', tone: 'done' },
  completed: { state: 'Completed', tone: 'done' },
  failed: { state: 'Failed', tone: 'problem' },
  canceled: { state: 'Canceled', tone: 'neutral' },
  expired: { state: 'Expired', tone: 'problem' },
}

export function statusState(status: string): { state: string; tone: Tone } {
  return STATUS_STATES[status] ?? { state: status, tone: 'neutral' }
}

/** The refunds a payment was read with (its `_embedded.refunds`), when it was. */
type WithRefunds = { _embedded?: { refunds?: readonly Pick<Refund, 'status'>[] } }

/**
 * The state in the agent's words, one rule for the lists and the payment view (issue 49 items 2-3):
 * a paid payment all refunded reads "Refunded", not "Paid", but only once the money left. Read with
 * its refunds (the view), a refund still queued, pending or processing makes it "Refund on its way".
 * Read without them (a list row: the service lists payments with their amounts only), it cannot tell
 * whether the money left, so it says what it knows: "Refund made" ("Part refund made" for a part),
 * never "Refunded" for a refund that may still be pending.
 */
export function paymentState(
  p: Pick<Payment, 'status' | 'amount' | 'amountRefunded' | 'amountChargedBack'> & WithRefunds,
  refunds: readonly Pick<Refund, 'status'>[] | undefined = p._embedded?.refunds,
): {
  state: string
  tone: Tone
} {
  if (p.status === 'paid') {
    if (isPositive(p.amountChargedBack)) return PAID_STATES.chargedBack
    const share = refundedShare(p)
    if (share && !Array.isArray(refunds)) return share === 'fully' ? PAID_STATES.refundMade : PAID_STATES.partRefundMade
    if (share && refunds?.some((r) => refundInFlight(r.status))) return PAID_STATES.refundOnItsWay
    if (share === 'fully') return PAID_STATES.refunded
    if (share === 'partly') return PAID_STATES.partlyRefunded
  }
  return statusState(p.status)
}

/** What a paid payment reads as once money went back (none is "done": money left the shop). */
const PAID_STATES = {
  chargedBack: { state: 'Charged back', tone: 'problem' },
  refunded: { state: 'Refunded', tone: 'neutral' },
  partlyRefunded: { state: 'Partly refunded', tone: 'neutral' },
  refundOnItsWay: { state: 'Refund on its way', tone: 'waiting' },
  refundMade: { state: 'Refund made', tone: 'neutral' },
  partRefundMade: { state: 'Part refund made', tone: 'neutral' },
} as const satisfies Record<string, { state: string; tone: Tone }>

/** Every state word paymentState gives for a known status (the list sizes its status column to the longest). */
export const PAYMENT_STATE_WORDS: readonly string[] = [
  ...Object.values(STATUS_STATES).map((s) => s.state),
  ...Object.values(PAID_STATES).map((s) => s.state),
]

function moneyTail(p: Payment, locale: string | undefined): string {
  const parts: string[] = []
  if (isPositive(p.amountRefunded)) {
    parts.push(
      `${formatAmountForDisplay(p.amountRefunded, locale)} refunded of ${formatAmountForDisplay(p.amount, locale)}`,
    )
  }
  if (isPositive(p.amountChargedBack)) {
    parts.push(`${formatAmountForDisplay(p.amountChargedBack, locale)} charged back`)
  }
  return parts.length ? ` · ${parts.join(' · ')}` : ''
}

function at(iso: string | undefined | null, words: DateWords): string {
  return iso ? `${formatMoment(iso, 'day', words)} at ${formatMoment(iso, 'time', words)}` : ''
}

/** The headline sentence of a payment. */
function paymentHeadline(p: Payment, words: DateWords = {}): string {
  const via = methodName(p.method)
  const amount = formatAmountForDisplay(p.amount, words.locale)
  switch (p.status) {
    case 'paid':
      return `Paid${via ? ` with ${via}` : ''}${p.paidAt ? ` on ${at(p.paidAt, words)}` : ''}${moneyTail(p, words.locale)}`
    case 'failed':
      // Why it failed is the story's own line (Story.why), from the one explanation of failures.
      return `Failed${p.failedAt ? ` on ${at(p.failedAt, words)}` : ''}: ${amount}${via ? ` with ${via}` : ''} was not paid`
    case 'open':
      return p.method === 'banktransfer'
        ? `Open: waiting for the bank transfer of ${amount} since ${formatMoment(p.createdAt, 'day', words)}`
        : `Open: waiting for the customer to pay ${amount}${via ? ` with ${via}` : ''} since ${at(p.createdAt, words)}`
    case 'pending':
      return `Pending: ${via ?? 'the payment method'} is confirming the payment of ${amount}`
    case 'authorized':
      return `Authorized on ${at(p.authorizedAt ?? p.createdAt, words)}: ${amount} reserved, not yet captured`
    case 'canceled':
      return `Canceled${p.canceledAt ? ` on ${at(p.canceledAt, words)}` : ''}: nothing was paid`
    case 'expired':
      return `Expired${p.expiredAt ? ` on ${at(p.expiredAt, words)}` : ''}: the customer did not complete the payment`
    default:
      return `${p.status}: ${amount}`
  }
}

function ownMoments(p: Payment, locale: string | undefined): TimelineEvent[] {
  const via = methodName(p.method)
  const events: (TimelineEvent | null)[] = [
    { at: p.createdAt, tone: 'neutral', text: `Created for ${formatAmountForDisplay(p.amount, locale)}` },
    p.authorizedAt ? { at: p.authorizedAt, tone: 'waiting', text: 'Authorized: the amount is reserved' } : null,
    p.paidAt ? { at: p.paidAt, tone: 'done', text: `Paid${via ? ` with ${via}` : ''}` } : null,
    p.failedAt
      ? { at: p.failedAt, tone: 'problem', text: `Failed: ${failureExplanation(p) ?? 'no reason given'}` }
      : null,
    p.canceledAt ? { at: p.canceledAt, tone: 'neutral', text: 'Canceled' } : null,
    p.expiredAt ? { at: p.expiredAt, tone: 'problem', text: 'Expired: the customer did not complete it' } : null,
  ]
  return events.filter((e): e is TimelineEvent => e !== null)
}

/** One line per refund: its amount, its state in words and its description. */
export function refundEvents(refunds: readonly Refund[], locale: string | undefined): TimelineEvent[] {
  return refunds.map((r) => ({
    at: r.createdAt,
    tone: r.status === 'failed' ? 'problem' : refundInFlight(r.status) ? 'waiting' : 'neutral',
    text: `Refund of ${formatAmountForDisplay(r.amount, locale)} ${refundStateWords(r.status)}${r.description ? ` (“${r.description}”)` : ''}`,
  }))
}

function chargebackEvents(chargebacks: readonly Chargeback[], locale: string | undefined): TimelineEvent[] {
  const events: TimelineEvent[] = []
  for (const c of chargebacks) {
    const why = c.reason?.description ? `: ${c.reason.description}` : ''
    events.push({
      at: c.createdAt,
      tone: 'problem',
      text: `Chargeback of ${formatAmountForDisplay(c.amount, locale)}: the customer's bank took the money back${why}`,
    })
    if (c.reversedAt) events.push({ at: c.reversedAt, tone: 'done', text: 'Chargeback reversed: the money came back' })
  }
  return events
}

/** Why the Sandbox did not call the shop at all, in the agent's words; null when it did call. */
function notSentWords(d: DeliveryRecord): string | null {
  if (d.state === 'refused') return 'Webhook not sent: the Sandbox does not call local addresses'
  if (d.state !== 'not-allowed') return null
  const host = hostOf(d.url)
  return (
    `Webhook not sent: host not allowed. The Sandbox calls ${host} only after you allow it (Paydesk asks ` +
    'once per host name); the payment service itself would call the shop here.'
  )
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname
  } catch {
    return 'the shop'
  }
}

/** One line per webhook attempt: what the shop answered ("your shop answered 500"). */
export function deliveryEvents(deliveries: readonly DeliveryRecord[], words: DateWords): TimelineEvent[] {
  const events: TimelineEvent[] = []
  for (const d of deliveries) {
    const notSent = notSentWords(d)
    if (notSent !== null) {
      const last = d.attempts[d.attempts.length - 1]?.at
      if (last) events.push({ at: last, tone: 'problem', text: notSent })
      continue
    }
    d.attempts.forEach((a, i) => {
      const ok = a.status !== null && a.status >= 200 && a.status < 300
      const answer = a.status === null ? `did not answer (${a.error ?? 'no answer'})` : `answered ${a.status}`
      const again = i > 0 ? ` (retry ${i})` : ''
      events.push({ at: a.at, tone: ok ? 'done' : 'problem', text: `Webhook: your shop ${answer}${again}` })
    })
    if (d.state === 'retrying' && d.nextAttemptAt) {
      events.push({
        at: d.nextAttemptAt,
        tone: 'waiting',
        text: `Webhook: next try ${formatMoment(d.nextAttemptAt, 'short-date-time', words)}`,
      })
    }
  }
  return events
}

function byTime(a: TimelineEvent, b: TimelineEvent): number {
  return Date.parse(a.at) - Date.parse(b.at)
}

/** The whole story of a payment: state, headline and timeline (oldest first). */
export function paymentStory(p: Payment, input: StoryInput = {}): Story {
  const words = input.words ?? {}
  const refunds = input.refunds ?? p._embedded?.refunds ?? []
  const chargebacks = input.chargebacks ?? p._embedded?.chargebacks ?? []
  const { state, tone } = paymentState(p, input.refunds ?? p._embedded?.refunds)
  return {
    state,
    tone,
    headline: paymentHeadline(p, words),
    why: failureExplanation(p),
    timeline: [
      ...ownMoments(p, words.locale),
      ...refundEvents(refunds, words.locale),
      ...chargebackEvents(chargebacks, words.locale),
      ...deliveryEvents(input.deliveries ?? [], words),
    ].sort(byTime),
  }
}

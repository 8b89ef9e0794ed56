// An order told the way an agent tells it (issue 25 item 3): its state, one headline sentence ("Paid on
// 23 Nov at 19:42 · €20.00 refunded of €59.95", "Not paid yet: waiting for the customer since 20 Nov")
// and a timeline of the order's own moments and of each of its payments and refunds. The payments'
// part is their own story (payment-story.ts), so a payment reads the same in both views. Pure.
import type { Amount, Order } from '../api-types'
import type { DeliveryRecord } from '../deliveries'
import { formatMoment, type DateWords } from '../dates'
import { amountFromMinor, formatAmountForDisplay, toMinor } from '../money'
import {
  deliveryEvents,
  paymentStory,
  refundEvents,
  statusState,
  type Story,
  type TimelineEvent,
  type Tone,
} from './payment-story'
import { refundInFlight } from './words'

function at(iso: string | undefined | null, words: DateWords): string {
  return iso ? `${formatMoment(iso, 'day', words)} at ${formatMoment(iso, 'time', words)}` : ''
}

/**
 * What went back of an order: its own `amountRefunded`, or what its payments say went back when that
 * is more (a refund made on the order's payment rather than on the order's lines).
 */
function refundedOf(o: Pick<Order, 'amount' | 'amountRefunded' | '_embedded'>): Amount | null {
  let minor = o.amountRefunded && o.amountRefunded.currency === o.amount.currency ? toMinor(o.amountRefunded) : 0n
  let fromPayments = 0n
  for (const p of o._embedded?.payments ?? []) {
    if (p.amountRefunded && p.amountRefunded.currency === o.amount.currency) fromPayments += toMinor(p.amountRefunded)
  }
  if (fromPayments > minor) minor = fromPayments
  return minor > 0n ? amountFromMinor(minor, o.amount.currency) : null
}

/**
 * The state in the agent's words; an order refunded in full reads "Refunded", but only once the money
 * left, as a payment does (paymentState): read with its refunds (the order view), one still queued,
 * pending or processing makes it "Refund on its way"; read without them it says "Refund made".
 */
function orderState(o: Pick<Order, 'status' | 'amount' | 'amountRefunded' | '_embedded'>): {
  state: string
  tone: Tone
} {
  const refunded = refundedOf(o)
  if (!refunded) return statusState(o.status)
  const refunds = o._embedded?.refunds
  const full = toMinor(refunded) >= toMinor(o.amount)
  if (!Array.isArray(refunds)) return { state: full ? 'Refund made' : 'Part refund made', tone: 'neutral' }
  if (refunds.some((r) => refundInFlight(r.status))) return { state: 'Refund on its way', tone: 'waiting' }
  return full ? { state: 'Refunded', tone: 'neutral' } : { state: 'Partly refunded', tone: 'done' }
}

/**
 * Whether an order's expiry date still means something: only while it waits to be paid or, once
 * authorized, to be shipped (https://docs.mollie.com/orders/overview: an order stays valid for a
 * time, 28 days by default; https://docs.mollie.com/changelog/new-in-task-center-order-expiry: a
 * created or authorized order expires on that date). A paid, shipped, completed, canceled or
 * expired order shows none.
 */
export function orderExpiryApplies(status: Order['status']): boolean {
  return status === 'created' || status === 'pending' || status === 'authorized'
}

function paidMoment(o: Order): string | undefined {
  return o.paidAt ?? o._embedded?.payments?.find((p) => p.status === 'paid')?.paidAt
}

/** The headline sentence of an order. */
function orderHeadline(o: Order, words: DateWords = {}): string {
  const amount = formatAmountForDisplay(o.amount, words.locale)
  const back = refundedOf(o)
  const refunded = back ? ` · ${formatAmountForDisplay(back, words.locale)} refunded of ${amount}` : ''
  const paid = paidMoment(o)
  switch (o.status) {
    case 'created':
    case 'pending':
      return `Not paid yet: waiting for the customer to pay ${amount} since ${formatMoment(o.createdAt, 'day', words)}`
    case 'authorized':
      return `Authorized${o.authorizedAt ? ` on ${at(o.authorizedAt, words)}` : ''}: ${amount} reserved; it is taken when the order ships`
    case 'paid':
      return `Paid${paid ? ` on ${at(paid, words)}` : ''}: ${amount}${refunded}`
    case 'shipping':
      return `Paid and being shipped: ${amount}${refunded}`
    case 'completed':
      return `Completed${o.completedAt ? ` on ${at(o.completedAt, words)}` : ''}: ${amount}${refunded}`
    case 'canceled':
      return `Canceled${o.canceledAt ? ` on ${at(o.canceledAt, words)}` : ''}: nothing is owed`
    case 'expired':
      return `Expired${o.expiredAt ? ` on ${at(o.expiredAt, words)}` : ''}: the customer did not pay ${amount}`
    default:
      return `${o.status}: ${amount}`
  }
}

function ownMoments(o: Order, locale: string | undefined): TimelineEvent[] {
  const events: (TimelineEvent | null)[] = [
    {
      at: o.createdAt,
      tone: 'neutral',
      text: `Order ${o.orderNumber} placed for ${formatAmountForDisplay(o.amount, locale)}`,
    },
    o.canceledAt ? { at: o.canceledAt, tone: 'neutral', text: 'Order canceled' } : null,
    o.expiredAt ? { at: o.expiredAt, tone: 'problem', text: 'Order expired unpaid' } : null,
    o.completedAt ? { at: o.completedAt, tone: 'done', text: 'Order completed' } : null,
  ]
  return events.filter((e): e is TimelineEvent => e !== null)
}

/** The whole story of an order: state, headline and timeline (its payments' and refunds' too). */
export function orderStory(o: Order, input: { deliveries?: readonly DeliveryRecord[]; words?: DateWords } = {}): Story {
  const words = input.words ?? {}
  const payments = o._embedded?.payments ?? []
  const paymentEvents = payments.flatMap((p) =>
    // The payment's own refunds come with the order's list below, not twice.
    paymentStory({ ...p, _embedded: undefined }, { words }).timeline.map((e) => ({
      ...e,
      text: payments.length > 1 ? `Payment ${p.id}: ${e.text}` : `Payment: ${e.text}`,
    })),
  )
  const deliveries = deliveryEvents(input.deliveries ?? [], words)
  const { state, tone } = orderState(o)
  return {
    state,
    tone,
    headline: orderHeadline(o, words),
    why: null,
    timeline: [
      ...ownMoments(o, words.locale),
      ...paymentEvents,
      ...refundEvents(o._embedded?.refunds ?? [], words.locale),
      ...deliveries,
    ].sort((a, b) => Date.parse(a.at) - Date.parse(b.at)),
  }
}

import { toMinor, type Amount } from '../money'

// Refund rules both sides apply: the sandbox refuses a duplicate with 409, and main does not send
// one unasked after a lost answer (src/main/services/actions/pending-actions.ts).

/**
 * A refund of the same amount on the same payment within this long of an earlier one that still
 * stands is a duplicate. The documentation names no window: the sandbox's choice (docs/SANDBOX.md
 * "Refunds"), kept here so main and the sandbox agree.
 */
const DUPLICATE_REFUND_WINDOW_MS = 60 * 60 * 1000

/**
 * The words of the service's 409 (https://docs.mollie.com/overview/handling-errors, "409 Conflict"):
 * "You are making a duplicate API call that was probably a mistake". The duplicate-refund 409 opens
 * with them and carries no `field` (it names no field of the request); the Idempotency-Key 409
 * ("still being processed"), which a client may retry with the same key, does not.
 */
const DUPLICATE_CALL_WORDS = 'You are making a duplicate API call that was probably a mistake'

/** What the duplicate rule reads of an earlier refund. */
export type RefundForDuplicate = { status: string; amount: { currency: string; value: string }; createdAt: string }

/**
 * THE duplicate rule, for the sandbox (which answers 409) and for main (which does not send such a
 * refund unasked): the earlier refund, not canceled or failed, of the same amount (compared in minor
 * units) made less than DUPLICATE_REFUND_WINDOW_MS before `nowMs`; null when there is none.
 */
export function isDuplicateRefund<R extends RefundForDuplicate>(
  earlier: readonly R[],
  amount: { currency: string; value: string },
  nowMs: number,
): R | null {
  const minor = (a: Amount) => toMinor(a)
  return (
    earlier.find(
      (r) =>
        r.status !== 'canceled' &&
        r.status !== 'failed' &&
        r.amount.currency === amount.currency &&
        minor(r.amount) === minor(amount) &&
        nowMs - Date.parse(r.createdAt) < DUPLICATE_REFUND_WINDOW_MS,
    ) ?? null
  )
}

/** When the service takes the same amount again: the duplicate window's end after that refund (ms). */
export function duplicateWindowEnd(earlier: Pick<RefundForDuplicate, 'createdAt'>): number {
  return Date.parse(earlier.createdAt) + DUPLICATE_REFUND_WINDOW_MS
}

/** The detail of the duplicate-refund 409 (the sandbox writes it; isDuplicateRefundError reads it). */
export function duplicateRefundDetail(amount: { value: string; currency: string }, earlierRefundId: string): string {
  return `${DUPLICATE_CALL_WORDS}: a refund of ${amount.value} ${amount.currency} was made on this payment less than ${windowWords()} ago (${earlierRefundId}).`
}

/** Whether an error answer is the duplicate-refund 409, by its documented words (it has no field). */
export function isDuplicateRefundError(error: {
  status: number | null
  field?: string | null
  detail?: string | null
}): boolean {
  if (error.status !== 409 || typeof error.detail !== 'string') return false
  return error.detail.startsWith(DUPLICATE_CALL_WORDS) || /duplicate refund/i.test(error.detail)
}

/** What the agent reads on a duplicate refund: what happened and what to do. */
export function duplicateRefundExplanation(): string {
  return `A refund of this amount was made on this payment less than ${windowWords()} ago; the service refused this one as a probable duplicate, so nothing was refunded now. Check the payment's refunds: if that earlier refund is the one the customer needed, nothing more is to be done. If a second refund of the same amount is really meant, make it once ${windowWords()} has passed.`
}

function windowWords(): string {
  const minutes = Math.round(DUPLICATE_REFUND_WINDOW_MS / 60_000)
  if (minutes === 60) return 'an hour'
  return minutes % 60 === 0 ? `${minutes / 60} hours` : `${minutes} minutes`
}

/**
 * A refund can be canceled while it is queued or pending (https://docs.mollie.com/reference/cancel-refund;
 * https://docs.mollie.com/payments/refunds, "Refund statuses": "You can still cancel the refund").
 */
const REFUND_CANCELABLE_STATUSES: readonly string[] = ['queued', 'pending']

/** Whether the service still allows canceling a refund in this status. */
export function refundIsCancelable(status: string): boolean {
  return REFUND_CANCELABLE_STATUSES.includes(status)
}

/** When a refund sent out usually reaches the customer, by method, with the page that says so. */
interface RefundArrival {
  /** "within 14 calendar days, on the card (not the bank account)" */
  within: string
  source: string
}

const CARD_ARRIVAL: RefundArrival = {
  // "The refund will be credited to your consumer's credit card within 14 calendar days."
  within: 'within 14 calendar days, on the card it was paid with (not a bank account)',
  source: 'https://help.mollie.com/hc/en-us/articles/115000106049',
}
const PAYPAL_ARRIVAL: RefundArrival = {
  // "PayPal refunds are done by PayPal itself."
  within: 'as PayPal pays it out: PayPal makes the refund itself, to the PayPal account',
  source: 'https://help.mollie.com/hc/en-us/articles/360011073860-Can-I-cancel-a-refund-',
}
const BANK_ARRIVAL: RefundArrival = {
  // "We always process refunds on the next working day. For most payment methods, the consumer's
  // account will be credited that same day. However, there is a dependency on the country ..."
  within:
    'the same business day it is sent out (refunds go out each business day; banks in some countries take longer)',
  source: 'https://help.mollie.com/hc/en-us/articles/115000014489-How-do-I-refund-a-payment-to-one-of-my-consumers-',
}

/** The documented time a refund takes to reach the customer once it left, for a payment method. */
export function refundArrival(method: string | null | undefined): RefundArrival {
  if (method === 'creditcard' || method === 'applepay') return CARD_ARRIVAL
  if (method === 'paypal') return PAYPAL_ARRIVAL
  return BANK_ARRIVAL
}

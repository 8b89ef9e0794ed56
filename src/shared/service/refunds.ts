// Refund rules both sides apply: the sandbox refuses a duplicate with 409, and main does not send
// one unasked after a lost answer (src/main/services/pending-actions.ts).

/**
 * A refund of the same amount on the same payment within this long of an earlier one that still
 * stands is a duplicate. The documentation names no window: the sandbox's choice (docs/SANDBOX.md
 * "Refunds"), kept here so main and the sandbox agree.
 */
export const DUPLICATE_REFUND_WINDOW_MS = 60 * 60 * 1000

/**
 * The words of the service's 409 (https://docs.mollie.com/overview/handling-errors, "409 Conflict"):
 * "You are making a duplicate API call that was probably a mistake". The duplicate-refund 409 opens
 * with them and carries no `field` (it names no field of the request); the Idempotency-Key 409
 * ("still being processed"), which a client may retry with the same key, does not.
 */
export const DUPLICATE_CALL_WORDS = 'You are making a duplicate API call that was probably a mistake'

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

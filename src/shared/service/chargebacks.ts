// Chargeback rules of the payment methods, written once: the SEPA reversal window the refund guard
// warns of (src/shared/refund-guard.ts). What a chargeback means in words, for the chargebacks view,
// is src/shared/story/chargeback-words.ts.

const DAY_MS = 86_400_000

/**
 * How long a customer can have a SEPA direct debit reversed by their bank, no questions asked:
 * https://docs.mollie.com/docs/sepa-direct-debit, "Chargeback period: Within 8 weeks" (after that
 * only an unauthorized-debit claim, within 13 months). Counted from the day the money was taken.
 */
export const SEPA_REVERSAL_WINDOW_MS = 8 * 7 * DAY_MS

/**
 * The end of a paid SEPA direct debit's reversal window (ISO 8601), or null when the payment is no
 * direct debit, is not paid, or its window has ended by `nowMs`.
 */
export function sepaReversalWindowEnd(
  payment: { method: string | null; status: string; paidAt?: string | null; createdAt: string },
  nowMs: number,
): string | null {
  if (payment.method !== 'directdebit' || payment.status !== 'paid') return null
  const taken = Date.parse(payment.paidAt ?? payment.createdAt)
  if (Number.isNaN(taken)) return null
  const end = taken + SEPA_REVERSAL_WINDOW_MS
  return end > nowMs ? new Date(end).toISOString() : null
}

import type { Payment, Refund } from '../../../../shared/api-types'

/**
 * What the refunds table shows of a payment: the refunds its read embedded (main reads a payment with
 * its refunds); else, for a copy from the list, those read apart (`listed`), which it must then ask
 * for (`readApart`) when something of it was refunded and no fresh copy (`reading`) is on its way. An
 * error of that separate read says nothing once the payment's own read has embedded its refunds.
 */
export function refundsView(
  payment: Payment,
  listed: { paymentId: string; list: Refund[] } | null,
  error: string | null,
  reading: boolean,
): { list: Refund[]; error: string | null; readApart: boolean } {
  const embedded = payment._embedded?.refunds
  if (Array.isArray(embedded)) return { list: embedded, error: null, readApart: false }
  const refunded = payment.amountRefunded?.value ?? null
  return {
    list: listed && listed.paymentId === payment.id ? listed.list : [],
    error,
    readApart: !reading && refunded !== null && /[1-9]/.test(refunded),
  }
}

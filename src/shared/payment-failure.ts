// Why a payment failed, in the agent's words, from what the service tells: a card's
// `details.failureReason` / `failureMessage` (https://docs.mollie.com/components/handling-errors), a
// direct debit's `details.bankReasonCode` / `bankReason` (https://docs.mollie.com/reference/get-payment),
// and for other methods the plain fact that the service gives no reason. Pure: no node, no DOM.
import type { Payment } from './api-types'
import { CARD_FAILURE_REASONS, type CardFailureReason } from './service/enums'

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null)

/** One sentence saying why this payment failed; null when it has not failed. */
export function failureExplanation(p: Pick<Payment, 'status' | 'method' | 'details'>): string | null {
  if (p.status !== 'failed') return null
  const details = p.details ?? {}
  const reason = text(details['failureReason'])
  const message =
    text(details['failureMessage']) ??
    (reason && reason in CARD_FAILURE_REASONS ? CARD_FAILURE_REASONS[reason as CardFailureReason] : null)
  if (message) return `The card payment was refused: ${message}`
  const bank = text(details['bankReason'])
  const code = text(details['bankReasonCode'])
  if (bank || code) {
    return `The customer’s bank returned the direct debit: ${bank ?? 'no reason given'}${code ? ` (code ${code})` : ''}.`
  }
  const method = p.method ? `${p.method} ` : ''
  return `The service gives no reason for a failed ${method}payment: the customer did not complete it, or their bank or the method refused it.`
}

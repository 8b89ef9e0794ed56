// Why a payment failed, in the agent's words, from what the service tells: a card's
// `details.failureReason` / `failureMessage` (https://docs.mollie.com/components/handling-errors), a
// direct debit's `details.bankReasonCode` / `bankReason` (https://docs.mollie.com/reference/get-payment),
// and for other methods the plain fact that the service gives no reason. The one place a failure
// becomes words: the payment view, the customer view and the search index's words all ask here.
// Pure: no node, no DOM.
import type { Payment } from './api-types'
import { CARD_FAILURE_REASONS, type CardFailureReason } from './service/enums'

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null)

/** A card's reason: the service's message, else the documented reason code in words. */
function cardReason(details: Record<string, unknown>): string | null {
  const reason = text(details['failureReason'])
  return (
    text(details['failureMessage']) ??
    (reason && reason in CARD_FAILURE_REASONS ? CARD_FAILURE_REASONS[reason as CardFailureReason] : null)
  )
}

/** A bank's reason for a returned direct debit, with its code: "Insufficient funds (bank code AM04)". */
function bankReason(details: Record<string, unknown>): string | null {
  const bank = text(details['bankReason'])
  const code = text(details['bankReasonCode'])
  if (!bank && !code) return null
  return `${bank ?? 'No reason given'}${code ? ` (bank code ${code})` : ''}`
}

/** The reason alone, in words ("The card has insufficient funds."); null when the service gave none. */
export function failureReasonText(details: Record<string, unknown> | null | undefined): string | null {
  if (!details) return null
  return cardReason(details) ?? bankReason(details)
}

/** One sentence saying why this payment failed; null when it has not failed. */
export function failureExplanation(p: Pick<Payment, 'status' | 'method' | 'details'>): string | null {
  if (p.status !== 'failed') return null
  const details = p.details ?? {}
  const card = cardReason(details)
  if (card) return `The card payment was refused: ${card}`
  const bank = bankReason(details)
  if (bank) return `The customer’s bank returned the direct debit: ${bank}.`
  const method = p.method ? `${p.method} ` : ''
  return `The service gives no reason for a failed ${method}payment: the customer did not complete it, or their bank or the method refused it.`
}

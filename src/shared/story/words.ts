// The agent's words for the service's codes: payment methods, statuses, refund states and failure
// reasons. One table each, used by the stories (payment-story.ts, and order-story.ts through it), the
// lists and the search results, so a code reads the same everywhere.
import type { PaymentMethod, RefundStatus } from '../api-types'
import { CARD_FAILURE_REASONS, PAYMENT_METHODS } from '../service/enums'

const METHOD_NAMES: Record<PaymentMethod, string> = {
  applepay: 'Apple Pay',
  bancomatpay: 'Bancomat Pay',
  bancontact: 'Bancontact',
  banktransfer: 'bank transfer',
  belfius: 'Belfius',
  billie: 'Billie',
  creditcard: 'card',
  directdebit: 'SEPA direct debit',
  eps: 'EPS',
  giftcard: 'gift card',
  ideal: 'iDEAL',
  in3: 'in3',
  kbc: 'KBC/CBC',
  klarna: 'Klarna',
  klarnapaylater: 'Klarna Pay later',
  klarnapaynow: 'Klarna Pay now',
  klarnasliceit: 'Klarna Slice it',
  mybank: 'MyBank',
  paypal: 'PayPal',
  paysafecard: 'paysafecard',
  przelewy24: 'Przelewy24',
  riverty: 'Riverty',
  satispay: 'Satispay',
  trustly: 'Trustly',
  twint: 'TWINT',
  voucher: 'voucher',
}

/** Every method the service knows with its name, in the service's order: what lists and choices offer. */
export const METHOD_CHOICES: readonly (readonly [PaymentMethod, string])[] = PAYMENT_METHODS.map(
  (m) => [m, METHOD_NAMES[m]] as const,
)

/** "iDEAL", "card", "bank transfer"; an unknown code as it is. */
export function methodName(method: string | null | undefined): string | null {
  if (!method) return null
  return (METHOD_NAMES as Record<string, string>)[method] ?? method
}

const REFUND_STATES: Record<RefundStatus, string> = {
  queued: 'queued: it goes out once the balance allows',
  pending: 'pending: it goes to the bank with the next batch',
  processing: 'being processed by the bank',
  refunded: 'sent to the customer',
  failed: 'failed: the money did not reach the customer',
  canceled: 'canceled before it went out',
}

/** What a refund's status means for the customer. */
export function refundStateWords(status: string): string {
  return (REFUND_STATES as Record<string, string>)[status] ?? status
}

/** A refund still on its way (it can be canceled and counts as refunded already). */
export function refundInFlight(status: string): boolean {
  return status === 'queued' || status === 'pending' || status === 'processing'
}

/** The card failure reason code, when the payment carries one (for search: "failed card"). */
export function failureCode(details: Record<string, unknown> | null | undefined): string | null {
  const reason = details?.failureReason
  return typeof reason === 'string' && reason in CARD_FAILURE_REASONS ? reason : null
}

/** A phrase made to start a sentence: its first letter a capital ("bank transfer" → "Bank transfer"). */
export function sentenceStart(phrase: string): string {
  return phrase.charAt(0).toUpperCase() + phrase.slice(1)
}

// The customer view's words: statuses, methods and problems said the way support says them (no API
// field names). Pure, so the sentences are unit-tested.
import type { CustomerProblem } from '../../../../shared/customer-summary'
import { daysSince } from '../../../../shared/customer-summary'
import { formatAmountForDisplay } from '../../../../shared/money'

const STATUS_WORDS: Record<string, string> = {
  paid: 'Paid',
  failed: 'Failed',
  open: 'Waiting for payment',
  pending: 'Pending at the bank',
  authorized: 'Authorized, not yet taken',
  expired: 'Expired unpaid',
  canceled: 'Canceled',
  created: 'Not paid yet',
  shipping: 'Paid, being shipped',
  completed: 'Completed',
}

/** A payment's or order's status in words ("Waiting for payment"). */
export function statusWords(status: string): string {
  return STATUS_WORDS[status] ?? status.charAt(0).toUpperCase() + status.slice(1)
}

const METHOD_WORDS: Record<string, string> = {
  applepay: 'Apple Pay',
  bancontact: 'Bancontact',
  banktransfer: 'Bank transfer',
  creditcard: 'Card',
  directdebit: 'Direct debit',
  ideal: 'iDEAL',
  paypal: 'PayPal',
  paysafecard: 'paysafecard',
  kbc: 'KBC/CBC',
  belfius: 'Belfius',
  eps: 'EPS',
  giropay: 'giropay',
  przelewy24: 'Przelewy24',
  klarna: 'Klarna',
  in3: 'in3',
  billie: 'Billie',
  riverty: 'Riverty',
  twint: 'TWINT',
  voucher: 'Voucher',
  giftcard: 'Gift card',
}

/** A method in words ("Bank transfer"); none chosen yet: "Not chosen yet". */
export function methodWords(method: string | null): string {
  if (!method) return 'Not chosen yet'
  return METHOD_WORDS[method] ?? method
}

/** One problem as a sentence: "Payment failed: The card has insufficient funds." */
export function problemSentence(problem: CustomerProblem, locale: string, nowMs: number): string {
  const what = problem.paymentId ? 'Payment' : 'Order'
  const amount = formatAmountForDisplay(problem.amount, locale)
  switch (problem.kind) {
    case 'failed':
      return `${what} of ${amount} failed: ${problem.reason ?? 'the service gave no reason.'}`
    case 'expired':
      return `${what} of ${amount} expired unpaid.`
    case 'canceled':
      return `${what} of ${amount} was canceled.`
    case 'charged-back':
      return `The bank took back ${amount} (a chargeback).`
    case 'open-long': {
      const days = daysSince(problem.at, nowMs)
      return `${what} of ${amount} has waited for payment for ${days} day${days === 1 ? '' : 's'}.`
    }
  }
}

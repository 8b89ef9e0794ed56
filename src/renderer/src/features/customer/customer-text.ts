// The customer view's words: statuses, methods and problems said the way support says them (no API
// field names). Pure, so the sentences are unit-tested.
import type { CustomerProblem } from '../../../../shared/customer-summary'
import { daysSince } from '../../../../shared/customer-summary'
import { formatAmountForDisplay } from '../../../../shared/money'
import { methodName, sentenceStart } from '../../../../shared/story/words'

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
  return STATUS_WORDS[status] ?? sentenceStart(status)
}

/** A method in words ("Bank transfer"), from the one table of method names (shared/story/words.ts). */
export function methodWords(method: string | null): string {
  const name = methodName(method)
  if (!name) return 'Not chosen yet'
  return sentenceStart(name)
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

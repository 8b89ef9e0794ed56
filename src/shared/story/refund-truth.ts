// A refund told as it is (issue 49 item 3): its state, when it usually reaches the customer (by
// method, from the documented processing times in service/refunds.ts), a sentence the agent can say
// to the caller, and for a failed refund why and what to do next. Pure TypeScript: no node, no DOM.
import type { Refund } from '../api-types'
import { formatMoment, type DateWords } from '../dates'
import { formatAmountForDisplay } from '../money'
import { refundArrival, refundIsCancelable } from '../service/refunds'
import { methodName } from './words'

type RefundFacts = Pick<Refund, 'amount' | 'status' | 'createdAt'>

/** "for iDEAL it usually reaches the customer the same business day it is sent out (…)". */
export function refundArrivalWords(method: string | null | undefined, who: 'you' | 'the customer'): string {
  const name = methodName(method)
  return `${name ? `for ${name} ` : ''}it usually reaches ${who} ${refundArrival(method).within}`
}

/** What the agent can tell the caller about this refund, in one or two sentences. */
export function refundForCaller(refund: RefundFacts, method: string | null | undefined, words: DateWords = {}): string {
  const amount = formatAmountForDisplay(refund.amount, words.locale)
  const made = formatMoment(refund.createdAt, 'day', words)
  const arrival = refundArrivalWords(method, 'you')
  switch (refund.status) {
    case 'queued':
      return `Your refund of ${amount} was made on ${made} and is waiting to be sent out; once it is, ${arrival}.`
    case 'pending':
      return `Your refund of ${amount} was made on ${made} and goes out with the next business day's refunds; ${arrival}.`
    case 'processing':
      return `Your refund of ${amount} left us (made on ${made}); ${arrival}.`
    case 'refunded':
      return `Your refund of ${amount} was sent to you (made on ${made}); ${arrival}.`
    case 'failed':
      return `Your refund of ${amount} could not be paid out: your bank did not accept it. The money came back to us; we will pay you back another way.`
    case 'canceled':
      return `The refund of ${amount} made on ${made} was canceled before it went out; no money was sent.`
    default:
      return `Your refund of ${amount} was made on ${made}.`
  }
}

/**
 * For the agent: what a failed refund means and what to do
 * (https://docs.mollie.com/payments/refunds, "Refund statuses": failed "after processing. For example,
 * the customer has closed his / her bank account. The funds will be returned to your account").
 */
export const FAILED_REFUND_NEXT_STEP =
  "The refund failed after it was sent: the customer's bank did not accept it (for example, the account is closed), and the money went back to the merchant's balance. Ask the customer for an account that works and pay them back another way; a new refund on this payment would go back the same way."

/** The refund's line for the agent: its state, and when it may still be canceled. */
export function refundStateLine(refund: Pick<Refund, 'status'>): string {
  switch (refund.status) {
    case 'queued':
      return 'Queued: waiting for the balance to cover it. It can still be canceled.'
    case 'pending':
      return 'Pending: goes out with the next business day’s refunds. It can still be canceled.'
    case 'processing':
      return 'Being paid out: it can no longer be canceled.'
    case 'refunded':
      return 'Sent to the customer.'
    case 'failed':
      return 'Failed: the customer’s bank did not accept it.'
    case 'canceled':
      return 'Canceled before it went out.'
    default:
      return refundIsCancelable(refund.status) ? `${refund.status}; it can still be canceled.` : refund.status
  }
}

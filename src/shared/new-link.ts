// When the desk offers "New payment link" (issue 49 item 7): a payment or an order that was not paid
// and can no longer be paid with its own checkout. The link asks for the same amount and description
// (https://docs.mollie.com/reference/v2/payment-links-api/create-payment-link: the description is also
// the payment's, shown on the customer's statement) and names no method, so the customer chooses one
// on the link's page (the answer's `allowedMethods` is null). Pure: no Node, no DOM.
import type { Order, Payment } from './api-types'

/** A payment whose checkout is over without money: a link is the way to pay it now. */
const PAYMENT_STATES_FOR_A_LINK: readonly Payment['status'][] = ['failed', 'expired', 'canceled']

/** An order that was never paid, and no payment of it can still complete. */
const ORDER_STATES_FOR_A_LINK: readonly Order['status'][] = ['created', 'expired', 'canceled']

/** A payment of an order that may still bring the money in (or already did). */
const PAYMENT_STATES_STILL_GOING: readonly Payment['status'][] = ['open', 'pending', 'authorized', 'paid']

/** Why no new payment link is offered for this payment, in the agent's words; null when it is. */
export function newLinkProblemForPayment(p: Pick<Payment, 'status' | 'id'>): string | null {
  if (PAYMENT_STATES_FOR_A_LINK.includes(p.status)) return null
  if (p.status === 'open') {
    return `${p.id} is still open: the customer can pay it with its own checkout link (send that one).`
  }
  return `${p.id} is ${p.status}: a new link is only for a payment that failed, expired or was canceled.`
}

/** The same for an order, from the order and its payments. */
export function newLinkProblemForOrder(
  o: Pick<Order, 'status' | 'orderNumber'>,
  payments: readonly Pick<Payment, 'id' | 'status'>[],
): string | null {
  if (!ORDER_STATES_FOR_A_LINK.includes(o.status)) {
    return `order ${o.orderNumber} is ${o.status}: a new link is only for an order that was not paid.`
  }
  const going = payments.find((p) => PAYMENT_STATES_STILL_GOING.includes(p.status))
  if (going) {
    return `order ${o.orderNumber} has a payment that is ${going.status} (${going.id}): the customer can still pay with it.`
  }
  return null
}

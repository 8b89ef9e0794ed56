// What a payment or an order in a given state allows: refund, cancel, update, a new payment.
// ONE source for the sandbox (which refuses what the service refuses), main (which checks a fresh read
// before it sends: src/main/services/actions/) and the app's views (which offer only the actions that
// apply). Each rule names the documentation page it follows; where the
// documentation is silent the choice is written down in docs/SANDBOX.md ("Acting on payments and
// orders"). Pure TypeScript: no node, no DOM.
import type { Amount, Order, OrderStatus, Payment, PaymentMethod, PaymentStatus, Refund } from './api-types'
import { compareAmounts, fromMinor, toMinor } from './money'

/**
 * Methods without refunds (https://docs.mollie.com/payments/refunds: "Refunds are not available
 * for some payment methods, however, such as paysafecard and gift cards"; vouchers are gift cards
 * of a kind, so the sandbox refuses them too).
 */
const NON_REFUNDABLE_METHODS: readonly PaymentMethod[] = ['paysafecard', 'giftcard', 'voucher']

/**
 * Open payments of these methods can be canceled (https://docs.mollie.com/reference/cancel-payment:
 * "Depending on the payment method, you may be able to cancel a payment for a certain amount of
 * time — usually until the next business day or as long as the payment status is open"). The
 * sandbox's choice: the methods whose open payments wait days for the customer; an open iDEAL or
 * card payment is not cancelable (it expires within the hour).
 */
const CANCELABLE_OPEN_METHODS: readonly PaymentMethod[] = ['banktransfer', 'directdebit']

/** https://docs.mollie.com/reference/cancel-order: "while its status is either created, authorized, or shipping". */
const ORDER_CANCELABLE_STATUSES: readonly OrderStatus[] = ['created', 'authorized', 'shipping']

/** Payments of an order that still can complete: while one exists, no new payment for the order. */
const PAYMENT_STATUSES_BLOCKING_ORDER: readonly PaymentStatus[] = ['open', 'pending', 'authorized']

type PaymentState = Pick<Payment, 'status' | 'method' | 'amount'> &
  Partial<Pick<Payment, 'amountRemaining' | 'amountRefunded' | 'amountChargedBack' | 'orderId' | 'isCancelable'>> & {
    /** The refunds it was read with, when it was: a refund still on its way is told as such. */
    _embedded?: { refunds?: readonly Pick<Refund, 'status'>[] }
  }

/**
 * Whether a payment can be canceled now (its `isCancelable`). A payment of an order is canceled
 * with its order (https://docs.mollie.com/reference/cancel-order), never on its own.
 */
export function paymentIsCancelable(p: Pick<Payment, 'status' | 'method'> & { orderId?: string }): boolean {
  if (p.orderId !== undefined) return false
  if (p.status === 'authorized') return true
  return p.status === 'open' && p.method !== null && CANCELABLE_OPEN_METHODS.includes(p.method)
}

/** Why a payment cannot be refunded now, in plain words; null when it can. */
export function refundBlocker(p: PaymentState): string | null {
  if (p.status !== 'paid') {
    return `Only a paid payment can be refunded; this payment is ${p.status}.`
  }
  if (p.method !== null && NON_REFUNDABLE_METHODS.includes(p.method)) {
    return `Payments made with ${p.method} cannot be refunded.`
  }
  const remaining = p.amountRemaining ?? p.amount
  if (toMinor(remaining) <= 0n) return nothingLeftToRefund(p)
  return null
}

const REFUND_ON_ITS_WAY: readonly string[] = ['queued', 'pending', 'processing']

/** Why nothing is left: refunded, taken back by the customer's bank (a chargeback), or both. */
function nothingLeftToRefund(p: PaymentState): string {
  const chargedBack = p.amountChargedBack !== undefined && toMinor(p.amountChargedBack) > 0n
  const refunded = p.amountRefunded !== undefined && toMinor(p.amountRefunded) > 0n
  if (chargedBack && refunded) {
    return "Nothing is left to refund: part was refunded and the customer's bank took back the rest (a chargeback)."
  }
  if (chargedBack) return "The customer's bank took the whole payment back (a chargeback); nothing is left to refund."
  const onItsWay = (p._embedded?.refunds ?? []).some((r) => REFUND_ON_ITS_WAY.includes(r.status))
  if (onItsWay) {
    return 'The whole amount is being refunded: a refund is on its way to the customer (see its state below), so nothing more is left to refund. While it is queued or pending it can still be canceled.'
  }
  return 'This payment has been refunded in full; nothing is left to refund.'
}

/**
 * Why this amount cannot be refunded from this payment (currency, more than remaining, not above
 * zero), with the field the service names; null when it can.
 */
export function refundAmountProblem(
  p: PaymentState,
  amount: Amount,
): { field: 'amount' | 'amount.currency'; message: string } | null {
  const remaining = p.amountRemaining ?? p.amount
  if (amount.currency !== remaining.currency) {
    return {
      field: 'amount.currency',
      message: `The refund must be in the payment's currency ${remaining.currency}, not ${amount.currency}.`,
    }
  }
  if (toMinor(amount) <= 0n) return { field: 'amount', message: 'The amount to refund must be more than zero.' }
  if (compareAmounts(amount, remaining) > 0) {
    return {
      field: 'amount',
      message: `The amount to refund (${amount.value} ${amount.currency}) is higher than what is left to refund (${fromMinor(toMinor(remaining), remaining.currency)} ${remaining.currency}).`,
    }
  }
  return null
}

/** Why a payment cannot be updated now; null when it can (update payment: "while open", the sandbox's reading). */
export function updateBlocker(p: Pick<Payment, 'status'>): string | null {
  return p.status === 'open' ? null : `A payment can be changed only while it is open; this payment is ${p.status}.`
}

/** Why a payment cannot be canceled now; null when it can. */
export function cancelPaymentBlocker(p: Pick<Payment, 'status' | 'method'> & { orderId?: string }): string | null {
  if (paymentIsCancelable(p)) return null
  if (p.status === 'paid') return 'A paid payment cannot be canceled: the customer has paid. Refund it instead.'
  if (p.orderId !== undefined) return orderPaymentCancelWhy({ ...p, orderId: p.orderId })
  if (p.status === 'open') {
    return `An open ${p.method ?? 'payment without a chosen method'} payment cannot be canceled; it expires by itself if the customer does not pay.`
  }
  return `A ${p.status} payment cannot be canceled.`
}

/**
 * Why a payment of an order cannot be canceled, without contradicting the order's own rule
 * (cancelOrderBlocker): "cancel the order instead" only where the order can be canceled with this
 * payment as it is (authorized, or open with a method canceled with its order).
 */
function orderPaymentCancelWhy(p: Pick<Payment, 'status' | 'method'> & { orderId: string }): string {
  const belongs = `This payment belongs to order ${p.orderId}`
  if (p.status === 'authorized') return `${belongs}: it is canceled with its order; cancel the order instead.`
  if (p.status === 'open' && !blocksOrderCancel({ id: '', status: p.status, method: p.method })) {
    return `${belongs}: it is canceled with its order; cancel the order instead.`
  }
  if (p.status === 'open') {
    return `${belongs} and is open: it expires by itself if the customer does not pay, and its order cannot be canceled while it is open.`
  }
  return `${belongs}; a ${p.status} payment cannot be canceled.`
}

/**
 * Open payments of these methods do not keep their order from being canceled; they are canceled with
 * it (https://docs.mollie.com/reference/cancel-order: "doesn't have any open payments except for the
 * methods banktransfer, directdebit, klarnapaylater, and klarnasliceit").
 */
const OPEN_PAYMENT_METHODS_CANCELED_WITH_ORDER: readonly PaymentMethod[] = [
  'banktransfer',
  'directdebit',
  'klarnapaylater',
  'klarnasliceit',
]

type OrderPaymentState = Pick<Payment, 'id' | 'status'> & { method?: Payment['method'] }

/** An open payment the order must wait for before it can be canceled. */
export function blocksOrderCancel(p: OrderPaymentState): boolean {
  return p.status === 'open' && !(p.method && OPEN_PAYMENT_METHODS_CANCELED_WITH_ORDER.includes(p.method))
}

/**
 * Why an order cannot be canceled now; null when it can. Cancel order
 * (https://docs.mollie.com/reference/cancel-order): only while created, authorized or shipping, and
 * not while one of its payments is open (but for the methods above). The payments are the order's embedded ones unless given.
 */
export function cancelOrderBlocker(
  o: Pick<Order, 'status'> & { _embedded?: { payments?: readonly OrderPaymentState[] } },
  payments: readonly OrderPaymentState[] = o._embedded?.payments ?? [],
): string | null {
  if (!ORDER_CANCELABLE_STATUSES.includes(o.status)) {
    return `An order can be canceled only while it is created, authorized or shipping; this order is ${o.status}.`
  }
  const open = payments.find((p) => blocksOrderCancel(p))
  if (open) {
    return `The order has an open payment (${open.id}); an order can be canceled only once none of its payments is open. Wait until the customer pays or the payment expires.`
  }
  return null
}

/** What to do instead of an action that does not apply (the views offer it beside the reason). */
export type NextStep = { kind: 'open-order'; label: string }

export function cancelPaymentNextStep(p: Pick<Payment, 'status'> & { orderId?: string }): NextStep | null {
  if (paymentIsCancelable({ ...p, method: null })) return null
  // A paid one is refunded here, not through its order.
  return p.orderId !== undefined && p.status !== 'paid' ? { kind: 'open-order', label: 'Open the order' } : null
}

/**
 * Why no refund, cancel or change applies to this payment, and what to do instead, in one or two
 * sentences (for a payment none of the three applies to). A paid one says why it cannot be refunded
 * (refunded in full, charged back, its method); one that ended without money taken (expired, failed,
 * canceled) is paid with a new payment, from its order when it has one.
 */
export function noPaymentWriteWhy(p: PaymentState): string {
  if (p.status === 'paid') return refundBlocker(p) ?? ''
  const again =
    p.orderId !== undefined
      ? 'To take the payment again, open its order and create a new payment for it.'
      : 'To take the payment again, create a new payment and send the customer its link.'
  switch (p.status) {
    case 'expired':
      return `An expired payment cannot be refunded, canceled or changed: the customer never paid. ${again}`
    case 'failed':
      return `A failed payment cannot be refunded, canceled or changed: no money was taken. ${again}`
    case 'canceled':
      return `A canceled payment cannot be refunded, canceled or changed: no money was taken. ${again}`
    case 'pending':
      return 'A pending payment cannot be refunded, canceled or changed while the bank has not answered; it becomes paid or failed by itself.'
    default:
      return `No refund, cancel or change applies to this payment while it is ${p.status}.`
  }
}

/**
 * What the agent can do instead of canceling an order that cannot be canceled, in plain words; null
 * when canceling is possible or nothing else applies. A paid order is refunded instead
 * (https://docs.mollie.com/reference/cancel-order: "an order that is paid ... cannot be canceled";
 * refunding its payment gives the customer the money back).
 */
export function cancelOrderInstead(o: Pick<Order, 'status'>): string | null {
  if (ORDER_CANCELABLE_STATUSES.includes(o.status)) return null
  if (o.status === 'paid' || o.status === 'completed') {
    return 'To give the customer the money back, refund its payment instead: open the payment below and choose Refund… (R).'
  }
  return null
}

/**
 * Why no new payment can be created for the order now (spec 3 rule 2: only while the order is
 * `created`; https://docs.mollie.com/reference/create-order-payment: none of its payments may
 * still complete); null when one can.
 */
export function newOrderPaymentBlocker(
  o: Pick<Order, 'status'>,
  payments: readonly Pick<Payment, 'id' | 'status'>[],
): string | null {
  if (o.status !== 'created') {
    return `A new payment can only be created while the order has status created; this order is ${o.status}.`
  }
  const live = payments.find((p) => PAYMENT_STATUSES_BLOCKING_ORDER.includes(p.status))
  if (live) {
    return `The order already has a payment that can still complete (${live.id} is ${live.status}); a new payment can only be created once it is expired, canceled or failed.`
  }
  return null
}

// Pieces every action dialog shares: who the customer is, which connection, a bounded text field.
import type { Address } from '../../../shared/api-types'
import { useConnectionStore, usePaymentsStore } from '../stores/window-stores'

export function addressedCustomer(address: Address | undefined): string {
  if (!address) return 'not named'
  const name = [address.givenName, address.familyName].filter(Boolean).join(' ')
  return [name, address.email].filter(Boolean).join(' · ') || 'not named'
}

/**
 * The customer of a payment as a dialog names them. A payment of an order carries no address of its
 * own: then the order's customer, from the order the payment view read with it (issue 49 item 7).
 */
export function PaymentCustomer({ payment }: { payment: { id: string; billingAddress?: Address } }): React.JSX.Element {
  const order = usePaymentsStore((s) => (s.detail?.id === payment.id ? (s.detail.context?.order ?? null) : null))
  if (payment.billingAddress || !order) return <>{addressedCustomer(payment.billingAddress)}</>
  return (
    <>
      {addressedCustomer(order.billingAddress)}, order {order.orderNumber}
    </>
  )
}

/** Where a refund goes back to, by how the customer paid. */
const REFUNDED_TO: Readonly<Record<string, string>> = {
  creditcard: 'the customer’s card',
  applepay: 'the customer’s card (Apple Pay)',
  paypal: 'the customer’s PayPal account',
  ideal: 'the customer’s bank account',
  banktransfer: 'the customer’s bank account',
  directdebit: 'the customer’s bank account',
  bancontact: 'the customer’s bank account',
  eps: 'the customer’s bank account',
  kbc: 'the customer’s bank account',
  belfius: 'the customer’s bank account',
  trustly: 'the customer’s bank account',
  przelewy24: 'the customer’s bank account',
  mybank: 'the customer’s bank account',
}

/** What each write does on a live connection, in real money: the dialogs' live note (issue 49 item 7). */
export const LIVE_EFFECT = {
  refund: (method: string | null) => `This refunds real money to ${(method && REFUNDED_TO[method]) || 'the customer'}.`,
  cancelPayment: 'This cancels a real payment: the customer can no longer pay it.',
  cancelOrder: 'This cancels a real customer’s order: they can no longer pay it, and it cannot be undone.',
  update: 'This changes a real payment: the customer sees the new description and goes to the new addresses.',
  cancelRefund: 'This stops real money on its way back to the customer.',
  cancelSubscription: 'This stops a real customer’s subscription: it charges them no more.',
  revokeMandate:
    'This revokes a real customer’s mandate: nothing more can be charged with it, and its subscriptions stop.',
} as const

/** The connection as the dialogs name it: "Sandbox (test)". */
export function useConnectionText(): { text: string; live: boolean } {
  const active = useConnectionStore((s) => s.active)
  if (!active) return { text: 'the active connection', live: false }
  return { text: `${active.label} (${active.isLive ? 'live' : 'test'})`, live: active.isLive }
}

/** A dialog's one-line text field: the words above it, bounded in length. */
export function DialogTextField(props: {
  label: string
  maxLength: number
  testId: string
  value: string
  onChange: (value: string) => void
}): React.JSX.Element {
  return (
    <label className="field">
      <span>{props.label}</span>
      <input
        className="input"
        value={props.value}
        maxLength={props.maxLength}
        onChange={(e) => props.onChange(e.target.value)}
        data-testid={props.testId}
      />
    </label>
  )
}

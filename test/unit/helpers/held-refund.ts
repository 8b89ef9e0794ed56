// "Refund the rest" for the unit tests of the held refund: a paid 89.00 EUR payment whose half
// (44.50) was refunded at HALF_AT, so the other half is refused by the duplicate window for an hour.
import type { Payment, Refund } from '../../../src/shared/api-types'

export const HALF_AT = Date.parse('2026-11-28T10:05:00Z')
export const REST_PAYMENT_ID = 'tr_00000000REST'

export const eur = (value: string) => ({ currency: 'EUR', value })

/** The first half's refund, pending. */
export const half = {
  resource: 'refund',
  id: 're_00000000HALF',
  status: 'pending',
  description: '',
  amount: eur('44.50'),
  createdAt: new Date(HALF_AT).toISOString(),
} as unknown as Refund

/** The payment with `refunds` embedded and `refundedCents` of its 89.00 refunded. */
export function restPayment(refunds: Refund[], refundedCents: number): Payment {
  return {
    resource: 'payment',
    id: REST_PAYMENT_ID,
    mode: 'test',
    status: 'paid',
    method: 'paypal',
    description: 'Desk lamp and mug',
    amount: eur('89.00'),
    amountRefunded: eur((refundedCents / 100).toFixed(2)),
    amountRemaining: eur(((8900 - refundedCents) / 100).toFixed(2)),
    createdAt: '2026-11-25T10:00:00+00:00',
    _embedded: { refunds: [...refunds], chargebacks: [] },
  } as unknown as Payment
}

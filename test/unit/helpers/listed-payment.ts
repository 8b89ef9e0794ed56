// A payment as a payments list returns it, for the unit tests of what main does with listed payments
// (the CSV export, the export's paging): paid with iDEAL, 10.00 EUR, with its self link; `over`
// changes any field.
import type { Payment } from '../../../src/shared/api-types'

export function listedPayment(over: Partial<Payment> = {}): Payment {
  const id = over.id ?? 'tr_abc123'
  return {
    resource: 'payment',
    id,
    mode: 'test',
    status: 'paid',
    description: 'Order 1',
    amount: { currency: 'EUR', value: '10.00' },
    method: 'ideal',
    redirectUrl: null,
    profileId: 'pfl_x',
    sequenceType: 'oneoff',
    createdAt: '2026-11-20T10:00:00+00:00',
    _links: {
      self: { href: `http://127.0.0.1/v2/payments/${id}`, type: 'application/hal+json' },
      documentation: { href: 'https://docs.mollie.com/reference/get-payment', type: 'text/html' },
    },
    ...over,
  }
}

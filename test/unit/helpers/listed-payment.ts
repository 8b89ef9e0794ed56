// A payment as a payments list returns it, for the unit tests of what main does with listed payments
// (the CSV export, the export's paging) and of the payments screen: paid with iDEAL, 10.00 EUR, with
// its self link; `over` changes any field. And a page of the list holding such payments.
import type { Payment, PaymentList } from '../../../src/shared/api-types'

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

/** A page of the payments list (spec 4.3) holding `payments`, with the cursor links given. */
export function paymentListOf(payments: Payment[], links: { self: string; next?: string | null }): PaymentList {
  const link = (href: string) => ({ href, type: 'application/hal+json' })
  return {
    count: payments.length,
    _embedded: { payments },
    _links: {
      self: link(links.self),
      previous: null,
      next: links.next ? link(links.next) : null,
      documentation: { href: 'https://docs.mollie.com/reference/list-payments', type: 'text/html' },
    },
  }
}

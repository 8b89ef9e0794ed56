// A payment and its refund for the unit tests of the stories told in words (src/shared/story/): a
// 59.95 EUR iDEAL payment paid on 23 Nov at 19:42, a 20.00 refund of it, a chargeback of all of it
// (account closed), an order of the same sum; `over` changes any field.
import type { Chargeback, Order, Payment, Refund } from '../../../src/shared/api-types'

/** The words the stories are told in: British English, in UTC. */
export const words = { locale: 'en-GB', timeZone: 'UTC' }

export function payment(over: Partial<Payment> = {}): Payment {
  return {
    resource: 'payment',
    id: 'tr_Story1',
    mode: 'test',
    status: 'paid',
    description: 'Order 12',
    amount: { currency: 'EUR', value: '59.95' },
    method: 'ideal',
    redirectUrl: null,
    profileId: 'pfl_1',
    sequenceType: 'oneoff',
    createdAt: '2026-11-23T19:40:00Z',
    paidAt: '2026-11-23T19:42:00Z',
    _links: { self: { href: 'x', type: 'application/hal+json' }, documentation: { href: 'd', type: 'text/html' } },
    ...over,
  }
}

export function refund(over: Partial<Refund> = {}): Refund {
  return {
    resource: 'refund',
    id: 're_1',
    mode: 'test',
    description: 'Damaged box',
    amount: { currency: 'EUR', value: '20.00' },
    metadata: null,
    status: 'pending',
    paymentId: 'tr_Story1',
    createdAt: '2026-11-24T09:00:00Z',
    _links: {
      self: { href: 'x', type: 't' },
      payment: { href: 'p', type: 't' },
      documentation: { href: 'd', type: 't' },
    },
    ...over,
  }
}

export function chargeback(over: Partial<Chargeback> = {}): Chargeback {
  return {
    resource: 'chargeback',
    id: 'chb_1',
    amount: { currency: 'EUR', value: '59.95' },
    createdAt: '2026-11-25T10:00:00Z',
    reason: { code: 'AC04', description: 'Account closed' },
    reversedAt: null,
    paymentId: 'tr_Story1',
    ...over,
  }
}

/** A link object of the fixtures (its address is not followed). */
export const link = { href: 'x', type: 't' }

/** A 59.95 EUR order 1042 for Ada Lovelace, created on 20 Nov, with no payment yet. */
export function order(over: Partial<Order> = {}): Order {
  return {
    resource: 'order',
    id: 'ord_story1',
    mode: 'test',
    profileId: 'pfl_1',
    orderNumber: '1042',
    amount: { currency: 'EUR', value: '59.95' },
    status: 'created',
    method: null,
    locale: 'en_GB',
    billingAddress: { givenName: 'Ada', familyName: 'Lovelace', email: 'ada@example.com' },
    redirectUrl: null,
    lines: [],
    createdAt: '2026-11-20T08:00:00Z',
    _links: { self: link, checkout: null, dashboard: link, documentation: link },
    ...over,
  }
}

// Who the customer of a payment or an order is, from what the service holds: the order's billing
// and shipping addresses (a payment of an order has none of its own), the payment's addresses, the
// name its method reports (a bank account's holder, a card's holder) and the customer object's id.
import type { Address, Order, Payment } from '../api-types'

export interface Contact {
  name: string | null
  email: string | null
  phone: string | null
  /** "Navy Yard 1, 20374 Washington, US" */
  address: string | null
  /** The service's customer (`cst_…`), when the payment names one. */
  customerId: string | null
}

function fullName(a: Address | undefined): string | null {
  if (!a) return null
  const name = [a.givenName, a.familyName].filter(Boolean).join(' ').trim()
  return name || a.organizationName?.trim() || null
}

function postal(a: Address | undefined): string | null {
  if (!a) return null
  const city = [a.postalCode, a.city].filter(Boolean).join(' ')
  const text = [a.streetAndNumber, city, a.country].filter(Boolean).join(', ')
  return text || null
}

function detailName(details: Payment['details']): string | null {
  for (const key of ['consumerName', 'cardHolder'] as const) {
    const v = details?.[key]
    if (typeof v === 'string' && v.trim()) return v.trim()
  }
  return null
}

/** The contact of a payment (with its order when it belongs to one) or of an order. */
export function contactOf(
  payment: Payment | null,
  order?: Pick<Order, 'billingAddress' | 'shippingAddress'> | null,
): Contact {
  const addresses = [order?.billingAddress, order?.shippingAddress, payment?.billingAddress, payment?.shippingAddress]
  const first = <T>(pick: (a: Address) => T | null | undefined): T | null => {
    for (const a of addresses) {
      const v = a ? pick(a) : null
      if (v) return v
    }
    return null
  }
  return {
    name: first((a) => fullName(a)) ?? detailName(payment?.details ?? null),
    email: first((a) => a.email?.trim() || null),
    phone: first((a) => a.phone?.trim() || null),
    address: first((a) => postal(a)),
    customerId: payment?.customerId ?? null,
  }
}

/** True when nothing at all names the customer. */
export function isUnknownContact(c: Contact): boolean {
  return !c.name && !c.email && !c.phone && !c.customerId
}

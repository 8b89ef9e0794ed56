// A payment or an order as the search index stores it (index-db/): the plain columns it filters
// and sorts by, and the text a search reads: names, e-mails, addresses, descriptions, metadata values
// (encrypted on disk) and what happened to it, in the words an agent types ("refunded", "chargeback",
// "failed card", "insufficient funds"): the same words the payment view uses (shared/story).
import type { Order, Payment } from '../../shared/api-types'
import { isPositive } from '../../shared/money'
import { paymentState } from '../../shared/story/payment-story'
import { failureReasonText } from '../../shared/payment-failure'
import { customerTextOf } from './customer-text'
import { failureCode, methodName } from '../../shared/story/words'

/** The personal part of a row: encrypted on disk, in the FTS table in memory. */
export interface PersonalFields {
  email: string
  name: string
  address: string
  description: string
  orderNumber: string
  metadata: string
  /**
   * What happened to it, in words a search finds ("refunded", "chargeback", "failed card
   * insufficient funds"): not personal, but kept with the rest so one record holds a row's text.
   */
  facts: string
  /** The state in the agent's words, shown in a hit ("refunded" for a paid payment all refunded). */
  state?: string
}

export const FTS_COLUMNS = ['email', 'name', 'address', 'description', 'orderNumber', 'metadata', 'facts'] as const
export const MATCH_LABELS: Record<(typeof FTS_COLUMNS)[number], string> = {
  email: 'Customer e-mail',
  name: 'Name',
  address: 'Address',
  description: 'Description',
  orderNumber: 'Order number',
  metadata: 'Metadata',
  facts: 'What happened',
}

export interface IndexRow {
  id: string
  createdMs: number
  status: string
  method: string | null
  currency: string
  value: string
  orderId: string | null
  mode: string
  profileId: string
  personal: PersonalFields
}

function metadataText(value: unknown, depth = 0): string {
  if (value === null || value === undefined || depth > 4) return ''
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (Array.isArray(value)) return value.map((v) => metadataText(v, depth + 1)).join(' ')
  if (typeof value === 'object') {
    return Object.values(value as Record<string, unknown>)
      .map((v) => metadataText(v, depth + 1))
      .join(' ')
  }
  return ''
}

interface AddressLike {
  givenName?: string
  familyName?: string
  organizationName?: string
  email?: string
  streetAndNumber?: string
  postalCode?: string
  city?: string
}

function addressText(a: AddressLike | undefined): string {
  return a ? [a.streetAndNumber, a.postalCode, a.city].filter(Boolean).join(' ') : ''
}
function nameText(a: AddressLike | undefined): string {
  return a ? [a.givenName, a.familyName, a.organizationName].filter(Boolean).join(' ') : ''
}

const clip = (s: string, max = 2000) => (s.length > max ? s.slice(0, max) : s)

export function paymentRow(p: Payment): IndexRow {
  const details = p.details ?? {}
  const consumer = typeof details.consumerName === 'string' ? details.consumerName : ''
  const cardHolder = typeof details.cardHolder === 'string' ? details.cardHolder : ''
  const addresses = [p.billingAddress, p.shippingAddress] as (AddressLike | undefined)[]
  // A payment made for a customer of the Customers API names it by id only: its name and e-mail (customer-text.ts).
  const customer = p.customerId === undefined ? undefined : customerTextOf(p.customerId)
  if (customer) addresses.push({ givenName: customer.name ?? undefined, email: customer.email ?? undefined })
  return {
    id: p.id,
    createdMs: Date.parse(p.createdAt),
    status: p.status,
    method: p.method ?? null,
    currency: p.amount.currency,
    value: p.amount.value,
    orderId: p.orderId ?? null,
    mode: p.mode,
    profileId: p.profileId,
    personal: {
      email: clip(addresses.map((a) => a?.email ?? '').join(' ')),
      name: clip([consumer, cardHolder, ...addresses.map(nameText)].filter(Boolean).join(' ')),
      address: clip(addresses.map(addressText).join(' ')),
      description: clip(p.description ?? ''),
      orderNumber: '',
      metadata: clip(metadataText(p.metadata)),
      facts: paymentFacts(p),
      state: paymentState(p).state.toLowerCase(),
    },
  }
}

export function orderRow(o: Order): IndexRow {
  const addresses = [o.billingAddress, o.shippingAddress] as (AddressLike | undefined)[]
  const lines = (o.lines ?? []).map((l) => l.name).join(' ')
  return {
    id: o.id,
    createdMs: Date.parse(o.createdAt),
    status: o.status,
    method: (Array.isArray(o.method) ? o.method[0] : o.method) ?? null,
    currency: o.amount.currency,
    value: o.amount.value,
    orderId: null,
    mode: o.mode,
    profileId: o.profileId,
    personal: {
      email: clip(addresses.map((a) => a?.email ?? '').join(' ')),
      name: clip(addresses.map(nameText).join(' ')),
      address: clip(addresses.map(addressText).join(' ')),
      description: clip(lines),
      orderNumber: clip(o.orderNumber ?? ''),
      metadata: clip(metadataText(o.metadata)),
      facts: orderFacts(o),
    },
  }
}

/**
 * The words a search for what happened to a payment finds it by: only what sets it apart (a refund,
 * a chargeback, a failure's method and reason), so a common word does not match every row; the
 * status itself is a filter of its own (a search for "failed" filters by status).
 */
function paymentFacts(p: Payment): string {
  const words: string[] = []
  const state = paymentState(p).state.toLowerCase()
  if (state !== p.status) words.push(state)
  if (isPositive(p.amountRefunded)) words.push('refund refunded')
  if (isPositive(p.amountChargedBack)) words.push('chargeback charged back')
  if (p.status === 'failed') {
    words.push(methodName(p.method) ?? '', p.method === 'creditcard' ? 'card' : '')
    words.push(failureCode(p.details)?.replace(/_/g, ' ') ?? '', failureReasonText(p.details) ?? '')
  }
  return clip([...new Set(words.filter(Boolean))].join(' ').toLowerCase())
}

/** The words a search for what happened to an order finds it by. */
function orderFacts(o: Order): string {
  return isPositive(o.amountRefunded) ? 'refund refunded' : ''
}

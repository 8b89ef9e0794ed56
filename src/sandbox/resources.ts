// Builds the sandbox's orders and payments from validated requests and renders them as the
// service's JSON (spec 2.2, 2.3, 2.4, 2.6). Read-only request fields are never copied (spec 4.1).
import type {
  Address,
  CreateOrderRequest,
  CreatePaymentRequest,
  Link,
  Mode,
  Order,
  OrderLine,
  Payment,
  PaymentLine,
  PaymentMethod,
  Refund,
} from '../shared/api-types'
import type { Shipment } from '../shared/api-types-ledger'
import { discountAmountIgnored, truncatedDescription } from '../shared/order-rules'
import { paymentIsCancelable } from '../shared/payment-writes'
import type { IdFactory } from './ids'
import {
  untouchedLineCounts,
  zeroLike,
  type OrderRecord,
  type PaymentData,
  type PaymentRecord,
  type ShipmentData,
} from './records'
import { apiLink } from './links'

// Spec 2.6: descriptions over 255 characters are truncated, not rejected (rule kept in the rules module).
const truncateDescription = truncatedDescription

function html(href: string): Link {
  return { href, type: 'text/html' }
}

/**
 * A timestamp as the service writes it: ISO 8601 in UTC with `+00:00` and whole seconds, e.g.
 * `2018-03-20T13:13:37+00:00` (https://docs.mollie.com/reference/v2/payments-api/get-payment).
 */
export function serviceTimestamp(ms: number): string {
  // The day's part is cached per day: seeding writes hundreds of thousands of timestamps, on a few
  // hundred days, alternating between them (creation, payment, expiry, customers).
  const dayMs = Math.floor(ms / 86_400_000) * 86_400_000
  let cachedDay = dayPrefixes.get(dayMs)
  if (cachedDay === undefined) {
    if (dayPrefixes.size >= MAX_CACHED_DAYS) dayPrefixes.clear()
    cachedDay = new Date(dayMs).toISOString().slice(0, 11)
    dayPrefixes.set(dayMs, cachedDay)
  }
  const second = Math.floor((ms - dayMs) / 1000)
  const h = Math.floor(second / 3600)
  const m = Math.floor((second % 3600) / 60)
  const s = second % 60
  return `${cachedDay}${h < 10 ? '0' : ''}${h}:${m < 10 ? '0' : ''}${m}:${s < 10 ? '0' : ''}${s}+00:00`
}

/** How long an order stays valid without `expiresAt` (https://docs.mollie.com/orders/overview: 28 days). */
const ORDER_VALIDITY_MS = 28 * 86_400_000

/**
 * An order's `expiresAt` (https://docs.mollie.com/reference/get-order): an ISO 8601 date-time, the
 * start (UTC) of the requested `YYYY-MM-DD` day, else 28 days after creation.
 */
export function orderExpiresAt(createdAt: string, requested?: string | null): string {
  if (requested !== undefined && requested !== null) return `${requested}T00:00:00+00:00`
  return serviceTimestamp(Date.parse(createdAt) + ORDER_VALIDITY_MS)
}

/** `YYYY-MM-DDT` of each day start (ms) serviceTimestamp has written, at most MAX_CACHED_DAYS. */
const dayPrefixes = new Map<number, string>()
const MAX_CACHED_DAYS = 4096

const MINUTE = 60_000
/**
 * How long an open payment waits for its customer, per method
 * (https://docs.mollie.com/payments/status-changes, "Expiry times per payment method"). No
 * method yet: 15 minutes, as in the documentation's example of an open payment without a method.
 */
const EXPIRY_MS: Partial<Record<PaymentMethod, number>> = {
  ideal: 15 * MINUTE,
  paysafecard: 15 * MINUTE,
  creditcard: 30 * MINUTE,
  mybank: 45 * MINUTE,
  bancontact: 60 * MINUTE,
  belfius: 60 * MINUTE,
  eps: 60 * MINUTE,
  kbc: 60 * MINUTE,
  przelewy24: 60 * MINUTE,
  voucher: 120 * MINUTE,
  klarna: 48 * 60 * MINUTE,
  klarnapaynow: 48 * 60 * MINUTE,
  klarnapaylater: 48 * 60 * MINUTE,
  klarnasliceit: 48 * 60 * MINUTE,
  in3: 48 * 60 * MINUTE,
  paypal: 72 * 60 * MINUTE,
  banktransfer: 12 * 24 * 60 * MINUTE,
}
const DEFAULT_EXPIRY_MS = 15 * MINUTE

/** How long an open payment of `method` waits for its customer (EXPIRY_MS). */
export function paymentExpiryMs(method: PaymentMethod | null): number {
  return (method && EXPIRY_MS[method]) ?? DEFAULT_EXPIRY_MS
}

/** `expiresAt` of a payment created at `createdMs` that is still open. */
export function paymentExpiresAt(method: PaymentMethod | null, createdMs: number): string {
  return serviceTimestamp(createdMs + paymentExpiryMs(method))
}

const CONSUMER_ACCOUNT = 'NL55INGB0000000000'
const CONSUMER_BIC = 'INGBNL2A'

/**
 * `details` of a paid or authorized payment, by method, with the fields the documentation lists
 * for it (https://docs.mollie.com/reference/v2/payments-api/get-payment, "Payment method-specific
 * response parameters"); made-up but well-formed test values. Methods not covered here keep
 * `details: null` (docs/SANDBOX.md).
 */
export function paymentDetails(
  method: PaymentMethod | null,
  paymentId: string,
  address: Address | undefined,
): Record<string, unknown> | null {
  // Built per method (seeding calls this for most of 100,000 payments): only the object returned.
  const name = address?.givenName && address.familyName ? `${address.givenName} ${address.familyName}` : 'T. TEST'
  const fingerprint = paymentId.slice(-10)
  const card = () => ({
    cardHolder: name,
    cardNumber: '6787',
    cardFingerprint: fingerprint,
    cardAudience: 'consumer',
    cardLabel: 'Visa',
    cardCountryCode: address?.country ?? 'NL',
    cardSecurity: 'normal',
    feeRegion: 'intra-eu',
  })
  switch (method) {
    case 'ideal':
    case 'belfius':
    case 'kbc':
    case 'eps':
      return { consumerName: name, consumerAccount: CONSUMER_ACCOUNT, consumerBic: CONSUMER_BIC }
    case 'bancontact':
      return {
        cardNumber: '6787',
        cardFingerprint: fingerprint,
        consumerName: name,
        consumerAccount: CONSUMER_ACCOUNT,
        consumerBic: CONSUMER_BIC,
      }
    case 'banktransfer':
      return {
        bankName: 'Stichting Mollie Payments',
        bankAccount: 'NL53ABNA0627535577',
        bankBic: 'ABNANL2A',
        transferReference: `RF49-${paymentId.slice(-4)}-0000-${paymentId.slice(-8, -4)}`,
        consumerName: name,
        consumerAccount: CONSUMER_ACCOUNT,
        consumerBic: CONSUMER_BIC,
      }
    case 'creditcard':
      return card()
    case 'applepay':
      return { ...card(), wallet: 'applepay' }
    case 'paypal':
      return {
        consumerName: name,
        consumerAccount: address?.email ?? 'buyer@example.org',
        paypalReference: `9AL${fingerprint.toUpperCase()}`,
        paypalPayerId: `WDJJHEBZ${fingerprint.slice(0, 5).toUpperCase()}`,
        sellerProtection: 'Eligible',
      }
    case 'directdebit':
      return {
        transferReference: `SD${fingerprint.toUpperCase()}`,
        creditorIdentifier: 'NL08ZZZ502057730000',
        consumerName: name,
        consumerAccount: CONSUMER_ACCOUNT,
        consumerBic: CONSUMER_BIC,
      }
    default:
      return null
  }
}

export interface Scope {
  profileId: string
  mode: Mode
}

function methodOf(method: unknown): { method: PaymentMethod | null; offered: PaymentMethod[] | null } {
  if (typeof method === 'string') return { method: method as PaymentMethod, offered: null }
  if (Array.isArray(method)) return { method: null, offered: method as PaymentMethod[] }
  return { method: null, offered: null }
}

function copyAddress(address: Address | undefined): Address | undefined {
  return address === undefined ? undefined : { ...address }
}

export function buildPayment(
  body: CreatePaymentRequest,
  scope: Scope,
  ids: IdFactory,
  createdMs: number,
): PaymentRecord {
  const { method, offered } = methodOf(body.method)
  const data: PaymentData = {
    resource: 'payment',
    id: ids.next('tr'),
    mode: scope.mode,
    createdAt: serviceTimestamp(createdMs),
    amount: { currency: body.amount.currency, value: body.amount.value },
    description: truncateDescription(body.description),
    method,
    metadata: body.metadata === undefined ? null : structuredClone(body.metadata),
    status: 'open',
    isCancelable: paymentIsCancelable({ status: 'open', method }),
    profileId: scope.profileId,
    sequenceType: body.sequenceType ?? 'oneoff',
    redirectUrl: body.redirectUrl ?? null,
  }
  if (body.cancelUrl !== undefined) data.cancelUrl = body.cancelUrl
  if (body.webhookUrl !== undefined) data.webhookUrl = body.webhookUrl
  if (body.locale !== undefined && body.locale !== null) data.locale = body.locale
  // A requested expiry date is the start of that day (UTC); else the method's expiry time.
  data.expiresAt =
    body.expiresAt !== undefined ? `${body.expiresAt}T00:00:00+00:00` : paymentExpiresAt(method, createdMs)
  data.details = null
  if (body.customerId !== undefined) data.customerId = body.customerId
  if (body.lines !== undefined) {
    data.lines = body.lines.map((l): PaymentLine => {
      const line = { ...l }
      if (discountAmountIgnored(line.type)) delete line.discountAmount
      return line
    })
  }
  if (body.billingAddress !== undefined) data.billingAddress = { ...body.billingAddress }
  if (body.shippingAddress !== undefined) data.shippingAddress = { ...body.shippingAddress }
  const record: PaymentRecord = { data, offeredMethods: offered }
  if (method === null && offered === null) record.createdWithoutMethod = true
  return record
}

/** The payment an order creates automatically (spec 1, 3 rule 1), or a later one (create-order-payment). */
export function buildOrderPayment(
  order: OrderRecord['data'],
  requestedMethod: unknown,
  ids: IdFactory,
  createdMs: number,
): PaymentRecord {
  const { method, offered } = methodOf(requestedMethod === undefined ? order.method : requestedMethod)
  const data: PaymentData = {
    resource: 'payment',
    id: ids.next('tr'),
    mode: order.mode,
    createdAt: serviceTimestamp(createdMs),
    amount: { ...order.amount },
    description: truncateDescription(`Order ${order.orderNumber}`),
    method,
    metadata: null,
    status: 'open',
    isCancelable: false,
    profileId: order.profileId,
    sequenceType: 'oneoff',
    redirectUrl: order.redirectUrl,
    orderId: order.id,
    expiresAt: paymentExpiresAt(method, createdMs),
    details: null,
  }
  if (order.locale !== null) data.locale = order.locale
  if (order.cancelUrl !== undefined) data.cancelUrl = order.cancelUrl
  if (order.webhookUrl !== undefined) data.webhookUrl = order.webhookUrl
  return { data, offeredMethods: offered }
}

export function buildOrder(body: CreateOrderRequest, scope: Scope, ids: IdFactory, createdAt: string): OrderRecord {
  const orderId = ids.next('ord')
  const lines = body.lines.map((input): OrderLine => {
    const zero = { currency: input.totalAmount.currency, value: zeroLike(input.totalAmount.value) }
    const line: OrderLine = {
      resource: 'orderline',
      id: ids.next('odl'),
      orderId,
      type: input.type ?? 'physical',
      name: input.name,
      status: 'created',
      isCancelable: true,
      quantity: input.quantity,
      ...untouchedLineCounts(zero),
      cancelableQuantity: input.quantity,
      unitPrice: { ...input.unitPrice },
      totalAmount: { ...input.totalAmount },
      createdAt,
      _links: {},
    }
    if (input.discountAmount !== undefined && !discountAmountIgnored(input.type)) {
      line.discountAmount = { ...input.discountAmount }
    }
    if (input.vatRate !== undefined) line.vatRate = input.vatRate
    if (input.vatAmount !== undefined) line.vatAmount = { ...input.vatAmount }
    if (input.sku !== undefined) line.sku = input.sku
    if (input.metadata !== undefined) line.metadata = structuredClone(input.metadata)
    if (input.imageUrl !== undefined) line._links.imageUrl = html(input.imageUrl)
    if (input.productUrl !== undefined) line._links.productUrl = html(input.productUrl)
    return line
  })
  const data: OrderRecord['data'] = {
    resource: 'order',
    id: orderId,
    profileId: scope.profileId,
    mode: scope.mode,
    orderNumber: body.orderNumber,
    amount: { ...body.amount },
    status: 'created',
    isCancelable: true,
    metadata: body.metadata === undefined ? null : structuredClone(body.metadata),
    createdAt,
    method: body.method === undefined ? null : Array.isArray(body.method) ? [...body.method] : body.method,
    locale: body.locale ?? null,
    redirectUrl: body.redirectUrl ?? null,
    billingAddress: copyAddress(body.billingAddress) ?? {},
    lines,
  }
  if (body.cancelUrl !== undefined) data.cancelUrl = body.cancelUrl
  if (body.webhookUrl !== undefined) data.webhookUrl = body.webhookUrl
  if (body.shippingAddress !== undefined) data.shippingAddress = copyAddress(body.shippingAddress)
  if (body.shopperCountryMustMatchBillingCountry !== undefined) {
    data.shopperCountryMustMatchBillingCountry = body.shopperCountryMustMatchBillingCountry
  }
  if (body.consumerDateOfBirth !== undefined) data.consumerDateOfBirth = body.consumerDateOfBirth
  data.expiresAt = orderExpiresAt(createdAt, body.expiresAt)
  return { data, paymentIds: [] }
}

/** How many refunds, chargebacks and captures a payment has (for its `_links`). */
interface PaymentRelated {
  refunds?: number
  chargebacks?: number
  captures?: number
  /** the payment link the payment was made through */
  paymentLinkId?: string
}

export function paymentJson(origin: string, data: PaymentData, related: PaymentRelated = {}): Payment {
  // `documentation` comes last, as in the documentation's examples.
  const links: Omit<Payment['_links'], 'documentation'> = {
    self: apiLink(origin, 'get-payment', { paymentId: data.id }),
  }
  // The checkout link exists only while the payer can still act (spec 2.6 `_links.checkout`).
  if (data.status === 'open') links.checkout = html(`${origin}/checkout/${data.id}`)
  links.dashboard = html(`${origin}/dashboard/payments/${data.id}`)
  if (data.orderId) links.order = apiLink(origin, 'get-order', { orderId: data.orderId })
  // https://docs.mollie.com/reference/get-payment: `refunds`, `chargebacks` and `captures` links are
  // present when the payment has such objects.
  if (related.refunds) links.refunds = apiLink(origin, 'list-refunds', { paymentId: data.id })
  if (related.chargebacks) links.chargebacks = apiLink(origin, 'list-payment-chargebacks', { paymentId: data.id })
  if (related.captures) links.captures = apiLink(origin, 'list-captures', { paymentId: data.id })
  if (data.customerId) links.customer = apiLink(origin, 'get-customer', { customerId: data.customerId })
  if (data.mandateId && data.customerId) {
    links.mandate = apiLink(origin, 'get-mandate', { customerId: data.customerId, mandateId: data.mandateId })
  }
  if (data.subscriptionId && data.customerId) {
    links.subscription = apiLink(origin, 'get-subscription', {
      customerId: data.customerId,
      subscriptionId: data.subscriptionId,
    })
  }
  if (related.paymentLinkId)
    links.paymentLink = apiLink(origin, 'get-payment-link', { paymentLinkId: related.paymentLinkId })
  return { ...data, _links: { ...links, documentation: html(`${origin}/docs/payments`) } }
}

/** paymentJson as text, cached on the record (list pages are mostly serialization). */
export function paymentJsonText(origin: string, record: PaymentRecord): string {
  // Links carry the origin the request arrived on, so the cache is per origin.
  if (record.json === undefined || record.jsonOrigin !== origin) {
    record.json = JSON.stringify(paymentJson(origin, record.data, record.related))
    record.jsonOrigin = origin
  }
  return record.json
}

export type EmbedSet = Set<'payments' | 'refunds' | 'shipments'>

export function orderJson(
  origin: string,
  record: OrderRecord,
  payments: PaymentData[],
  embed: EmbedSet,
  refunds: Refund[] = [],
): Order {
  const latest = payments[payments.length - 1]
  const order: Order = {
    ...record.data,
    _links: {
      self: apiLink(origin, 'get-order', { orderId: record.data.id }),
      // Only an order still waiting for payment has a checkout link; once paid it is gone.
      checkout:
        record.data.status === 'created' && latest && latest.status === 'open'
          ? html(`${origin}/checkout/${latest.id}`)
          : null,
      dashboard: html(`${origin}/dashboard/orders/${record.data.id}`),
      documentation: html(`${origin}/docs/orders`),
    },
  }
  // Cancel order: not while a payment is open, so isCancelable says false then.
  if (order.isCancelable === true && payments.some((p) => p.status === 'open')) order.isCancelable = false
  if (embed.size > 0) {
    order._embedded = {}
    if (embed.has('payments')) order._embedded.payments = payments.map((p) => paymentJson(origin, p))
    // The refunds of the order's payments, and its shipments (https://docs.mollie.com/reference/get-order).
    if (embed.has('refunds')) order._embedded.refunds = refunds
    if (embed.has('shipments')) order._embedded.shipments = (record.shipments ?? []).map((s) => shipmentJson(origin, s))
  }
  return order
}

/** A shipment as the service returns it (https://docs.mollie.com/reference/get-shipment). */
export function shipmentJson(origin: string, s: ShipmentData): Shipment {
  return {
    ...s,
    _links: {
      self: apiLink(origin, 'get-shipment', { orderId: s.orderId, shipmentId: s.id }),
      order: apiLink(origin, 'get-order', { orderId: s.orderId }),
      documentation: { href: `${origin}/docs/shipments`, type: 'text/html' },
    },
  }
}

// Types of the payment service v2 (../shared/spec/payment-service-v2.md, sections 2, 4 and 7).
// Shared by the sandbox, the API client and the renderer; no runtime code lives here except
// the enumerations, which are the spec's lists and are used for validation.

/** Spec 2.1: a monetary amount, declared with the exact money it is read by (money.ts). */
export type { Amount } from './money'
import type { Amount } from './money'

/** Spec 2.1: a link object. */
export interface Link {
  href: string
  type: string
}

/** Spec 2.1: every field optional. */
export interface Address {
  title?: string
  givenName?: string
  familyName?: string
  organizationName?: string
  streetAndNumber?: string
  streetAdditional?: string
  postalCode?: string
  email?: string
  phone?: string
  city?: string
  region?: string
  country?: string
}

/** Spec 2.1: the Address object's fields, in the spec's order. */
export const ADDRESS_FIELDS = [
  'title',
  'givenName',
  'familyName',
  'organizationName',
  'streetAndNumber',
  'streetAdditional',
  'postalCode',
  'email',
  'phone',
  'city',
  'region',
  'country',
] as const satisfies readonly (keyof Address)[]

// The enumerations of spec 2.5 (and the statuses of spec 3) live in the spec module.
export {
  LOCALES,
  type Locale,
  PAYMENT_METHODS,
  type PaymentMethod,
  ORDER_LINE_TYPES,
  type OrderLineType,
  PAYMENT_LINE_TYPES,
  type PaymentLineType,
  VOUCHER_CATEGORIES,
  type VoucherCategory,
  EMBED_VALUES,
  type EmbedValue,
  ORDER_STATUSES,
  type OrderStatus,
  type OrderLineStatus,
  PAYMENT_STATUSES,
  type PaymentStatus,
} from './service/enums'
import type {
  Locale,
  OrderLineStatus,
  OrderLineType,
  OrderStatus,
  PaymentLineType,
  PaymentMethod,
  PaymentStatus,
  SequenceType,
  VoucherCategory,
} from './service/enums'

export type Mode = 'live' | 'test'

/** Spec 2.2: metadata is a string, number, object, array of strings, or null. */
export type Metadata = string | number | { [key: string]: unknown } | string[] | null

/** Spec 2.2/2.5: the moments an order or a payment went through (ISO 8601). */
interface LifecycleMoments {
  createdAt: string
  authorizedAt?: string
  paidAt?: string
  canceledAt?: string
  expiresAt?: string
  expiredAt?: string
}

/** Spec 2.3: a line's prices, VAT and references, the same sent and returned. */
interface OrderLinePrices {
  unitPrice: Amount
  discountAmount?: Amount
  totalAmount: Amount
  vatRate?: string
  vatAmount?: Amount
  sku?: string
  metadata?: Metadata
}

/** Spec 2.3: an order line as sent on create (write and read-write fields). */
export interface OrderLineInput extends OrderLinePrices {
  type?: OrderLineType
  name: string
  quantity: number
  category?: VoucherCategory
  imageUrl?: string
  productUrl?: string
}

/** Spec 2.2 + 4.1: the create-order request body. */
export interface CreateOrderRequest {
  orderNumber: string
  amount: Amount
  lines: OrderLineInput[]
  billingAddress: Address
  shippingAddress?: Address
  locale: Locale | null
  method?: PaymentMethod | PaymentMethod[] | null
  redirectUrl?: string | null
  cancelUrl?: string
  webhookUrl?: string
  metadata?: Metadata
  expiresAt?: string
  consumerDateOfBirth?: string
  shopperCountryMustMatchBillingCountry?: boolean
  profileId?: string
  testmode?: boolean | null
}

/** Spec 2.3: an order line as returned. */
export interface OrderLine extends OrderLinePrices {
  resource: 'orderline'
  id: string
  orderId: string
  type: OrderLineType
  name: string
  status: OrderLineStatus
  isCancelable: boolean
  quantity: number
  quantityShipped: number
  amountShipped: Amount
  quantityRefunded: number
  amountRefunded: Amount
  quantityCanceled: number
  amountCanceled: Amount
  shippableQuantity: number
  refundableQuantity: number
  cancelableQuantity: number
  createdAt: string
  _links: { self?: Link; imageUrl?: Link; productUrl?: Link }
}

/** Spec 2.4 */
interface OrderLinks {
  self: Link
  checkout: Link | null
  dashboard: Link
  documentation: Link
}

/** Spec 2.2: an order as returned. */
export interface Order extends LifecycleMoments {
  resource: 'order'
  id: string
  mode: Mode
  profileId: string
  orderNumber: string
  amount: Amount
  amountRefunded?: Amount
  amountCaptured?: Amount
  status: OrderStatus
  isCancelable?: boolean
  metadata?: Metadata
  method: PaymentMethod | PaymentMethod[] | null
  locale: Locale | null
  billingAddress: Address
  shippingAddress?: Address
  shopperCountryMustMatchBillingCountry?: boolean
  consumerDateOfBirth?: string
  redirectUrl: string | null
  cancelUrl?: string
  webhookUrl?: string
  completedAt?: string
  lines: OrderLine[]
  /** `shipments`: Shipment of api-types-ledger.ts (kept there: this file is at its size limit) */
  _embedded?: { payments?: Payment[]; refunds?: Refund[]; shipments?: unknown[] }
  _links: OrderLinks
}

/** Spec 2.6: a payment line. */
export interface PaymentLine {
  type?: PaymentLineType
  description: string
  quantity: number
  quantityUnit?: string
  unitPrice: Amount
  totalAmount: Amount
  discountAmount?: Amount
  vatRate?: string
  vatAmount?: Amount
  sku?: string
}

/** Spec 4.2: create payment (the sandbox documents the fields it accepts beyond these). */
export interface CreatePaymentRequest {
  amount: Amount
  description: string
  redirectUrl?: string | null
  cancelUrl?: string
  webhookUrl?: string
  method?: PaymentMethod | PaymentMethod[] | null
  locale?: Locale | null
  metadata?: Metadata
  lines?: PaymentLine[]
  billingAddress?: Address
  shippingAddress?: Address
  expiresAt?: string
  sequenceType?: SequenceType
  /** required for `first` and `recurring` payments (https://docs.mollie.com/reference/v2/payments-api/create-payment) */
  customerId?: string
  /** a mandate of that customer, for `recurring` payments */
  mandateId?: string
  profileId?: string
  testmode?: boolean | null
}

/**
 * A create body as it goes on the wire: the request's own fields and no other key, each holding
 * what the user typed. The order builder sends what was typed and lets the service's rules answer
 * (spec 7: a 422 naming the field), so the value types are not promised; a checked
 * CreateOrderRequest / CreatePaymentRequest is such a body too.
 */
type RequestBody<T> = { [K in keyof T]?: unknown }
export type OrderRequestBody = RequestBody<CreateOrderRequest>
export type PaymentRequestBody = RequestBody<CreatePaymentRequest>

/** Spec 2.6: a payment as returned. */
export interface Payment extends LifecycleMoments {
  resource: 'payment'
  id: string
  mode: Mode
  status: PaymentStatus
  description: string
  amount: Amount
  amountRefunded?: Amount
  amountRemaining?: Amount
  amountCaptured?: Amount
  amountChargedBack?: Amount
  settlementAmount?: Amount
  method: PaymentMethod | null
  metadata?: Metadata
  isCancelable?: boolean
  redirectUrl: string | null
  cancelUrl?: string | null
  webhookUrl?: string | null
  lines?: PaymentLine[] | null
  profileId: string
  sequenceType: SequenceType
  orderId?: string
  /** forced on creation or detected at checkout, e.g. `nl_NL` */
  locale?: Locale | null
  /** ISO 3166-1 alpha-2, detected at checkout; omitted when not detected */
  countryCode?: string
  customerId?: string
  mandateId?: string
  /** https://docs.mollie.com/reference/get-payment: the subscription that charged it */
  subscriptionId?: string
  billingAddress?: Address
  shippingAddress?: Address
  details?: Record<string, unknown> | null
  failedAt?: string
  /** https://docs.mollie.com/reference/create-payment: `manual` holds the amount until captured */
  captureMode?: CaptureMode
  /** https://docs.mollie.com/reference/create-payment: capture automatically this long after authorization (`8 hours`) */
  captureDelay?: string
  /** https://docs.mollie.com/reference/get-payment: until when an authorized amount can be captured */
  captureBefore?: string
  /**
   * https://docs.mollie.com/reference/get-payment: `refunds`, `chargebacks` and `captures` when the
   * payment has such objects; `customer` and `mandate` when it names them.
   */
  /** With `?embed=refunds,chargebacks` on get payment (https://docs.mollie.com/reference/get-payment). */
  _embedded?: { refunds?: Refund[]; chargebacks?: Chargeback[] }
  _links: {
    self: Link
    checkout?: Link | null
    dashboard?: Link
    order?: Link
    refunds?: Link
    chargebacks?: Link
    captures?: Link
    customer?: Link
    mandate?: Link
    subscription?: Link
    /** the payment link it was paid through (https://docs.mollie.com/reference/get-payment-link-payments) */
    paymentLink?: Link
    documentation: Link
  }
}

/** https://docs.mollie.com/reference/create-payment `captureMode` */
type CaptureMode = 'automatic' | 'manual'

/** A capture (https://docs.mollie.com/reference/get-capture). */
export interface Capture {
  resource: 'capture'
  /** pattern ^cpt_.+$ */
  id: string
  mode: Mode
  description: string
  amount: Amount
  status: 'pending' | 'succeeded' | 'failed'
  metadata: Metadata | null
  paymentId: string
  createdAt: string
  _links: { self: Link; payment: Link; documentation: Link }
}

/** Spec 4.3: a list response; `K` is the key under `_embedded`. */
export interface ListResponse<T, K extends string = string> {
  count: number
  _embedded: { [key in K]: T[] }
  _links: {
    self: Link
    previous: Link | null
    next: Link | null
    documentation: Link
  }
}

export type PaymentList = ListResponse<Payment, 'payments'>
/** GET /v2/orders (https://docs.mollie.com/reference/list-orders); items carry no `_embedded`. */
export type OrderList = ListResponse<Order, 'orders'>

/**
 * A refund's status (https://docs.mollie.com/payments/refunds, "Refund statuses"); the sandbox
 * creates refunds `pending` (docs/SANDBOX.md).
 */
export type RefundStatus = 'queued' | 'pending' | 'processing' | 'refunded' | 'failed' | 'canceled'

/** A refund as returned (https://docs.mollie.com/reference/get-refund). */
export interface Refund {
  resource: 'refund'
  /** pattern ^re_.+$ */
  id: string
  mode: Mode
  description: string
  amount: Amount
  metadata: Metadata
  status: RefundStatus
  paymentId: string
  orderId?: string
  createdAt: string
  /** the order lines a refund of an order refunds (https://docs.mollie.com/reference/create-order-refund) */
  lines?: RefundLine[]
  _links: { self: Link; payment: Link; order?: Link; documentation: Link }
}

/** An order line in an order refund (https://docs.mollie.com/reference/create-order-refund). */
export interface RefundLine {
  id: string
  orderId: string
  name: string
  quantity: number
  unitPrice: Amount
  totalAmount: Amount
}

export type RefundList = ListResponse<Refund, 'refunds'>

/** A chargeback as returned (https://docs.mollie.com/reference/get-chargeback). */
export interface Chargeback {
  resource: 'chargeback'
  /** pattern ^chb_.+$ */
  id: string
  amount: Amount
  settlementAmount?: Amount
  createdAt: string
  /** The bank's reason, when it gave one. */
  reason?: { code: string; description: string } | null
  reversedAt?: string | null
  paymentId: string
  _links?: { self: Link; payment?: Link; documentation?: Link }
}

export type ChargebackList = ListResponse<Chargeback, 'chargebacks'>

/** https://docs.mollie.com/reference/create-refund */
export interface CreateRefundRequest {
  amount: Amount
  description?: string
  metadata?: Metadata
  testmode?: boolean | null
}

/** https://docs.mollie.com/reference/update-payment (the fields Paydesk changes). */
export interface UpdatePaymentRequest {
  description?: string
  redirectUrl?: string
  cancelUrl?: string | null
  webhookUrl?: string | null
  metadata?: Metadata
  testmode?: boolean | null
}

/**
 * https://docs.mollie.com/reference/create-order-payment: the order supplies amount, lines and
 * addresses; the request may narrow the method (and, for recurring, name customer and mandate).
 */
export interface CreateOrderPaymentRequest {
  method?: PaymentMethod | PaymentMethod[] | null
  customerId?: string
  mandateId?: string
  testmode?: boolean | null
}

/** https://docs.mollie.com/reference/v2/profiles-api/get-profile (the fields Paydesk reads). */
export interface Profile {
  resource: 'profile'
  id: string
  mode: Mode
  name: string
  website: string
  email?: string
  status: string
  createdAt: string
}

export interface ProfileList {
  count: number
  _embedded: { profiles: Profile[] }
  _links: { next: Link | null; previous?: Link | null; self?: Link; documentation?: Link }
}

/** https://docs.mollie.com/reference/list-permissions: one permission of the current access token. */
interface PermissionGrant {
  resource: 'permission'
  id: string
  description: string
  granted: boolean
}

export interface PermissionList {
  count: number
  _embedded: { permissions: PermissionGrant[] }
}

export type { ApiErrorBody } from './service/errors'

export type SortOrder = 'asc' | 'desc'

/** Spec 4.3 (payments and orders page alike) */
export interface ListPaymentsQuery {
  from?: string
  limit?: number
  sort?: SortOrder
}

export type ListOrdersQuery = ListPaymentsQuery

export { MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE } from './service/pagination'

/** A customer as returned (https://docs.mollie.com/reference/get-customer); the fields Paydesk reads. */
export interface Customer {
  resource: 'customer'
  /** pattern ^cst_.+$ */
  id: string
  mode: Mode
  name: string | null
  email: string | null
  locale: Locale | null
  metadata: Metadata
  createdAt: string
  _links?: { self: Link; dashboard?: Link; payments?: Link; mandates?: Link; documentation?: Link }
}

// Types of mandates, subscriptions and payment links as the service sends them
// (https://docs.mollie.com/reference/get-mandate, https://docs.mollie.com/reference/get-subscription,
// https://docs.mollie.com/reference/get-payment-link),
// beside api-types.ts (kept under the size limit). Shared by the sandbox and the API client.
import type { Amount, Link, ListResponse, Metadata, Mode, Payment } from './api-types'
import type { SubscriptionMethod, SubscriptionStatus } from './service/subscriptions'

export type MandateMethod = 'directdebit' | 'creditcard' | 'paypal'

/** A mandate (https://docs.mollie.com/reference/get-mandate). */
export interface Mandate {
  resource: 'mandate'
  id: string
  mode: Mode
  status: 'valid' | 'pending' | 'invalid'
  method: MandateMethod
  /**
   * directdebit and paypal: consumerName, consumerAccount (the IBAN, or the PayPal e-mail), consumerBic;
   * creditcard: cardHolder, cardNumber (its last four digits), cardLabel, cardExpiryDate.
   */
  details: Record<string, unknown>
  mandateReference: string | null
  signatureDate: string | null
  createdAt: string
  customerId: string
}

/** A subscription (https://docs.mollie.com/reference/get-subscription). */
export interface Subscription {
  resource: 'subscription'
  id: string
  mode: Mode
  createdAt: string
  status: SubscriptionStatus
  amount: Amount
  /** null: ongoing until canceled */
  times: number | null
  timesRemaining: number | null
  interval: string
  startDate: string
  /** omitted when there will be no next payment (canceled, completed, suspended) */
  nextPaymentDate?: string
  description: string
  method: SubscriptionMethod | null
  mandateId?: string
  canceledAt?: string
  webhookUrl: string | null
  metadata: Metadata
  customerId: string
  _links: {
    self: Link
    customer: Link
    mandate?: Link
    profile?: Link
    payments?: Link
    documentation: Link
  }
}

/** POST /v2/customers/{customerId}/subscriptions (https://docs.mollie.com/reference/create-subscription). */
export interface CreateSubscriptionRequest {
  amount: Amount
  interval: string
  description: string
  times?: number
  startDate?: string
  method?: SubscriptionMethod | null
  mandateId?: string
  webhookUrl?: string
  metadata?: Metadata
}

/** PATCH …/subscriptions/{id} (https://docs.mollie.com/reference/update-subscription): each field optional. */
export type UpdateSubscriptionRequest = Partial<
  Pick<
    CreateSubscriptionRequest,
    'amount' | 'description' | 'interval' | 'mandateId' | 'metadata' | 'startDate' | 'times' | 'webhookUrl'
  >
>

/** A payment link (https://docs.mollie.com/reference/get-payment-link). */
export interface PaymentLink {
  resource: 'payment-link'
  id: string
  mode: Mode
  description: string
  amount: Amount | null
  archived: boolean
  redirectUrl: string | null
  webhookUrl: string | null
  profileId: string
  createdAt: string
  paidAt: string | null
  expiresAt: string | null
  reusable: boolean
  allowedMethods: string[] | null
  _links: { self: Link; paymentLink: Link; documentation: Link }
}

/** POST /v2/payment-links (https://docs.mollie.com/reference/create-payment-link). */
export interface CreatePaymentLinkRequest {
  description: string
  amount?: Amount
  redirectUrl?: string
  webhookUrl?: string
  expiresAt?: string
  reusable?: boolean
}

/** PATCH /v2/payment-links/{id} (https://docs.mollie.com/reference/update-payment-link). */
export interface UpdatePaymentLinkRequest {
  description?: string
  archived?: boolean
}

export type SubscriptionList = ListResponse<Subscription, 'subscriptions'>
/** The list key is `payment_links` (https://docs.mollie.com/reference/list-payment-links). */
export type PaymentLinkList = ListResponse<PaymentLink, 'payment_links'>
export type SubscriptionPaymentList = ListResponse<Payment, 'payments'>
export type MandateList = ListResponse<Mandate, 'mandates'>

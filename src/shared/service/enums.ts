// The enumerations of the payment service (spec 2.5, statuses of spec 3): ONE declaration, imported by
// the types (api-types.ts re-exports them), the rules, the builder and the sandbox.

/** Spec 2.5 */
export const LOCALES = [
  'en_US',
  'en_GB',
  'nl_NL',
  'nl_BE',
  'de_DE',
  'de_AT',
  'de_CH',
  'fr_FR',
  'fr_BE',
  'es_ES',
  'ca_ES',
  'pt_PT',
  'it_IT',
  'nb_NO',
  'sv_SE',
  'fi_FI',
  'da_DK',
  'is_IS',
  'hu_HU',
  'pl_PL',
  'lv_LV',
  'lt_LT',
] as const
export type Locale = (typeof LOCALES)[number]

/** Spec 2.5 */
export const PAYMENT_METHODS = [
  'applepay',
  'bancomatpay',
  'bancontact',
  'banktransfer',
  'belfius',
  'billie',
  'creditcard',
  'directdebit',
  'eps',
  'giftcard',
  'ideal',
  'in3',
  'kbc',
  'klarna',
  'klarnapaylater',
  'klarnapaynow',
  'klarnasliceit',
  'mybank',
  'paypal',
  'paysafecard',
  'przelewy24',
  'riverty',
  'satispay',
  'trustly',
  'twint',
  'voucher',
] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

/** Spec 2.5: order line types. */
export const ORDER_LINE_TYPES = [
  'physical',
  'digital',
  'discount',
  'shipping_fee',
  'store_credit',
  'gift_card',
  'surcharge',
] as const
export type OrderLineType = (typeof ORDER_LINE_TYPES)[number]

/** Spec 2.6: payment line types (`tip` cannot be used when creating). */
export const PAYMENT_LINE_TYPES = [
  'physical',
  'digital',
  'shipping_fee',
  'discount',
  'store_credit',
  'gift_card',
  'surcharge',
  'tip',
] as const
export type PaymentLineType = (typeof PAYMENT_LINE_TYPES)[number]

/** Spec 2.3: voucher categories. */
export const VOUCHER_CATEGORIES = ['eco', 'gift', 'meal', 'sport_culture', 'additional', 'consume'] as const
export type VoucherCategory = (typeof VOUCHER_CATEGORIES)[number]

/** Spec 2.5: `embed` values. */
export const EMBED_VALUES = ['payments', 'refunds', 'shipments'] as const
export type EmbedValue = (typeof EMBED_VALUES)[number]

/** Spec 3 */
export const ORDER_STATUSES = [
  'created',
  'pending',
  'authorized',
  'paid',
  'shipping',
  'canceled',
  'expired',
  'completed',
] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

export type OrderLineStatus = 'created' | 'authorized' | 'paid' | 'canceled' | 'shipping' | 'completed'

/**
 * Spec 3 shows only `open`; the rest is the sandbox's choice (see docs/SANDBOX.md), modelled on
 * what the real service most plausibly does.
 */
export const PAYMENT_STATUSES = ['open', 'pending', 'authorized', 'paid', 'canceled', 'expired', 'failed'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

/** Spec 4.2 / 2.2 */
export const SEQUENCE_TYPES = ['oneoff', 'first', 'recurring'] as const
export type SequenceType = (typeof SEQUENCE_TYPES)[number]

/** Spec 2.3: unitPrice may be negative only for these line types. */
export const CREDIT_LINE_TYPES: readonly string[] = ['discount', 'store_credit', 'gift_card']

/** Spec 2.6: these methods need payment lines. */
export const METHODS_REQUIRING_LINES: readonly string[] = ['billie', 'in3', 'klarna', 'riverty', 'voucher']

/**
 * `embed` values of get payment (https://docs.mollie.com/reference/get-payment): the payment's
 * refunds, chargebacks and captures.
 */
export const PAYMENT_EMBED_VALUES = ['refunds', 'chargebacks', 'captures'] as const
export type PaymentEmbedValue = (typeof PAYMENT_EMBED_VALUES)[number]

/**
 * `details.failureReason` of a failed card payment, with the English `failureMessage` the service
 * sends (https://docs.mollie.com/components/handling-errors, https://docs.mollie.com/reference/get-payment).
 */
export const CARD_FAILURE_REASONS = {
  authentication_abandoned: 'The customer abandoned the 3-D Secure authentication.',
  authentication_failed: 'The 3-D Secure authentication failed.',
  authentication_required: 'The card issuer requires 3-D Secure authentication.',
  authentication_unavailable_acs: 'The 3-D Secure server of the card issuer is unavailable.',
  card_declined: 'The card was declined.',
  card_expired: 'The card has expired.',
  inactive_card: 'The card is not active.',
  insufficient_funds: 'The card has insufficient funds.',
  invalid_cvv: 'The security code (CVV) is incorrect.',
  invalid_card_holder_name: 'The card holder name is incorrect.',
  invalid_card_number: 'The card number is incorrect.',
  invalid_card_type: 'This card type is not supported.',
  possible_fraud: 'The payment was refused as possible fraud.',
  refused_by_issuer: 'The card issuer refused the payment.',
  unknown_reason: 'The payment failed for an unknown reason.',
} as const
export type CardFailureReason = keyof typeof CARD_FAILURE_REASONS

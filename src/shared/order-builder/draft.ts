// The draft: the order or payment form as typed (strings), before it is a request.
import { ADDRESS_FIELDS, type EmbedValue } from '../api-types'

/** Address fields of spec 2.1, in the spec's order. */
export const ADDRESS_KEYS = ADDRESS_FIELDS
export type AddressKey = (typeof ADDRESS_KEYS)[number]
export type DraftAddress = Partial<Record<AddressKey, string>>

export interface DraftLine {
  /** Stable identity for the editor (React key); never sent. */
  key: string
  type: string
  name: string
  quantity: string
  unitPrice: string
  discountAmount: string
  vatRate: string
  /** The user's own totalAmount (override toggle on); null = computed. */
  totalOverride: string | null
  /** The user's own vatAmount; null = computed. */
  vatOverride: string | null
  sku: string
  category: string
  imageUrl: string
  productUrl: string
  /** JSON text; '' = none. */
  metadata: string
}

export const METHOD_MODES = ['none', 'one', 'several'] as const
export type MethodMode = (typeof METHOD_MODES)[number]

export interface DraftContent {
  /** Which request the draft builds: POST /orders (spec 4.1) or POST /payments (spec 4.2). */
  kind: 'order' | 'payment'
  orderNumber: string
  /** Payment description (spec 2.6: at most 255, longer is truncated). */
  description: string
  currency: string
  /** A payment's amount when it has no lines (with lines it is their sum). */
  paymentAmount: string
  paymentWithLines: boolean
  /** '' = null for orders (the browser's language, spec 2.5), not sent for payments. */
  locale: string
  methodMode: MethodMode
  methods: string[]
  redirectUrl: string
  cancelUrl: string
  webhookUrl: string
  /** JSON text; '' = none. */
  metadata: string
  expiresAt: string
  consumerDateOfBirth: string
  shopperCountryMustMatchBillingCountry: boolean
  embed: EmbedValue[]
  billingAddress: DraftAddress
  shippingSameAsBilling: boolean
  shippingAddress: DraftAddress
  /** Only used with organization tokens (spec 5.4). */
  profileId: string
  testmode: boolean
  lines: DraftLine[]
}

/** Where the goods go: the shipping country, or the billing one when shipping is the same ('' when none). */
export function shippingCountryOf(
  content: Pick<DraftContent, 'kind' | 'billingAddress' | 'shippingAddress' | 'shippingSameAsBilling'>,
): string {
  const billing = content.billingAddress.country ?? ''
  if (content.kind !== 'order' || content.shippingSameAsBilling) return billing
  return content.shippingAddress.country || billing
}

/** An empty line of the given type. `key` must be unique within the draft. */
export function emptyDraftLine(key: string, type = 'physical'): DraftLine {
  return {
    key,
    type,
    name: '',
    quantity: '1',
    unitPrice: '',
    discountAmount: '',
    vatRate: '',
    totalOverride: null,
    vatOverride: null,
    sku: '',
    category: '',
    imageUrl: '',
    productUrl: '',
    metadata: '',
  }
}

/** A new, empty draft. */
export function emptyDraftContent(kind: DraftContent['kind'] = 'order'): DraftContent {
  return {
    kind,
    orderNumber: '',
    description: '',
    currency: 'EUR',
    paymentAmount: '',
    paymentWithLines: false,
    locale: kind === 'order' ? 'en_US' : '',
    methodMode: 'none',
    methods: [],
    redirectUrl: '',
    cancelUrl: '',
    webhookUrl: '',
    metadata: '',
    expiresAt: '',
    consumerDateOfBirth: '',
    shopperCountryMustMatchBillingCountry: false,
    embed: ['payments'],
    billingAddress: {},
    shippingSameAsBilling: true,
    shippingAddress: {},
    profileId: '',
    testmode: false,
    lines: kind === 'order' ? [emptyDraftLine('l1')] : [],
  }
}

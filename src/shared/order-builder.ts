// The order builder's pure logic, shared by the renderer (preview, inline validation) and main
// (what is sent): the draft model, the draft → request conversion, the service-field → form
// control mapping, and the derived state per keystroke. No zod here (the renderer's CSP forbids
// eval, which zod probes for), no node, no DOM; the IPC schemas live in drafts.ts / orders.ts.

import {
  ADDRESS_FIELDS,
  type Amount,
  type EmbedValue,
  type OrderRequestBody,
  type PaymentRequestBody,
} from './api-types'
import { amountValueOrText } from './amount-input'
import {
  amountFromMinor,
  computeVatAmount,
  isKnownCurrency,
  parseAmountValue,
  parseVatRate,
  vatFormulaText,
} from './money'
import {
  computeOrderTotals,
  noLineTotals,
  validateCreateOrder,
  validateCreatePayment,
  violationsByField,
  type RuleContext,
  type RuleViolation,
} from './order-rules'

// ---------------------------------------------------------------------------------------------
// The draft: the form as typed (strings), before it is a request

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

// ---------------------------------------------------------------------------------------------
// Draft → request body

/** What the builder needs to know of the active connection (spec 5.3/5.4). */
export interface CredentialShape {
  kind: 'api-key' | 'organization-token'
  profileId: string | null
  testmode: boolean | null
}

export interface BuiltLine {
  index: number
  /** unitPrice × quantity − discountAmount, or null while the inputs are incomplete. */
  expectedTotal: Amount | null
  totalFormula: string | null
  /** The totalAmount that will be sent (the override when on, else expectedTotal). */
  sentTotal: Amount | null
  /** VAT of the SENT total at the line's rate (spec 2.3), or null. */
  expectedVat: Amount | null
  vatFormula: string | null
  sentVat: Amount | null
  /** Why totals cannot be computed yet. */
  problem: string | null
}

interface BuiltRequestBase {
  embed: EmbedValue[]
  /** Problems found before the service's rules: JSON that does not parse, a method not chosen. */
  localIssues: RuleViolation[]
  lines: BuiltLine[]
  /** Sum of the sent line totals (or the payment amount), null while incomplete. */
  amount: Amount | null
  amountFormula: string | null
}

/** The request a draft makes; `body` is what main will send, credential rules applied (see applyCredentialRules). */
export type BuiltRequest = BuiltRequestBase &
  ({ kind: 'order'; body: OrderRequestBody } | { kind: 'payment'; body: PaymentRequestBody })

const QUANTITY_TEXT = /^\d{1,9}$/

/** A typed quantity as the request holds it: an integer when it is one, else the text (so the rules name it). */
export function quantityOf(text: string): number | string | undefined {
  const t = text.trim()
  if (t === '') return undefined
  return QUANTITY_TEXT.test(t) ? Number.parseInt(t, 10) : t
}

/** A typed amount as sent: the agent's notation read exactly (`39,95` → "39.95"), else as typed for the rules. */
function amountOrUndefined(value: string, currency: string): Amount | undefined {
  return value === '' ? undefined : { currency, value: amountValueOrText(value, currency) }
}

/** A typed amount's text as sent (same reading as amountOrUndefined), '' stays ''. */
function sentAmountText(value: string, currency: string): string {
  return value === '' ? '' : amountValueOrText(value, currency)
}

function addressOf(a: DraftAddress): Record<string, string> {
  const out: Record<string, string> = {}
  for (const key of ADDRESS_KEYS) {
    const v = a[key]
    if (v !== undefined && v !== '') out[key] = v
  }
  return out
}

function parseJsonField(text: string, field: string, issues: RuleViolation[]): unknown {
  if (text.trim() === '') return undefined
  try {
    return JSON.parse(text) as unknown
  } catch (error) {
    issues.push({
      field,
      message: `The ${field} is not valid JSON (${error instanceof Error ? error.message : 'parse error'}). Write a JSON value, e.g. {"orderRef": "A-1"} or "a text" in quotes.`,
    })
    return undefined
  }
}

function computedLines(content: DraftContent): { built: BuiltLine[]; sum: bigint | null; terms: string[] } {
  const currency = content.currency
  const totals = computeOrderTotals(
    content.lines.map((l) => ({
      type: l.type,
      quantity: quantityOf(l.quantity),
      unitPrice: sentAmountText(l.unitPrice, currency),
      discountAmount:
        l.type === 'discount' || l.discountAmount === '' ? null : sentAmountText(l.discountAmount, currency),
      vatRate: null,
    })),
    currency,
  )
  let sum: bigint | null = 0n
  const terms: string[] = []
  const built = content.lines.map((line, index): BuiltLine => {
    const t = totals.lines[index] ?? noLineTotals(index)
    const sentTotal =
      line.totalOverride !== null ? { currency, value: sentAmountText(line.totalOverride, currency) } : t.totalAmount
    let expectedVat: Amount | null = null
    let vatFormula: string | null = null
    let problem = t.problem
    if (sentTotal && line.vatRate !== '') {
      const rate = parseVatRate(line.vatRate)
      const total = parseAmountValue(sentTotal.value, currency)
      if (rate.ok && total.ok) {
        expectedVat = computeVatAmount(sentTotal, line.vatRate)
        vatFormula = `${vatFormulaText(sentTotal, rate.value)} = ${expectedVat.value}`
      } else if (!rate.ok) problem ??= `VAT rate: ${rate.reason}`
    }
    const sentVat =
      line.vatOverride !== null ? { currency, value: sentAmountText(line.vatOverride, currency) } : expectedVat
    const parsedTotal = sentTotal ? parseAmountValue(sentTotal.value, currency) : null
    if (sum !== null && sentTotal && parsedTotal?.ok) {
      sum += parsedTotal.value
      terms.push(sentTotal.value)
    } else sum = null
    return {
      index,
      expectedTotal: t.totalAmount,
      totalFormula: t.totalFormula,
      sentTotal,
      expectedVat,
      vatFormula,
      sentVat,
      problem,
    }
  })
  return { built, sum: content.lines.length > 0 ? sum : null, terms }
}

const AMOUNT_FORMULA_MAX_TERMS = 8

function lineBody(
  line: DraftLine,
  b: BuiltLine,
  currency: string,
  kind: DraftContent['kind'],
  issues: RuleViolation[],
) {
  const out: Record<string, unknown> = {}
  if (line.type !== '') out.type = line.type
  out[kind === 'order' ? 'name' : 'description'] = line.name
  const q = quantityOf(line.quantity)
  if (q !== undefined) out.quantity = q
  const unit = amountOrUndefined(line.unitPrice, currency)
  if (unit) out.unitPrice = unit
  const discount = amountOrUndefined(line.discountAmount, currency)
  if (discount && line.type !== 'discount') out.discountAmount = discount
  if (b.sentTotal) out.totalAmount = b.sentTotal
  if (line.vatRate !== '') out.vatRate = line.vatRate
  else if (kind === 'order') {
    // The service would take an order line without VAT; the agent must choose (0 when none applies).
    issues.push({
      field: `lines.${b.index}.vatRate`,
      message: `Choose the VAT rate of line ${b.index + 1} (0 when no VAT applies).`,
    })
  }
  if (b.sentVat) out.vatAmount = b.sentVat
  if (line.sku !== '') out.sku = line.sku
  if (kind === 'order') {
    if (line.category !== '') out.category = line.category
    const metadata = parseJsonField(line.metadata, `lines.${b.index}.metadata`, issues)
    if (metadata !== undefined) out.metadata = metadata
  }
  if (line.imageUrl !== '') out.imageUrl = line.imageUrl
  if (line.productUrl !== '') out.productUrl = line.productUrl
  return out
}

/**
 * Spec 5.3/5.4 exactly as the API client applies them (src/main/api/request-builder.ts): an
 * organization token sends the connection's profileId (or the draft's when the connection has
 * none) and `testmode: true` only when the connection is in test mode; an API key sends neither.
 */
export function applyCredentialRules<B extends { profileId?: unknown; testmode?: unknown }>(
  body: B,
  credential: CredentialShape,
  draftProfileId: string,
): B {
  const out = { ...body }
  delete out.profileId
  delete out.testmode
  if (credential.kind === 'organization-token') {
    const profileId = credential.profileId ?? (draftProfileId !== '' ? draftProfileId : undefined)
    if (profileId !== undefined) out.profileId = profileId
    if (credential.testmode) out.testmode = true
  }
  return out
}

/** The request a draft makes, with the totals the builder shows. Pure and fast (runs per keystroke). */
export function buildRequest(content: DraftContent, credential: CredentialShape): BuiltRequest {
  const issues: RuleViolation[] = []
  const currency = content.currency
  const { built, sum, terms } = computedLines(content)
  const withLines = content.kind === 'order' || content.paymentWithLines
  let amount: Amount | null = null
  let amountFormula: string | null = null
  if (withLines) {
    if (sum !== null && isKnownCurrency(currency)) {
      amount = amountFromMinor(sum, currency)
      amountFormula =
        terms.length <= AMOUNT_FORMULA_MAX_TERMS
          ? `${terms.join(' + ')} = ${amount.value}`
          : `sum of ${terms.length} line totals = ${amount.value}`
    }
  } else if (content.paymentAmount !== '') {
    amount = { currency, value: sentAmountText(content.paymentAmount, currency) }
  }

  let method: unknown
  if (content.methodMode === 'one') {
    if (content.methods[0]) method = content.methods[0]
    else issues.push({ field: 'method', message: 'Choose a payment method, or set "Method" to none.' })
  } else if (content.methodMode === 'several') method = [...content.methods]
  // After the top-level fields, so their local issues come first (as the form lists them).
  const linesBody = () =>
    withLines
      ? content.lines.flatMap((line, i) => {
          const b = built[i]
          return b ? [lineBody(line, b, currency, content.kind, issues)] : []
        })
      : undefined
  const common = { lines: built, amount, amountFormula }

  if (content.kind === 'order') {
    const body: OrderRequestBody = {}
    if (content.orderNumber !== '') body.orderNumber = content.orderNumber
    if (amount) body.amount = amount
    if (content.redirectUrl !== '') body.redirectUrl = content.redirectUrl
    if (content.cancelUrl !== '') body.cancelUrl = content.cancelUrl
    if (content.webhookUrl !== '') body.webhookUrl = content.webhookUrl
    const billing = addressOf(content.billingAddress)
    body.billingAddress = billing
    const shipping = content.shippingSameAsBilling ? billing : addressOf(content.shippingAddress)
    if (Object.keys(shipping).length > 0) body.shippingAddress = { ...shipping }
    body.locale = content.locale === '' ? null : content.locale
    if (method !== undefined) body.method = method
    if (content.shopperCountryMustMatchBillingCountry) body.shopperCountryMustMatchBillingCountry = true
    const metadata = parseJsonField(content.metadata, 'metadata', issues)
    if (metadata !== undefined) body.metadata = metadata
    if (content.expiresAt !== '') body.expiresAt = content.expiresAt
    if (content.consumerDateOfBirth !== '') body.consumerDateOfBirth = content.consumerDateOfBirth
    const lines = linesBody()
    if (lines) body.lines = lines
    return {
      kind: 'order',
      body: applyCredentialRules(body, credential, content.profileId),
      embed: [...content.embed],
      localIssues: issues,
      ...common,
    }
  }
  const body: PaymentRequestBody = {}
  if (amount) body.amount = amount
  if (content.description !== '') body.description = content.description
  if (content.redirectUrl !== '') body.redirectUrl = content.redirectUrl
  if (content.cancelUrl !== '') body.cancelUrl = content.cancelUrl
  if (content.webhookUrl !== '') body.webhookUrl = content.webhookUrl
  if (method !== undefined) body.method = method
  if (content.locale !== '') body.locale = content.locale
  const metadata = parseJsonField(content.metadata, 'metadata', issues)
  if (metadata !== undefined) body.metadata = metadata
  const lines = linesBody()
  if (lines) body.lines = lines
  return {
    kind: 'payment',
    body: applyCredentialRules(body, credential, content.profileId),
    embed: [],
    localIssues: issues,
    ...common,
  }
}

/** The rules' context for the active connection; `today` in UTC like the service (and sandbox). */
export function ruleContextFor(credential: CredentialShape, now: Date = new Date()): RuleContext {
  return { today: now.toISOString().slice(0, 10), credential: credential.kind }
}

/** "A-100" → "A-100-2", "A-100-2" → "A-100-3": the order number of "Create another like this". */
export function nextOrderNumber(orderNumber: string): string {
  const m = /^(.*)-(\d{1,6})$/.exec(orderNumber)
  const [, base, counter] = m ?? []
  if (base !== undefined && counter !== undefined) return `${base}-${Number.parseInt(counter, 10) + 1}`
  return orderNumber === '' ? '' : `${orderNumber}-2`
}

// ---------------------------------------------------------------------------------------------
// Field path → form control

// Maps a service `field` path (a 422's `field`, spec 7; or a rule violation's) onto the builder's
// form control, so the same function drives inline errors, the "N problems" list, a refused
// create and focus requests from the Inspector.

/** Editable per-line fields, in column order. */
export const LINE_FIELDS = [
  'type',
  'name',
  'quantity',
  'unitPrice',
  'discountAmount',
  'vatRate',
  'totalAmount',
  'vatAmount',
  'sku',
  'category',
  'imageUrl',
  'productUrl',
  'metadata',
] as const
export type LineField = (typeof LINE_FIELDS)[number]

/** Line fields shown in the expandable details row rather than the main row. */
export const LINE_DETAIL_FIELDS: readonly LineField[] = ['sku', 'category', 'imageUrl', 'productUrl', 'metadata']

/** Amount fields of orders, payments and lines: their `.currency` is the form's currency control. */
const AMOUNT_FIELDS: ReadonlySet<string> = new Set([
  'amount',
  'unitPrice',
  'discountAmount',
  'totalAmount',
  'vatAmount',
])

const ORDER_FIELDS = new Set([
  'orderNumber',
  'amount',
  'redirectUrl',
  'cancelUrl',
  'webhookUrl',
  'locale',
  'method',
  'shopperCountryMustMatchBillingCountry',
  'metadata',
  'expiresAt',
  'consumerDateOfBirth',
  'profileId',
  'testmode',
  'billingAddress',
  'shippingAddress',
])
const PAYMENT_FIELDS = new Set([
  'amount',
  'description',
  'redirectUrl',
  'cancelUrl',
  'webhookUrl',
  'method',
  'locale',
  'metadata',
  'profileId',
  'testmode',
])
const ADDRESS_SET: ReadonlySet<string> = new Set(ADDRESS_KEYS)

export interface FormTarget {
  /** The form's own path for the control (`lines.3.vatAmount`, `billingAddress.email`). */
  path: string
  /** DOM id of the control to focus. */
  controlId: string
  /** 0-based line index when the control is in a line. */
  lineIndex: number | null
  /** True when the control sits in a line's details row (which must be expanded to show it). */
  inLineDetails: boolean
}

/** DOM id of a form path: `lines.3.vatAmount` → `pd-f-lines-3-vatAmount`. */
export function controlIdOf(path: string): string {
  return `pd-f-${path.replace(/\./g, '-')}`
}

function target(path: string, lineIndex: number | null = null, inLineDetails = false): FormTarget {
  return { path, controlId: controlIdOf(path), lineIndex, inLineDetails }
}

/**
 * The form control for a service field path, or null when the form has no control for it
 * (then the error is shown in the banner only). `content` decides kind-specific mappings.
 */
export function formTargetOf(
  field: string | null | undefined,
  content: Pick<DraftContent, 'kind' | 'lines' | 'paymentWithLines' | 'shippingSameAsBilling'>,
  options: { organizationToken?: boolean } = {},
): FormTarget | null {
  if (typeof field !== 'string' || field === '') return null
  // The service names the part of an Amount (`amount.value`, `lines.0.unitPrice.currency`): a value
  // belongs to the Amount's control; a currency to the form's one currency control.
  const parts = field.split('.').filter((p) => p !== '')
  const amountPart = parts.length > 1 ? parts[parts.length - 1] : undefined
  if (amountPart === 'currency' && AMOUNT_FIELDS.has(parts[parts.length - 2] ?? '')) return target('currency')
  if (amountPart === 'value' || amountPart === 'currency') parts.pop()
  const [head, second, third] = parts
  const withLines = content.kind === 'order' || content.paymentWithLines
  if (head === 'lines') {
    if (!withLines) return null
    if (second === undefined) return target('lines.add')
    if (!/^\d{1,6}$/.test(second)) return target('lines.add')
    const index = Number.parseInt(second, 10)
    if (index >= content.lines.length) return target('lines.add')
    let f = third ?? 'name'
    if (f === 'description') f = 'name'
    if (!(LINE_FIELDS as readonly string[]).includes(f)) f = 'name'
    const lineField = f as LineField
    return target(`lines.${index}.${lineField}`, index, LINE_DETAIL_FIELDS.includes(lineField))
  }
  if (head === undefined) return null
  const known = content.kind === 'order' ? ORDER_FIELDS : PAYMENT_FIELDS
  if (!known.has(head)) return null
  if ((head === 'profileId' || head === 'testmode') && !options.organizationToken) return null
  if (head === 'amount') return target(!withLines ? 'paymentAmount' : 'amount')
  if (head === 'billingAddress' || head === 'shippingAddress') {
    const key = second !== undefined && ADDRESS_SET.has(second) ? second : ADDRESS_KEYS[1]
    // With "same as billing" the shipping address IS the billing address on screen.
    const address = head === 'shippingAddress' && content.shippingSameAsBilling ? 'billingAddress' : head
    return target(`${address}.${key}`)
  }
  return target(head)
}

// ---------------------------------------------------------------------------------------------
// The builder's derived state

// Everything the builder shows, derived from the draft in one pass per keystroke: the request
// body (shared/ipc/orders.ts), the service's rules (shared/order-rules/, the same module the
// sandbox answers with), and which problems remain. No rule is written here.

export interface BuilderState {
  built: BuiltRequest
  /** Rule violations plus the builder's own (unparsable JSON), noise removed (see below). */
  violations: RuleViolation[]
  byField: Record<string, RuleViolation[]>
  /** The preview: exactly the JSON text main will send. */
  previewJson: string
  /** True when every remaining violation is on a value the user overrode on purpose. */
  onlyOverrides: boolean
  /** Violations keyed by the FORM path of their control (field-map.ts). */
  formErrors: Record<string, RuleViolation[]>
  /** Violations the form has no control for (shown in the summary only). */
  unmapped: RuleViolation[]
}

/**
 * Violations on a COMPUTED value that was not sent (its inputs are incomplete) only repeat the
 * inputs' own violations ("totalAmount is required" while the unit price is empty): dropped.
 */
function isNoise(v: RuleViolation, content: DraftContent, built: BuiltRequest): boolean {
  // With "same as billing" the shipping address is a copy: its violations repeat the billing ones.
  if (content.kind === 'order' && content.shippingSameAsBilling && v.field.startsWith('shippingAddress.')) return true
  const withLines = content.kind === 'order' || content.paymentWithLines
  if (v.field === 'amount') return withLines && built.amount === null && content.lines.length > 0
  const m = /^lines\.(\d+)\.(totalAmount|vatAmount)$/.exec(v.field)
  if (!m) return false
  const line = built.lines[Number.parseInt(m[1] ?? '', 10)]
  if (!line) return false
  return m[2] === 'totalAmount' ? line.sentTotal === null : line.sentVat === null
}

function isOverrideViolation(v: RuleViolation, content: DraftContent): boolean {
  const m = /^lines\.(\d+)\.(totalAmount|vatAmount)$/.exec(v.field)
  if (m) {
    const line = content.lines[Number.parseInt(m[1] ?? '', 10)]
    return !!line && (m[2] === 'totalAmount' ? line.totalOverride !== null : line.vatOverride !== null)
  }
  // The amount follows the sent line totals, so it deviates only when a total was overridden.
  return v.field === 'amount' && content.lines.some((l) => l.totalOverride !== null)
}

export function deriveBuilder(content: DraftContent, credential: CredentialShape, ctx: RuleContext): BuilderState {
  const built = buildRequest(content, credential)
  const rules = content.kind === 'order' ? validateCreateOrder(built.body, ctx) : validateCreatePayment(built.body, ctx)
  // A field with a local issue (JSON that does not parse) was left out; its rules add nothing.
  const violations = [...built.localIssues, ...rules.filter((v) => !isNoise(v, content, built))]
  const formErrors: Record<string, RuleViolation[]> = Object.create(null) as Record<string, RuleViolation[]>
  const unmapped: RuleViolation[] = []
  const organizationToken = credential.kind === 'organization-token'
  for (const v of violations) {
    const target = formTargetOf(v.field, content, { organizationToken })
    if (!target) unmapped.push(v)
    else (formErrors[target.path] ??= []).push(v)
  }
  return {
    built,
    violations,
    formErrors,
    unmapped,
    byField: violationsByField(violations),
    previewJson: JSON.stringify(built.body, null, 2),
    onlyOverrides: violations.length > 0 && violations.every((v) => isOverrideViolation(v, content)),
  }
}

// Draft → request body: what main sends for a draft (credential rules applied) and the totals the
// builder shows beside the lines.
import { type Amount, type EmbedValue, type OrderRequestBody, type PaymentRequestBody } from '../api-types'
import { amountValueOrText } from '../amount-input'
import {
  amountFromMinor,
  computeVatAmount,
  isKnownCurrency,
  parseAmountValue,
  parseVatRate,
  vatFormulaText,
} from '../money'
import {
  amountFormulaText,
  computeOrderTotals,
  noLineTotals,
  type RuleContext,
  type RuleViolation,
} from '../order-rules'
import { scopeForOperation } from '../service/scope'
import { ADDRESS_KEYS, type DraftAddress, type DraftContent, type DraftLine } from './draft'

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
function quantityOf(text: string): number | string | undefined {
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
 * Spec 5.3/5.4 exactly as the API client applies them (src/main/api/call/request-builder.ts): an
 * organization token sends the connection's profileId (or the draft's when the connection has
 * none) and `testmode: true` only when the connection is in test mode; an API key sends neither.
 */
function applyCredentialRules<B extends { profileId?: unknown; testmode?: unknown }>(
  body: B,
  credential: CredentialShape,
  draftProfileId: string,
  operation: 'create-order' | 'create-payment' = 'create-payment',
): B {
  const out = { ...body }
  delete out.profileId
  delete out.testmode
  const scope = scopeForOperation(credential.kind, operation)
  const profileId = credential.profileId ?? (draftProfileId !== '' ? draftProfileId : undefined)
  if (scope.profileId !== 'forbidden' && scope.profileId !== 'unused' && profileId !== undefined) {
    out.profileId = profileId
  }
  if (scope.testmode === 'optional' && credential.testmode) out.testmode = true
  return out
}

/** The amount a draft sends: the sum of the sent line totals (with its formula), or the payment's own amount. */
function draftAmount(
  content: DraftContent,
  withLines: boolean,
  sum: bigint | null,
  terms: readonly string[],
): { amount: Amount | null; amountFormula: string | null } {
  const currency = content.currency
  if (withLines) {
    if (sum === null || !isKnownCurrency(currency)) return { amount: null, amountFormula: null }
    const amount = amountFromMinor(sum, currency)
    return { amount, amountFormula: amountFormulaText(terms, amount) }
  }
  if (content.paymentAmount === '') return { amount: null, amountFormula: null }
  return { amount: { currency, value: sentAmountText(content.paymentAmount, currency) }, amountFormula: null }
}

/** The method field: one method, several, or none; "one" without a choice is a local issue. */
function draftMethod(content: DraftContent, issues: RuleViolation[]): unknown {
  let method: unknown
  if (content.methodMode === 'one') {
    if (content.methods[0]) method = content.methods[0]
    else issues.push({ field: 'method', message: 'Choose a payment method, or set "Method" to none.' })
  } else if (content.methodMode === 'several') method = [...content.methods]
  return method
}

/** What both bodies are made of besides the draft: the amount, the method and the lines (made last). */
interface BodyParts {
  amount: Amount | null
  method: unknown
  issues: RuleViolation[]
  /** After the top-level fields, so their local issues come first (as the form lists them). */
  linesBody: () => Record<string, unknown>[] | undefined
}

function orderBody(content: DraftContent, { amount, method, issues, linesBody }: BodyParts): OrderRequestBody {
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
  return body
}

function paymentBody(content: DraftContent, { amount, method, issues, linesBody }: BodyParts): PaymentRequestBody {
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
  return body
}

/** The request a draft makes, with the totals the builder shows. Pure and fast (runs per keystroke). */
export function buildDraftRequest(content: DraftContent, credential: CredentialShape): BuiltRequest {
  const issues: RuleViolation[] = []
  const currency = content.currency
  const { built, sum, terms } = computedLines(content)
  const withLines = content.kind === 'order' || content.paymentWithLines
  const { amount, amountFormula } = draftAmount(content, withLines, sum, terms)
  const method = draftMethod(content, issues)
  const linesBody = () =>
    withLines
      ? content.lines.flatMap((line, i) => {
          const b = built[i]
          return b ? [lineBody(line, b, currency, content.kind, issues)] : []
        })
      : undefined
  const parts: BodyParts = { amount, method, issues, linesBody }
  const common = { lines: built, amount, amountFormula }
  if (content.kind === 'order') {
    const body = applyCredentialRules(orderBody(content, parts), credential, content.profileId, 'create-order')
    return { kind: 'order', body, embed: [...content.embed], localIssues: issues, ...common }
  }
  const body = applyCredentialRules(paymentBody(content, parts), credential, content.profileId)
  return { kind: 'payment', body, embed: [], localIssues: issues, ...common }
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

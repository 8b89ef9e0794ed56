// Order and payment lines: each line's fields and the arithmetic of its totals (unitPrice ×
// quantity − discountAmount, the VAT in the total), then the sum of the lines against the amount.
import { ORDER_LINE_TYPES, PAYMENT_LINE_TYPES, VOUCHER_CATEGORIES } from '../api-types'
import { fromMinor, parseVatRate, totalFormulaText, vatAmountMinor, vatFormulaText, type VatRate } from '../money'
import { CREDIT_LINE_TYPES } from '../service/enums'
import { checkAmount, type ParsedAmount } from './amounts'
import {
  checkOptionalString,
  checkRequiredString,
  codePointLength,
  describe,
  get,
  isObject,
  type Obj,
  QUANTITY_MIN,
  quote,
  SKU_MAX_LENGTH,
  type Violations,
} from './common'
import { checkMetadata } from './fields'
import { checkUrl } from './urls'

const ORDER_LINE_TYPE_SET: ReadonlySet<string> = new Set(ORDER_LINE_TYPES)
const PAYMENT_LINE_TYPE_SET: ReadonlySet<string> = new Set(PAYMENT_LINE_TYPES)
const CATEGORY_SET: ReadonlySet<string> = new Set(VOUCHER_CATEGORIES)

function checkVatRateAndAmount(
  out: Violations,
  prefix: string,
  line: Obj,
  total: ParsedAmount | null,
  currency: string | undefined,
): void {
  // spec 2.3: vatRate is a string percentage; vatAmount = totalAmount × rate / (100 + rate).
  const rateRaw = get(line, 'vatRate')
  const amountRaw = get(line, 'vatAmount')
  let rate: VatRate | null = null
  if (rateRaw === undefined) {
    if (amountRaw !== undefined)
      out.add(`${prefix}.vatRate`, `The field ${prefix}.vatRate is required when vatAmount is given.`)
  } else {
    const parsed = parseVatRate(rateRaw)
    if (parsed.ok) rate = parsed.value
    else out.add(`${prefix}.vatRate`, `The field ${prefix}.vatRate is invalid: ${parsed.reason}.`)
  }
  if (amountRaw === undefined) {
    if (rateRaw !== undefined)
      out.add(`${prefix}.vatAmount`, `The field ${prefix}.vatAmount is required when vatRate is given.`)
    return
  }
  const vat = checkAmount(out, `${prefix}.vatAmount`, amountRaw, false, currency)
  if (!vat || !rate || !total || total.amount.currency !== vat.amount.currency) return
  const expectedMinor = vatAmountMinor(total.minor, rate)
  if (expectedMinor !== vat.minor) {
    const expected = fromMinor(expectedMinor, vat.amount.currency)
    out.add(
      `${prefix}.vatAmount`,
      `The VAT amount is ${vat.amount.value}, expected ${expected} (${vatFormulaText(total.amount, rate)}).`,
      expected,
    )
  }
}

interface LineKind {
  /** 'order' lines have `name` and ORDER_LINE_TYPES; 'payment' lines `description` and no `tip`. */
  kind: 'order' | 'payment'
}

/** The line's type (spec 2.3 / 2.5 / 2.6), default physical; null when it is not one the request takes. */
function checkLineType(out: Violations, prefix: string, v: Obj, k: LineKind): string | null {
  const typeRaw = get(v, 'type')
  let type: string | null = 'physical'
  if (typeRaw !== undefined) {
    const set = k.kind === 'order' ? ORDER_LINE_TYPE_SET : PAYMENT_LINE_TYPE_SET
    if (typeof typeRaw !== 'string' || !set.has(typeRaw)) {
      out.add(
        `${prefix}.type`,
        `The line type ${typeof typeRaw === 'string' ? quote(typeRaw) : describe(typeRaw)} is not supported.`,
      )
      type = null
    } else if (k.kind === 'payment' && typeRaw === 'tip') {
      out.add(`${prefix}.type`, 'The line type tip cannot be used when creating a payment.')
      type = null
    } else type = typeRaw
  }
  return type
}

/** quantity: an integer of at least 1; null when it is not. */
function checkLineQuantity(out: Violations, prefix: string, v: Obj): number | null {
  const qRaw = get(v, 'quantity')
  let quantity: number | null = null
  if (qRaw === undefined) out.add(`${prefix}.quantity`, `The field ${prefix}.quantity is required.`)
  else if (typeof qRaw !== 'number' || !Number.isSafeInteger(qRaw)) {
    out.add(
      `${prefix}.quantity`,
      `The field ${prefix}.quantity must be an integer, not ${typeof qRaw === 'number' ? String(qRaw) : describe(qRaw)}.`,
    )
  } else if (qRaw < QUANTITY_MIN) {
    out.add(`${prefix}.quantity`, `The field ${prefix}.quantity must be at least ${QUANTITY_MIN}.`)
  } else quantity = qRaw
  return quantity
}

/** unitPrice: its sign follows the line type (negative only for credit lines). */
function checkUnitPriceSign(out: Violations, prefix: string, unit: ParsedAmount | null, type: string | null): void {
  if (unit && type !== null) {
    const credit = CREDIT_LINE_TYPES.includes(type)
    if (credit && unit.minor > 0n) {
      out.add(
        `${prefix}.unitPrice`,
        `The unit price of a ${type} line must be negative (or zero), got ${unit.amount.value}.`,
      )
    } else if (!credit && unit.minor < 0n) {
      out.add(
        `${prefix}.unitPrice`,
        `The unit price may only be negative for lines of type discount, store_credit or gift_card; this line is ${type}.`,
      )
    }
  }
}

/** What the line total is computed from: the unit price, the quantity and the line type. */
interface LineFactors {
  unit: ParsedAmount | null
  quantity: number | null
  type: string | null
}

/**
 * discountAmount (zero or positive; ignored on discount lines, spec 2.3 "irrelevant") and
 * totalAmount = unitPrice × quantity − discountAmount. Returns the total when it is a valid amount.
 */
function checkLineTotal(
  out: Violations,
  prefix: string,
  v: Obj,
  currency: string | undefined,
  { unit, quantity, type }: LineFactors,
): ParsedAmount | null {
  const discountRaw = discountAmountIgnored(type) ? undefined : get(v, 'discountAmount')
  const discount = checkAmount(out, `${prefix}.discountAmount`, discountRaw, false, currency)
  let discountOk = discountRaw === undefined || discount !== null
  if (discount && discount.minor < 0n) {
    out.add(
      `${prefix}.discountAmount`,
      `The discount amount must be given as a positive amount, got ${discount.amount.value}.`,
    )
    discountOk = false
  }
  const total = checkAmount(out, `${prefix}.totalAmount`, get(v, 'totalAmount'), true, currency)
  if (total && unit && quantity !== null && discountOk && unit.amount.currency === total.amount.currency) {
    const expectedMinor = unit.minor * BigInt(quantity) - (discount?.minor ?? 0n)
    if (expectedMinor !== total.minor) {
      const expected = fromMinor(expectedMinor, total.amount.currency)
      out.add(
        `${prefix}.totalAmount`,
        `The total amount is ${total.amount.value}, expected ${expected} (${totalFormulaText(unit.amount, quantity, discount?.amount)}).`,
        expected,
      )
    }
  }
  return total
}

/** sku, and on order lines category and metadata, then the image and product URLs. */
function checkLineDetails(out: Violations, prefix: string, v: Obj, k: LineKind): void {
  const sku = checkOptionalString(out, `${prefix}.sku`, get(v, 'sku'))
  if (sku !== null && codePointLength(sku, SKU_MAX_LENGTH) > SKU_MAX_LENGTH) {
    out.add(`${prefix}.sku`, `The field ${prefix}.sku may be at most ${SKU_MAX_LENGTH} characters.`)
  }
  if (k.kind === 'order') {
    const category = get(v, 'category')
    if (category !== undefined && (typeof category !== 'string' || !CATEGORY_SET.has(category))) {
      out.add(`${prefix}.category`, `The category must be one of ${VOUCHER_CATEGORIES.join(', ')}.`)
    }
    checkMetadata(out, `${prefix}.metadata`, get(v, 'metadata'))
  }
  checkUrl(out, `${prefix}.imageUrl`, get(v, 'imageUrl'), false)
  checkUrl(out, `${prefix}.productUrl`, get(v, 'productUrl'), false)
}

/**
 * Checks one order or payment line, its fields in spec 2.3 table order; returns its totalAmount
 * when valid and in the order currency (for the sum check), else null.
 */
export function checkLine(
  out: Violations,
  index: number,
  v: unknown,
  currency: string | undefined,
  k: LineKind,
): ParsedAmount | null {
  const prefix = `lines.${index}`
  if (!isObject(v)) {
    out.add(prefix, `The field ${prefix} must be a line object, not ${describe(v)}.`)
    return null
  }
  const type = checkLineType(out, prefix, v, k)
  // name (orders) / description (payments)
  checkRequiredString(
    out,
    `${prefix}.${k.kind === 'order' ? 'name' : 'description'}`,
    get(v, k.kind === 'order' ? 'name' : 'description'),
  )
  const quantity = checkLineQuantity(out, prefix, v)
  if (k.kind === 'payment') checkOptionalString(out, `${prefix}.quantityUnit`, get(v, 'quantityUnit'))
  const unit = checkAmount(out, `${prefix}.unitPrice`, get(v, 'unitPrice'), true, currency)
  checkUnitPriceSign(out, prefix, unit, type)
  const total = checkLineTotal(out, prefix, v, currency, { unit, quantity, type })
  checkVatRateAndAmount(out, prefix, v, total, currency)
  checkLineDetails(out, prefix, v, k)
  return total
}

/** Spec 2.3: `discountAmount` is irrelevant for discount-type lines, so it is ignored there. */
export function discountAmountIgnored(type: unknown): boolean {
  return type === 'discount'
}

/** Checks `lines` and, when every line total is valid, that they sum to the amount. */
export function checkLinesAndSum(
  out: Violations,
  raw: unknown,
  amount: ParsedAmount | null,
  k: LineKind,
  required: boolean,
): void {
  if (raw === undefined) {
    if (required) out.add('lines', 'The field lines is required and must hold at least one line.')
    return
  }
  if (!Array.isArray(raw)) {
    out.add('lines', `The field lines must be an array of lines, not ${describe(raw)}.`)
    return
  }
  if (raw.length === 0) {
    out.add('lines', 'The field lines must hold at least one line.')
    return
  }
  const currency = amount?.amount.currency
  let sum = 0n
  let allTotals = true
  for (let i = 0; i < raw.length; i++) {
    const total = checkLine(out, i, raw[i], currency, k)
    if (total) sum += total.minor
    else allTotals = false
  }
  // spec 2.3: the sum of all line totals must equal the order amount.
  if (amount && allTotals && sum !== amount.minor) {
    const expected = fromMinor(sum, amount.amount.currency)
    out.add(
      'amount',
      `The amount is ${amount.amount.value}, expected ${expected} (the sum of the ${raw.length} line totals).`,
      expected,
    )
  }
}

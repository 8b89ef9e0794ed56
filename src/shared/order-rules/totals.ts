// The builder's arithmetic while the user types: each line's expected totals and the order amount,
// with the formulas shown beside the fields.
import type { Amount } from '../api-types'
import { CURRENCIES } from '../currencies'
import {
  amountFromMinor,
  parseAmountValue,
  parseVatRate,
  totalFormulaText,
  vatAmountMinor,
  vatFormulaText,
} from '../money'
import { QUANTITY_MIN } from './common'

// ---------------------------------------------------------------------------------------------
// Totals for the order builder

/** One line as the builder holds it; amounts may be Amount objects or bare value strings. */
export interface OrderTotalsLineInput {
  type?: string
  quantity: unknown
  unitPrice: Amount | string | null | undefined
  discountAmount?: Amount | string | null
  vatRate?: string | null
}

interface LineTotals {
  index: number
  /** unitPrice × quantity − discountAmount, or null when the inputs are not valid yet. */
  totalAmount: Amount | null
  /** "10.00 × 2 - 1.00 = 19.00" */
  totalFormula: string | null
  /** Present when a vatRate is given and valid. */
  vatAmount: Amount | null
  /** "19.00 × 21.00 / 121.00 = 3.30" */
  vatFormula: string | null
  /** Why the line's totals cannot be computed yet (null when they could). */
  problem: string | null
}

interface OrderTotals {
  currency: string
  lines: LineTotals[]
  /** Sum of the line totals, or null while any line is incomplete. */
  amount: Amount | null
  /** "19.00 + 5.00 = 24.00" (or "sum of N line totals = ..." for many lines). */
  amountFormula: string | null
}

const AMOUNT_FORMULA_MAX_TERMS = 8

/** How an order's amount adds up: "19.00 + 5.00 = 24.00", or "sum of 12 line totals = …" for many lines. */
export function amountFormulaText(terms: readonly string[], amount: Amount): string {
  return terms.length <= AMOUNT_FORMULA_MAX_TERMS
    ? `${terms.join(' + ')} = ${amount.value}`
    : `sum of ${terms.length} line totals = ${amount.value}`
}

function valueOf(a: Amount | string | null | undefined): string | undefined {
  if (a === null || a === undefined) return undefined
  return typeof a === 'string' ? a : a.value
}

/** A line's totals before anything is known about it. */
export function noLineTotals(index: number): LineTotals {
  return { index, totalAmount: null, totalFormula: null, vatAmount: null, vatFormula: null, problem: null }
}

/**
 * Expected totalAmount and vatAmount of each line (spec 2.3) and the order amount (their sum),
 * with human formulas. Never throws: incomplete lines get `problem` instead of totals.
 */
export function computeOrderTotals(lines: readonly OrderTotalsLineInput[], currency: string): OrderTotals {
  const result: LineTotals[] = []
  let sum = 0n
  let complete = lines.length > 0 && Object.prototype.hasOwnProperty.call(CURRENCIES, currency)
  const terms: string[] = []
  for (const [index, line] of lines.entries()) {
    const r = noLineTotals(index)
    result.push(r)
    const unitValue = valueOf(line.unitPrice)
    const unit = parseAmountValue(unitValue, currency)
    const discountValue = valueOf(line.discountAmount)
    const discount =
      discountValue === undefined || discountValue === '' ? null : parseAmountValue(discountValue, currency)
    const q = line.quantity
    if (!unit.ok) r.problem = `unit price: ${unit.reason}`
    else if (discount && !discount.ok) r.problem = `discount amount: ${discount.reason}`
    else if (typeof q !== 'number' || !Number.isSafeInteger(q) || q < QUANTITY_MIN)
      r.problem = 'quantity must be a whole number of at least 1'
    if (r.problem !== null || !unit.ok || (discount && !discount.ok) || typeof q !== 'number') {
      complete = false
      continue
    }
    const discountMinor = discount && discount.ok ? discount.value : 0n
    const totalMinor = unit.value * BigInt(q) - discountMinor
    const total = amountFromMinor(totalMinor, currency)
    r.totalAmount = total
    r.totalFormula = `${totalFormulaText({ currency, value: unitValue ?? '' }, q, discount ? { currency, value: discountValue ?? '' } : null)} = ${total.value}`
    sum += totalMinor
    terms.push(total.value)
    if (line.vatRate !== undefined && line.vatRate !== null && line.vatRate !== '') {
      const rate = parseVatRate(line.vatRate)
      if (rate.ok) {
        const vat = amountFromMinor(vatAmountMinor(totalMinor, rate.value), currency)
        r.vatAmount = vat
        r.vatFormula = `${vatFormulaText(total, rate.value)} = ${vat.value}`
      } else {
        r.problem = `VAT rate: ${rate.reason}`
      }
    }
  }
  if (!complete) return { currency, lines: result, amount: null, amountFormula: null }
  const amount = amountFromMinor(sum, currency)
  return { currency, lines: result, amount, amountFormula: amountFormulaText(terms, amount) }
}

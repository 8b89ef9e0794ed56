// The filter over the loaded rows: status, method, amount range and text. Amounts compare
// exactly (bigint minor units, scaled to a common precision), never through floats.

import type { Payment } from '../../../shared/api-types'
import { readAmountText } from '../../../shared/amount-input'
import { currencyDecimals, toMinor } from '../../../shared/money'
import { methodName } from '../../../shared/story/words'

export interface PaymentFilter {
  statuses: string[]
  methods: string[]
  /** Decimal text such as "10" or "10.50", in the payment's own currency; '' for none. */
  minAmount: string
  maxAmount: string
  /** Only this currency ('' for any). */
  currency: string
  text: string
}

export const EMPTY_FILTER: PaymentFilter = {
  statuses: [],
  methods: [],
  minAmount: '',
  maxAmount: '',
  currency: '',
  text: '',
}

export function isFilterActive(f: PaymentFilter): boolean {
  return (
    f.statuses.length > 0 ||
    f.methods.length > 0 ||
    f.minAmount.trim() !== '' ||
    f.maxAmount.trim() !== '' ||
    f.currency !== '' ||
    f.text.trim() !== ''
  )
}

/** Most decimals a bound may have. */
const MAX_BOUND_DECIMALS = 6

/** A decimal text as an exact fraction: digits / 10^scale. */
interface ExactDecimal {
  digits: bigint
  scale: number
}

/**
 * A bound typed in the agent's notation (`10,50`, `1.234,56`), read by the one amount reader; null
 * when it is no number or reads two ways (`1,234`: the filter then asks, see boundError).
 */
export function parseDecimal(text: string): ExactDecimal | null {
  const read = readAmountText(text)
  if (read.kind !== 'number' || read.readings.length !== 1 || !read.readings[0]) return null
  const { integer, fraction } = read.readings[0]
  if (fraction.length > MAX_BOUND_DECIMALS) return null
  const digits = BigInt(integer + fraction)
  return { digits: read.negative ? -digits : digits, scale: fraction.length }
}

function boundError(name: string, text: string): string {
  const read = readAmountText(text)
  return read.kind === 'number' && read.readings.length > 1
    ? `${name}: “${text.trim()}” could be a whole number or have three decimals; write it like 1234 or 1.234,00.`
    : `${name}: enter a number such as 10 or 10,50.`
}

const pow10 = (n: number): bigint => 10n ** BigInt(n)

/** -1, 0 or 1 comparing a payment amount with a bound (exact, any number of decimals). */
export function compareAmountWithBound(amount: Payment['amount'], bound: ExactDecimal): -1 | 0 | 1 {
  const decimals = currencyDecimals(amount.currency)
  const minor = toMinor(amount)
  const scale = Math.max(decimals, bound.scale)
  const a = minor * pow10(scale - decimals)
  const b = bound.digits * pow10(scale - bound.scale)
  return a < b ? -1 : a > b ? 1 : 0
}

type CompiledFilter = { ok: true; test: (p: Payment) => boolean } | { ok: false; error: string }

export function compileFilter(f: PaymentFilter): CompiledFilter {
  const min = f.minAmount.trim() === '' ? null : parseDecimal(f.minAmount)
  if (f.minAmount.trim() !== '' && !min) return { ok: false, error: boundError('Minimum amount', f.minAmount) }
  const max = f.maxAmount.trim() === '' ? null : parseDecimal(f.maxAmount)
  if (f.maxAmount.trim() !== '' && !max) return { ok: false, error: boundError('Maximum amount', f.maxAmount) }
  const statuses = new Set(f.statuses)
  const methods = new Set(f.methods)
  const needle = f.text.trim().toLowerCase()
  return {
    ok: true,
    test(p) {
      if (statuses.size > 0 && !statuses.has(p.status)) return false
      if (methods.size > 0 && !methods.has(p.method ?? 'none')) return false
      if (f.currency !== '' && p.amount?.currency !== f.currency) return false
      if (min || max) {
        try {
          if (min && compareAmountWithBound(p.amount, min) < 0) return false
          if (max && compareAmountWithBound(p.amount, max) > 0) return false
        } catch {
          return false // an amount that is not valid money matches no range
        }
      }
      if (needle) {
        const hay =
          `${p.id} ${p.description ?? ''} ${p.orderId ?? ''} ${p.amount?.value ?? ''} ${p.method ?? ''} ${methodName(p.method) ?? ''} ${p.status}`.toLowerCase()
        if (!hay.includes(needle)) return false
      }
      return true
    },
  }
}

// Exact money for the payment service (spec 2.1, 2.3). Pure TypeScript: runs in the renderer and
// in the sandbox, so both compute the same cents.
//
// - An Amount is `{ currency, value }` with `value` a decimal string. Internally every amount is an
//   integer count of the currency's minor units held in a `bigint`; no value ever passes through a
//   float (no parseFloat / Number() of an amount).
// - `value` must carry exactly the currency's ISO 4217 decimals ("10.00" EUR, "1000" JPY,
//   "1.500" KWD), an optional leading "-", no "+", no spaces, no exponent and no leading zeros
//   ("010.00" is refused, "0.50" is fine). "-0.00" is accepted and means zero.
// - ROUNDING (the only place the app rounds money): VAT (spec 2.3) is
//       vatAmount = totalAmount × vatRate / (100 + vatRate)
//   computed as an exact rational with bigints and then rounded to the currency's minor unit
//   with ROUND HALF AWAY FROM ZERO: a remainder of exactly one half goes away from zero
//   (1.005 -> 1.01, -1.005 -> -1.01), anything below half is dropped. See `VAT_ROUNDING_RULE`.
// - A VAT rate is a decimal string of 0..100 with at most two decimals ("21.00", "21", "5.5"):
//   the spec asks for a string, "for example two-decimal form", never a float.

import { CURRENCIES, currencyDecimals, isKnownCurrency } from './currencies'

export { isKnownCurrency, currencyDecimals, maximumMinorUnits } from './currencies'

/** Spec 2.1: a monetary amount; `value` is an exact decimal string, never a float. */
export interface Amount {
  currency: string
  value: string
}

/** The one rounding rule used for money (VAT), see the top of this file. */
export const VAT_ROUNDING_RULE = 'half-away-from-zero' as const

/** Integer digits allowed in an amount value: far above any maximum, and keeps bigints small. */
const AMOUNT_MAX_INTEGER_DIGITS = 15
/** Largest VAT rate accepted, in percent. */
const VAT_RATE_MAX = 100n
/** Most decimals a VAT rate may have. */
const VAT_RATE_MAX_DECIMALS = 2

/** Thrown by the strict helpers (toMinor, compareAmounts, ...) on input that is not valid money. */
export class MoneyError extends Error {
  override readonly name = 'MoneyError'
}

type ParseResult<T> = { ok: true; value: T } | { ok: false; reason: string }

const DECIMAL_SHAPE = /^-?\d+(?:\.\d+)?$/

function exampleValue(decimals: number): string {
  return decimals === 0 ? '1000' : `10.${'0'.repeat(decimals)}`
}

/**
 * Parses an Amount `value` for `currency` into minor units. On failure `reason` says exactly what
 * is wrong, in words fit for an error `detail`.
 */
export function parseAmountValue(value: unknown, currency: unknown): ParseResult<bigint> {
  if (!isKnownCurrency(currency)) {
    return {
      ok: false,
      reason:
        typeof currency === 'string'
          ? `the currency ${JSON.stringify(truncateForMessage(currency))} is not a known ISO 4217 code`
          : 'the currency must be a three-letter ISO 4217 code string',
    }
  }
  const decimals = currencyDecimals(currency)
  if (typeof value !== 'string') {
    return {
      ok: false,
      reason:
        typeof value === 'number'
          ? `the value must be a string such as "${exampleValue(decimals)}", not a number`
          : `the value must be a string such as "${exampleValue(decimals)}"`,
    }
  }
  if (!DECIMAL_SHAPE.test(value)) {
    return { ok: false, reason: `the value ${JSON.stringify(truncateForMessage(value))} is not a decimal number` }
  }
  const negative = value.startsWith('-')
  const digits = negative ? value.slice(1) : value
  const dot = digits.indexOf('.')
  const intPart = dot === -1 ? digits : digits.slice(0, dot)
  const fracPart = dot === -1 ? '' : digits.slice(dot + 1)
  if (fracPart.length !== decimals) {
    return {
      ok: false,
      reason:
        decimals === 0
          ? `${currency} amounts take no decimals, as in "${exampleValue(0)}"`
          : `${currency} amounts need exactly ${decimals} decimals, as in "${exampleValue(decimals)}"`,
    }
  }
  if (intPart.length > 1 && intPart.startsWith('0')) {
    return { ok: false, reason: `the value ${JSON.stringify(truncateForMessage(value))} has leading zeros` }
  }
  if (intPart.length > AMOUNT_MAX_INTEGER_DIGITS) {
    return { ok: false, reason: 'the value has too many digits' }
  }
  const minor = BigInt(intPart + fracPart)
  return { ok: true, value: negative ? -minor : minor }
}

function truncateForMessage(s: string): string {
  return s.length > 40 ? `${s.slice(0, 40)}…` : s
}

/** Minor units of a valid Amount; throws MoneyError otherwise. */
export function toMinor(amount: Amount): bigint {
  const parsed = parseAmountValue(amount?.value, amount?.currency)
  if (!parsed.ok) throw new MoneyError(`Invalid amount: ${parsed.reason}`)
  return parsed.value
}

/** The decimal string of `minor` units of `currency` ("1041" EUR -> "10.41", "-5" KWD -> "-0.005"). */
export function fromMinor(minor: bigint, currency: string): string {
  const info = isKnownCurrency(currency) ? CURRENCIES[currency] : undefined
  if (info === undefined) throw new MoneyError(`Unknown currency ${JSON.stringify(currency)}`)
  return formatScaled(minor, info.decimals)
}

/** An Amount from minor units. */
export function amountFromMinor(minor: bigint, currency: string): Amount {
  return { currency, value: fromMinor(minor, currency) }
}

/** Writes `n / 10^scale` as a decimal string with exactly `scale` decimals. */
function formatScaled(n: bigint, scale: number): string {
  const negative = n < 0n
  const digits = (negative ? -n : n).toString().padStart(scale + 1, '0')
  const intPart = scale === 0 ? digits : digits.slice(0, digits.length - scale)
  const frac = scale === 0 ? '' : `.${digits.slice(digits.length - scale)}`
  return `${negative && n !== 0n ? '-' : ''}${intPart}${frac}`
}

function sameCurrency(a: Amount, b: Amount): string {
  if (a.currency !== b.currency) {
    throw new MoneyError(`Currency mismatch: ${a.currency} and ${b.currency}`)
  }
  return a.currency
}

/** -1, 0 or 1 as a is less than, equal to or greater than b (same currency required). */
export function compareAmounts(a: Amount, b: Amount): -1 | 0 | 1 {
  sameCurrency(a, b)
  const d = toMinor(a) - toMinor(b)
  return d < 0n ? -1 : d > 0n ? 1 : 0
}

/** An amount that is there and above zero (what was refunded, charged back). */
export function isPositive(amount: Amount | null | undefined): amount is Amount {
  return !!amount && toMinor(amount) > 0n
}

const formatters = new Map<string, Intl.NumberFormat>()

function numberFormat(locale: string | null | undefined, currency: string, decimals: number): Intl.NumberFormat {
  const tag = (locale ?? 'en-US').replace('_', '-')
  const key = `${tag}|${currency}`
  let nf = formatters.get(key)
  if (!nf) {
    const options: Intl.NumberFormatOptions = {
      style: 'currency',
      currency,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    }
    try {
      nf = new Intl.NumberFormat(tag, options)
    } catch {
      nf = new Intl.NumberFormat('en-US', options)
    }
    formatters.set(key, nf)
  }
  return nf
}

/**
 * A human display of an amount, for example "€ 1.234,50" for nl_NL. `locale` may be an API locale
 * ("nl_NL") or a BCP 47 tag ("nl-NL"). Intl.NumberFormat receives the decimal STRING (exact
 * formatting of string numerics, ES2023), so no float is involved. An invalid amount is shown as
 * its raw text rather than throwing (this is display code).
 */
export function formatAmountForDisplay(amount: Amount, locale?: string | null): string {
  const parsed = parseAmountValue(amount?.value, amount?.currency)
  if (!parsed.ok) return `${String(amount?.value)} ${String(amount?.currency)}`
  const decimals = currencyDecimals(amount.currency)
  const exact = formatScaled(parsed.value, decimals) as `${number}`
  return numberFormat(locale, amount.currency, decimals).format(exact)
}

// ---------------------------------------------------------------------------------------------
// VAT (spec 2.3)

/** A VAT rate as an exact fraction: percent = numerator / 10^scale. */
export interface VatRate {
  numerator: bigint
  scale: number
  /** The rate as written ("21.00"). */
  text: string
}

const VAT_RATE_SHAPE = /^\d{1,3}(?:\.\d{1,2})?$/

/** Parses a VAT rate string ("21.00", "21", "5.5"); numbers are refused (the spec wants a string). */
export function parseVatRate(rate: unknown): ParseResult<VatRate> {
  if (typeof rate !== 'string') {
    return {
      ok: false,
      reason:
        typeof rate === 'number'
          ? 'the VAT rate must be a string such as "21.00", not a number'
          : 'the VAT rate must be a string such as "21.00"',
    }
  }
  if (!VAT_RATE_SHAPE.test(rate)) {
    return {
      ok: false,
      reason: `the VAT rate ${JSON.stringify(truncateForMessage(rate))} is not a percentage such as "21.00" (at most ${VAT_RATE_MAX_DECIMALS} decimals)`,
    }
  }
  const dot = rate.indexOf('.')
  const scale = dot === -1 ? 0 : rate.length - dot - 1
  const numerator = BigInt(rate.replace('.', ''))
  if (numerator > VAT_RATE_MAX * 10n ** BigInt(scale)) {
    return { ok: false, reason: `the VAT rate ${rate} is above ${VAT_RATE_MAX}%` }
  }
  return { ok: true, value: { numerator, scale, text: rate } }
}

/**
 * n / d rounded to an integer, half away from zero. `d` is positive: its one caller divides by
 * `100 + rate` (at least 100), so it is tested through `computeVatAmount`.
 */
function divideRoundHalfAwayFromZero(n: bigint, d: bigint): bigint {
  const negative = n < 0n
  const abs = negative ? -n : n
  let q = abs / d
  if ((abs % d) * 2n >= d) q += 1n
  return negative ? -q : q
}

/** VAT in minor units: totalMinor × rate / (100 + rate), rounded half away from zero. */
export function vatAmountMinor(totalMinor: bigint, rate: VatRate): bigint {
  const denominator = 100n * 10n ** BigInt(rate.scale) + rate.numerator
  return divideRoundHalfAwayFromZero(totalMinor * rate.numerator, denominator)
}

/** `100 + rate` written with the rate's own decimals ("21.00" -> "121.00"), for formula texts. */
function vatDenominatorText(rate: VatRate): string {
  return formatScaled(100n * 10n ** BigInt(rate.scale) + rate.numerator, rate.scale)
}

/** The VAT formula as the service's detail would show it: "60.00 × 21.00 / 121.00". */
export function vatFormulaText(total: Amount, rate: VatRate): string {
  return `${total.value} × ${rate.text} / ${vatDenominatorText(rate)}`
}

/** VAT of a total at a rate string; throws MoneyError on bad input. */
export function computeVatAmount(total: Amount, vatRate: string): Amount {
  const rate = parseVatRate(vatRate)
  if (!rate.ok) throw new MoneyError(`Invalid VAT rate: ${rate.reason}`)
  return amountFromMinor(vatAmountMinor(toMinor(total), rate.value), total.currency)
}

// ---------------------------------------------------------------------------------------------
// Line totals (spec 2.3)

interface LineMoneyInput {
  quantity: number
  unitPrice: Amount
  discountAmount?: Amount | null
  vatRate?: string | null
}

interface LineMoneyTotals {
  /** unitPrice × quantity − discountAmount */
  totalAmount: Amount
  /** totalAmount × vatRate / (100 + vatRate), present when a vatRate was given */
  vatAmount?: Amount
}

/** The formula text for a line total: "10.00 × 2 - 1.00" (the discount part only when given). */
export function totalFormulaText(unitPrice: Amount, quantity: number | bigint, discount?: Amount | null): string {
  return discount ? `${unitPrice.value} × ${quantity} - ${discount.value}` : `${unitPrice.value} × ${quantity}`
}

/**
 * A line's totalAmount = unitPrice × quantity − discountAmount, and its vatAmount from that total
 * (spec 2.3). Throws MoneyError on invalid input (bad amounts, mixed currencies, a non-integer or
 * non-positive quantity, a bad VAT rate).
 */
export function computeLineTotals(line: LineMoneyInput): LineMoneyTotals {
  if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) {
    throw new MoneyError(`Quantity must be an integer of at least 1, got ${String(line.quantity)}`)
  }
  const currency = line.unitPrice.currency
  let minor = toMinor(line.unitPrice) * BigInt(line.quantity)
  if (line.discountAmount) {
    sameCurrency(line.unitPrice, line.discountAmount)
    minor -= toMinor(line.discountAmount)
  }
  const totalAmount = amountFromMinor(minor, currency)
  if (line.vatRate === undefined || line.vatRate === null) return { totalAmount }
  const rate = parseVatRate(line.vatRate)
  if (!rate.ok) throw new MoneyError(`Invalid VAT rate: ${rate.reason}`)
  return { totalAmount, vatAmount: amountFromMinor(vatAmountMinor(minor, rate.value), currency) }
}

// ISO 4217 currencies the app knows, with their minor-unit digits (spec 2.1: an Amount's currency
// is a three-character ISO 4217 code and its value has that currency's decimals).
// Pure data: no node, no DOM. Shared by the renderer and the sandbox.
//
// Maximum amounts (spec 7 rule 2 and 4.2: "an amount above the maximum" -> 422, field `amount`).
// The spec does not give the figure ("minimum and maximum depend on the payment method"), so the
// app uses ONE simple documented rule: at most 1,000,000 major units of the currency, except for
// currencies whose unit is worth far less than a euro, which carry their own maximum below
// (roughly the same worth). Change it here and both the order builder and the sandbox follow.

interface CurrencyInfo {
  /** ISO 4217 minor-unit digits: EUR 2, JPY 0, KWD 3. */
  decimals: 0 | 2 | 3
  /** Largest allowed amount in major units; absent means DEFAULT_MAXIMUM_MAJOR_UNITS. */
  maximumMajorUnits?: bigint
}

/** The maximum in major units for currencies without their own entry. */
const DEFAULT_MAXIMUM_MAJOR_UNITS = 1_000_000n

const two = { decimals: 2 } as const
const three = { decimals: 3 } as const

/** ISO 4217 minor units (the published list, current codes only). */
export const CURRENCIES: Readonly<Record<string, CurrencyInfo>> = Object.freeze({
  AED: two,
  ARS: { decimals: 2, maximumMajorUnits: 1_000_000_000n },
  AUD: two,
  BAM: two,
  BDT: { decimals: 2, maximumMajorUnits: 100_000_000n },
  BGN: two,
  BHD: three,
  BIF: { decimals: 0, maximumMajorUnits: 3_000_000_000n },
  BRL: two,
  CAD: two,
  CHF: two,
  CLP: { decimals: 0, maximumMajorUnits: 1_000_000_000n },
  CNY: two,
  COP: { decimals: 2, maximumMajorUnits: 4_000_000_000n },
  CZK: { decimals: 2, maximumMajorUnits: 25_000_000n },
  DJF: { decimals: 0, maximumMajorUnits: 200_000_000n },
  DKK: two,
  DZD: { decimals: 2, maximumMajorUnits: 150_000_000n },
  EGP: { decimals: 2, maximumMajorUnits: 50_000_000n },
  EUR: two,
  GBP: two,
  GEL: two,
  GNF: { decimals: 0, maximumMajorUnits: 10_000_000_000n },
  HKD: two,
  HUF: { decimals: 2, maximumMajorUnits: 400_000_000n },
  IDR: { decimals: 2, maximumMajorUnits: 17_000_000_000n },
  ILS: two,
  INR: { decimals: 2, maximumMajorUnits: 100_000_000n },
  IQD: { decimals: 3, maximumMajorUnits: 1_500_000_000n },
  ISK: { decimals: 0, maximumMajorUnits: 150_000_000n },
  JOD: three,
  JPY: { decimals: 0, maximumMajorUnits: 150_000_000n },
  KES: { decimals: 2, maximumMajorUnits: 150_000_000n },
  KMF: { decimals: 0, maximumMajorUnits: 500_000_000n },
  KRW: { decimals: 0, maximumMajorUnits: 1_500_000_000n },
  KWD: three,
  LYD: three,
  MAD: { decimals: 2, maximumMajorUnits: 11_000_000n },
  MXN: { decimals: 2, maximumMajorUnits: 20_000_000n },
  MYR: two,
  NGN: { decimals: 2, maximumMajorUnits: 1_500_000_000n },
  NOK: { decimals: 2, maximumMajorUnits: 12_000_000n },
  NZD: two,
  OMR: three,
  PHP: { decimals: 2, maximumMajorUnits: 60_000_000n },
  PKR: { decimals: 2, maximumMajorUnits: 300_000_000n },
  PLN: two,
  PYG: { decimals: 0, maximumMajorUnits: 8_000_000_000n },
  QAR: two,
  RON: two,
  RSD: { decimals: 2, maximumMajorUnits: 120_000_000n },
  RUB: { decimals: 2, maximumMajorUnits: 100_000_000n },
  RWF: { decimals: 0, maximumMajorUnits: 1_500_000_000n },
  SAR: two,
  SEK: { decimals: 2, maximumMajorUnits: 12_000_000n },
  SGD: two,
  THB: { decimals: 2, maximumMajorUnits: 40_000_000n },
  TND: three,
  TRY: { decimals: 2, maximumMajorUnits: 40_000_000n },
  TWD: { decimals: 2, maximumMajorUnits: 35_000_000n },
  UAH: { decimals: 2, maximumMajorUnits: 45_000_000n },
  UGX: { decimals: 0, maximumMajorUnits: 4_000_000_000n },
  USD: two,
  UYU: { decimals: 2, maximumMajorUnits: 45_000_000n },
  VND: { decimals: 0, maximumMajorUnits: 28_000_000_000n },
  VUV: { decimals: 0, maximumMajorUnits: 130_000_000n },
  XAF: { decimals: 0, maximumMajorUnits: 650_000_000n },
  XOF: { decimals: 0, maximumMajorUnits: 650_000_000n },
  XPF: { decimals: 0, maximumMajorUnits: 120_000_000n },
  ZAR: { decimals: 2, maximumMajorUnits: 20_000_000n },
} satisfies Record<string, CurrencyInfo>)

/** True when `code` is a known ISO 4217 code (exactly three upper-case letters from the table). */
export function isKnownCurrency(code: unknown): code is string {
  return typeof code === 'string' && Object.prototype.hasOwnProperty.call(CURRENCIES, code)
}

/** Minor-unit digits of a known currency; throws RangeError for an unknown one. */
export function currencyDecimals(code: string): number {
  const info = isKnownCurrency(code) ? CURRENCIES[code] : undefined
  if (info === undefined) throw new RangeError(`Unknown currency ${JSON.stringify(code)}`)
  return info.decimals
}

/** Largest allowed amount of a known currency, in minor units (see the note at the top). */
export function maximumMinorUnits(code: string): bigint {
  const info = CURRENCIES[code]
  if (!info || !isKnownCurrency(code)) throw new RangeError(`Unknown currency ${JSON.stringify(code)}`)
  return (info.maximumMajorUnits ?? DEFAULT_MAXIMUM_MAJOR_UNITS) * 10n ** BigInt(info.decimals)
}

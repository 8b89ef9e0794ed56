// What the methods endpoints add on request (https://docs.mollie.com/reference/list-methods,
// get-method, list-all-methods): a method's issuers (`include=issuers`), its pricing
// (`include=pricing`), the wallets a checkout must ask for (`includeWallets`), and the methods the
// service offers that the sandbox's profile has not activated (`GET /v2/methods/all`). Made-up but
// well-formed values; names of real banks as the documentation's examples show them.
import { SandboxError } from '../errors'

/** Wallets a checkout must say it supports to see them listed (`includeWallets=applepay`). */
export const WALLETS: readonly string[] = ['applepay']

/** The values of `include` on the methods endpoints. */
export const METHOD_INCLUDES = ['issuers', 'pricing'] as const
export type MethodInclude = (typeof METHOD_INCLUDES)[number]

/** A comma-separated query parameter, each value one of `allowed`; another is a 400 naming the parameter. */
export function listParam<T extends string>(params: URLSearchParams, name: string, allowed: readonly T[]): Set<T> {
  const raw = params.get(name)
  const out = new Set<T>()
  if (raw === null || raw === '') return out
  for (const part of raw.split(',').map((p) => p.trim())) {
    if (!(allowed as readonly string[]).includes(part)) {
      throw new SandboxError(
        400,
        `The ${name} value ${JSON.stringify(part)} is not one of ${allowed.join(', ')}.`,
        name,
      )
    }
    out.add(part as T)
  }
  return out
}

const ISSUERS: Readonly<Record<string, readonly [string, string][]>> = {
  ideal: [
    ['ideal_ABNANL2A', 'ABN AMRO'],
    ['ideal_ASNBNL21', 'ASN Bank'],
    ['ideal_BUNQNL2A', 'bunq'],
    ['ideal_INGBNL2A', 'ING'],
    ['ideal_RABONL2U', 'Rabobank'],
    ['ideal_SNSBNL2A', 'SNS'],
  ],
  kbc: [
    ['kbc', 'KBC'],
    ['cbc', 'CBC'],
  ],
  giftcard: [
    ['fashioncheque', 'Fashioncheque'],
    ['vvvgiftcard', 'VVV Cadeaukaart'],
  ],
}

/** `issuers` of a method that has them (else undefined: the field is left out). */
export function issuersOf(origin: string, id: string): unknown[] | undefined {
  return ISSUERS[id]?.map(([issuer, name]) => ({
    resource: 'issuer',
    id: issuer,
    name,
    image: {
      size1x: `${origin}/docs/method-images/issuers/${issuer}.png`,
      size2x: `${origin}/docs/method-images/issuers/${issuer}%402x.png`,
      svg: `${origin}/docs/method-images/issuers/${issuer}.svg`,
    },
  }))
}

/** `pricing` of a method: a fixed and a variable part per region (choice: one row, cards by region). */
export function pricingOf(id: string): unknown[] {
  const eur = (value: string) => ({ value, currency: 'EUR' })
  if (id === 'creditcard' || id === 'applepay') {
    return [
      { description: 'Domestic consumer cards', fixed: eur('0.25'), variable: '1.8', feeRegion: 'domestic' },
      { description: 'European cards', fixed: eur('0.25'), variable: '1.8', feeRegion: 'intra-eu' },
      { description: 'Other cards', fixed: eur('0.25'), variable: '2.9', feeRegion: 'other' },
    ]
  }
  if (id === 'paypal') return [{ description: 'PayPal', fixed: eur('0.10'), variable: '0' }]
  if (id === 'klarna') return [{ description: 'Klarna', fixed: eur('0.30'), variable: '2.99' }]
  return [{ description: 'The Netherlands', fixed: eur('0.29'), variable: '0' }]
}

/** Methods the service offers that the sandbox's profile has not activated (`status: null`). */
export const NOT_ACTIVATED: readonly { id: string; name: string; min: string; max: string }[] = [
  { id: 'giftcard', name: 'Gift cards', min: '0.01', max: '50000.00' },
  { id: 'voucher', name: 'Vouchers', min: '1.00', max: '100000.00' },
  { id: 'in3', name: 'iDEAL in3', min: '5.00', max: '5000.00' },
  { id: 'billie', name: 'Pay by Invoice for Businesses - Billie', min: '100.00', max: '50000.00' },
  { id: 'riverty', name: 'Riverty', min: '0.01', max: '2000.00' },
  { id: 'twint', name: 'TWINT', min: '0.01', max: '5000.00' },
  { id: 'trustly', name: 'Trustly', min: '0.01', max: '10000.00' },
]

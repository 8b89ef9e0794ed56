// READ/WRITE class of an HTTP method (spec 8.1.4): rate-limit quotas are per class. Both sides use
// it: the sandbox's server-side buckets and the client's learned buckets.

export type RequestClass = 'read' | 'write'

/** Spec 8.1.4: GET/HEAD/OPTIONS are READ; POST/PUT/PATCH/DELETE (and anything else) WRITE. */
const READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS'])

export function requestClassOf(method: string): RequestClass {
  return READ_METHODS.has(method.toUpperCase()) ? 'read' : 'write'
}

const MANY = ['EUR', 'USD', 'GBP', 'CHF', 'SEK', 'PLN', 'DKK', 'NOK', 'CZK', 'JPY'] as const

/**
 * The currencies each method the sandbox's profile has activated takes (https://docs.mollie.com/reference/list-methods:
 * a method the amount's currency does not suit is left out). One table for the methods endpoint and
 * the seeded payments (no seeded payment uses a method in a currency it does not take).
 */
export const METHOD_CURRENCIES: Readonly<Record<string, readonly string[]>> = {
  ideal: ['EUR'],
  creditcard: MANY,
  applepay: MANY,
  bancontact: ['EUR'],
  banktransfer: ['EUR', 'GBP', 'CHF', 'SEK', 'PLN'],
  belfius: ['EUR'],
  kbc: ['EUR'],
  eps: ['EUR'],
  paypal: MANY,
  directdebit: ['EUR'],
  klarna: ['EUR', 'GBP', 'CHF', 'SEK', 'DKK', 'NOK', 'PLN'],
  paysafecard: ['EUR'],
  przelewy24: ['EUR', 'PLN'],
}

/** Whether `method` takes payments in `currency` (an unknown method: none). */
export function methodTakesCurrency(method: string, currency: string): boolean {
  return METHOD_CURRENCIES[method]?.includes(currency) ?? false
}

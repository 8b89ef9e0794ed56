// Amount arithmetic the tests use to state expected figures: built on the app's own exact
// conversions (toMinor / amountFromMinor in src/shared/money.ts), kept here because no src/ code
// adds or multiplies whole amounts this way.
import type { Amount } from '../../src/shared/api-types'
import { amountFromMinor, MoneyError, toMinor } from '../../src/shared/money'

function sameCurrency(a: Amount, b: Amount): string {
  if (a.currency !== b.currency) throw new MoneyError(`Currency mismatch: ${a.currency} and ${b.currency}`)
  return a.currency
}

export function addAmounts(a: Amount, b: Amount): Amount {
  return amountFromMinor(toMinor(a) + toMinor(b), sameCurrency(a, b))
}

/** a − b */
export function subtract(a: Amount, b: Amount): Amount {
  return amountFromMinor(toMinor(a) - toMinor(b), sameCurrency(a, b))
}

/** amount × quantity, for an integer quantity. */
export function multiplyByQuantity(amount: Amount, quantity: number | bigint): Amount {
  if (typeof quantity === 'number' && !Number.isSafeInteger(quantity)) {
    throw new MoneyError(`Quantity must be an integer, got ${quantity}`)
  }
  return amountFromMinor(toMinor(amount) * BigInt(quantity), amount.currency)
}

/** Sum of amounts, all in `currency` (the sum of none is zero). */
export function sumAmounts(amounts: readonly Amount[], currency: string): Amount {
  let total = 0n
  for (const a of amounts) {
    if (a.currency !== currency) throw new MoneyError(`Currency mismatch: ${a.currency} and ${currency}`)
    total += toMinor(a)
  }
  return amountFromMinor(total, currency)
}

export function isNegative(amount: Amount): boolean {
  return toMinor(amount) < 0n
}

export function isZero(amount: Amount): boolean {
  return toMinor(amount) === 0n
}

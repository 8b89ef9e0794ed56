// An Amount field: an object with a known currency and a value with that currency's decimals, and
// the service's maximum per currency.
import type { Amount } from '../api-types'
import { isKnownCurrency, maximumMinorUnits } from '../currencies'
import { fromMinor, parseAmountValue } from '../money'
import { describe, get, isObject, type Violations } from './common'

// ---------------------------------------------------------------------------------------------
// Field checks shared by orders and payments

export interface ParsedAmount {
  minor: bigint
  amount: Amount
}

/**
 * Checks an Amount field. Returns the parsed amount when valid (and, with `currency`, in that
 * currency), else null after adding one violation.
 */
export function checkAmount(
  out: Violations,
  field: string,
  v: unknown,
  required: boolean,
  currency?: string,
): ParsedAmount | null {
  if (v === undefined) {
    if (required) out.add(field, `The field ${field} is required.`)
    return null
  }
  if (!isObject(v)) {
    out.add(field, `The field ${field} must be an amount object with currency and value, not ${describe(v)}.`)
    return null
  }
  const cur = get(v, 'currency')
  const parsed = parseAmountValue(get(v, 'value'), cur)
  if (!parsed.ok) {
    // The service names the part that is wrong: `amount.currency` or `amount.value`.
    const part = `${field}.${isKnownCurrency(cur) ? 'value' : 'currency'}`
    out.add(part, `The field ${part} is invalid: ${parsed.reason}.`)
    return null
  }
  const code = cur as string
  if (currency !== undefined && code !== currency) {
    out.add(
      `${field}.currency`,
      `The field ${field}.currency is ${code}, but the order is in ${currency}; all lines share its currency.`,
    )
    return null
  }
  return { minor: parsed.value, amount: { currency: code, value: get(v, 'value') as string } }
}

export function checkAmountMaximum(out: Violations, field: string, a: ParsedAmount): boolean {
  const max = maximumMinorUnits(a.amount.currency)
  if (a.minor > max) {
    out.add(
      field,
      `The amount is higher than the maximum of ${fromMinor(max, a.amount.currency)} ${a.amount.currency}.`,
    )
    return false
  }
  return true
}

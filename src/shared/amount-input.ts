// Reading an amount an agent types (a refund, a price): exact, never changed silently. Text that is
// already a valid amount value is taken as it is; text that can be read one way only ("5", "5,5",
// "€ 5,50", "5.50 EUR") is refused with that reading offered as a suggestion the agent accepts.
// Pure TypeScript: no node, no DOM.
import type { Amount } from './api-types'
import { currencyDecimals, isKnownCurrency, parseAmountValue } from './money'

export type AmountInput =
  | { ok: true; amount: Amount }
  | { ok: false; message: string; /** the same amount written as the service wants it */ suggestion: string | null }

const SYMBOLS: Record<string, string> = { '€': 'EUR', $: 'USD', '£': 'GBP', '¥': 'JPY' }

/** The one value `text` unambiguously means in `currency`, or null. */
function normalise(text: string, currency: string): string | null {
  let t = text.replace(/\s+/g, '')
  // A currency sign or code around the number, if it is this currency's.
  const code = new RegExp(`^${currency}|${currency}$`, 'i')
  t = t.replace(code, '')
  const sign = t[0] !== undefined ? SYMBOLS[t[0]] : undefined
  if (sign !== undefined) {
    if (sign !== currency) return null
    t = t.slice(1)
  }
  const decimals = currencyDecimals(currency)
  // One separator: a comma or a dot followed by 1..decimals digits is the decimal mark.
  const match = /^(\d{1,15})(?:[.,](\d+))?$/.exec(t)
  if (!match) return null
  const whole = (match[1] ?? '').replace(/^0+(?=\d)/, '')
  const fraction = match[2] ?? ''
  if (fraction.length > decimals) return null // more decimals than the currency has: not ours to round
  if (decimals === 0) return fraction === '' ? whole : null
  return `${whole}.${fraction.padEnd(decimals, '0')}`
}

export function readAmountInput(text: string, currency: string): AmountInput {
  if (!isKnownCurrency(currency)) return { ok: false, message: `Unknown currency ${currency}.`, suggestion: null }
  const trimmed = text.trim()
  if (trimmed === '') return { ok: false, message: 'Enter an amount.', suggestion: null }
  if (parseAmountValue(trimmed, currency).ok) return { ok: true, amount: { currency, value: trimmed } }
  const decimals = currencyDecimals(currency)
  const example = decimals === 0 ? '1000' : `10.${'0'.repeat(decimals)}`
  const suggestion = normalise(trimmed, currency)
  return {
    ok: false,
    message:
      suggestion !== null
        ? `Write the amount as the service does: ${suggestion} ${currency}.`
        : `Not an amount in ${currency}: write it like ${example}.`,
    suggestion: suggestion !== null && parseAmountValue(suggestion, currency).ok ? suggestion : null,
  }
}

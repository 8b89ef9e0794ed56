// The one reader of amounts an agent types, everywhere an amount is typed (the refund dialog, the
// order builder's prices and amounts, the search box, the payments filter). Pure TypeScript: no
// node, no DOM.
//
// It reads the agent's own notation: `39,95`, `39.95`, `1.234,56`, `1,234.56`, `1 234,56`,
// `€ 39,95`, `39,95 EUR`, `-5`. It never rounds and never guesses:
//   - both marks present (`1.234,56`, `1,234.56`): the last one is the decimal mark;
//   - one mark repeated (`1.234.567`): thousands groups only;
//   - one mark once, followed by 1, 2 or 4+ digits (`39,95`, `5.5`): the decimal mark;
//   - one mark once, followed by exactly 3 digits (`1,234`, `1.234`): it could be either, so the
//     agent is asked (with the readings the currency allows as choices); nothing is taken;
//   - more decimals than the currency has (`39,955` in EUR): refused, never rounded.
// What is taken is the service's decimal string with exactly the currency's decimals ("39.95"),
// echoed back next to the field so the agent sees what will be sent.
import type { Amount } from './api-types'
import { currencyDecimals, isKnownCurrency, parseAmountValue } from './money'

/** Currency signs read around a typed number (codes such as EUR are read too). */
export const CURRENCY_SIGNS: Readonly<Record<string, string>> = {
  '€': 'EUR',
  $: 'USD',
  '£': 'GBP',
  '¥': 'JPY',
  zł: 'PLN',
}

/** Integer digits an amount may have (as money.ts allows). */
const MAX_INTEGER_DIGITS = 15
/** Longer text is not read as an amount at all. */
const MAX_AMOUNT_TEXT = 40

/** One way to read the number: integer digits (no leading zeros) and fraction digits as typed. */
interface NumberReading {
  integer: string
  fraction: string
}

type AmountTextReading =
  | { kind: 'empty' }
  | { kind: 'none' }
  /** `readings` has one entry when the notation reads one way, two when it does not (`1,234`). */
  | { kind: 'number'; negative: boolean; currency?: string; readings: NumberReading[] }

const CURRENCY_TOKEN = '[A-Za-z]{3}|€|\\$|£|¥|zł'
const AMOUNT_SHAPE = new RegExp(
  `^(-)?\\s*(?:(${CURRENCY_TOKEN})\\s*)?(-)?\\s*(\\d[\\d.,'’\\s]*?)\\s*(${CURRENCY_TOKEN})?$`,
  'u',
)

function currencyOf(token: string | undefined): string | undefined | null {
  if (token === undefined) return undefined
  const sign = CURRENCY_SIGNS[token]
  if (sign !== undefined) return sign
  const code = token.toUpperCase()
  return isKnownCurrency(code) ? code : null
}

/** `1.234.567`, `1 234`, `1'234` split into thousands groups; null when the groups are not 1-3 then 3s. */
function readGroups(text: string, groupMarks: RegExp): string | null {
  const groups = text.split(groupMarks)
  if (groups.length === 1) return /^\d+$/.test(text) ? text : null
  const [first = '', ...rest] = groups
  if (!/^[1-9]\d{0,2}$/.test(first)) return null
  if (!rest.every((g) => /^\d{3}$/.test(g))) return null
  return groups.join('')
}

function integerDigits(text: string): string | null {
  const stripped = text.replace(/^0+(?=\d)/, '')
  return stripped.length > MAX_INTEGER_DIGITS ? null : stripped
}

function splitAt(body: string, mark: '.' | ',' | null): NumberReading | null {
  const other = new RegExp(`[${mark === '.' ? ',' : mark === ',' ? '.' : '.,'}'’\\s]`)
  const at = mark === null ? -1 : body.lastIndexOf(mark)
  const intText = at === -1 ? body : body.slice(0, at)
  const fraction = at === -1 ? '' : body.slice(at + 1)
  if (at !== -1 && !/^\d+$/.test(fraction)) return null
  const grouped = readGroups(intText, other)
  const integer = grouped === null ? null : integerDigits(grouped)
  return integer === null ? null : { integer, fraction }
}

/** The readings of the digits and marks of a number, as typed (no currency, no sign). */
function numberReadings(body: string): NumberReading[] {
  const dots = body.split('.').length - 1
  const commas = body.split(',').length - 1
  if (/[.,'’\s]{2}/.test(body) || /[.,'’\s]$/.test(body)) return []
  if (dots > 0 && commas > 0) {
    const mark = body.lastIndexOf('.') > body.lastIndexOf(',') ? '.' : ','
    if ((mark === '.' ? dots : commas) > 1) return []
    const read = splitAt(body, mark)
    return read ? [read] : []
  }
  if (dots + commas === 0 || dots > 1 || commas > 1) {
    const read = splitAt(body, null)
    return read ? [read] : []
  }
  const mark = dots === 1 ? '.' : ','
  const decimal = splitAt(body, mark)
  if (body.length - body.lastIndexOf(mark) - 1 !== 3) return decimal ? [decimal] : []
  // Exactly three digits after the only mark: a thousands group, or three decimals.
  const grouped = splitAt(body, null)
  return [grouped, decimal].filter((r): r is NumberReading => r !== null)
}

/** Reads typed text as a number with an optional sign and currency, without knowing the currency. */
export function readAmountText(text: string): AmountTextReading {
  const trimmed = text.trim()
  if (trimmed === '') return { kind: 'empty' }
  if (trimmed.length > MAX_AMOUNT_TEXT) return { kind: 'none' }
  const m = AMOUNT_SHAPE.exec(trimmed)
  if (!m) return { kind: 'none' }
  const [, minusBefore, currencyBefore, minusAfter, body = '', currencyAfter] = m
  if (minusBefore && minusAfter) return { kind: 'none' }
  if (currencyBefore !== undefined && currencyAfter !== undefined) return { kind: 'none' }
  const currency = currencyOf(currencyBefore ?? currencyAfter)
  if (currency === null) return { kind: 'none' }
  const readings = numberReadings(body.trim())
  if (readings.length === 0) return { kind: 'none' }
  return { kind: 'number', negative: Boolean(minusBefore ?? minusAfter), currency, readings }
}

/** A reading written as the service's value for `currency`, or null when it has too many decimals. */
function valueFor(reading: NumberReading, negative: boolean, currency: string): string | null {
  const decimals = currencyDecimals(currency)
  if (reading.fraction.length > decimals) return null
  const fraction = decimals === 0 ? '' : `.${reading.fraction.padEnd(decimals, '0')}`
  const value = `${negative ? '-' : ''}${reading.integer}${fraction}`
  return parseAmountValue(value, currency).ok ? value : null
}

type AmountInput =
  | {
      ok: true
      /** What is sent: the service's decimal string with the currency's decimals. */
      amount: Amount
      /** False when the agent's notation was read into another form (show `amount` next to the field). */
      asTyped: boolean
    }
  | {
      ok: false
      /** empty: nothing typed; ambiguous: reads two ways (`choices`); invalid: not an amount in this currency. */
      problem: 'empty' | 'ambiguous' | 'invalid'
      message: string
      /** The values the agent may choose (ambiguous only), in the service's form. */
      choices: string[]
    }

function example(currency: string): string {
  const decimals = currencyDecimals(currency)
  return decimals === 0 ? '1000' : `39,${'9'.repeat(decimals - 1)}5 or 39.${'9'.repeat(decimals - 1)}5`
}

function refuse(problem: 'empty' | 'invalid', message: string): AmountInput {
  return { ok: false, problem, message, choices: [] }
}

/**
 * Reads what the agent typed as an amount in `currency`: the one exact value it means, or why not.
 * A negative amount is read as such (discount lines); the caller decides whether it may be.
 */
export function readAmountInput(text: string, currency: string): AmountInput {
  if (!isKnownCurrency(currency)) return refuse('invalid', `Unknown currency ${currency}.`)
  const read = readAmountText(text)
  if (read.kind === 'empty') return refuse('empty', 'Enter an amount.')
  if (read.kind === 'none')
    return refuse('invalid', `Not an amount in ${currency}: write it like ${example(currency)}.`)
  if (read.currency !== undefined && read.currency !== currency) {
    return refuse('invalid', `That amount is in ${read.currency}; this one is in ${currency}.`)
  }
  const values = read.readings.map((r) => valueFor(r, read.negative, currency))
  const typed = text.trim()
  if (read.readings.length > 1) {
    const choices = values.filter((v): v is string => v !== null)
    const decimalReading = read.readings[1]
    const asDecimal = decimalReading ? `${decimalReading.integer}.${decimalReading.fraction}` : ''
    return {
      ok: false,
      problem: 'ambiguous',
      message:
        `“${typed}” could mean ${values[0] ?? ''} ${currency} or ${asDecimal}: ` +
        (choices.length > 1
          ? 'choose one, or write it unmistakably.'
          : `choose it, or write it like ${example(currency)}.`),
      choices,
    }
  }
  const [value] = values
  if (value === null || value === undefined) {
    const decimals = currencyDecimals(currency)
    return refuse(
      'invalid',
      decimals === 0
        ? `${currency} amounts have no decimals; Paydesk does not round: write a whole number.`
        : `${currency} amounts have at most ${decimals} decimals; Paydesk does not round: write at most ${decimals}.`,
    )
  }
  return { ok: true, amount: { currency, value }, asTyped: value === typed }
}

/**
 * The service's value for `text` in `currency` when it reads one way, else the text unchanged (so the
 * rules name what is wrong with it). What the order builder sends for a typed amount.
 */
export function amountValueOrText(text: string, currency: string): string {
  const read = readAmountInput(text, currency)
  return read.ok ? read.amount.value : text
}

// Fixes the builder offers for what an agent types, never applies: input that can be read one way
// only gets a suggestion (accepted with one click or key); anything else gets none, and a date in an
// unreadable order gets the format to use instead. Pure TypeScript: no node, no DOM.
import { isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/min'
import { readAmountInput } from './amount-input'

export interface Suggestion {
  /** The value to put in the field when the agent accepts. */
  value: string
  /** Why, in the agent's words. */
  reason: string
}

const E164 = /^\+[1-9]\d{7,14}$/
/** The characters a phone number is written with; anything else (letters, extensions) is not read. */
const PHONE_TEXT = /^[\d\s\-().+/]+$/

/**
 * A phone number as E.164 (what the service wants, spec 2.1) when `text` is a valid number of the
 * address's `country` (any country: libphonenumber-js with its small "min" metadata), or a valid
 * international number written with spaces or 00. Offered, never applied; null when the text is
 * already E.164, or not a valid number.
 */
export function suggestPhone(text: string, country: string | undefined): Suggestion | null {
  const trimmed = text.trim()
  if (trimmed === '' || E164.test(trimmed) || trimmed.length > 40 || !PHONE_TEXT.test(trimmed)) return null
  const code = (country ?? '').trim().toUpperCase()
  const region = isSupportedCountry(code) ? code : undefined
  if (region === undefined && !/^(?:\+|00)/.test(trimmed)) return null
  const parsed = parsePhoneNumberFromString(trimmed, region)
  if (!parsed?.isValid() || parsed.number === trimmed) return null
  const from = parsed.country && parsed.country !== region ? ` (a number in ${parsed.country})` : ''
  return { value: parsed.number, reason: `the international form${from}` }
}

type DateReading =
  | { kind: 'suggestion'; suggestion: Suggestion }
  /** The text is a date whose day and month cannot be told apart: say the format, guess nothing. */
  | { kind: 'ambiguous'; message: string }
  | null

function validDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate()
  return day <= last
}

function pad(n: number): string {
  return String(n).padStart(2, '0')
}

/**
 * A date written day-first or month-first (`30-04-1980`, `30/04/1980`, `30.4.1980`) as the
 * service's YYYY-MM-DD, only when it reads one way: the day is above 12, or day and month are
 * the same. `04-05-1980` could be 4 May or 5 April: no guess, the format is named instead.
 */
export function readDateInput(text: string): DateReading {
  const trimmed = text.trim()
  if (trimmed === '' || trimmed.length > 20 || /^\d{4}-\d{2}-\d{2}$/.test(trimmed)) return null
  const m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(trimmed)
  if (!m) return null
  const a = Number(m[1])
  const b = Number(m[2])
  const year = Number(m[3])
  if (year < 1000) return null
  const asDayMonth = validDate(year, b, a)
  const asMonthDay = validDate(year, a, b)
  if (asDayMonth && asMonthDay && a !== b) {
    return {
      kind: 'ambiguous',
      message: `“${trimmed}” could be ${a} ${monthName(b)} or ${b} ${monthName(a)}: write it as YYYY-MM-DD.`,
    }
  }
  if (asDayMonth)
    return { kind: 'suggestion', suggestion: { value: `${year}-${pad(b)}-${pad(a)}`, reason: 'as YYYY-MM-DD' } }
  if (asMonthDay)
    return { kind: 'suggestion', suggestion: { value: `${year}-${pad(a)}-${pad(b)}`, reason: 'as YYYY-MM-DD' } }
  return null
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

function monthName(month: number): string {
  return MONTHS[month - 1] ?? String(month)
}

/** What the form shows next to a typed amount (all from readAmountInput, the one amount reader). */
export interface AmountOffer {
  /** What is sent, when the agent's notation was read into another form ("39.95 EUR"). */
  echo: string | null
  /** The question, when the text reads two ways (`1,234`): nothing is taken until the agent chooses. */
  question: string | null
  /** Values the agent may choose (the readings of an ambiguous amount, or a credit line's sign). */
  choices: Suggestion[]
}

const NO_OFFER: AmountOffer = { echo: null, question: null, choices: [] }

/**
 * The echo and the choices for an amount typed in `currency`. `credit`: the line lowers the total
 * (discount, store credit, gift card), so a positive amount is offered with its minus sign, the
 * meaning the agent typed (a discount of 5) kept; nothing else ever changes sign.
 */
export function amountOffer(text: string, currency: string, credit = false): AmountOffer {
  const read = readAmountInput(text, currency)
  if (!read.ok) {
    if (read.problem !== 'ambiguous') return NO_OFFER
    const sign = credit && !/^\s*-/.test(text) ? '-' : ''
    return {
      echo: null,
      question: read.message,
      choices: read.choices.map((value) => ({ value: `${sign}${value}`, reason: 'the reading you mean' })),
    }
  }
  const { value } = read.amount
  const echo = read.asTyped ? null : `${value} ${currency}`
  if (credit && !value.startsWith('-') && /[1-9]/.test(value)) {
    return {
      echo,
      question: null,
      choices: [{ value: `-${value}`, reason: 'a discount or credit lowers the total, so its price is negative' }],
    }
  }
  return { echo, question: null, choices: [] }
}

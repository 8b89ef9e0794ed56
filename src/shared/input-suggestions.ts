// Fixes the builder offers for what an agent types, never applies: input that can be read one way
// only gets a suggestion (accepted with one click or key); anything else gets none, and a date in an
// unreadable order gets the format to use instead. Pure TypeScript: no node, no DOM.
import { readAmountInput } from './amount-input'

export interface Suggestion {
  /** The value to put in the field when the agent accepts. */
  value: string
  /** Why, in the agent's words. */
  reason: string
}

/**
 * National phone numbers written the usual way in a handful of countries, and how they become
 * E.164 (what the service wants, spec 2.1): drop the trunk prefix 0, put the country code in front.
 * `digits`: how many digits the national number has without the trunk prefix (all numbers of that
 * country, mobile and fixed, have this length; a country with varying lengths is not listed).
 */
export const NATIONAL_PHONE_RULES: Readonly<Record<string, { code: string; digits: readonly number[] }>> = {
  NL: { code: '31', digits: [9] },
  BE: { code: '32', digits: [8, 9] },
  FR: { code: '33', digits: [9] },
  ES: { code: '34', digits: [9] }, // no trunk prefix: a 9-digit national number as written
  GB: { code: '44', digits: [10] },
  DK: { code: '45', digits: [8] }, // no trunk prefix
}

/** Countries whose national numbers are written without a leading 0. */
const NO_TRUNK_PREFIX = new Set(['ES', 'DK'])

const E164 = /^\+[1-9]\d{7,14}$/

/** A phone number as E.164 when `text` is a national number of `country` that reads one way only. */
export function suggestPhone(text: string, country: string | undefined): Suggestion | null {
  const trimmed = text.trim()
  if (trimmed === '' || E164.test(trimmed) || trimmed.length > 40) return null
  const code = (country ?? '').toUpperCase()
  const rule = NATIONAL_PHONE_RULES[code]
  if (!rule) return null
  // Only the usual separators; anything else (letters, extensions, a different +code) is not ours to read.
  if (!/^[\d\s\-().]+$/.test(trimmed)) {
    // "+31 6 1234 5678" or "0031612345678": already international, only spaced or with 00.
    const international = /^(?:\+|00)([\d\s\-().]+)$/.exec(trimmed)
    if (!international) return null
    const digits = (international[1] ?? '').replace(/[\s\-().]/g, '')
    if (!/^\d+$/.test(digits)) return null
    const candidate = `+${digits}`
    if (!E164.test(candidate) || !digits.startsWith(rule.code)) return null
    if (!rule.digits.includes(digits.length - rule.code.length)) return null
    return { value: candidate, reason: 'the international form without spaces' }
  }
  const digits = trimmed.replace(/[\s\-().]/g, '')
  if (!/^\d+$/.test(digits)) return null
  if (digits.startsWith('00')) {
    const rest = digits.slice(2)
    if (!rest.startsWith(rule.code) || !rule.digits.includes(rest.length - rule.code.length)) return null
    return { value: `+${rest}`, reason: 'the international form (+ instead of 00)' }
  }
  let national = digits
  if (!NO_TRUNK_PREFIX.has(code)) {
    if (!digits.startsWith('0') || digits.startsWith('00')) return null
    national = digits.slice(1)
  }
  if (!rule.digits.includes(national.length) || national.startsWith('0')) return null
  return { value: `+${rule.code}${national}`, reason: `the international form for ${code}` }
}

export type DateReading =
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

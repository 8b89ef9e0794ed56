// The search box's one query language (docs/SEARCH.md, "Query language"). Pure: no Node, no DOM,
// no database; main parses every query here and the index turns the result into bound parameters,
// so nothing the user types ever becomes SQL or FTS syntax.
//
//   tr_… / ord_…                 an id: opened directly (and fetched fresh)
//   https://…/checkout/tr_…      a pasted checkout, dashboard or API URL, or an id among words: the object (links.ts)
//   59.95 · €59,95 · 59 EUR      an amount (exact decimal text; a bare whole number also matches text)
//   paid · failed · ideal        a status or a method
//   today · yesterday · last 7 days · 2026-11-01 · 2026-11-01..2026-11-07   a date or range (local days)
//   anything else                free text: e-mail, name, order number, description, metadata values
import { ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from '../api-types'
import { CURRENCY_SIGNS, readAmountText } from '../amount-input'
import { isKnownCurrency } from '../currencies'
import { findTarget } from './links'
import { formatCount } from '../count'

/** Longer queries are refused with a message (a pasted URL fits easily). */
export const MAX_QUERY_CHARS = 500
/** Free-text words used at most (the rest are ignored, and the interpretation says so). */
const MAX_TEXT_TERMS = 8

type SearchStatus = (typeof PAYMENT_STATUSES)[number] | (typeof ORDER_STATUSES)[number]

interface AmountTerm {
  /** The value as exact decimal text with trailing fraction zeros removed ("59.5", "59"). */
  key: string
  /** Every value the typed number may mean (`1,234`: "1234" and "1.234"); `key` is the first. */
  keys: string[]
  /** Set when the query named a currency (€, EUR, …). */
  currency?: string
  /** A bare whole number ("59"): also matched as text (it may be an order number). */
  alsoText: boolean
  /** As typed. */
  raw: string
}

export interface ParsedQuery {
  /** An id the query is (or a URL holds): open it directly. */
  direct?: { kind: 'payment' | 'order'; id: string; fromUrl: boolean }
  statuses: SearchStatus[]
  methods: string[]
  /** Local-time range, [fromMs, toMs) */
  range?: { fromMs: number; toMs: number; label: string }
  amount?: AmountTerm
  /** Free-text words (each matched literally as a prefix phrase). */
  terms: string[]
  /** What was understood, in the agent's words, one chip each. */
  chips: string[]
  /** Why part of the query was ignored, if it was. */
  warnings: string[]
}

type ParseOutcome = { ok: true; query: ParsedQuery } | { ok: false; message: string }

const METHOD_ALIASES: Record<string, string> = {
  'credit card': 'creditcard',
  card: 'creditcard',
  'bank transfer': 'banktransfer',
  'apple pay': 'applepay',
  'direct debit': 'directdebit',
  'gift card': 'giftcard',
}
const STATUS_SET = new Set<string>([...PAYMENT_STATUSES, ...ORDER_STATUSES])
const METHOD_SET = new Set<string>(PAYMENT_METHODS)

// Control characters (C0, DEL, C1) and the bidi/format controls are never searched for: they are
// replaced by spaces before anything else (the interpretation says so).
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g

function startOfLocalDay(ms: number): number {
  const d = new Date(ms)
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime()
}

function localDay(y: number, m: number, d: number): number | null {
  const date = new Date(y, m - 1, d)
  if (date.getFullYear() !== y || date.getMonth() !== m - 1 || date.getDate() !== d) return null
  return date.getTime()
}

function addDays(dayStartMs: number, days: number): number {
  const d = new Date(dayStartMs)
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + days).getTime()
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/

function parseDay(text: string): number | null {
  const m = ISO_DAY.exec(text)
  return m ? localDay(Number(m[1]), Number(m[2]), Number(m[3])) : null
}

/**
 * The amount keys a typed number may mean, read by the one amount reader (src/shared/amount-input.ts):
 * `59,95` → ["59.95"], `1.234,56` → ["1234.56"], and `1,234` (a thousands group or three decimals)
 * → ["1234", "1.234"]: both are searched and the chip says so. A sign, or another currency than
 * `currency`, makes it no amount.
 */
export function amountKeys(text: string): { keys: string[]; currency?: string } | null {
  const read = readAmountText(text)
  if (read.kind !== 'number' || read.negative) return null
  const keys = read.readings.map((r) => amountKey(r.fraction ? `${r.integer}.${r.fraction}` : r.integer))
  return { keys: [...new Set(keys)], currency: read.currency }
}

/** The amount key of an API amount value ("59.50" → "59.5", "100.00" → "100"). */
export function amountKey(value: string): string {
  const [integer = '', fraction = ''] = value.split('.')
  const f = fraction.replace(/0+$/, '')
  const i = integer.replace(/^0+(?=\d)/, '')
  return f ? `${i}.${f}` : i
}

function parseAmount(token: string): AmountTerm | null {
  const read = amountKeys(token)
  const [key] = read?.keys ?? []
  if (!read || key === undefined) return null
  const bare = read.currency === undefined && /^\d+$/.test(token)
  return { key, keys: read.keys, currency: read.currency, alsoText: bare, raw: token }
}

export { idFromUrl } from './links'

function dateWords(text: string, nowMs: number): { range: ParsedQuery['range']; rest: string } | null {
  const today = startOfLocalDay(nowMs)
  const rules: [RegExp, (m: RegExpExecArray) => ParsedQuery['range'] | null][] = [
    [/(^|\s)today(\s|$)/i, () => ({ fromMs: today, toMs: addDays(today, 1), label: 'today' })],
    [/(^|\s)yesterday(\s|$)/i, () => ({ fromMs: addDays(today, -1), toMs: today, label: 'yesterday' })],
    [
      /(^|\s)last\s+(\d{1,3})\s+days?(\s|$)/i,
      (m) => {
        const n = Number(m[2])
        if (n < 1) return null
        return { fromMs: addDays(today, -(n - 1)), toMs: addDays(today, 1), label: `last ${n} days` }
      },
    ],
    [/(^|\s)this\s+week(\s|$)/i, () => ({ fromMs: addDays(today, -6), toMs: addDays(today, 1), label: 'last 7 days' })],
    [
      /(^|\s)(\d{4}-\d{2}-\d{2})\s*\.\.\s*(\d{4}-\d{2}-\d{2})(\s|$)/,
      (m) => {
        const [, , first = '', second = ''] = m
        const a = parseDay(first)
        const b = parseDay(second)
        if (a === null || b === null) return null
        const [lo, hi] = a <= b ? [a, b] : [b, a]
        return { fromMs: lo, toMs: addDays(hi, 1), label: `${first} to ${second}` }
      },
    ],
    [
      /(^|\s)(\d{4}-\d{2}-\d{2})(\s|$)/,
      (m) => {
        const [, , day = ''] = m
        const a = parseDay(day)
        return a === null ? null : { fromMs: a, toMs: addDays(a, 1), label: day }
      },
    ],
  ]
  for (const [pattern, make] of rules) {
    const m = pattern.exec(text)
    if (!m) continue
    const range = make(m)
    if (!range) continue
    return { range, rest: `${text.slice(0, m.index)} ${text.slice(m.index + m[0].length)}` }
  }
  return null
}

/**
 * An id, or a link of the service, alone or among other words: open that object (links.ts). True
 * when the query is answered by it; a payment link or a link without an id only adds a warning.
 */
function takeTarget(text: string, query: ParsedQuery): boolean {
  const target = findTarget(text)
  if (target?.kind === 'object') {
    const { object, fromUrl, others } = target
    const word = object.kind === 'payment' ? 'Payment' : 'Order'
    const alone = text === object.id
    query.direct = { ...object, fromUrl }
    query.chips.push(`${word} ${object.id}${alone ? '' : fromUrl ? ' (from the link)' : ' (from the text)'}`)
    if (others > 0)
      query.warnings.push(`The text names ${others} more object${others === 1 ? '' : 's'}; the first is opened.`)
    return true
  }
  if (target?.kind === 'payment-link') {
    query.warnings.push(
      `That is a payment link (pl_${target.code}); Paydesk opens payments and orders, not payment links: search for the customer's e-mail or the amount to find the payment made with it.`,
    )
  } else if (/^https?:\/\//i.test(text) && !/\s/.test(text)) {
    query.warnings.push('The link holds no payment (tr_…) or order (ord_…) id; its text was searched instead.')
  }
  return false
}

/** Method aliases ("credit card", "ideal") taken out of the text into `query.methods`; returns the rest. */
function takeMethodAliases(text: string, query: ParsedQuery): string {
  let lower = ` ${text.toLowerCase()} `
  let rest = text
  for (const [alias, method] of Object.entries(METHOD_ALIASES)) {
    const at = lower.indexOf(` ${alias} `)
    if (at !== -1) {
      if (!query.methods.includes(method)) query.methods.push(method)
      lower = `${lower.slice(0, at)} ${lower.slice(at + alias.length + 1)}`
      rest = lower
    }
  }
  return rest
}

/** "59.95 EUR" / "EUR 59.95": a currency code next to a number becomes the amount; both tokens are taken. */
function takeCurrencyAmount(tokens: string[], query: ParsedQuery): void {
  for (let i = 0; i < tokens.length; i++) {
    const upper = CURRENCY_SIGNS[tokens[i] ?? ''] ?? (tokens[i] ?? '').toUpperCase()
    if (/^[A-Z]{3}$/.test(upper) && isKnownCurrency(upper)) {
      const next = tokens[i + 1]
      const prev = tokens[i - 1]
      const nextKeys = next === undefined ? null : amountKeys(next)
      const prevKeys = prev === undefined ? null : amountKeys(prev)
      const [nextKey] = nextKeys?.keys ?? []
      const [prevKey] = prevKeys?.keys ?? []
      if (nextKeys && nextKey !== undefined && !nextKeys.currency && !query.amount) {
        query.amount = { key: nextKey, keys: nextKeys.keys, currency: upper, alsoText: false, raw: `${upper} ${next}` }
        tokens.splice(i, 2)
        i--
      } else if (prevKeys && prevKey !== undefined && !prevKeys.currency && !query.amount) {
        query.amount = { key: prevKey, keys: prevKeys.keys, currency: upper, alsoText: false, raw: `${prev} ${upper}` }
        tokens.splice(i - 1, 2)
        i -= 2
      }
    }
  }
}

/** Each remaining word: a status, a method, the (first) amount, or a text term. */
function sortTokens(tokens: readonly string[], query: ParsedQuery): void {
  for (const token of tokens) {
    const word = token.toLowerCase()
    if (STATUS_SET.has(word)) {
      if (!query.statuses.includes(word as SearchStatus)) query.statuses.push(word as SearchStatus)
      continue
    }
    if (METHOD_SET.has(word)) {
      if (!query.methods.includes(word)) query.methods.push(word)
      continue
    }
    if (!query.amount) {
      const amount = parseAmount(token)
      if (amount) {
        query.amount = amount
        continue
      }
    }
    query.terms.push(token)
  }
  if (query.terms.length > MAX_TEXT_TERMS) {
    query.warnings.push(`Only the first ${MAX_TEXT_TERMS} words were searched.`)
    query.terms = query.terms.slice(0, MAX_TEXT_TERMS)
  }
}

/** The chips that say back what was understood: statuses, methods, the amount, then each text term. */
function addFilterChips(query: ParsedQuery): void {
  if (query.statuses.length) query.chips.push(`Status ${query.statuses.join(' or ')}`)
  if (query.methods.length) query.chips.push(`Method ${query.methods.join(' or ')}`)
  if (query.amount) {
    const a = query.amount
    query.chips.push(
      `Amount ${a.currency ? `${a.currency} ` : ''}${a.keys.join(' or ')}${a.alsoText ? ' (or the number in text)' : ''}`,
    )
  }
  for (const term of query.terms) query.chips.push(`“${term}”`)
}

/** Parses what the agent typed. `nowMs` fixes "today" (the caller's clock, local time). */
export function parseSearchQuery(input: string, nowMs: number): ParseOutcome {
  if (input.length > MAX_QUERY_CHARS) {
    return {
      ok: false,
      message: `That search is ${formatCount(input.length, 'en')} characters long; Paydesk searches at most ${MAX_QUERY_CHARS}. Search for a part of it: an e-mail, a name, an amount or an id.`,
    }
  }
  const warnings: string[] = []
  let text = input.replace(CONTROL, ' ')
  if (text !== input) warnings.push('Control characters were left out.')
  text = text.trim()
  const query: ParsedQuery = { statuses: [], methods: [], terms: [], chips: [], warnings }
  if (text === '') return { ok: true, query }
  if (takeTarget(text, query)) return { ok: true, query }

  const dated = dateWords(text, nowMs)
  if (dated?.range) {
    query.range = dated.range
    query.chips.push(`Created ${dated.range.label}`)
    text = dated.rest
  }
  text = takeMethodAliases(text, query)
  const tokens = text.split(/\s+/).filter(Boolean)
  takeCurrencyAmount(tokens, query)
  sortTokens(tokens, query)
  addFilterChips(query)
  return { ok: true, query }
}

/** True when `term` has something the tokenizer indexes (a letter, digit or symbol such as an emoji). */
export function hasSearchableText(term: string): boolean {
  return /[\p{L}\p{N}\p{Co}\p{So}]/u.test(term)
}

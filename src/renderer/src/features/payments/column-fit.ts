// Columns sized to what they show. The status, method, created and mode columns hold texts from a
// known set (the state words, the service's methods in words, the locale's date format, test/live): they are
// measured once in the list's own font (a hidden probe row of the same classes, use-column-fit.ts),
// and each gets the width of its longest text. The id column holds ids in one monospace font: the
// probe gives how many characters fit in it.
//
// Before, the columns had fixed widths: "partly refunded" and an afternoon's "12:43:52 PM" were cut.
//
// A cell whose text is known to fit is drawn without a clip; only a cell that may not fit (a free
// description, an amount, or an id, a status or a method from outside the known set) clips its
// text with an ellipsis. A clip per cell made each cell a paint chunk of its own: 1 to 2 ms of each
// full list update on CI's kind of machine (issue 28).

import type { ListedPayment } from '../../../../shared/payments-page'
import { PAYMENT_METHODS } from '../../../../shared/service/enums'
import { idPrefix } from '../../../../shared/service/ids'
import { PAYMENT_STATE_WORDS } from '../../../../shared/story/payment-story'
import { METHOD_CHOICES } from '../../../../shared/story/words'
import { COLUMN_WIDTHS } from './fit-columns'
import { formatLocalDateTime } from '../../lib/format'
import type { RowText } from './row-text'

/** The list's measured columns: widths (px) and how many id characters fit. */
export interface ColumnFit {
  widths: Record<string, number | undefined>
  /** Ids up to this many characters fit the id column; a longer one is clipped. */
  idChars: number
  /** The state words the status column was sized for (lower case, as rows show them). */
  stateWords: ReadonlySet<string>
}

/** The state words as the list shows them. */
const STATE_WORDS = new Set(PAYMENT_STATE_WORDS.map((w) => w.toLowerCase()))
const METHODS: ReadonlySet<string> = new Set(PAYMENT_METHODS)
/** The methods as the list shows them, in the agent's words (shared/story/words.ts). */
const METHOD_WORDS: readonly string[] = METHOD_CHOICES.map(([, name]) => name)

/** Before anything is measured: the fixed widths, ids of up to 16 characters, the known state words. */
export const DEFAULT_FIT: ColumnFit = { widths: COLUMN_WIDTHS, idChars: 16, stateWords: STATE_WORDS }

/** Samples of the locale's date and time: every month, one- and two-digit hours, both halves of the day. */
export function dateSamples(locale: string): string[] {
  const out: string[] = []
  for (let month = 0; month < 12; month++) {
    for (const hour of [9, 10, 12, 21, 22]) {
      out.push(formatLocalDateTime(new Date(2026, month, 28, hour, 48, 48).toISOString(), locale))
    }
  }
  return [...new Set(out)]
}

/** What the probe measures: each column's texts, and two ids of known lengths for the character width. */
interface ProbeTexts {
  status: string[]
  method: string[]
  createdAt: string[]
  mode: { text: string; badge: boolean }[]
  idSamples: [string, string]
}

export function probeTexts(locale: string): ProbeTexts {
  return {
    status: [...STATE_WORDS],
    method: [...METHOD_WORDS],
    createdAt: dateSamples(locale),
    mode: [
      { text: 'test', badge: false },
      { text: 'live', badge: true },
    ],
    // Payment ids of 10 and 20 characters (one monospace width: the letter does not matter).
    idSamples: [`${idPrefix('payment')}${'W'.repeat(7)}`, `${idPrefix('payment')}${'W'.repeat(17)}`],
  }
}

/** Measured widths (px, cell padding included) → the fit; a width is never below the fixed one. */
export function fitFromMeasures(m: {
  status: number
  method: number
  createdAt: number
  mode: number
  id10: number
  id20: number
}): ColumnFit {
  const widths = { ...COLUMN_WIDTHS }
  for (const id of ['status', 'method', 'createdAt', 'mode'] as const) {
    widths[id] = Math.max(COLUMN_WIDTHS[id] ?? 0, Math.ceil(m[id]) + 1)
  }
  const charWidth = (m.id20 - m.id10) / 10
  const padding = m.id10 - 10 * charWidth
  const idWidth = widths['id'] ?? 0
  const idChars = charWidth > 0 ? Math.max(1, Math.floor((idWidth - padding - 1) / charWidth)) : DEFAULT_FIT.idChars
  return { widths, idChars, stateWords: STATE_WORDS }
}

/**
 * Whether the cell of column `id` may not fit its column, so it clips its text with an ellipsis: the
 * free-text columns always; the measured ones only for a text outside what they were sized for.
 */
export function cellMayOverflow(id: string, payment: ListedPayment, text: RowText, fit: ColumnFit): boolean {
  switch (id) {
    case 'id':
      return payment.id.length > fit.idChars
    case 'status':
      return !fit.stateWords.has(text.state)
    case 'method':
      // No method: a dash.
      return payment.method != null && !METHODS.has(payment.method)
    case 'createdAt':
      // A date the locale formatted; the raw text (not a date) is shown as it came.
      return text.created === (payment.createdAt ?? '')
    case 'mode':
      return payment.mode !== 'test' && payment.mode !== 'live'
    default:
      return true
  }
}

/**
 * The fit for a density and language: the one measured before in this window, else measured now and
 * kept (a screen opened again is not measured again); null when nothing could be measured (no
 * layout yet), which is not kept, so the next try measures.
 */
export function knownOrMeasuredFit(
  kept: Map<string, ColumnFit>,
  density: string,
  locale: string,
  measure: () => ColumnFit | null,
): ColumnFit | null {
  const key = `${density}|${locale}`
  const known = kept.get(key)
  if (known) return known
  const measured = measure()
  if (measured) kept.set(key, measured)
  return measured
}

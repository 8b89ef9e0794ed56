// The rows of one page of the payments list, kept as the lines of JSON text main sent (one per
// payment, slices of the page's one string) and parsed one at a time when a row is drawn. A page
// arrives without a parse of its 250 payments (about 2.5 ms of the reply → paint on this machine); the
// list holds 10,000–20,000 rows as that many strings, not as half a million objects for every major
// garbage collection to mark (its pauses were the long frames of a scroll on a busy machine). Few rows are parsed at once: the latest
// MAX_PARSED stay parsed, so a row in view keeps its object (the list's memoized rows rely on it);
// older ones are parsed again if they come back. A row drawn parses its listed fields only (a line of
// `shownText`, payments-page.ts), not the whole payment: a quarter of the text, a third of the garbage.

import type { Payment } from '../../../shared/api-types'
import type { ListedPayment } from '../../../shared/payments-page'

/**
 * Rows kept parsed across all pages: three times the most a window draws (about 90 rows on a 2160 px
 * screen with the overscan). Fewer parsed rows kept is less for the garbage collector to copy and mark.
 */
export const MAX_PARSED = 300

interface Parsed {
  /** Weak: the queue does not keep a page's texts alive once the list has let it go. */
  rows: WeakRef<PageRows>
  index: number
  payment: ListedPayment
}

/** The parsed rows, oldest first; the oldest are forgotten past MAX_PARSED. */
const recent: Parsed[] = []
let head = 0

function remember(entry: Parsed): void {
  recent.push(entry)
  while (recent.length - head > MAX_PARSED) {
    const old = recent[head]
    head++
    // Forget it only if the page still holds this object (not one parsed again since).
    if (old) old.rows.deref()?.forget(old.index, old.payment)
  }
  // Compact now and then, so the queue does not grow without end.
  if (head > MAX_PARSED) {
    recent.splice(0, head)
    head = 0
  }
}

function parseRow<T extends ListedPayment>(text: string): T | null {
  try {
    const value = JSON.parse(text) as T | null
    return value && typeof value === 'object' && typeof value.id === 'string' ? value : null
  } catch {
    return null
  }
}

/** One page's rows: their texts, and the ones parsed lately. Immutable from outside. */
export class PageRows {
  readonly #texts: readonly string[]
  readonly #shownTexts: readonly string[]
  readonly #parsed: (Payment | undefined)[] = []
  readonly #shown: (ListedPayment | undefined)[] = []

  /** `shownTexts`: the rows' listed fields, in the same order (the whole texts when not given). */
  constructor(texts: readonly string[], shownTexts: readonly string[] = texts) {
    this.#texts = texts
    this.#shownTexts = shownTexts
  }

  get length(): number {
    return this.#texts.length
  }

  /** The payment of row `i` (the same object while it stays among the latest parsed), or null. */
  at(i: number): Payment | null {
    const known = this.#parsed[i]
    if (known) return known
    const text = this.#texts[i]
    if (text === undefined) return null
    const payment = parseRow<Payment>(text)
    if (!payment) return null
    this.#parsed[i] = payment
    remember({ rows: new WeakRef(this), index: i, payment })
    return payment
  }

  /** What row `i` shows (its listed fields; the same object while it stays among the latest parsed), or null. */
  shownAt(i: number): ListedPayment | null {
    const known = this.#shown[i]
    if (known) return known
    const text = this.#shownTexts[i]
    if (text === undefined) return null
    const payment = parseRow(text)
    if (!payment) return null
    this.#shown[i] = payment
    remember({ rows: new WeakRef(this), index: i, payment })
    return payment
  }

  /** Every row, parsed (a filter over the loaded rows); rows not parsed yet are not kept parsed. */
  all(): Payment[] {
    const out: Payment[] = []
    for (let i = 0; i < this.#texts.length; i++) {
      const payment = this.#parsed[i] ?? parseRow<Payment>(this.#texts[i] ?? '')
      if (payment) out.push(payment)
    }
    return out
  }

  /** The first `n` rows (a page fetched again keeps the row count it had). */
  slice(n: number): PageRows {
    return n >= this.#texts.length ? this : new PageRows(this.#texts.slice(0, n), this.#shownTexts.slice(0, n))
  }

  /** Called by the queue: row `i` may be parsed again when it is needed. */
  forget(i: number, payment: ListedPayment): void {
    if (this.#parsed[i] === payment) this.#parsed[i] = undefined
    if (this.#shown[i] === payment) this.#shown[i] = undefined
  }
}

// A time budget for one search (issue 22 item 4). node:sqlite has no progress handler, so the
// search statements call a tiny SQL function once per candidate row; past the deadline it stops the
// statement, and the rows read so far (newest first) are the answer, marked as cut short. So a query
// of many common words cannot hold main's thread for long, whatever the index holds.
import type { DatabaseSync, StatementSync } from 'node:sqlite'

/** The SQL function the search statements add to their WHERE clause: `AND paydesk_within_budget()`. */
export const WITHIN_BUDGET = 'paydesk_within_budget()'

/** The clock is read once per this many rows (a read costs more than the check). */
const CHECK_EVERY = 32

export interface QueryBudget {
  /** One candidate row read: past the deadline (checked every CHECK_EVERY calls) it throws, stopping the statement. */
  tick(): void
  /** The moment (performance.now() time) after which statements stop; null: no limit. */
  setDeadline(deadline: number | null): void
  /** A statement's rows until the deadline; `stopped` when it was cut short. */
  rows<T>(statement: StatementSync, params: readonly (string | number | null)[]): { rows: T[]; stopped: boolean }
}

export function installQueryBudget(db: DatabaseSync, clock: () => number = () => performance.now()): QueryBudget {
  let deadline = Number.POSITIVE_INFINITY
  let calls = 0
  let tripped = false
  const tick = () => {
    if (++calls % CHECK_EVERY === 0 && clock() > deadline) {
      tripped = true
      throw new Error('The search ran out of time.')
    }
  }
  db.function('paydesk_within_budget', { deterministic: false, directOnly: true }, () => {
    tick()
    return 1
  })
  return {
    tick,
    setDeadline(next) {
      deadline = next ?? Number.POSITIVE_INFINITY
    },
    rows<T>(statement: StatementSync, params: readonly (string | number | null)[]) {
      const rows: T[] = []
      tripped = false
      const iterator = statement.iterate(...params)
      try {
        for (let next = iterator.next(); !next.done; next = iterator.next()) rows.push(next.value as T)
      } catch (error) {
        // Reset the statement (it is cached and used again); an interrupted step leaves it mid-run.
        iterator.return?.()
        if (!tripped) throw error
        return { rows, stopped: true }
      }
      return { rows, stopped: false }
    },
  }
}

/**
 * Words a query may spend: relevance (bm25) counts every match of each word in the table, and FTS5
 * reads every posting of a word longer than its longest prefix index (and of every word it is a
 * prefix of) before it yields a row; no per-row deadline can stop either. So the words are taken
 * rarest first while their postings, counted in the full-text table's vocabulary, stay within this
 * budget; the rarest word is always kept. A word left out is named to the agent.
 */
export const MAX_POSTINGS = 60_000

/** The vocabulary table beside a full-text table (`<table>_vocab`, fts5vocab 'row': term, doc, cnt). */
export function vocabularyTable(schema: string, table: string): string {
  return `CREATE VIRTUAL TABLE ${schema}.${table}_vocab USING fts5vocab(${table}_fts, row)`
}

/** A word of ASCII letters and digits: the tokenizer only lower-cases those, so its count is exact. */
const ASCII_WORD = /^[A-Za-z0-9]+$/

/** How the tokenizer folds a word (unicode61, remove_diacritics 2): lower case, no accents. */
function folded(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}

/**
 * The words to search, rarest first within MAX_POSTINGS (see above). `unmatched`: a word has no
 * postings at all in this table, so no row can hold every word; the others are then not counted and
 * the query need not run. Only a word typed in ASCII letters and digits is trusted to be absent: the
 * tokenizer only lower-cases those, while `folded` is only close to its folding of other letters,
 * where a count of 0 might be a differently folded spelling (such a word is still priced).
 */
export function chooseTerms(
  terms: readonly string[],
  postings: (prefix: string) => number,
  max = MAX_POSTINGS,
  atMost: (prefix: string) => number | undefined = () => undefined,
): { kept: string[]; dropped: string[]; unmatched: boolean } {
  const unique = [...new Map(terms.map((t) => [folded(t), t])).values()]
  // One word is always kept: nothing to count (the count reads the vocabulary of every word with
  // that prefix, up to a millisecond a table for a one- or two-letter word, on most keystrokes).
  if (unique.length <= 1) return { kept: unique, dropped: [], unmatched: false }
  // A term of one token is priced by its prefix's postings; others (split by the tokenizer) at 0.
  const priced = (term: string) => /^[\p{L}\p{N}]+$/u.test(folded(term))
  // What is known without counting: a word has at most the postings of a shorter prefix of it counted
  // on an earlier keystroke ("dubo" no more than "du"). When every word fits at that, the counts would
  // keep every word too; a word in no row is then searched and nothing found, where its count would
  // have said so without a search. (A word in ASCII bound to 0 is counted below.)
  let bound = 0
  for (const term of unique) {
    const most = priced(term) ? atMost(folded(term)) : 0
    if (most === undefined || (most === 0 && ASCII_WORD.test(term))) {
      bound = Number.POSITIVE_INFINITY
      break
    }
    bound += most
  }
  if (bound <= max) return { kept: unique, dropped: [], unmatched: false }
  const costed: { term: string; cost: number }[] = []
  for (const term of unique) {
    const cost = priced(term) ? postings(folded(term)) : 0
    if (cost === 0 && ASCII_WORD.test(term)) return { kept: [], dropped: [], unmatched: true }
    costed.push({ term, cost })
  }
  const byCost = [...costed].sort((a, b) => a.cost - b.cost)
  const keep = new Set<string>()
  let spent = 0
  for (const [i, { term, cost }] of byCost.entries()) {
    if (i > 0 && spent + cost > max) continue
    keep.add(term)
    spent += cost
  }
  return {
    kept: unique.filter((t) => keep.has(t)),
    dropped: unique.filter((t) => !keep.has(t)),
    unmatched: false,
  }
}

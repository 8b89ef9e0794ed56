// A query's word as a full-text phrase. Each word is matched as a prefix ("dub" finds Dubois), and
// FTS5 answers a prefix from a prefix index of that length (lazily, as it does an exact word). A
// prefix longer than the longest prefix index is answered by merging, before the first row comes
// out, the postings of every word that starts with it: "anna.1234@example" read all 20,000
// "example" postings to find one row (1.6 ms of a 1.8 ms search), and every keystroke past the
// sixth letter of a common word ("hotmail", "amsterdam") does the same. When no other word of the
// table starts with that last word, the prefix matches exactly that word, so the phrase asks for it
// exactly: the same rows and the same relevance, without the merge.
import type { StatementSync } from 'node:sqlite'

/** The prefix indexes of the full-text tables (FTS5 `prefix`, in characters): one to six. */
export const PREFIX_INDEX_LENGTHS = [1, 2, 3, 4, 5, 6] as const
const LONGEST_PREFIX_INDEX = Math.max(...PREFIX_INDEX_LENGTHS)

/** The terms of a full-text table, as a table SQL can seek in (fts5vocab `instance`: lazy, one row per use). */
export function termsTable(schema: string, table: string): string {
  return `CREATE VIRTUAL TABLE ${schema}.${table}_terms USING fts5vocab(${table}_fts, instance)`
}

/** ASCII other than letters and digits: every tokenizer of the index separates words there. */
export const ASCII_SEPARATOR = '[\\x00-\\x2f\\x3a-\\x40\\x5b-\\x60\\x7b-\\x7f]'
const LAST_ASCII_WORD = new RegExp(`(?:^|${ASCII_SEPARATOR})([A-Za-z0-9]+)${ASCII_SEPARATOR}*$`)

/**
 * The last word of a typed term as the tokenizer stores it, when that is certain: ASCII letters and
 * digits (which the tokenizer only lower-cases), after the start or an ASCII separator, with only
 * ASCII separators after it. Anything else (a letter with an accent, a separator outside ASCII) gives
 * null: its folding is the tokenizer's to decide.
 */
export function lastAsciiWord(term: string): string | null {
  const word = LAST_ASCII_WORD.exec(term)?.[1]
  return word === undefined ? null : word.toLowerCase()
}

/**
 * `term` as an FTS5 string: always one quoted phrase (quotes doubled, so operators stay words), its
 * last word a prefix, or exact (`prefix` false).
 */
export function ftsPhrase(term: string, prefix = true): string {
  return `"${term.replace(/"/g, '""')}"${prefix ? '*' : ''}`
}

/**
 * `term` as the phrase to search: a prefix, unless its last word is longer than the longest prefix
 * index and `extended(word)` says no other word of the table starts with it.
 */
export function phraseOf(term: string, extended: (word: string) => boolean): string {
  const word = lastAsciiWord(term)
  const exact = word !== null && word.length > LONGEST_PREFIX_INDEX && !extended(word)
  return ftsPhrase(term, !exact)
}

/**
 * Seeks in the terms table one query may make (per table): a query of many long words (500
 * characters hold 60 of 7 letters) would otherwise pay a seek for each before searching. Past them a
 * word stays a prefix, which finds the same rows.
 */
export const SEEKS_PER_QUERY = 4

/** What is known of longer words: `known` from earlier seeks (undefined: not yet), `seek` to look. */
export interface LongerTerms {
  known(word: string): boolean | undefined
  seek(word: string): boolean
}

/** The phrase of each of one query's words (phraseOf), with at most `seeks` new seeks among them. */
export function phraser(longer: LongerTerms, seeks = SEEKS_PER_QUERY): (term: string) => string {
  let left = seeks
  const extended = (word: string) => {
    const known = longer.known(word)
    if (known !== undefined) return known
    if (left <= 0) return true
    left--
    return longer.seek(word)
  }
  return (term) => phraseOf(term, extended)
}

/**
 * Whether a word of the terms table starts with `word` and is longer: the first term after `word`
 * followed by U+0001 (no term holds a control character; the tokenizer separates at them), found by
 * one seek in the terms table (termsTable) without counting anything.
 */
export function hasLongerTerm(stmt: (sql: string) => StatementSync, terms: string, word: string): boolean {
  const next = stmt(`SELECT term FROM ${terms} WHERE term >= ? LIMIT 1`).get(`${word}\u0001`) as
    { term: string } | undefined
  return next !== undefined && next.term.startsWith(word)
}

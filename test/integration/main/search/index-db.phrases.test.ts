// A word longer than the longest prefix index, that no longer word of the table starts with, is
// searched as that exact word (index-db/phrases.ts), to spare FTS5 the merge of every word it
// starts. The rows found must be those of a prefix search, whatever the table holds and whenever a
// row that extends the word arrives: checked against a model of the phrase match (consecutive words
// in one column, the last one a prefix), on a real index (node:sqlite, FTS5 in memory).
import { randomBytes } from 'node:crypto'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { openSearchIndex, type SearchIndex } from '../../../../src/main/search/index-db'
import { freshIndexDir, indexedPayment, parsedQuery } from '../../helpers/index-dir'

const NOW = Date.parse('2026-06-01T12:00:00Z')
const key = randomBytes(32)
const dir = freshIndexDir('phrases')

/** Words sharing long beginnings, none of them in the other columns of a row (its state, its method). */
const WORDS = [
  'example',
  'examples',
  'exampleco',
  'hotmail',
  'amsterdam',
  'amsterdammer',
  'rotterdam',
  'visser7',
  'visser77',
  'visser7701',
  'zebrafish',
]
const SEPARATORS = [' ', '.', '@', '-']

const row = (n: number, description: string) => indexedPayment('phrase', n, NOW, { description })

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)

/** The phrase match: the term's words in a row in a row, the last one as a prefix. */
function modelMatches(description: string, term: string): boolean {
  const have = words(description)
  const want = words(term)
  const last = want.length - 1
  for (let i = 0; i + last < have.length; i++) {
    if (want.every((w, j) => (j === last ? (have[i + j] ?? '').startsWith(w) : have[i + j] === w))) return true
  }
  return false
}

const description = fc
  .array(fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(...SEPARATORS)), { minLength: 1, maxLength: 3 })
  .map((parts) => parts.map(([w, s]) => w + s).join(''))

/** One term as typed (no space, so one phrase): a word's beginning, maybe after a word, maybe a "." after it. */
const term = fc
  .tuple(
    fc.option(fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom('.', '@', '-')), { nil: null }),
    fc.constantFrom(...WORDS).chain((w) => fc.integer({ min: 2, max: w.length }).map((n) => w.slice(0, n))),
    fc.boolean(),
    fc.boolean(),
  )
  .map(([before, word, dot, upper]) => {
    const text = `${before ? before[0] + before[1] : ''}${word}${dot ? '.' : ''}`
    return upper ? text.toUpperCase() : text
  })

const step = fc.oneof(
  fc.record({ add: description }),
  fc.record({ search: term }),
  fc.record({ remove: fc.nat({ max: 40 }) }),
)

async function open(): Promise<SearchIndex> {
  return (await openSearchIndex({ dir: dir(), connectionId: 'conn_phrases', key, yieldFn: async () => {} })).index
}

describe('a long last word searched exactly', () => {
  it('finds the rows a prefix search finds, as rows come and go', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 10, maxLength: 40 }), async (steps) => {
        const index = await open()
        index.clear() // the same file in each run: the last run's rows go
        const rows = new Map<string, string>()
        try {
          let n = 0
          for (const s of steps) {
            if ('add' in s) {
              const r = row(++n, s.add)
              rows.set(r.id, s.add)
              index.upsert('payments', [r])
            } else if ('remove' in s) {
              const id = `tr_phrase${String(s.remove).padStart(6, '0')}`
              if (rows.delete(id)) index.remove('payments', id)
            } else {
              const found = index.search('payments', parsedQuery(s.search, NOW), 100).hits.map((h) => h.id)
              const expected = [...rows].filter(([, d]) => modelMatches(d, s.search)).map(([id]) => id)
              expect(found.sort(), s.search).toEqual(expected.sort())
            }
          }
        } finally {
          index.close()
        }
      }),
      { numRuns: 40 },
    )
  })

  it('finds a longer word added after the word was searched exactly', async () => {
    const index = await open()
    const ids = (text: string) =>
      index
        .search('payments', parsedQuery(text, NOW))
        .hits.map((h) => h.id)
        .sort()
    index.upsert('payments', [row(1, 'anna@example.org'), row(2, 'greta@example.com')])
    expect(ids('anna@example')).toEqual(['tr_phrase000001'])
    expect(ids('example')).toEqual(['tr_phrase000001', 'tr_phrase000002'])
    index.upsert('payments', [row(3, 'examples of anna@examples.org')])
    expect(ids('example')).toEqual(['tr_phrase000001', 'tr_phrase000002', 'tr_phrase000003'])
    expect(ids('anna@example')).toEqual(['tr_phrase000001', 'tr_phrase000003'])
    index.remove('payments', 'tr_phrase000003')
    expect(ids('anna@example')).toEqual(['tr_phrase000001'])
    index.close()
  })
})

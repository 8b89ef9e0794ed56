// Issue 22 item 4: a search statement stops at its deadline and answers the rows it read, newest
// first; without a deadline it reads everything. A clock that moves one tick per read makes the
// deadline land at a known row.
import { DatabaseSync } from 'node:sqlite'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { chooseTerms, installQueryBudget, WITHIN_BUDGET } from '../../../../src/main/search/query-budget'

function database(rows: number) {
  const db = new DatabaseSync(':memory:')
  db.exec(`CREATE VIRTUAL TABLE f USING fts5(body, prefix = '2')`)
  const insert = db.prepare('INSERT INTO f (rowid, body) VALUES (?, ?)')
  for (let i = 1; i <= rows; i++) insert.run(i, `order payment shop ${i % 7 === 0 ? 'winter' : 'summer'}`)
  return db
}

describe('query budget', () => {
  it('reads every match when no deadline is set', () => {
    const db = database(5_000)
    const budget = installQueryBudget(db)
    const statement = db.prepare(`SELECT rowid FROM f WHERE f MATCH ? AND ${WITHIN_BUDGET} ORDER BY rowid DESC`)
    const { rows, stopped } = budget.rows<{ rowid: number }>(statement, ['"order"* AND "payment"*'])
    expect(stopped).toBe(false)
    expect(rows).toHaveLength(5_000)
  })

  it('stops at the deadline and keeps the newest rows read so far', () => {
    const db = database(5_000)
    let tick = 0
    const budget = installQueryBudget(db, () => tick++)
    const statement = db.prepare(`SELECT rowid FROM f WHERE f MATCH ? AND ${WITHIN_BUDGET} ORDER BY rowid DESC`)
    budget.setDeadline(10) // the clock is read once per 32 rows: it passes 10 at the 11th read
    const { rows, stopped } = budget.rows<{ rowid: number }>(statement, ['"order"* AND "payment"*'])
    expect(stopped).toBe(true)
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.length).toBeLessThan(5_000)
    expect(rows[0]?.rowid).toBe(5_000)
    // The next statement starts afresh once the deadline is lifted.
    budget.setDeadline(null)
    expect(budget.rows(statement, ['"winter"*']).stopped).toBe(false)
  })

  it('passes other errors on (a bad query is not mistaken for a timeout)', () => {
    const db = database(10)
    const budget = installQueryBudget(db)
    const statement = db.prepare(`SELECT rowid FROM f WHERE f MATCH ? AND ${WITHIN_BUDGET}`)
    expect(() => budget.rows(statement, ['"unterminated'])).toThrow()
  })
})

describe('chooseTerms (the word budget)', () => {
  const postings: Record<string, number> = { order: 100_000, payment: 90_000, winter: 8_000, coat: 5_000, jansen: 3 }
  const price = (prefix: string) => postings[prefix] ?? 0

  it('keeps every word while their postings fit, in the order typed', () => {
    expect(chooseTerms(['winter', 'coat', 'jansen'], price, 120_000)).toEqual({
      kept: ['winter', 'coat', 'jansen'],
      dropped: [],
      unmatched: false,
    })
  })

  it('leaves out the most common words first, and names them', () => {
    expect(chooseTerms(['order', 'payment', 'winter', 'coat'], price, 120_000)).toEqual({
      kept: ['payment', 'winter', 'coat'],
      dropped: ['order'],
      unmatched: false,
    })
  })

  it('always keeps the rarest word, counts a repeated word once, folds case and accents', () => {
    expect(chooseTerms(['ORDER', 'order', 'Order'], price, 10)).toEqual({
      kept: ['Order'],
      dropped: [],
      unmatched: false,
    })
    expect(chooseTerms(['órder', 'payment'], price, 10)).toEqual({
      kept: ['payment'],
      dropped: ['órder'],
      unmatched: false,
    })
  })

  it('does not count the postings of a lone word (it is kept whatever it costs)', () => {
    const counted: string[] = []
    const counting = (prefix: string) => {
      counted.push(prefix)
      return price(prefix)
    }
    expect(chooseTerms(['order'], counting, 10)).toEqual({ kept: ['order'], dropped: [], unmatched: false })
    expect(chooseTerms(['Order', 'ORDER'], counting, 10)).toEqual({ kept: ['ORDER'], dropped: [], unmatched: false })
    expect(counted).toEqual([])
    expect(chooseTerms(['order', 'coat'], counting, 10)).toEqual({
      kept: ['coat'],
      dropped: ['order'],
      unmatched: false,
    })
    expect(counted).toEqual(['order', 'coat'])
  })

  it('counts nothing when what an earlier keystroke counted keeps every word, and decides as the counts would', () => {
    const counted: string[] = []
    const counting = (prefix: string) => {
      counted.push(prefix)
      return price(prefix)
    }
    // "coa" and "jan" were counted before: "coat jansen" fits at their counts.
    const earlier: Record<string, number> = { coat: 6_000, jansen: 10 }
    const atMost = (prefix: string) => earlier[prefix]
    expect(chooseTerms(['coat', 'jansen'], counting, 10_000, atMost)).toEqual({
      kept: ['coat', 'jansen'],
      dropped: [],
      unmatched: false,
    })
    expect(counted).toEqual([])
    // Not within the budget at those bounds, or a word not bounded at all: counted.
    expect(chooseTerms(['coat', 'jansen'], counting, 5_005, atMost)).toEqual({
      kept: ['coat', 'jansen'],
      dropped: [],
      unmatched: false,
    })
    expect(chooseTerms(['coat', 'winter'], counting, 100_000, atMost).kept).toEqual(['coat', 'winter'])
    expect(counted).toEqual(['coat', 'jansen', 'coat', 'winter'])
    // A bound of 0 for a word in ASCII: counted, and nothing can match.
    expect(chooseTerms(['coat', 'zebra'], counting, 100_000, (p) => (p === 'zebra' ? 0 : 1))).toEqual({
      kept: [],
      dropped: [],
      unmatched: true,
    })
  })

  it('keeps and drops the same words with bounds as with counts alone, whatever the bounds above the counts', () => {
    const words = ['order', 'payment', 'winter', 'coat', 'jansen', 'zebra', 'ørsted', 'b-1']
    fc.assert(
      fc.property(
        fc.shuffledSubarray(words, { minLength: 2 }),
        fc.dictionary(fc.constantFrom(...words), fc.option(fc.nat(200_000), { nil: undefined })),
        fc.integer({ min: 1, max: 250_000 }),
        (terms, slack, max) => {
          const atMost = (prefix: string) => {
            const extra = slack[prefix]
            return extra === undefined ? undefined : price(prefix) + extra
          }
          const counts = chooseTerms(terms, price, max)
          const bounded = chooseTerms(terms, price, max, atMost)
          // A word in no row: the counts say so; at bounds every word may be kept instead, and the
          // search of every word then finds nothing all the same.
          if (counts.unmatched && !bounded.unmatched) {
            expect(bounded).toEqual({ kept: terms, dropped: [], unmatched: false })
            expect(terms.some((t) => price(t) === 0 && /^[a-z]+$/.test(t))).toBe(true)
          } else {
            expect(bounded).toEqual(counts)
          }
        },
      ),
      { numRuns: 300 },
    )
  })

  it('says nothing can match when a word typed in ASCII is in no row, and counts no word after it', () => {
    const counted: string[] = []
    const counting = (prefix: string) => {
      counted.push(prefix)
      return price(prefix)
    }
    expect(chooseTerms(['coat', 'Zebra', 'order'], counting)).toEqual({ kept: [], dropped: [], unmatched: true })
    expect(counted).toEqual(['coat', 'zebra'])
    // A word in another script may be folded differently by the tokenizer: a count of 0 is only a price.
    expect(chooseTerms(['coat', 'zébra'], price)).toEqual({ kept: ['coat', 'zébra'], dropped: [], unmatched: false })
    expect(chooseTerms(['coat', 'ørsted'], price)).toEqual({ kept: ['coat', 'ørsted'], dropped: [], unmatched: false })
    // A word the tokenizer splits is not counted at all.
    expect(chooseTerms(['coat', 'b-1'], price)).toEqual({ kept: ['coat', 'b-1'], dropped: [], unmatched: false })
  })
})

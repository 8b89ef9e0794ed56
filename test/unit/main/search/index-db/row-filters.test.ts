// Issue 28: the filtered columns a walk of the full-text table checks per match, held in main's
// memory by time key. Whatever the order of rows set, changed and removed (runs of neighbouring keys,
// growth, removals inside a run), a filter must answer as the keys table's SQL would: here checked
// against a plain Map of the same rows, and the SQL function against a real SQLite statement.
import { DatabaseSync } from 'node:sqlite'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { installQueryBudget } from '../../../../../src/main/search/query-budget'
import {
  FilterColumns,
  homeSlot,
  installRowCheck,
  KEEPS_ROW,
} from '../../../../../src/main/search/index-db/row-filters'

interface Row {
  status: string
  method: string | null
  createdMs: number
}

const STATUSES = ['paid', 'failed', 'open', 'expired']
const METHODS = ['ideal', 'creditcard', null]

/** Time keys as the index makes them (created ms × 1024 + a few bits), many in the same second. */
const timeKey = fc
  .tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 300 }))
  .map(([second, bits]) => (1_780_000_000_000 + second * 1000) * 1024 + bits)

/**
 * Keys whose searches all start in the last and first few slots of the smallest table, so they
 * form one long run that wraps around its end: removing one must move the right ones back.
 */
function crowdedKeys(n: number): number[] {
  const keys: number[] = []
  for (let t = 1_780_000_000_000 * 1024; keys.length < n; t++) {
    const home = homeSlot(t, 1024)
    if (home >= 1020 || home < 4) keys.push(t)
  }
  return keys
}

const op = fc.oneof(
  fc.record({
    kind: fc.constant('set' as const),
    tkey: timeKey,
    status: fc.constantFrom(...STATUSES),
    method: fc.constantFrom(...METHODS),
    createdMs: fc.integer({ min: 0, max: 100 }),
  }),
  fc.record({ kind: fc.constant('delete' as const), tkey: timeKey }),
)

/** What the SQL `status IN (…) AND method IN (…) AND created_ms >= ? AND created_ms < ?` says of a row. */
function sqlWould(row: Row | undefined, statuses: string[], methods: string[], from: number, to: number): boolean {
  if (!row) return false
  if (statuses.length > 0 && !statuses.includes(row.status)) return false
  if (methods.length > 0 && (row.method === null || !methods.includes(row.method))) return false
  return row.createdMs >= from && row.createdMs < to
}

describe('FilterColumns', () => {
  it('answers every filter as the rows held would, after any sequence of sets and removals', () => {
    fc.assert(
      fc.property(
        fc.array(op, { minLength: 200, maxLength: 2000 }),
        fc.subarray(STATUSES),
        fc.subarray(['ideal', 'creditcard', 'paypal']),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 101 }),
        (ops, statuses, methods, from, to) => {
          const columns = new FilterColumns()
          const reference = new Map<number, Row>()
          for (const o of ops) {
            if (o.kind === 'set') {
              columns.set(o.tkey, o.status, o.method, o.createdMs)
              reference.set(o.tkey, { status: o.status, method: o.method, createdMs: o.createdMs })
            } else {
              columns.delete(o.tkey)
              reference.delete(o.tkey)
            }
          }
          expect(columns.size).toBe(reference.size)
          const any = columns.matcher({ statuses: [], methods: [] })
          const keeps = columns.matcher({ statuses, methods, range: { fromMs: from, toMs: to } })
          for (const tkey of new Set(ops.map((o) => o.tkey))) {
            const row = reference.get(tkey)
            expect(any(tkey), String(tkey)).toBe(row !== undefined)
            expect(keeps(tkey), String(tkey)).toBe(sqlWould(row, statuses, methods, from, to))
          }
        },
      ),
      { numRuns: 60 },
    )
  })

  it('finds every row of one long run that wraps around the table, in any order of removals', () => {
    const keys = crowdedKeys(500)
    fc.assert(
      fc.property(fc.shuffledSubarray(keys), fc.shuffledSubarray(keys), (removed, setAgain) => {
        const columns = new FilterColumns()
        const reference = new Map<number, string>()
        for (const [i, tkey] of keys.entries()) {
          columns.set(tkey, STATUSES[i % 4] ?? 'paid', null, i)
          reference.set(tkey, STATUSES[i % 4] ?? 'paid')
        }
        for (const tkey of removed) {
          columns.delete(tkey)
          reference.delete(tkey)
        }
        for (const tkey of setAgain.slice(0, 50)) {
          columns.set(tkey, 'open', null, 0)
          reference.set(tkey, 'open')
        }
        expect(columns.size).toBe(reference.size)
        for (const status of STATUSES) {
          const keeps = columns.matcher({ statuses: [status], methods: [] })
          for (const tkey of keys) expect(keeps(tkey)).toBe(reference.get(tkey) === status)
        }
      }),
      { numRuns: 40 },
    )
  })

  it('keeps every row through growth and removes runs of keys of the same second', () => {
    const columns = new FilterColumns()
    const base = 1_780_000_000_000 * 1024
    for (let i = 0; i < 50_000; i++) columns.set(base + i, i % 2 ? 'paid' : 'failed', null, i)
    for (let i = 0; i < 50_000; i += 3) columns.delete(base + i)
    const paid = columns.matcher({ statuses: ['paid'], methods: [] })
    let found = 0
    for (let i = 0; i < 50_000; i++) {
      const held = i % 3 !== 0
      expect(paid(base + i)).toBe(held && i % 2 === 1)
      if (held) found++
    }
    expect(columns.size).toBe(found)
    // A status or method no row has: nothing passes.
    expect(columns.matcher({ statuses: ['refunded'], methods: [] })(base + 1)).toBe(false)
    expect(columns.matcher({ statuses: [], methods: ['ideal'] })(base + 1)).toBe(false)
    columns.clear()
    expect(columns.size).toBe(0)
    expect(paid(base + 1)).toBe(false)
  })

  it('is read again from the keys table, as that table holds the rows', () => {
    const db = new DatabaseSync(':memory:')
    db.exec(`CREATE TABLE k (tkey INTEGER PRIMARY KEY, status TEXT NOT NULL, method TEXT, created_ms INTEGER NOT NULL)`)
    db.exec(`INSERT INTO k VALUES (10, 'paid', 'ideal', 5), (11, 'open', NULL, 6)`)
    const columns = new FilterColumns()
    columns.set(12, 'paid', 'ideal', 5)
    columns.stale = true
    columns.reload(db, 'k')
    expect(columns.stale).toBe(false)
    const paidIdeal = columns.matcher({ statuses: ['paid'], methods: ['ideal'] })
    expect([10, 11, 12].map(paidIdeal)).toEqual([true, false, false])
  })
})

describe('the SQL function of a walk (KEEPS_ROW)', () => {
  it('keeps the rows the filter passes, stops at the deadline, and refuses to run without a filter', () => {
    const db = new DatabaseSync(':memory:')
    db.exec(`CREATE VIRTUAL TABLE f USING fts5(body)`)
    const insert = db.prepare('INSERT INTO f (rowid, body) VALUES (?, ?)')
    const columns = new FilterColumns()
    for (let i = 1; i <= 2_000; i++) {
      insert.run(i, 'walnut table')
      columns.set(i, i % 10 === 0 ? 'failed' : 'paid', null, i)
    }
    let now = 0
    const budget = installQueryBudget(db, () => now++)
    const check = installRowCheck(db, budget)
    const statement = db.prepare(
      `SELECT f.rowid AS id FROM f WHERE f MATCH 'walnut' AND ${KEEPS_ROW} ORDER BY rowid DESC`,
    )
    const failed = check.during(columns.matcher({ statuses: ['failed'], methods: [] }), () =>
      budget.rows<{ id: number }>(statement, []),
    )
    expect(failed.stopped).toBe(false)
    expect(failed.rows.map((r) => r.id)).toEqual(Array.from({ length: 200 }, (_, i) => 2_000 - i * 10))
    budget.setDeadline(5)
    const cut = check.during(columns.matcher({ statuses: ['paid'], methods: [] }), () =>
      budget.rows<{ id: number }>(statement, []),
    )
    budget.setDeadline(null)
    expect(cut.stopped).toBe(true)
    expect(cut.rows.length).toBeGreaterThan(0)
    expect(cut.rows.length).toBeLessThan(1_800)
    expect(() => statement.all()).toThrow(/No search filter/)
  })
})

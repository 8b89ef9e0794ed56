// What a search keeps between keystrokes (a real SQLite file through node:sqlite, FTS5 in memory):
// a keystroke that leaves the query as it was ("anna.jansen@" after "anna.jansen") answers with the
// same rows without searching, any write to the table is seen at once, queries the tokenizer reads
// differently are never taken for one another, and a search cut short is searched again.
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { openSearchIndex, type SearchIndex } from '../../../../src/main/search/index-db'
import { freshIndexDir, indexedPayment, parsedQuery } from '../../helpers/index-dir'

const NOW = Date.parse('2026-06-01T12:00:00Z')
const key = randomBytes(32)
const dir = freshIndexDir('memo')
const q = (text: string) => parsedQuery(text, NOW)

const row = (n: number, fields: { description: string; email?: string; status?: string }) =>
  indexedPayment('memo', n, NOW, fields)

async function open(limits?: { payments: number; orders: number }): Promise<SearchIndex> {
  return (await openSearchIndex({ dir: dir(), connectionId: 'conn_memo', key, limits, yieldFn: async () => {} })).index
}

const ids = (index: SearchIndex, text: string) => index.search('payments', q(text)).hits.map((h) => h.id)

describe('what a search keeps between keystrokes', () => {
  it('answers a keystroke that leaves the query as it was with the same rows, and sees every write at once', async () => {
    const index = await open()
    index.upsert('payments', [
      row(10, { description: 'Walnut table', email: 'anna.jansen@shop.example' }),
      row(11, { description: 'Oak chair' }),
    ])
    expect(ids(index, 'anna.jansen')).toEqual(['tr_memo000010'])
    expect(ids(index, 'anna.jansen@')).toEqual(['tr_memo000010'])
    expect(ids(index, 'Anna.Jansen')).toEqual(['tr_memo000010'])
    // A new row.
    index.upsert('payments', [row(1, { description: 'Lamp', email: 'anna.jansen@other.example' })])
    expect(ids(index, 'anna.jansen@').sort()).toEqual(['tr_memo000001', 'tr_memo000010'])
    // A changed status: the filter sees the new one.
    expect(ids(index, 'walnut paid')).toEqual(['tr_memo000010'])
    index.upsert('payments', [row(10, { description: 'Walnut table', status: 'failed' })])
    expect(ids(index, 'walnut paid')).toEqual([])
    expect(ids(index, 'walnut failed')).toEqual(['tr_memo000010'])
    // A removed row.
    index.remove('payments', 'tr_memo000001')
    expect(ids(index, 'anna.jansen@')).toEqual([])
    // Every row dropped.
    expect(ids(index, 'oak')).toEqual(['tr_memo000011'])
    index.clear()
    expect(ids(index, 'oak')).toEqual([])
    index.close()
  })

  it('never takes queries the tokenizer reads differently for one another', async () => {
    const index = await open()
    index.upsert('payments', [
      row(1, { description: 'Walnut table' }),
      row(2, { description: 'Table of walnut' }),
      row(3, { description: 'Walnuttable' }),
    ])
    // Two words anywhere; the same words as one phrase; one word; the phrase the other way round.
    expect(ids(index, 'walnut table').sort()).toEqual(['tr_memo000001', 'tr_memo000002'])
    expect(ids(index, 'walnut-table')).toEqual(['tr_memo000001'])
    expect(ids(index, 'walnut.table')).toEqual(['tr_memo000001'])
    expect(ids(index, 'walnuttable')).toEqual(['tr_memo000003'])
    expect(ids(index, 'table-walnut')).toEqual([])
    expect(ids(index, 'table walnut').sort()).toEqual(['tr_memo000001', 'tr_memo000002'])
    // What matched is named from each keystroke's own words.
    const labels = (text: string) => index.search('payments', q(text)).hits.map((h) => h.matched)
    expect(labels('walnut paid')).toEqual(Array.from({ length: 3 }, () => ['Description', 'Status']))
    expect(labels('walnut')).toEqual(Array.from({ length: 3 }, () => ['Description']))
    index.close()
  })

  it('searches again after a search was cut short by its time budget', async () => {
    const index = await open()
    index.upsert(
      'payments',
      Array.from({ length: 200 }, (_, i) => row(i + 1, { description: `Walnut ${i + 1}` })),
    )
    index.setSearchDeadline(performance.now() - 1)
    const cut = index.search('payments', q('walnut paid'))
    expect(cut.stopped).toBe(true)
    index.setSearchDeadline(null)
    const whole = index.search('payments', q('walnut paid'))
    expect(whole.stopped).toBeUndefined()
    expect(whole.broad).toBe(false)
    expect(whole.hits).toHaveLength(10)
    expect(whole.more).toBe(true)
    index.close()
  })

  it('keeps the count of rows exact through new rows, updates, removals, pruning and a failed write', async () => {
    const index = await open({ payments: 4, orders: 10 })
    expect(index.count('payments')).toBe(0)
    index.upsert('payments', [row(1, { description: 'One' }), row(2, { description: 'Two' })])
    expect(index.count('payments')).toBe(2)
    // An update, a new row, and a new row twice in one batch: two more.
    index.upsert('payments', [
      row(1, { description: 'One again' }),
      row(3, { description: 'Three' }),
      row(4, { description: 'Four' }),
      row(4, { description: 'Four again' }),
    ])
    expect(index.count('payments')).toBe(4)
    index.remove('payments', 'tr_memo000002')
    index.remove('payments', 'tr_memo999999')
    expect(index.count('payments')).toBe(3)
    // A write that fails is rolled back, rows and count alike.
    expect(() =>
      index.upsert('payments', [row(5, { description: 'Five' })], () => {
        throw new Error('the cursor could not be saved')
      }),
    ).toThrow('the cursor could not be saved')
    expect(index.count('payments')).toBe(3)
    expect(ids(index, 'five')).toEqual([])
    // Counted inside the write itself (rows not yet committed): not counted twice.
    index.upsert('payments', [row(6, { description: 'Row 6' })], () => {
      expect(index.count('payments')).toBe(4)
    })
    expect(index.count('payments')).toBe(4)
    index.upsert(
      'payments',
      [7, 8].map((n) => row(n, { description: `Row ${n}` })),
    )
    expect(index.count('payments')).toBe(6)
    expect(index.prune('payments')).toBe(2)
    expect(index.count('payments')).toBe(4)
    expect(index.count('orders')).toBe(0)
    index.close()
  })

  it('warms up without changing what any search finds, on an empty index and a full one', async () => {
    const index = await open()
    await index.warm(NOW)
    expect(ids(index, 'walnut')).toEqual([])
    index.upsert('payments', [
      row(1, { description: 'Walnut table', email: 'walnut@shop.example' }),
      row(2, { description: 'Oak chair', status: 'open' }),
    ])
    const before = ['walnut', 'walnut oak', 'wa', 'open', 'oak open', 'walnut 10.00', '10.00'].map((t) =>
      index.search('payments', q(t)),
    )
    await index.warm(NOW)
    const after = ['walnut', 'walnut oak', 'wa', 'open', 'oak open', 'walnut 10.00', '10.00'].map((t) =>
      index.search('payments', q(t)),
    )
    expect(after).toEqual(before)
    expect(before[0]?.hits.map((h) => h.id)).toEqual(['tr_memo000001'])
    index.close()
    // A closed index: nothing to warm, and no error.
    await expect(index.warm(NOW)).resolves.toBeUndefined()
  })
})

// Ranking in the local index (a real SQLite file through node:sqlite, FTS5 in memory): relevance
// over every match when at most RANKED_CANDIDATES match; the newest first when a word matches more
// (the result says so); rows with equal times, updates, pruning and a reopen keep the full-text
// rows and the table in step.
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  HITS_PER_GROUP,
  openSearchIndex,
  RANKED_CANDIDATES,
  type IndexRow,
  type SearchIndex,
} from '../../../../src/main/search/index-db'
import { freshIndexDir, indexedPayment, parsedQuery, type PaymentRowFields } from '../../helpers/index-dir'

const NOW = Date.parse('2026-06-01T12:00:00Z')
const key = randomBytes(32)
const dir = freshIndexDir('rank')
const q = (text: string) => parsedQuery(text, NOW)

const row = (n: number, fields: PaymentRowFields = {}) => indexedPayment('rank', n, NOW, fields)

async function open(limits?: { payments: number; orders: number }): Promise<SearchIndex> {
  return (await openSearchIndex({ dir: dir(), connectionId: 'conn_rank', key, limits, yieldFn: async () => {} })).index
}

function ids(index: SearchIndex, text: string, limit?: number): string[] {
  return index.search('payments', q(text), limit).hits.map((h) => h.id)
}

describe('search index ranking', () => {
  it('ranks every match by relevance when few match: an e-mail hit beats a newer description hit', async () => {
    const index = await open()
    index.upsert('payments', [
      row(1, { description: 'Refund for walnut table' }),
      row(2, { description: 'Chairs' }),
      row(500, { description: 'Lamp', email: 'walnut@shop.example' }),
    ])
    const result = index.search('payments', q('walnut'))
    expect(result.hits.map((h) => h.id)).toEqual(['tr_rank000500', 'tr_rank000001'])
    expect(result.broad).toBe(false)
    expect(result.more).toBe(false)
    index.close()
  })

  it('shows the newest matches of a broad word, newest first, and says so', async () => {
    const index = await open()
    const total = RANKED_CANDIDATES + 300
    const rows: IndexRow[] = []
    // Rows arrive oldest first here, so the rid order is the opposite of the newest-first walk of
    // a sync: the time key, not the insertion order, must decide which matches are the newest.
    for (let n = total; n >= 1; n--) rows.push(row(n, { description: `Order ${n}` }))
    // More relevant rows (the word in the e-mail, twice in a short text), one among the newest
    // RANKED_CANDIDATES and one older: a broad word is not ranked, so neither comes first.
    rows[total - 50] = row(50, { description: 'Order order', email: 'order@shop.example' })
    rows[0] = row(total, { description: 'Order order' })
    index.upsert('payments', rows)
    const newestTen = Array.from({ length: HITS_PER_GROUP }, (_, i) => row(i + 1).id)
    for (const text of ['order', 'order paid']) {
      const result = index.search('payments', q(text))
      expect(result.broad).toBe(true)
      expect(result.more).toBe(true)
      expect(result.hits.map((h) => h.id)).toEqual(newestTen)
    }
    index.close()
  })

  it('ranks every match by relevance when exactly RANKED_CANDIDATES match, with or without a filter', async () => {
    const index = await open()
    const rows: IndexRow[] = []
    for (let n = RANKED_CANDIDATES; n >= 1; n--) rows.push(row(n, { description: `Order ${n}` }))
    // The oldest match is the most relevant: every match is ranked, so it comes first.
    rows[0] = row(RANKED_CANDIDATES, { description: 'Order order', email: 'order@shop.example' })
    index.upsert('payments', rows)
    for (const text of ['order', 'order paid']) {
      const result = index.search('payments', q(text))
      expect(result.broad).toBe(false)
      expect(result.more).toBe(true)
      expect(result.hits[0]?.id).toBe(row(RANKED_CANDIDATES).id)
    }
    // One more match makes the word broad: the newest first.
    index.upsert('payments', [row(RANKED_CANDIDATES + 1, { createdMs: NOW, description: 'Order' })])
    const broad = index.search('payments', q('order'))
    expect(broad.broad).toBe(true)
    expect(broad.hits[0]?.id).toBe(row(RANKED_CANDIDATES + 1).id)
    expect(broad.hits.map((h) => h.id)).not.toContain(row(RANKED_CANDIDATES).id)
    index.close()
  })

  it('keeps rows created in the same millisecond apart, through updates, pruning and a reopen', async () => {
    const same = NOW - 3_600_000
    let index = await open({ payments: 2_000, orders: 10 })
    index.upsert(
      'payments',
      Array.from({ length: 2_500 }, (_, i) =>
        row(i + 1, { createdMs: same + (i < 2_400 ? 0 : i), description: `Batch item${i + 1}` }),
      ),
    )
    expect(index.count('payments')).toBe(2_500)
    expect(ids(index, 'item1234')).toEqual(['tr_rank001234'])
    // An update replaces the row's words; the old ones find nothing.
    index.upsert('payments', [row(1234, { createdMs: same, description: 'Renamed parcel' })])
    expect(ids(index, 'item1234')).toEqual([])
    expect(ids(index, 'parcel')).toEqual(['tr_rank001234'])
    // Pruning to 2,000 drops the 500 oldest rows (equal times: the first stored), table and words alike.
    expect(index.prune('payments')).toBe(500)
    expect(index.count('payments')).toBe(2_000)
    expect(ids(index, 'item250')).toEqual(['tr_rank002500'])
    expect(ids(index, 'item1')).not.toContain('tr_rank000001')
    expect(ids(index, 'parcel')).toEqual(['tr_rank001234'])
    const before = ids(index, 'batch item24')
    index.close()
    index = await open({ payments: 2_000, orders: 10 })
    expect(ids(index, 'batch item24')).toEqual(before)
    expect(before.length).toBeGreaterThan(0)
    index.close()
  })

  it('ranks a word without filters (full-text table alone) as it ranks it with a filter every row passes', async () => {
    const index = await open()
    // Many rows tie on relevance and on time, so which rows reach the 20 shown depends on the
    // tie-break (the newer first): reading only the shown rows must not change it.
    const rows: IndexRow[] = []
    for (let n = 1; n <= 300; n++) {
      const words = n % 3 === 0 ? 'Walnut box' : n % 3 === 1 ? 'Walnut box with lid' : 'Walnut'
      rows.push(row(n, { createdMs: NOW - Math.floor(n / 40) * 60_000, description: words }))
    }
    // Stored oldest first: within one time, the storage order is the opposite of the id order.
    index.upsert('payments', rows.reverse())
    const plain = index.search('payments', q('walnut'))
    const filtered = index.search('payments', q('walnut paid'))
    expect(q('walnut paid').statuses).toEqual(['paid'])
    expect(plain.hits).toHaveLength(HITS_PER_GROUP)
    expect(plain.hits.map((h) => h.id)).toEqual(filtered.hits.map((h) => h.id))
    expect([plain.more, plain.broad]).toEqual([filtered.more, filtered.broad])
    index.close()
  })

  it('finds words written after a search counted them in no row (the counts are dropped on every write)', async () => {
    let index = await open()
    index.upsert('payments', [row(1, { description: 'Walnut table' }), row(2, { description: 'Oak rug' })])
    // Several words are counted in the vocabulary; a word in no row means nothing matches them all.
    expect(ids(index, 'walnut zebra')).toEqual([])
    expect(ids(index, 'walnut zeb')).toEqual([])
    expect(ids(index, 'walnut table')).toEqual(['tr_rank000001'])
    // The same words written afterwards, by a new row and by an update: found at once.
    index.upsert('payments', [row(3, { description: 'Walnut zebra lamp' })])
    expect(ids(index, 'walnut zebra')).toEqual(['tr_rank000003'])
    // Typed on from a counted prefix ("ze"), a longer word is priced at that prefix's count: found
    // or not as it is in the rows.
    expect(ids(index, 'walnut ze')).toEqual(['tr_rank000003'])
    expect(ids(index, 'walnut zeb')).toEqual(['tr_rank000003'])
    expect(ids(index, 'walnut zebu')).toEqual([])
    expect(ids(index, 'lamp quilt')).toEqual([])
    index.upsert('payments', [row(2, { description: 'Lamp quilt' })])
    expect(ids(index, 'lamp quilt')).toEqual(['tr_rank000002'])
    // Removed: the word is in no row again.
    index.remove('payments', 'tr_rank000002')
    expect(ids(index, 'quilt lamp')).toEqual([])
    expect(ids(index, 'lamp walnut')).toEqual(['tr_rank000003'])
    // After a reopen (the full-text table rebuilt), and for accented words typed either way.
    index.upsert('payments', [row(4, { description: 'Zoë Émile walnut' })])
    index.close()
    index = await open()
    expect(ids(index, 'zoe walnut')).toEqual(['tr_rank000004'])
    expect(ids(index, 'Zoë émile')).toEqual(['tr_rank000004'])
    expect(ids(index, 'zoë quilt')).toEqual([])
    index.close()
  })

  it('takes an id twice in one batch as one row with the later words', async () => {
    const index = await open()
    index.upsert('payments', [row(7, { description: 'First draft' }), row(8), row(7, { description: 'Second copy' })])
    expect(index.count('payments')).toBe(2)
    expect(ids(index, 'first')).toEqual([])
    expect(ids(index, 'second')).toEqual(['tr_rank000007'])
    index.close()
  })

  it('looks for a one-digit amount by amount only, not as a word in text', async () => {
    const index = await open()
    index.upsert('payments', [
      row(1, { value: '5.00', description: 'Coffee' }),
      row(2, { value: '12.00', description: 'Table 5 reserved' }),
      row(3, { value: '59.00', description: 'Ticket 59' }),
    ])
    expect(ids(index, '5')).toEqual(['tr_rank000001'])
    // From two characters the number is also looked for in text.
    expect(ids(index, '59').sort()).toEqual(['tr_rank000003'])
    index.close()
  })
})

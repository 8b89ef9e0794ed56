// Statuses, methods and dates, with words and without (a real SQLite file through node:sqlite, FTS5
// in memory): a walk of the words' matches checks them in main's memory (row-filters.ts), not on
// the row, and a method without words is found by the keys table's method index. What
// is found must equal what the row's plain columns say, after an update and a reopen too, through
// every kind of statement (words; words and a date; words and an amount).
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { openSearchIndex, paymentRow, type SearchIndex } from '../../../../src/main/search/index-db'
import type { Payment } from '../../../../src/shared/api-types'
import type { ParsedQuery } from '../../../../src/shared/search/query'
import { freshIndexDir, parsedQuery } from '../../helpers/index-dir'
import { payment } from '../../../unit/helpers/story-objects'

const NOW = Date.parse('2026-06-01T12:00:00Z')
const DAY = 86_400_000
const key = randomBytes(32)
const dir = freshIndexDir('filt')
const q = (text: string) => parsedQuery(text, NOW)

const STATUSES = ['paid', 'failed', 'open', 'expired', 'canceled'] as const
const METHODS = ['ideal', 'creditcard', 'paypal', null] as const

interface Spec {
  n: number
  status: string
  method: string | null
  createdMs: number
  description: string
  value: string
}

function specPayment(s: Spec): Payment {
  return payment({
    id: `tr_filt${String(s.n).padStart(6, '0')}`,
    profileId: 'pfl_filt',
    createdAt: new Date(s.createdMs).toISOString(),
    amount: { currency: 'EUR', value: s.value },
    description: s.description,
    method: s.method as Payment['method'],
    status: s.status as Payment['status'],
  })
}

/** 600 payments over 30 days: every status and method, two words spread unevenly. */
function specs(): Spec[] {
  return Array.from({ length: 600 }, (_, n) => ({
    n,
    status: STATUSES[(n * 7) % STATUSES.length] ?? 'paid',
    method: METHODS[(n * 3) % METHODS.length] ?? null,
    createdMs: NOW - (n % 30) * DAY - n * 1000,
    description: `${n % 4 === 0 ? 'walnut' : 'oak'} table ${n % 9 === 0 ? 'idris' : 'kim'}`,
    value: n % 6 === 0 ? '59.95' : '10.00',
  }))
}

async function open(): Promise<SearchIndex> {
  return (await openSearchIndex({ dir: dir(), connectionId: 'conn_filt', key, yieldFn: async () => {} })).index
}

const idOf = (s: Spec) => `tr_filt${String(s.n).padStart(6, '0')}`
const sorted = (ids: string[]) => [...ids].sort()

function found(index: SearchIndex, query: ParsedQuery): string[] {
  return sorted(index.search('payments', query, 1000).hits.map((h) => h.id))
}

describe('search index: statuses and methods with words', () => {
  it('finds exactly the rows whose status, method, date and amount match, through each kind of statement', async () => {
    const index = await open()
    const all = specs()
    index.upsert('payments', all.map(specPayment).map(paymentRow))
    const expect_ = (pick: (s: Spec) => boolean) => sorted(all.filter(pick).map(idOf))
    const cases: [string, (s: Spec) => boolean][] = [
      // Words and a status: the full-text table alone.
      ['failed walnut', (s) => s.status === 'failed' && s.description.includes('walnut')],
      ['paid idr', (s) => s.status === 'paid' && s.description.includes('idris')],
      // Two statuses, a method.
      ['paid failed walnut', (s) => (s.status === 'paid' || s.status === 'failed') && s.description.includes('walnut')],
      ['paypal oak', (s) => s.method === 'paypal' && s.description.includes('oak')],
      [
        'expired creditcard idris',
        (s) => s.status === 'expired' && s.method === 'creditcard' && s.description.includes('idris'),
      ],
      // Words, a status and a date: the full-text table walked, the date checked on the row.
      [
        'open walnut last 7 days',
        (s) => s.status === 'open' && s.description.includes('walnut') && s.createdMs >= NOW - 7 * DAY - (NOW % DAY),
      ],
      // No words: a status (the rows' status index), a method (the keys table's method index), two.
      ['failed', (s) => s.status === 'failed'],
      ['paid ideal', (s) => s.status === 'paid' && s.method === 'ideal'],
      ['ideal paypal', (s) => s.method === 'ideal' || s.method === 'paypal'],
      ['expired creditcard last 14 days', (s) => s.status === 'expired' && s.method === 'creditcard'],
      // Words, a status and an amount: the rows of the amount, checked by both.
      ['canceled table 59.95', (s) => s.status === 'canceled' && s.value === '59.95'],
    ]
    for (const [text, pick] of cases) {
      const query = q(text)
      const range = query.range
      const want = expect_(range ? (s) => pick(s) && s.createdMs >= range.fromMs && s.createdMs < range.toMs : pick)
      expect(want.length, text).toBeGreaterThan(0)
      expect(found(index, query), text).toEqual(want)
    }
    index.close()
  })

  it('a changed status or method is searched by its new value, not its old one', async () => {
    const index = await open()
    const base: Spec = {
      n: 1,
      status: 'open',
      method: null,
      createdMs: NOW - DAY,
      description: 'walnut',
      value: '10.00',
    }
    index.upsert('payments', [paymentRow(specPayment(base))])
    expect(found(index, q('open walnut'))).toEqual([idOf(base)])
    index.upsert('payments', [paymentRow(specPayment({ ...base, status: 'paid', method: 'ideal' }))])
    expect(found(index, q('open walnut'))).toEqual([])
    expect(found(index, q('paid ideal walnut'))).toEqual([idOf(base)])
    index.close()
    // The full-text table is rebuilt from the file at open: the tokens come back from the row.
    const again = await open()
    expect(found(again, q('paid ideal walnut'))).toEqual([idOf(base)])
    expect(found(again, q('open walnut'))).toEqual([])
    again.close()
  })

  it('a write rolled back leaves the search as the rows are (the filtered columns in memory read again)', async () => {
    const index = await open()
    const rows = [1, 2, 3].map((n) =>
      specPayment({
        n,
        status: 'open',
        method: 'ideal',
        createdMs: NOW - n * 1000,
        description: 'walnut',
        value: '1.00',
      }),
    )
    index.upsert('payments', rows.map(paymentRow))
    expect(found(index, q('open walnut'))).toEqual(['tr_filt000001', 'tr_filt000002', 'tr_filt000003'])
    // A sync's page that fails after its rows were written (saving the cursor): nothing of it stays.
    const changed = [1, 2, 3].map((n) =>
      paymentRow(
        specPayment({
          n,
          status: 'paid',
          method: 'creditcard',
          createdMs: NOW - n * 1000,
          description: 'walnut',
          value: '1.00',
        }),
      ),
    )
    const fresh = paymentRow(
      specPayment({ n: 4, status: 'paid', method: null, createdMs: NOW, description: 'walnut', value: '1.00' }),
    )
    expect(() =>
      index.upsert('payments', [...changed.slice(0, 2), fresh], () => {
        throw new Error('disk full')
      }),
    ).toThrow('disk full')
    expect(found(index, q('open walnut'))).toEqual(['tr_filt000001', 'tr_filt000002', 'tr_filt000003'])
    expect(found(index, q('open ideal walnut'))).toHaveLength(3)
    expect(found(index, q('paid walnut'))).toEqual([])
    expect(found(index, q('creditcard walnut'))).toEqual([])
    // And the next write is searched as usual.
    index.upsert(
      'payments',
      [changed[2]].filter((r) => r !== undefined),
    )
    expect(found(index, q('paid creditcard walnut'))).toEqual(['tr_filt000003'])
    expect(found(index, q('open walnut'))).toEqual(['tr_filt000001', 'tr_filt000002'])
    index.close()
  })

  it('a number with a status and no words: its rows by amount and by text, both of that status', async () => {
    const index = await open()
    const rows: Spec[] = STATUSES.flatMap((status, i) => [
      { n: i * 3, status, method: null, createdMs: NOW - i * 3000, description: 'Ticket 59', value: '10.00' },
      { n: i * 3 + 1, status, method: null, createdMs: NOW - i * 3000 - 1000, description: 'Lamp', value: '59.00' },
      { n: i * 3 + 2, status, method: null, createdMs: NOW - i * 3000 - 2000, description: 'Ticket 60', value: '1.00' },
    ])
    index.upsert(
      'payments',
      rows.map((s) => paymentRow(specPayment(s))),
    )
    for (const status of ['failed', 'paid']) {
      const want = rows.filter((s) => s.status === status && (s.value === '59.00' || s.description.includes('59')))
      expect(want).toHaveLength(2)
      expect(found(index, q(`59 ${status}`)), status).toEqual(sorted(want.map(idOf)))
    }
    index.close()
  })

  it('tells any method value the service sends apart exactly (not by a prefix or a look-alike)', async () => {
    const index = await open()
    const rows = ['pay_by_bank', 'pay', 'paybybank', 'bancontact', 'übersicht'].map((method, n) =>
      paymentRow(
        specPayment({ n, status: 'paid', method, createdMs: NOW - n * 1000, description: 'walnut', value: '1.00' }),
      ),
    )
    index.upsert('payments', rows)
    for (const [n, method] of ['pay_by_bank', 'pay', 'paybybank', 'bancontact', 'übersicht'].entries()) {
      const query: ParsedQuery = { ...q('walnut'), methods: [method] }
      expect(found(index, query), method).toEqual([`tr_filt${String(n).padStart(6, '0')}`])
    }
    index.close()
  })

  it('finds the few rows of an amount by that amount, not by walking every row of the status asked for', async () => {
    const index = await open()
    const many = Array.from({ length: 3_000 }, (_, n) => ({
      n,
      status: 'paid',
      method: 'ideal',
      createdMs: NOW - n * 60_000,
      description: 'Walnut table',
      value: '10.00',
    }))
    const rare = { ...many[0], n: 9_999, createdMs: NOW - 4_000 * 60_000, value: '77.77' } as Spec
    index.upsert(
      'payments',
      [...many, rare].map((s) => paymentRow(specPayment(s))),
    )
    // A deadline already past: a statement that walks more than a handful of rows is cut short.
    for (const text of ['77.77 paid', '€ 77,77 paid', 'walnut 77.77 paid']) {
      index.setSearchDeadline(performance.now() - 1)
      const result = index.search('payments', q(text))
      index.setSearchDeadline(null)
      expect(result.stopped, text).toBeUndefined()
      expect(
        result.hits.map((h) => h.id),
        text,
      ).toEqual([idOf(rare)])
    }
    index.close()
  })
})

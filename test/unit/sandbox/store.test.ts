// Ids that sort in creation order, the store's cursor pages (spec 4.3) and the seed data set.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createRandom, encodeSequence, IdFactory } from '../../../src/sandbox/ids'
import { seedMerchant } from '../../../src/sandbox/seed/merchant'
import { lowerBound, SandboxStore, zeroLike } from '../../../src/sandbox/store'
import { present } from '../../helpers/present'

function seededStore(test: number, live = 0, seed = 7) {
  const store = new SandboxStore()
  const random = createRandom(seed)
  seedMerchant(store, {
    testPayments: test,
    livePayments: live,
    profileId: 'pfl_x',
    nowMs: Date.parse('2026-06-01T00:00:00Z'),
    random,
    ids: new IdFactory(random),
  })
  return store
}

describe('ids', () => {
  it('fixed-width sequence whose string order is numeric order', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 40 }), fc.integer({ min: 0, max: 2 ** 40 }), (a, b) => {
        const ea = encodeSequence(a)
        const eb = encodeSequence(b)
        expect(ea).toHaveLength(8)
        expect(ea < eb).toBe(a < b)
      }),
    )
  })

  it('later ids sort after earlier ones, across prefixes of one factory', () => {
    const ids = new IdFactory(createRandom(1))
    const made = Array.from({ length: 500 }, (_, i) => ids.next(i % 3 === 0 ? 'ord' : 'tr'))
    const payments = made.filter((id) => id.startsWith('tr_'))
    expect([...payments].sort()).toEqual(payments)
    for (const id of made) expect(id).toMatch(/^(tr|ord)_[0-9A-Za-z]{12}$/)
  })
})

describe('seed', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    const a = seededStore(100, 10, 3).allPaymentIds('pfl_x', 'test', 'asc')
    const b = seededStore(100, 10, 3).allPaymentIds('pfl_x', 'test', 'asc')
    const c = seededStore(100, 10, 4).allPaymentIds('pfl_x', 'test', 'asc')
    expect(a).toEqual(b)
    expect(a).not.toEqual(c)
  })

  it('makes the requested counts per mode with createdAt rising with the id', () => {
    const store = seededStore(300, 30)
    expect(store.allPaymentIds('pfl_x', 'test', 'asc')).toHaveLength(300)
    expect(store.allPaymentIds('pfl_x', 'live', 'asc')).toHaveLength(30)
    const page = present(store.listPayments('pfl_x', 'test', { limit: 250, sort: 'asc' }))
    const times = page.items.map((p) => Date.parse(p.data.createdAt))
    expect([...times].sort((x, y) => x - y)).toEqual(times)
    expect(new Set(page.items.map((p) => p.data.status)).size).toBeGreaterThan(3)
    expect(new Set(page.items.map((p) => p.data.amount.currency)).size).toBeGreaterThan(3)
    for (const p of page.items) {
      if (p.data.status === 'paid') expect(p.data.paidAt).toBeDefined()
      else expect(p.data.paidAt).toBeUndefined()
      expect(p.data.amount.value).toMatch(/^\d+(\.\d+)?$/)
    }
  })
})

describe('listPayments', () => {
  const store = seededStore(1000)
  const asc = store.allPaymentIds('pfl_x', 'test', 'asc')

  it('lowerBound finds the cursor position', () => {
    const list = present(store.listPayments('pfl_x', 'test', { limit: 250, sort: 'asc' })).items
    expect(lowerBound(list, present(list[17]).data.id)).toBe(17)
    expect(lowerBound(list, 'tr_')).toBe(0)
    expect(lowerBound(list, 'tr_zzzzzzzzzzzzz')).toBe(list.length)
  })

  it('matches slicing the full list, for any cursor, limit and order (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 999 }),
        fc.integer({ min: 1, max: 250 }),
        fc.boolean(),
        (index, limit, descending) => {
          const sort = descending ? 'desc' : 'asc'
          const order = descending ? [...asc].reverse() : asc
          const from = order[index]
          const page = present(store.listPayments('pfl_x', 'test', { from, limit, sort }))
          expect(page.items.map((p) => p.data.id)).toEqual(order.slice(index, index + limit))
          expect(page.nextFrom).toBe(order[index + limit] ?? null)
          expect(page.previousFrom).toBe(index === 0 ? null : order[Math.max(0, index - limit)])
        },
      ),
    )
  })

  it('returns null for a cursor that is not in the list', () => {
    expect(store.listPayments('pfl_x', 'test', { from: 'tr_nope', limit: 5, sort: 'desc' })).toBeNull()
    expect(store.listPayments('pfl_x', 'live', { from: asc[0], limit: 5, sort: 'desc' })).toBeNull()
  })

  it('an empty list has one empty page without links', () => {
    expect(new SandboxStore().listPayments('pfl_x', 'test', { limit: 5, sort: 'desc' })).toEqual({
      items: [],
      nextFrom: null,
      previousFrom: null,
    })
  })
})

describe('zeroLike', () => {
  it('keeps the number of decimals', () => {
    expect(zeroLike('12.30')).toBe('0.00')
    expect(zeroLike('1500')).toBe('0')
    expect(zeroLike('1.005')).toBe('0.000')
  })
})

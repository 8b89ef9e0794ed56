import { describe, expect, it } from 'vitest'
import {
  DEFAULT_WINDOW,
  loadedCount,
  loadedCurrencies,
  loadedRows,
  planWindow,
  rowAt,
  rowIndexOf,
  rowOffsets,
  slotIndexAt,
  windowFromSearch,
} from '../../../../src/renderer/src/lib/page-window'
import { PageRows } from '../../../../src/renderer/src/lib/page-rows'
import { pageSlot } from '../../helpers/page-slots'

const slot = pageSlot

describe('row offsets', () => {
  it('maps rows to pages of different sizes', () => {
    const slots = [slot(0, 3), slot(1, 2), slot(2, 4)]
    const offsets = rowOffsets(slots)
    expect(offsets).toEqual([0, 3, 5, 9])
    expect([0, 2, 3, 4, 5, 8].map((r) => slotIndexAt(offsets, r))).toEqual([0, 0, 1, 1, 2, 2])
    expect(slotIndexAt(offsets, 9)).toBe(-1)
    expect(slotIndexAt(offsets, -1)).toBe(-1)
    expect(rowAt(slots, offsets, 4)?.id).toBe('tr_p1r1')
  })

  it('finds a payment’s list index by id, on a dropped page too, and -1 outside the list', () => {
    const slots = [slot(0, 3), slot(1, 2, 'dropped'), slot(2, 4)]
    expect(rowIndexOf(slots, 'tr_p0r0')).toBe(0)
    expect(rowIndexOf(slots, 'tr_p1r1')).toBe(4)
    expect(rowIndexOf(slots, 'tr_p2r3')).toBe(8)
    expect(rowAt(slots, rowOffsets(slots), rowIndexOf(slots, 'tr_p2r1'))?.id).toBe('tr_p2r1')
    expect(rowIndexOf(slots, 'tr_elsewhere')).toBe(-1)
    expect(rowIndexOf([], 'tr_p0r0')).toBe(-1)
  })

  it('gives null (a placeholder) for rows of a dropped page', () => {
    const slots = [slot(0, 3), slot(1, 3, 'dropped')]
    expect(rowAt(slots, rowOffsets(slots), 4)).toBeNull()
    expect(loadedRows(slots).map((p) => p.id)).toEqual(['tr_p0r0', 'tr_p0r1', 'tr_p0r2'])
  })

  it('counts and lists what is held without parsing a row', () => {
    const broken = { ...slot(2, 2), rows: new PageRows(['{', '{']), currencies: ['USD', 'EUR'] }
    const slots = [{ ...slot(0, 3), currencies: ['EUR'] }, { ...slot(1, 2, 'dropped'), currencies: ['GBP'] }, broken]
    expect(loadedCount(slots)).toBe(5)
    // A dropped page's currencies are not offered: its rows are not there to match.
    expect(loadedCurrencies(slots)).toEqual(['EUR', 'USD'])
  })

  it('parses each page once for a filter while it is on: a page that arrives is the only one parsed', () => {
    const parsed = new WeakMap()
    const slots = [slot(0, 2), slot(1, 2)]
    const first = loadedRows(slots, parsed)
    const more = loadedRows([...slots, slot(2, 2)], parsed)
    expect(more.map((p) => p.id)).toEqual(['tr_p0r0', 'tr_p0r1', 'tr_p1r0', 'tr_p1r1', 'tr_p2r0', 'tr_p2r1'])
    expect(more.slice(0, 4)).toEqual(first)
    // The same objects: the first two pages were not parsed again.
    for (const [i, p] of first.entries()) expect(more[i]).toBe(p)
    // Without the map (a filter turned off and on), pages are parsed anew.
    expect(loadedRows(slots)[0]).not.toBe(first[0])
  })
})

describe('planWindow', () => {
  const opts = { keepPages: 1, prefetchPages: 1 }

  it('drops loaded pages more than keepPages away from the visible ones', () => {
    const slots = Array.from({ length: 10 }, (_, i) => slot(i, 250))
    // Rows 2000-2020 are in page 8.
    const plan = planWindow(slots, 2000, 2020, opts)
    expect(plan.drop).toEqual([0, 1, 2, 3, 4, 5, 6])
    expect(plan.fetch).toEqual([])
  })

  it('fetches dropped pages near the viewport again, and only those', () => {
    const slots = Array.from({ length: 10 }, (_, i) => slot(i, 250, i < 7 ? 'dropped' : 'loaded'))
    // Scrolled back to page 2 (rows 500-520).
    const plan = planWindow(slots, 500, 520, opts)
    expect(plan.fetch).toEqual([1, 2, 3])
    expect(plan.drop).toEqual([7, 8, 9])
  })

  it('spans several visible pages when pages are small', () => {
    const slots = Array.from({ length: 12 }, (_, i) => slot(i, 10, 'dropped'))
    const plan = planWindow(slots, 25, 62, opts) // pages 2..6 visible
    expect(plan.fetch).toEqual([1, 2, 3, 4, 5, 6, 7])
  })

  it('never refetches a page already loading, and never drops one without a link', () => {
    const slots = [
      slot(0, 250, 'loading'),
      slot(1, 250),
      slot(2, 250),
      slot(3, 250),
      { ...slot(4, 250), selfLink: null },
      slot(5, 250),
    ]
    const plan = planWindow(slots, 1260, 1300, { keepPages: 0, prefetchPages: 5 })
    expect(plan.fetch).toEqual([])
    expect(plan.drop).toEqual([1, 2, 3]) // page 4 has no self link to come back with
  })

  it('keeps memory bounded while scrolling through many pages', () => {
    let slots = Array.from({ length: 200 }, (_, i) => slot(i, 250))
    for (let row = 0; row < 200 * 250; row += 1000) {
      const plan = planWindow(slots, row, row + 30, { keepPages: 2, prefetchPages: 1 })
      const drop = new Set(plan.drop)
      slots = slots.map((s, i) => (drop.has(i) ? { ...s, rows: null, state: 'dropped' as const } : s))
      const loaded = slots.filter((s) => s.state === 'loaded').length
      expect(loaded).toBeLessThanOrEqual(5 + 1)
    }
  })

  it('does nothing for an empty list', () => {
    expect(planWindow([], 0, 10)).toEqual({ drop: [], fetch: [] })
    expect(planWindow([slot(0, 0)], 0, 10)).toEqual({ drop: [], fetch: [] })
  })
})

describe('windowFromSearch', () => {
  it('keeps the default wide window unless a narrower one is asked for', () => {
    expect(windowFromSearch('')).toBe(DEFAULT_WINDOW)
    expect(windowFromSearch('?paymentsWindow=2')).toEqual({ keepPages: 2, prefetchPages: 1 })
    for (const bad of ['?paymentsWindow=-1', '?paymentsWindow=abc', '?paymentsWindow=2.5', '?paymentsWindow=1000']) {
      expect(windowFromSearch(bad), bad).toBe(DEFAULT_WINDOW)
    }
  })

  it('bounds the rows kept around the viewport', () => {
    expect((2 * DEFAULT_WINDOW.keepPages + 1) * 250).toBeLessThanOrEqual(25_000)
  })
})

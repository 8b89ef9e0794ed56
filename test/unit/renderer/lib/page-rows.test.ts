import { describe, expect, it } from 'vitest'
import { MAX_PARSED, PageRows } from '../../../../src/renderer/src/lib/page-rows'

const texts = (n: number, prefix = 'tr_r') =>
  Array.from({ length: n }, (_, i) =>
    JSON.stringify({ id: `${prefix}${i}`, amount: { currency: 'EUR', value: `${i}.00` } }),
  )

describe('a page of rows kept as texts', () => {
  it('parses a row when asked, and gives the same object while it stays among the latest parsed', () => {
    const rows = new PageRows(texts(5))
    expect(rows.length).toBe(5)
    const a = rows.at(2)
    expect(a).toEqual({ id: 'tr_r2', amount: { currency: 'EUR', value: '2.00' } })
    expect(rows.at(2)).toBe(a)
    expect(rows.at(5)).toBeNull()
    expect(rows.at(-1)).toBeNull()
  })

  it('does not parse a page when it arrives: a broken row is null when drawn, the others are rows', () => {
    const rows = new PageRows(['{"id":"tr_a"}', '{"id":', 'null', '{"no":"id"}', '{"id":"tr_e"}'])
    expect(rows.length).toBe(5)
    expect(rows.at(1)).toBeNull()
    expect(rows.at(2)).toBeNull()
    expect(rows.at(3)).toBeNull()
    expect(rows.at(4)?.id).toBe('tr_e')
    expect(rows.all().map((p) => p.id)).toEqual(['tr_a', 'tr_e'])
  })

  it('forgets the oldest parsed rows past its budget, across pages, and parses them again when they come back', () => {
    const first = new PageRows(texts(10, 'tr_a'))
    const kept = first.at(0)
    const pages = Array.from({ length: Math.ceil(MAX_PARSED / 100) }, (_, p) => new PageRows(texts(100, `tr_p${p}x`)))
    for (const page of pages) for (let i = 0; i < page.length; i++) page.at(i)
    // MAX_PARSED rows were parsed after it: the first page's row is parsed again, as an equal object.
    const again = first.at(0)
    expect(again).not.toBe(kept)
    expect(again).toEqual(kept)
    // The latest ones are still the same objects.
    const last = pages.at(-1)
    const recent = last?.at(99)
    expect(last?.at(99)).toBe(recent)
  })

  it('all() parses every row for a filter without keeping them parsed', () => {
    const rows = new PageRows(texts(4))
    const shown = rows.at(1)
    const all = rows.all()
    expect(all.map((p) => p.id)).toEqual(['tr_r0', 'tr_r1', 'tr_r2', 'tr_r3'])
    // The row already parsed is the same object; the others are copies the page does not keep.
    expect(all[1]).toBe(shown)
    expect(rows.at(0)).not.toBe(all[0])
  })

  it('slice keeps the first rows', () => {
    const rows = new PageRows(texts(4))
    expect(rows.slice(2).length).toBe(2)
    expect(rows.slice(2).at(1)?.id).toBe('tr_r1')
    expect(rows.slice(2).at(2)).toBeNull()
    expect(rows.slice(9)).toBe(rows)
  })
  it('draws a row from its listed fields, and opens or filters it with the whole payment', () => {
    const whole = texts(3).map((t) => JSON.stringify({ ...(JSON.parse(t) as object), _links: { self: { href: 'x' } } }))
    const rows = new PageRows(whole, texts(3))
    const shown = rows.shownAt(1)
    expect(shown).toEqual({ id: 'tr_r1', amount: { currency: 'EUR', value: '1.00' } })
    expect(rows.shownAt(1)).toBe(shown)
    expect(rows.at(1)).toEqual({
      id: 'tr_r1',
      amount: { currency: 'EUR', value: '1.00' },
      _links: { self: { href: 'x' } },
    })
    expect(rows.all().map((p) => p._links)).toEqual([
      { self: { href: 'x' } },
      { self: { href: 'x' } },
      { self: { href: 'x' } },
    ])
    expect(rows.slice(2).shownAt(1)).toEqual(shown)
    expect(rows.slice(2).shownAt(2)).toBeNull()
  })
})

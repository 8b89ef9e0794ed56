import { describe, expect, it } from 'vitest'
import { createRowKeys } from '../../../../../src/renderer/src/features/payments/row-keys'

/**
 * The DOM rows React moves when a keyed list goes from `before` to `after`: it walks the new keys in
 * order and moves a kept key whose old place is before the last kept key's old place (the keys of
 * the rows that leave are dropped, new keys are created).
 */
function movedRows(before: string[], after: string[]): number {
  const oldPlace = new Map(before.map((key, i) => [key, i]))
  let lastPlaced = -1
  let moved = 0
  for (const key of after) {
    const place = oldPlace.get(key)
    if (place === undefined) continue
    if (place < lastPlaced) moved++
    else lastPlaced = place
  }
  return moved
}

describe('keys of the payments list rows', () => {
  it('are unique within the window', () => {
    const keys = createRowKeys()
    for (const [first, last] of [
      [0, 32],
      [20, 60],
      [5000, 5040],
      [5001, 5041],
      [0, 0],
      [9_990, 9_999],
      [10, 9],
    ] as const) {
      const k = keys.keysFor(first, last)
      expect(k).toHaveLength(Math.max(0, last - first + 1))
      expect(new Set(k).size).toBe(k.length)
    }
  })

  it('stay with a row while most of the window stays in view; rows that come in below take the keys of rows that left, rows above new ones', () => {
    const keys = createRowKeys()
    const before = keys.keysFor(100, 132)
    const after = keys.keysFor(110, 142) // scrolled by 10 of 33 rows
    // Rows 110..132 are in both windows under the same key: not drawn again.
    expect(after.slice(0, 23)).toEqual(before.slice(10))
    // The 10 rows that came in use exactly the keys of the 10 that left: no new DOM rows; React
    // moves those 10 to the end.
    expect(new Set(after.slice(23))).toEqual(new Set(before.slice(0, 10)))
    expect(movedRows(before, after)).toBe(10)
    // Back up by 3: the rows in view keep their keys again, and the 3 that came in above get new
    // keys: with the keys of the 3 that left below, React would move the 30 rows that stayed.
    const up = keys.keysFor(107, 139)
    expect(up.slice(3)).toEqual(after.slice(0, 30))
    expect(up.slice(0, 3).filter((k) => after.includes(k) || before.includes(k))).toEqual([])
    expect(movedRows(after, up)).toBe(0)
    expect(movedRows(after, [...after.slice(30), ...after.slice(0, 30)])).toBe(30)
  })

  it('keep their order when most of the window is new, so that no DOM row moves', () => {
    const keys = createRowKeys()
    const before = keys.keysFor(0, 36)
    // A flick of 35 rows (2 stay), then a jump of 5,000, then back to the top.
    for (const [first, last] of [
      [35, 71],
      [5035, 5071],
      [0, 36],
    ] as const) {
      const after = keys.keysFor(first, last)
      expect(after).toEqual(before)
      expect(movedRows(before, after)).toBe(0)
    }
    // The same flick with the rows' keys kept would move 35 of the 37 DOM rows: what this avoids.
    const kept = [...before.slice(35), ...before.slice(0, 35)]
    expect(movedRows(before, kept)).toBe(35)
  })

  it('add keys only when the window grows, and keep the rest', () => {
    const keys = createRowKeys()
    const before = keys.keysFor(0, 32)
    const grown = keys.keysFor(5000, 5034) // one jump, and two more rows fit (or the window resized)
    expect(grown.slice(0, 33)).toEqual(before)
    expect(grown.filter((k) => !before.includes(k))).toHaveLength(2)
    const shorter = keys.keysFor(5010, 5040)
    expect(new Set(shorter).size).toBe(31)
    expect(shorter.every((k) => grown.includes(k))).toBe(true)
  })
})

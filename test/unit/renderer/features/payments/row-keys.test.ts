import { describe, expect, it } from 'vitest'
import { createRowKeys } from '../../../../../src/renderer/src/features/payments/row-keys'

describe('keys of the payments list rows', () => {
  it('are unique within the window', () => {
    const keys = createRowKeys()
    for (const [first, last] of [
      [0, 32],
      [20, 60],
      [5000, 5040],
      [0, 0],
      [9_990, 9_999],
    ] as const) {
      const k = keys.keysFor(first, last)
      expect(k).toHaveLength(last - first + 1)
      expect(new Set(k).size).toBe(k.length)
    }
  })

  it('stay with a row while it is in view, and pass the keys of rows that left to rows that came in', () => {
    const keys = createRowKeys()
    const before = keys.keysFor(100, 132)
    const after = keys.keysFor(110, 142) // scrolled by 10 rows
    // Rows 110..132 are in both windows under the same key.
    expect(after.slice(0, 23)).toEqual(before.slice(10))
    // The 10 rows that came in use exactly the keys of the 10 that left: no new DOM rows.
    expect(new Set(after.slice(23))).toEqual(new Set(before.slice(0, 10)))
  })

  it('reuse every key after a jump, and add keys only when the window grows', () => {
    const keys = createRowKeys()
    const before = keys.keysFor(0, 32)
    expect(new Set(keys.keysFor(5000, 5032))).toEqual(new Set(before)) // a flick of 5,000 rows
    const grown = keys.keysFor(5000, 5034) // one more row fits (or the window resized)
    expect(grown.filter((k) => !before.includes(k))).toHaveLength(2)
    expect(new Set(keys.keysFor(5010, 5040)).size).toBe(31) // a shorter window: keys stay unique
  })
})

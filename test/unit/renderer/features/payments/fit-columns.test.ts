import { describe, expect, it } from 'vitest'
import { present } from '../../../../helpers/present'
import {
  COLUMN_PRIORITY,
  COLUMN_WIDTHS,
  DESCRIPTION_MIN_WIDTH,
  fitColumns,
} from '../../../../../src/renderer/src/features/payments/fit-columns'

const widthOf = (hidden: Record<string, boolean>) =>
  COLUMN_PRIORITY.filter((id) => !hidden[id]).reduce((sum, id) => sum + (COLUMN_WIDTHS[id] ?? DESCRIPTION_MIN_WIDTH), 0)
const shown = (hidden: Record<string, boolean>) => COLUMN_PRIORITY.filter((id) => !hidden[id])

describe('payments columns that fit the list', () => {
  it('keeps every column when there is room, and the agent’s own choices always', () => {
    expect(shown(fitColumns({}, 2000))).toEqual([...COLUMN_PRIORITY])
    expect(fitColumns({ method: true }, 2000)).toEqual({ method: true })
    // Not measured yet: nothing is dropped.
    expect(fitColumns({}, 0)).toEqual({})
  })

  it('drops the least important columns first until the rest fit', () => {
    for (const width of [900, 800, 700, 620, 500]) {
      const hidden = fitColumns({}, width)
      const kept = shown(hidden)
      // What is kept is a prefix of the priority order, and it fits (or only the first three remain).
      expect(kept).toEqual(COLUMN_PRIORITY.slice(0, kept.length))
      expect(widthOf(hidden) <= width || kept.length === 3).toBe(true)
      // One more column would not have fitted.
      if (kept.length < COLUMN_PRIORITY.length) {
        expect(widthOf({ ...hidden, [present(COLUMN_PRIORITY[kept.length], 'the next column')]: false }) > width).toBe(
          true,
        )
      }
    }
  })

  it('never drops the id, status and amount, however narrow', () => {
    expect(shown(fitColumns({}, 100))).toEqual(['id', 'status', 'amount'])
  })

  it('counts the measured widths: a wider status or created column leaves room for fewer others', () => {
    const all = widthOf({})
    // Exactly enough room for every column at the fixed widths…
    expect(shown(fitColumns({}, all))).toEqual([...COLUMN_PRIORITY])
    // …is not enough once the created column measured 40 px wider: the last in priority goes.
    const measured = { ...COLUMN_WIDTHS, createdAt: (COLUMN_WIDTHS['createdAt'] ?? 0) + 40 }
    expect(shown(fitColumns({}, all, measured))).toEqual(COLUMN_PRIORITY.slice(0, -1))
  })
})

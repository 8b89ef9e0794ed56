// The payments list's keys, a row's request and an export's ids (the logic of use-payments-list.ts).
import { describe, expect, it } from 'vitest'
import type { Payment } from '../../../../../src/shared/api-types'
import {
  exportIdsOf,
  listKeyEffect,
  requestIdOfRow,
} from '../../../../../src/renderer/src/features/payments/payments-list'
import { pageSlot } from '../../../helpers/page-slots'

describe('listKeyEffect', () => {
  it('moves the selection with j/k and the arrows, within the rows', () => {
    expect(listKeyEffect('j', 3, 10)).toEqual({ kind: 'select', index: 4 })
    expect(listKeyEffect('ArrowDown', 9, 10)).toEqual({ kind: 'select', index: 9 })
    expect(listKeyEffect('k', 3, 10)).toEqual({ kind: 'select', index: 2 })
    expect(listKeyEffect('ArrowUp', 0, 10)).toEqual({ kind: 'select', index: 0 })
    // Nothing selected yet: down starts at the first row.
    expect(listKeyEffect('ArrowDown', -1, 10)).toEqual({ kind: 'select', index: 0 })
  })

  it('opens the selected row on Enter, and leaves Enter alone when none is', () => {
    expect(listKeyEffect('Enter', 4, 10)).toEqual({ kind: 'open', index: 4 })
    expect(listKeyEffect('Enter', -1, 10)).toBeNull()
  })

  it('loads more on ], finds on /, and leaves other keys', () => {
    expect(listKeyEffect(']', 0, 10)).toEqual({ kind: 'more' })
    expect(listKeyEffect('/', 0, 10)).toEqual({ kind: 'find' })
    expect(listKeyEffect('x', 0, 10)).toBeNull()
    expect(listKeyEffect(' ', 0, 10)).toBeNull()
  })
})

describe('requestIdOfRow', () => {
  it('names the request of the loaded page that holds the row, not of a dropped one', () => {
    const slots = [
      { ...pageSlot(0, 2), requestId: 'req-a' },
      { ...pageSlot(1, 2, 'dropped'), requestId: 'req-b' },
    ]
    expect(requestIdOfRow(slots, 'tr_p0r1')).toBe('req-a')
    expect(requestIdOfRow(slots, 'tr_p1r0')).toBeNull()
    expect(requestIdOfRow(slots, 'tr_none')).toBeNull()
  })
})

describe('exportIdsOf', () => {
  it('writes every page’s ids without a filter, dropped pages included, and only the kept rows with one', () => {
    const slots = [pageSlot(0, 2), pageSlot(1, 1, 'dropped')]
    expect(exportIdsOf(slots, null)).toEqual(['tr_p0r0', 'tr_p0r1', 'tr_p1r0'])
    const kept = [{ id: 'tr_p0r1' } as Payment]
    expect(exportIdsOf(slots, kept)).toEqual(['tr_p0r1'])
    expect(exportIdsOf(slots, [])).toEqual([])
  })
})

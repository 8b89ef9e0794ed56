// The search box's keys and where an opened result goes (the logic of use-search-box.ts).
import { describe, expect, it } from 'vitest'
import {
  activeRow,
  boxKeyEffect,
  screenFor,
  type BoxState,
} from '../../../../../src/renderer/src/features/search/search-box-keys'
import { searchHit, searchResult } from '../../../helpers/search-results'

const order = searchHit('ord_1', 'Ann Lee · ann@example.com', 'order')
const payment = searchHit('tr_1', 'Ann Lee · ann@example.com')
const withHits = searchResult('ann', [payment], { orders: [order] })
const withTicket = searchResult('4711', [payment], {
  ticket: { reference: '4711', objects: [{ kind: 'customer', id: 'cst_1' }] },
})

function state(result: BoxState['result'], selected: number, open = true): BoxState {
  return { result, selected, open }
}

describe('boxKeyEffect', () => {
  it('moves with the arrows and leaves other keys to the box', () => {
    expect(boxKeyEffect(state(withHits, 0), 'ArrowDown', false)).toEqual({ kind: 'move', by: 1 })
    expect(boxKeyEffect(state(withHits, 1), 'ArrowUp', false)).toEqual({ kind: 'move', by: -1 })
    expect(boxKeyEffect(state(withHits, 0), 'a', false)).toBeNull()
    expect(boxKeyEffect(state(withHits, 0), 'Tab', true)).toBeNull()
  })

  it('opens the chosen row on Enter: orders first, then payments', () => {
    expect(boxKeyEffect(state(withHits, 0), 'Enter', false)).toEqual({ kind: 'open-hit', hit: order })
    expect(boxKeyEffect(state(withHits, 1), 'Enter', false)).toEqual({ kind: 'open-hit', hit: payment })
  })

  it("opens a ticket's objects before the hits, counting them in the rows", () => {
    expect(boxKeyEffect(state(withTicket, 0), 'Enter', false)).toEqual({
      kind: 'open',
      target: { kind: 'customer', id: 'cst_1' },
    })
    expect(boxKeyEffect(state(withTicket, 1), 'Enter', false)).toEqual({ kind: 'open-hit', hit: payment })
  })

  it('opens an id typed in the box whatever row is chosen, and searches when no row is', () => {
    const direct = searchResult('tr_9', [payment], { direct: { kind: 'payment', id: 'tr_9' } })
    expect(boxKeyEffect(state(direct, 0), 'Enter', false)).toEqual({
      kind: 'open',
      target: { kind: 'payment', id: 'tr_9' },
    })
    expect(boxKeyEffect(state(withHits, -1), 'Enter', false)).toEqual({ kind: 'search' })
    expect(boxKeyEffect(state(null, -1), 'Enter', false)).toEqual({ kind: 'search' })
  })

  it('opens the customer the search offers on Shift+Enter, and takes the key when there is none', () => {
    const byEmail = searchResult('ann@example.com', [payment])
    expect(boxKeyEffect(state(byEmail, 0), 'Enter', true)).toEqual({
      kind: 'customer',
      offer: { email: 'ann@example.com', name: 'Ann Lee' },
    })
    expect(boxKeyEffect(state(searchResult('x', []), 0), 'Enter', true)).toEqual({ kind: 'customer', offer: null })
  })

  it('closes the list on Esc, then clears the box', () => {
    expect(boxKeyEffect(state(withHits, 0, true), 'Escape', false)).toEqual({ kind: 'close' })
    expect(boxKeyEffect(state(withHits, 0, false), 'Escape', false)).toEqual({ kind: 'clear' })
  })
})

describe('activeRow', () => {
  it('names the chosen row only while the list is shown and the row exists', () => {
    expect(activeRow(state(withHits, 1))).toBe(1)
    expect(activeRow(state(withTicket, 1))).toBe(1)
    expect(activeRow(state(withHits, 2))).toBeNull()
    expect(activeRow(state(withHits, -1))).toBeNull()
    expect(activeRow(state(withHits, 0, false))).toBeNull()
  })
})

describe('screenFor', () => {
  it('opens a payment in the payments browser, an order in its view, a customer in theirs', () => {
    expect(screenFor({ kind: 'payment', id: 'tr_1' })).toEqual({ screen: 'payments', paymentId: 'tr_1' })
    expect(screenFor({ kind: 'order', id: 'ord_1' })).toEqual({ screen: 'order', orderId: 'ord_1' })
    expect(screenFor({ kind: 'customer', id: 'cst_1' })).toEqual({ screen: 'customer', customerId: 'cst_1' })
  })
})

// @vitest-environment happy-dom
// One line's controls, its hook as LineRow renders it: an edit goes out under the line's own key;
// each field's id, invalid state and message link follow its messages and the highlighted field;
// the amount fields read what was typed and Alt+Enter takes the offered reading (a credit line's
// sign included); Alt+↑/↓ moves and Ctrl/Cmd+D copies the line, and other keys are left to the
// field; the details row opens when asked or when one of its fields has a problem; an order's line
// types and a payment's (no tip).
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, renderHook } from '@testing-library/react'
import type React from 'react'
import { useLineControls, type LineRowProps } from '../../../../../src/renderer/src/features/builder/use-line-controls'
import { ORDER_LINE_TYPES } from '../../../../../src/shared/api-types'
import { controlIdOf, formTargetOf, type DraftLine } from '../../../../../src/shared/order-builder'
import type { Highlight } from '../../../../../src/renderer/src/stores/builder-store'
import { draftLine, validOrderDraft } from '../../../../helpers/drafts'

interface Calls {
  changes: [string, Partial<DraftLine>][]
  moves: [string, number][]
  copies: string[]
}

/** A row of the lines editor: line `k7` at index 2 of 4, no messages; `over` sets the rest. */
function lineRow(over: Partial<LineRowProps> = {}) {
  const calls: Calls = { changes: [], moves: [], copies: [] }
  const props: LineRowProps = {
    kind: 'order',
    line: draftLine('k7', { name: 'Shoes', unitPrice: '30.00', quantity: '1', vatRate: '21.00' }),
    index: 2,
    count: 4,
    currency: 'EUR',
    country: 'NL',
    built: undefined,
    totalsKey: '',
    errors: {},
    errorsKey: '',
    highlight: null,
    expanded: false,
    disabled: false,
    onChange: (key, patch) => calls.changes.push([key, patch]),
    onMove: (key, delta) => calls.moves.push([key, delta]),
    onDuplicate: (key) => calls.copies.push(key),
    onRemove: () => {},
    ...over,
  }
  const view = renderHook((p: LineRowProps) => useLineControls(p), { initialProps: props })
  return { view, calls, props }
}

/** A key pressed in the line, as its tbody's onKeyDown receives it; returns whether it was taken. */
function press(onKeyDown: (e: React.KeyboardEvent) => void, key: string, mods: Partial<React.KeyboardEvent> = {}) {
  let prevented = false
  const event = {
    key,
    altKey: false,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    ...mods,
    preventDefault: () => {
      prevented = true
    },
  }
  onKeyDown(event as unknown as React.KeyboardEvent)
  return prevented
}

/** The service's message on a line's field, as the builder highlights it. */
function highlightOn(field: string, lineIndex: number): Highlight {
  const content = validOrderDraft()
  content.lines.push(draftLine('x', {}), draftLine('y', {}))
  const target = formTargetOf(`lines.${lineIndex}.${field}`, content)
  if (!target) throw new Error(`no control for lines.${lineIndex}.${field}`)
  return { target, message: 'The service refused this value.', nonce: 1 }
}

const input = (value: string) => ({ target: { value } }) as React.ChangeEvent<HTMLInputElement>

afterEach(() => cleanup())

describe('useLineControls', () => {
  it("sends each edit under the line's own key", () => {
    const { view, calls } = lineRow()
    view.result.current.set({ quantity: '3' })
    view.result.current.money('discountAmount').onChange(input('2,50'))
    expect(calls.changes).toEqual([
      ['k7', { quantity: '3' }],
      ['k7', { discountAmount: '2,50' }],
    ])
    expect(view.result.current.n).toBe(3)
  })

  it("marks a field invalid and ties it to its message when the field has one or the service's message is on it", () => {
    const { view } = lineRow({ errors: { quantity: [{ field: 'lines.2.quantity', message: 'At least 1.' }] } })
    expect(view.result.current.aria('quantity')).toEqual({
      id: controlIdOf('lines.2.quantity'),
      'aria-invalid': true,
      'aria-describedby': `${controlIdOf('lines.2.quantity')}-error`,
      'data-testid': 'field-lines.2.quantity',
    })
    expect(view.result.current.aria('name')).toMatchObject({ 'aria-invalid': false, 'aria-describedby': undefined })
    view.rerender({ ...lineRow().props, highlight: highlightOn('vatRate', 2) })
    expect(view.result.current.invalid('vatRate')).toBe(true)
    expect(view.result.current.invalid('quantity')).toBe(false)
    // The same field of another line is not this one.
    view.rerender({ ...lineRow().props, highlight: highlightOn('vatRate', 3) })
    expect(view.result.current.invalid('vatRate')).toBe(false)
  })

  it('shows the amounts as typed and takes the offered reading with Alt+Enter, nothing on a plain Enter', () => {
    const { view, calls } = lineRow({ line: draftLine('k7', { unitPrice: '1,234' }) })
    const price = view.result.current.money('unitPrice')
    expect(price.value).toBe('1,234')
    // "1,234" reads two ways: nothing is taken until the agent chooses.
    expect(view.result.current.offers.unitPrice.question).not.toBeNull()
    const offered = view.result.current.offers.unitPrice.choices.map((c) => c.value)
    expect(offered.length).toBeGreaterThan(0)
    expect(press(price.onKeyDown, 'Enter')).toBe(false)
    expect(calls.changes).toEqual([])
    expect(press(price.onKeyDown, 'Enter', { altKey: true })).toBe(true)
    expect(calls.changes).toEqual([['k7', { unitPrice: offered[0] }]])
  })

  it("offers a credit line's price with its minus sign, and no sign for a product's", () => {
    const discount = lineRow({ line: draftLine('k7', { type: 'discount', unitPrice: '5.00' }) })
    expect(discount.view.result.current.credit).toBe(true)
    expect(discount.view.result.current.offers.unitPrice.choices.map((c) => c.value)).toEqual(['-5.00'])
    press(discount.view.result.current.money('unitPrice').onKeyDown, 'Enter', { altKey: true })
    expect(discount.calls.changes).toEqual([['k7', { unitPrice: '-5.00' }]])
    const product = lineRow({ line: draftLine('k7', { type: 'physical', unitPrice: '5.00' }) })
    expect(product.view.result.current.credit).toBe(false)
    expect(product.view.result.current.offers.unitPrice.choices).toEqual([])
    // A discount amount is never a credit, whatever the line.
    const amount = lineRow({ line: draftLine('k7', { type: 'discount', discountAmount: '5.00' }) })
    expect(amount.view.result.current.offers.discountAmount.choices).toEqual([])
  })

  it('moves the line with Alt+↑/↓ and copies it with Ctrl+D or Cmd+D', () => {
    const { view, calls } = lineRow()
    const keys = view.result.current.onKeyDown
    expect(press(keys, 'ArrowUp', { altKey: true })).toBe(true)
    expect(press(keys, 'ArrowDown', { altKey: true })).toBe(true)
    expect(press(keys, 'd', { ctrlKey: true })).toBe(true)
    expect(press(keys, 'D', { metaKey: true, shiftKey: true })).toBe(true)
    expect(calls.moves).toEqual([
      ['k7', -1],
      ['k7', 1],
    ])
    expect(calls.copies).toEqual(['k7', 'k7'])
  })

  it('leaves other keys to the field: plain arrows, Ctrl+Alt+arrows, a plain d, Ctrl+Alt+D', () => {
    const { view, calls } = lineRow()
    const keys = view.result.current.onKeyDown
    const taken = [
      press(keys, 'ArrowUp'),
      press(keys, 'ArrowDown', { altKey: true, ctrlKey: true }),
      press(keys, 'd'),
      press(keys, 'd', { ctrlKey: true, altKey: true }),
      press(keys, 'ArrowLeft', { altKey: true }),
    ]
    expect(taken).toEqual([false, false, false, false, false])
    expect(calls).toEqual({ changes: [], moves: [], copies: [] })
  })

  it('opens the details row when asked, or when one of its fields has a problem, not for a problem above it', () => {
    const { view, props } = lineRow()
    expect(view.result.current.detailsOpen).toBe(false)
    view.rerender({ ...props, expanded: true })
    expect(view.result.current.detailsOpen).toBe(true)
    view.rerender({ ...props, errors: { sku: [{ field: 'lines.2.sku', message: 'At most 64 characters.' }] } })
    expect(view.result.current.detailsOpen).toBe(true)
    view.rerender({ ...props, highlight: highlightOn('productUrl', 2) })
    expect(view.result.current.detailsOpen).toBe(true)
    view.rerender({ ...props, errors: { name: [{ field: 'lines.2.name', message: 'Required.' }] } })
    expect(view.result.current.detailsOpen).toBe(false)
  })

  it("lists an order's line types, and a payment's without tip", () => {
    const order = lineRow({ kind: 'order' })
    expect(order.view.result.current.types).toEqual(ORDER_LINE_TYPES)
    const payment = lineRow({ kind: 'payment' })
    expect(payment.view.result.current.types).not.toContain('tip')
    expect(payment.view.result.current.types.length).toBeGreaterThan(0)
  })
})

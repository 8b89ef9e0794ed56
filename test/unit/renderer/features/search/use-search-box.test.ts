// @vitest-environment happy-dom
// The header search box's hook over the window's real stores (only the preload bridge is faked):
// Ctrl/Cmd+K focuses the box, the keys typed in it move, open, search, offer the customer, close and
// clear; an opened result navigates, closes the list and sends the keyboard to the opened view's
// heading, unless the agent put it elsewhere meanwhile.
import { afterEach, describe, expect, it } from 'vitest'
import { act, cleanup } from '@testing-library/react'
import type { KeyboardEvent as BoxKeyboardEvent } from 'react'
import { focusOpenedView, useSearchBox } from '../../../../../src/renderer/src/features/search/use-search-box'
import type { SearchResult } from '../../../../../src/shared/ipc/search'
import { installBridge, pressKey, renderInWindow, settled, windowStores } from '../../../helpers/hook-harness'
import { searchHit, searchResult } from '../../../helpers/search-results'

const orderHit = searchHit('ord_ann1', 'Ann Lee · ann@example.com', 'order')
const paymentHit = searchHit('tr_ann1', 'Ann Lee · ann@example.com')
const annResult = searchResult('ann', [paymentHit], { orders: [orderHit] })

/** The box as SearchBox.tsx wires it: the input is the hook's ref, its keys go to the hook's onKeyDown. */
function searchBox(answer: SearchResult | ((input: unknown) => SearchResult) = annResult) {
  const bridge = installBridge({ 'search.query': answer })
  const stores = windowStores()
  const view = renderInWindow(stores, () => useSearchBox())
  const input = document.createElement('input')
  input.type = 'search'
  document.body.append(input)
  view.result.current.inputRef.current = input
  input.addEventListener('keydown', (event) =>
    view.result.current.onKeyDown(event as unknown as BoxKeyboardEvent<HTMLInputElement>),
  )
  return { bridge, stores, view, input }
}

/** The agent types `text` in the box: the store's text, then its search (as the input's onChange does). */
async function type(stores: ReturnType<typeof windowStores>, text: string): Promise<void> {
  act(() => stores.search.getState().setText(text))
  await act(() => stores.search.getState().run())
}

/** Lets `n` animation frames pass (the opened view's heading is looked for once a frame). */
async function frames(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())))
}

function heading(id: string, text: string): HTMLElement {
  const el = document.createElement('h2')
  el.id = id
  el.textContent = text
  document.body.append(el)
  return el
}

afterEach(() => {
  cleanup()
  document.body.replaceChildren()
})

describe('useSearchBox', () => {
  it('focuses the box and selects its text on Ctrl+K or Cmd+K, not with Alt or Shift, and not after unmount', async () => {
    const { view, input } = searchBox()
    input.value = 'ann@example.com'
    const other = document.createElement('button')
    document.body.append(other)
    for (const init of [{ ctrlKey: true, altKey: true }, { ctrlKey: true, shiftKey: true }, {}]) {
      other.focus()
      const event = pressKey('k', init)
      expect(document.activeElement).toBe(other)
      expect(event.defaultPrevented).toBe(false)
    }
    const event = pressKey('k', { ctrlKey: true })
    expect(event.defaultPrevented).toBe(true)
    expect(document.activeElement).toBe(input)
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, input.value.length])
    other.focus()
    pressKey('K', { metaKey: true })
    expect(document.activeElement).toBe(input)

    other.focus()
    view.unmount()
    expect(pressKey('k', { ctrlKey: true }).defaultPrevented).toBe(false)
    expect(document.activeElement).toBe(other)
  })

  it('moves through the rows with the arrows; activeId names a row only while the list is open', async () => {
    const { stores, view, input } = searchBox()
    await type(stores, 'ann')
    const { listId } = view.result.current
    expect(view.result.current.hits.map((h) => h.id)).toEqual(['ord_ann1', 'tr_ann1'])
    expect(view.result.current.activeId).toBe(`${listId}-0`)
    expect(pressKey('ArrowDown', {}, input).defaultPrevented).toBe(true)
    expect(view.result.current.activeId).toBe(`${listId}-1`)
    pressKey('ArrowDown', {}, input)
    expect(view.result.current.activeId).toBe(`${listId}-0`)
    pressKey('ArrowUp', {}, input)
    expect(view.result.current.selected).toBe(1)
    // Typing is the box's own: not taken, nothing moves.
    expect(pressKey('a', {}, input).defaultPrevented).toBe(false)
    expect(view.result.current.selected).toBe(1)

    pressKey('Escape', {}, input)
    expect(view.result.current.open).toBe(false)
    expect(view.result.current.activeId).toBeUndefined()
    expect(view.result.current.text).toBe('ann')
  })

  it('closes the list on Esc, then clears the text and leaves the box on a second Esc', async () => {
    const { stores, view, input } = searchBox()
    input.focus()
    await type(stores, 'ann')
    pressKey('Escape', {}, input)
    expect(view.result.current.open).toBe(false)
    expect(view.result.current.text).toBe('ann')
    expect(document.activeElement).toBe(input)
    pressKey('Escape', {}, input)
    expect(view.result.current.text).toBe('')
    expect(view.result.current.result).toBeNull()
    expect(document.activeElement).not.toBe(input)
  })

  it('opens the chosen hit on Enter: navigates to its view, closes the list, and the keyboard goes to its heading', async () => {
    const { stores, view, input } = searchBox()
    await type(stores, 'ann')
    pressKey('ArrowDown', {}, input)
    pressKey('Enter', {}, input)
    expect(stores.app.app.getState().screen).toBe('payments')
    expect(stores.app.app.getState().pendingFocus).toEqual({ screen: 'payments', paymentId: 'tr_ann1' })
    expect(view.result.current.open).toBe(false)
    const title = heading('pay-detail-title', 'Payment tr_ann1')
    await frames(2)
    expect(document.activeElement).toBe(title)

    // The order hit (the first row) opens the order view.
    await act(() => stores.search.getState().run())
    pressKey('Enter', {}, input)
    expect(stores.app.app.getState().screen).toBe('order')
    expect(stores.app.app.getState().orderId).toBe('ord_ann1')
  })

  it('opens an id typed in the box on Enter, and searches again on Enter when no row is chosen', async () => {
    const direct = searchResult('tr_typed1', [], { direct: { kind: 'payment', id: 'tr_typed1' } })
    const { bridge, stores, view, input } = searchBox((i) =>
      (i as { text: string }).text === 'tr_typed1' ? direct : searchResult('nobody', []),
    )
    await type(stores, 'nobody')
    expect(view.result.current.selected).toBe(-1)
    pressKey('Enter', {}, input)
    await settled()
    expect(bridge.inputsOf('search.query')).toEqual([{ text: 'nobody' }, { text: 'nobody' }])
    expect(stores.app.app.getState().screen).toBe('home')

    await type(stores, 'tr_typed1')
    pressKey('Enter', {}, input)
    expect(stores.app.app.getState().pendingFocus).toEqual({ screen: 'payments', paymentId: 'tr_typed1' })
    expect(view.result.current.open).toBe(false)
  })

  it('offers the searched customer, and Shift+Enter opens their view and closes the list (nothing when none is offered)', async () => {
    const { stores, view, input } = searchBox((i) =>
      (i as { text: string }).text === 'ann' ? annResult : searchResult('bob', [searchHit('tr_bob1', 'Bob')]),
    )
    await type(stores, 'bob')
    expect(view.result.current.offer).toBeNull()
    expect(pressKey('Enter', { shiftKey: true }, input).defaultPrevented).toBe(true)
    expect(stores.app.app.getState().screen).toBe('home')
    expect(view.result.current.open).toBe(true)

    await type(stores, 'ann')
    expect(view.result.current.offer).toEqual({ email: 'ann@example.com', name: 'Ann Lee' })
    pressKey('Enter', { shiftKey: true }, input)
    expect(stores.app.app.getState().screen).toBe('customer')
    expect(stores.app.app.getState().customer).toEqual({ email: 'ann@example.com' })
    expect(view.result.current.open).toBe(false)
  })

  it('opens a clicked hit, id or ticket object (openHit) like Enter: its view, the list closed, the keyboard on its heading', async () => {
    const { stores, view } = searchBox()
    await type(stores, 'ann')
    act(() => view.result.current.openHit(orderHit))
    expect(stores.app.app.getState().pendingFocus).toEqual({ screen: 'order', orderId: 'ord_ann1' })
    expect(view.result.current.open).toBe(false)
    const title = heading('order-title', 'Order ord_ann1')
    await frames(2)
    expect(document.activeElement).toBe(title)
    // A ticket's customer: their view, which puts the keyboard on its own heading.
    await type(stores, 'ann')
    act(() => view.result.current.openHit({ kind: 'customer', id: 'cst_ann1' }))
    expect(stores.app.app.getState().screen).toBe('customer')
    expect(view.result.current.open).toBe(false)
    act(() => view.result.current.openPayments())
    expect(stores.app.app.getState().screen).toBe('payments')
  })
})

describe('focusOpenedView', () => {
  it("focuses the opened view's heading once it shows the id, not another view's heading", async () => {
    const stale = heading('order-title', 'Order ord_old1')
    focusOpenedView('ord_new1', 5)
    await frames(2)
    expect(document.activeElement).not.toBe(stale)
    const title = heading('order-title', 'Order ord_new1')
    await frames(2)
    expect(document.activeElement).toBe(title)
    expect(title.tabIndex).toBe(-1)
  })

  it('leaves the keyboard where the agent put it when they press a key or click meanwhile', async () => {
    for (const input of ['keydown', 'pointerdown'] as const) {
      const field = document.createElement('input')
      document.body.append(field)
      focusOpenedView('tr_late1', 5)
      await frames(1)
      field.focus()
      act(() => void field.dispatchEvent(new Event(input, { bubbles: true })))
      const title = heading('pay-detail-title', 'Payment tr_late1')
      await frames(3)
      expect(document.activeElement).toBe(field)
      title.remove()
    }
  })
})

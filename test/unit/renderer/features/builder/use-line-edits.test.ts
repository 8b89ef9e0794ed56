// @vitest-environment happy-dom
// The lines editor's edits, its hook over the window's real builder stores (only the preload bridge
// is faked): a change, a move, a copy and a removal touch the line they name and no other; a move
// past either end changes nothing; a copy gets a key of its own, right under its line; a new line
// takes the shipping country's standard VAT rate (the country as it is now, not when the editor was
// first drawn); the keyboard follows a moved line and goes to a new line's first field on the next
// frame; and the edited draft is what main is asked to save.
import { afterEach, describe, expect, it } from 'vitest'
import { act, cleanup } from '@testing-library/react'
import { useLineEdits } from '../../../../../src/renderer/src/features/builder/use-line-edits'
import { controlIdOf, type DraftContent } from '../../../../../src/shared/order-builder'
import { installBridge, renderInWindow, settled, windowStores, type WindowStores } from '../../../helpers/hook-harness'
import { draftView, validOrderDraft } from '../../../../helpers/drafts'

const DRAFT_ID = 'drf_lines1'

let opened: WindowStores[] = []

/** The lines editor over a saved draft opened in the builder (three lines: a, b, c), in `country`. */
async function linesEditor(country: string) {
  const saved = draftView(DRAFT_ID, validOrderDraft())
  const bridge = installBridge({
    'drafts.get': saved,
    'drafts.save': (input) => draftView(DRAFT_ID, (input as { content: DraftContent }).content),
  })
  const stores = windowStores()
  opened.push(stores)
  await stores.builder.orders.getState().openDraft(DRAFT_ID)
  const view = renderInWindow(stores, ({ country }: { country: string }) => useLineEdits(country), {
    initialProps: { country },
  })
  const lines = () => stores.builder.orders.getState().content.lines
  return { bridge, stores, view, lines, keys: () => lines().map((l) => l.key) }
}

/** Resolves after the frame the hook asked for (frames run in the order they were asked). */
function nextFrame(): Promise<void> {
  return act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())))
}

afterEach(async () => {
  // Each test's pending autosave goes to its own bridge, not the next test's.
  for (const stores of opened) await stores.builder.orders.getState().flush()
  opened = []
  cleanup()
  document.body.replaceChildren()
})

describe('useLineEdits', () => {
  it('changes only the line it names', async () => {
    const { view, lines } = await linesEditor('NL')
    const [a, , c] = lines()
    act(() => view.result.current.changeLine('b', { name: 'Spring coupon', quantity: '2' }))
    expect(lines()[1]).toMatchObject({ key: 'b', name: 'Spring coupon', quantity: '2', unitPrice: '-5.00' })
    expect(lines()[0]).toBe(a)
    expect(lines()[2]).toBe(c)
  })

  it('moves a line one place up or down, and not past either end', async () => {
    const { view, keys } = await linesEditor('NL')
    act(() => view.result.current.move('c', -1))
    expect(keys()).toEqual(['a', 'c', 'b'])
    act(() => view.result.current.move('a', 1))
    expect(keys()).toEqual(['c', 'a', 'b'])
    act(() => view.result.current.move('c', -1))
    act(() => view.result.current.move('b', 1))
    act(() => view.result.current.move('gone', 1))
    expect(keys()).toEqual(['c', 'a', 'b'])
  })

  it('keeps the keyboard on the moved line, on the next frame', async () => {
    const { view } = await linesEditor('NL')
    const row = document.createElement('tbody')
    row.id = 'pd-line-b'
    const up = document.createElement('button')
    up.setAttribute('data-move', '')
    row.append(up)
    document.body.append(row)
    act(() => view.result.current.move('b', 1))
    expect(document.activeElement).not.toBe(up)
    await nextFrame()
    expect(document.activeElement).toBe(up)
  })

  it('copies a line right under it, with a key no other line has', async () => {
    const { view, lines, keys } = await linesEditor('NL')
    act(() => view.result.current.duplicate('a'))
    act(() => view.result.current.duplicate('a'))
    const [first, copy2, copy1, ...rest] = lines()
    expect(rest.map((l) => l.key)).toEqual(['b', 'c'])
    expect(new Set(keys()).size).toBe(5)
    for (const copy of [copy1, copy2]) expect({ ...copy, key: 'a' }).toEqual(first)
    act(() => view.result.current.duplicate('gone'))
    expect(lines()).toHaveLength(5)
  })

  it('removes only the line it names', async () => {
    const { view, keys } = await linesEditor('NL')
    act(() => view.result.current.remove('b'))
    expect(keys()).toEqual(['a', 'c'])
  })

  it("adds a line of the kind asked for with the shipping country's standard VAT rate, the keyboard on its first field", async () => {
    const { view, lines, keys } = await linesEditor('NL')
    const name = document.createElement('input')
    name.id = controlIdOf('lines.3.name')
    document.body.append(name)
    act(() => view.result.current.add('shipping_fee'))
    expect(lines()[3]).toMatchObject({ type: 'shipping_fee', name: '', vatRate: '21.00' })
    expect(new Set(keys()).size).toBe(4)
    await nextFrame()
    expect(document.activeElement).toBe(name)
  })

  it('takes the country as it is when the line is added, and no rate for a country it does not know', async () => {
    const { view, lines } = await linesEditor('NL')
    view.rerender({ country: 'DE' })
    act(() => view.result.current.add('physical'))
    expect(lines()[3]?.vatRate).toBe('19.00')
    view.rerender({ country: '' })
    act(() => view.result.current.add('physical'))
    expect(lines()[4]?.vatRate).toBe('')
  })

  it('asks main to save the draft as edited', async () => {
    const { view, stores, bridge } = await linesEditor('NL')
    act(() => view.result.current.remove('a'))
    act(() => view.result.current.changeLine('c', { unitPrice: '5.95' }))
    await stores.builder.orders.getState().flush()
    await settled()
    const saves = bridge.inputsOf('drafts.save') as { id: string; content: DraftContent }[]
    expect(saves).toHaveLength(1)
    expect(saves[0]?.id).toBe(DRAFT_ID)
    expect(saves[0]?.content.lines.map((l) => [l.key, l.unitPrice])).toEqual([
      ['b', '-5.00'],
      ['c', '5.95'],
    ])
  })
})

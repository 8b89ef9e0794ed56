// @vitest-environment happy-dom
// The Inspector's request list, its hook over the window's real stores (only the preload bridge is
// faked): the list's keys move the selection (and ask for it to be kept in view), Space marks the
// selected request for export, other keys are left alone; the selected row is scrolled into view
// when asked (a jump from another screen, a key) or once it appears in the list, once per ask (not
// again as newer requests arrive), and not on a plain click; each drawn row is keyed by its request,
// so a row keeps its element as newer requests arrive above it.
//
// happy-dom lays nothing out: the list's scroll box is given the height the window would give it
// and the height of its rows (hook-harness.ts scrollBox), and where it scrolled to is read back.
import { afterEach, describe, expect, it } from 'vitest'
import { act, cleanup } from '@testing-library/react'
import type React from 'react'
import { REQUEST_ROW_HEIGHT, useRequestList } from '../../../../../src/renderer/src/features/inspector/use-request-list'
import type { RequestLogSummary } from '../../../../../src/shared/request-log-types'
import {
  installBridge,
  renderInWindow,
  scrollBox,
  scrollBoxTo,
  settled,
  windowStores,
} from '../../../helpers/hook-harness'
import { logEntry, summaryRow } from '../../../helpers/request-log-fixtures'

const BOX_HEIGHT = 300

/** `count` requests, newest first: e<count> … e1. */
function newestFirst(count: number, from = count): RequestLogSummary[] {
  return Array.from({ length: count }, (_, i) => summaryRow(from - i))
}

/** The Inspector's list over `rows`; `rerender({ rows })` shows others. */
async function requestList(rows: RequestLogSummary[]) {
  const bridge = installBridge({ 'requestLog.get': (input) => logEntry([], { id: (input as { id: string }).id }) })
  const stores = windowStores()
  let shown = rows
  const box = scrollBox(BOX_HEIGHT, () => shown.length * REQUEST_ROW_HEIGHT)
  const view = renderInWindow(
    stores,
    ({ rows }: { rows: RequestLogSummary[] }) => {
      shown = rows
      const list = useRequestList(rows)
      // React attaches the scroll box's ref before the effects run.
      list.scrollRef.current = box
      return list
    },
    { initialProps: { rows } },
  )
  await settled()
  const inspector = stores.app.inspector
  return { bridge, view, box, inspector, selected: () => inspector.getState().selectedId }
}

/** Whether the row of `id` is wholly inside the scroll box's view. */
function inView(box: HTMLElement, rows: RequestLogSummary[], id: string): boolean {
  const top = rows.findIndex((r) => r.id === id) * REQUEST_ROW_HEIGHT
  return top >= box.scrollTop && top + REQUEST_ROW_HEIGHT <= box.scrollTop + BOX_HEIGHT
}

/** A key pressed in the list's rows; returns whether the list took it (preventDefault). */
function press(onKeyDown: (e: React.KeyboardEvent<HTMLDivElement>) => void, key: string): boolean {
  let prevented = false
  const event = { key, preventDefault: () => (prevented = true) }
  act(() => onKeyDown(event as unknown as React.KeyboardEvent<HTMLDivElement>))
  return prevented
}

afterEach(() => {
  cleanup()
  document.body.replaceChildren()
})

describe('useRequestList', () => {
  it('moves the selection with the arrows, Home, End and the page keys, asking each time to keep it in view', async () => {
    const rows = newestFirst(40)
    const { view, inspector, selected } = await requestList(rows)
    const keys = () => view.result.current.onKeyDown
    const ids: (string | null)[] = []
    for (const key of ['ArrowDown', 'ArrowDown', 'ArrowUp', 'End', 'ArrowDown', 'PageUp', 'Home', 'ArrowUp']) {
      expect(press(keys(), key)).toBe(true)
      ids.push(selected())
    }
    expect(ids).toEqual(['e40', 'e39', 'e40', 'e1', 'e1', 'e16', 'e40', 'e40'])
    expect(press(keys(), 'PageDown')).toBe(true)
    expect(selected()).toBe('e25')
    expect(inspector.getState().scrollRequest).toBe(9)
  })

  it('starts from the top when nothing is selected', async () => {
    const { view, selected } = await requestList(newestFirst(40))
    press(view.result.current.onKeyDown, 'ArrowUp')
    expect(selected()).toBe('e40')
    act(() => view.result.current.select(null))
    press(view.result.current.onKeyDown, 'PageDown')
    expect(selected()).toBe('e25')
  })

  it('marks the selected request for export with Space, and unmarks it', async () => {
    const { view, inspector } = await requestList(newestFirst(5))
    press(view.result.current.onKeyDown, 'ArrowDown')
    expect(press(view.result.current.onKeyDown, ' ')).toBe(true)
    expect([...view.result.current.checked]).toEqual(['e5'])
    press(view.result.current.onKeyDown, ' ')
    expect(inspector.getState().checked.size).toBe(0)
  })

  it('leaves other keys alone: Space with nothing selected, a letter, any key in an empty list', async () => {
    const { view, selected, inspector } = await requestList(newestFirst(5))
    expect(press(view.result.current.onKeyDown, ' ')).toBe(false)
    expect(press(view.result.current.onKeyDown, 'j')).toBe(false)
    expect(selected()).toBeNull()
    expect(inspector.getState().checked.size).toBe(0)
    view.rerender({ rows: [] })
    expect(press(view.result.current.onKeyDown, 'ArrowDown')).toBe(false)
    expect(selected()).toBeNull()
  })

  it('scrolls the selected row into view when asked, not on a plain click', async () => {
    const rows = newestFirst(100)
    const { box, inspector } = await requestList(rows)
    act(() => inspector.getState().select('e40'))
    await settled()
    expect(box.scrollTop).toBe(0)
    act(() => inspector.getState().select('e40', { scroll: true }))
    await settled()
    expect(box.scrollTop).toBeGreaterThan(0)
    expect(inView(box, rows, 'e40')).toBe(true)
    // Asked again after the agent scrolled away: back to it.
    scrollBoxTo(box, 0)
    act(() => inspector.getState().select('e40', { scroll: true }))
    await settled()
    expect(inView(box, rows, 'e40')).toBe(true)
  })

  it('scrolls to a request asked for before it is in the list once it appears', async () => {
    const { view, box, inspector } = await requestList(newestFirst(20))
    act(() => inspector.getState().select('e90', { scroll: true }))
    await settled()
    expect(box.scrollTop).toBe(0)
    const more = newestFirst(100)
    view.rerender({ rows: more })
    await settled()
    expect(inView(box, more, 'e90')).toBe(true)
  })

  it('does not scroll back to the selected row when newer requests arrive after the agent scrolled away', async () => {
    const { view, box, inspector } = await requestList(newestFirst(100))
    act(() => inspector.getState().select('e40', { scroll: true }))
    await settled()
    scrollBoxTo(box, 2400)
    await settled()
    view.rerender({ rows: newestFirst(101) })
    await settled()
    view.rerender({ rows: newestFirst(103) })
    await settled()
    expect(box.scrollTop).toBe(2400)
  })

  it('keys each drawn row by its request, so rows keep their elements as newer ones arrive above', async () => {
    const { view } = await requestList(newestFirst(10))
    const keys = () => view.result.current.virtualizer.getVirtualItems().map((item) => item.key)
    expect(keys()).toEqual(newestFirst(10).map((r) => r.id))
    view.rerender({ rows: newestFirst(12) })
    expect(keys()).toEqual(newestFirst(12).map((r) => r.id))
  })
})

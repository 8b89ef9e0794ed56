// @vitest-environment happy-dom
// The payments list's table, its hook as PaymentsTable renders it: the rows in view at the
// density's height; a list that starts over shown from its top (and no scroll when it is there
// already); the keyboard's selection kept in view when it moves or its row first exists, not when
// more rows load; the rows drawn and the rows seen told to the store (again when the pages behind
// them change, or the list starts over); the visible columns and their widths; and one stable
// callback for every row that selects and opens with the callers' latest handlers.
//
// happy-dom lays nothing out: the list's scroll box is given its height and its content's
// (hook-harness.ts scrollBox), and where it scrolled to is read back.
import { afterEach, describe, expect, it } from 'vitest'
import { act, cleanup, renderHook } from '@testing-library/react'
import {
  usePaymentsTable,
  type PaymentsTableProps,
} from '../../../../../src/renderer/src/features/payments/use-payments-table'
import { DEFAULT_FIT } from '../../../../../src/renderer/src/features/payments/column-fit'
import { scrollBox, scrollBoxTo, settled } from '../../../helpers/hook-harness'

const BOX_HEIGHT = 292
/** The sticky header over the top of the scroll box. */
const HEADER = 32
const COMPACT = 26
const COMFORTABLE = 40

interface Told {
  ranges: [number, number][]
  visible: [number, number][]
  selected: number[]
  opened: number[]
}

/** The table over `rowCount` rows in a BOX_HEIGHT box, comfortable, nothing selected; `over` sets the rest. */
async function paymentsTable(over: Partial<PaymentsTableProps> = {}) {
  const told: Told = { ranges: [], visible: [], selected: [], opened: [] }
  const props: PaymentsTableProps = {
    rowCount: 200,
    rowAt: () => null,
    density: 'comfortable',
    hiddenColumns: {},
    fit: DEFAULT_FIT,
    selectedIndex: -1,
    onSelect: (i) => told.selected.push(i),
    onOpen: (i) => told.opened.push(i),
    onRangeChange: (first, last) => told.ranges.push([first, last]),
    onVisibleChange: (first, last) => told.visible.push([first, last]),
    version: 1,
    listId: 1,
    ...over,
  }
  let current = props
  const box = scrollBox(BOX_HEIGHT, () => HEADER + current.rowCount * (current.density === 'compact' ? 26 : 40))
  const view = renderHook(
    (p: PaymentsTableProps) => {
      current = p
      const table = usePaymentsTable(p)
      // React attaches the scroll box's ref before the effects run.
      table.scrollRef.current = box
      return table
    },
    { initialProps: props },
  )
  await settled()
  /** Shows the table with these props changed (the others as last shown). */
  const show = async (change: Partial<PaymentsTableProps>) => {
    view.rerender({ ...current, ...change })
    await settled()
  }
  return { view, box, told, props, show }
}

/** Whether row `index` is wholly in view below the header, at `rowHeight`. */
function inView(box: HTMLElement, index: number, rowHeight: number): boolean {
  const top = index * rowHeight
  return top >= box.scrollTop + HEADER - rowHeight && top + rowHeight <= box.scrollTop + BOX_HEIGHT
}

afterEach(() => {
  cleanup()
  document.body.replaceChildren()
})

describe('usePaymentsTable', () => {
  it("draws the rows in view, and a few past them, at the density's height", async () => {
    const { view, show } = await paymentsTable()
    const items = () => view.result.current.items
    expect(view.result.current.rowHeight).toBe(COMFORTABLE)
    expect(items()[0]?.index).toBe(0)
    expect(items()[1]?.start).toBe(COMFORTABLE)
    const comfortableCount = items().length
    await show({ density: 'compact' })
    expect(view.result.current.rowHeight).toBe(COMPACT)
    expect(items()[1]?.start).toBe(COMPACT)
    expect(items().length).toBeGreaterThan(comfortableCount)
    expect(view.result.current.keys).toHaveLength(items().length)
  })

  it('tells the rows drawn and the rows seen, and again as the agent scrolls', async () => {
    const { box, told } = await paymentsTable()
    const [first, last] = told.ranges.at(-1) ?? []
    const [seenFirst, seenLast] = told.visible.at(-1) ?? []
    expect(first).toBe(0)
    expect(seenFirst).toBe(0)
    // The drawn rows reach past the seen ones (overscan), the seen ones fill the box.
    expect(last).toBeGreaterThan(seenLast ?? Infinity)
    expect(seenLast).toBe(Math.ceil(BOX_HEIGHT / COMFORTABLE) - 1)
    scrollBoxTo(box, 100 * COMFORTABLE)
    await settled()
    expect(told.visible.at(-1)?.[0]).toBe(100)
    expect(told.ranges.at(-1)?.[0]).toBeLessThan(100)
    expect(told.ranges.at(-1)?.[1]).toBeGreaterThan(told.visible.at(-1)?.[1] ?? Infinity)
  })

  it('tells the rows drawn again when the pages behind them change, and the rows seen again when the list starts over', async () => {
    const { told, show } = await paymentsTable()
    const ranges = told.ranges.length
    const visible = told.visible.length
    await show({ version: 2 })
    expect(told.ranges).toHaveLength(ranges + 1)
    expect(told.visible).toHaveLength(visible)
    await show({ listId: 2 })
    expect(told.visible).toHaveLength(visible + 1)
    expect(told.visible.at(-1)).toEqual(told.visible.at(-2))
  })

  it('tells no rows of an empty list', async () => {
    const { told } = await paymentsTable({ rowCount: 0 })
    expect(told.ranges).toEqual([])
    expect(told.visible).toEqual([[0, -1]])
  })

  it('shows a list that starts over from its top, and does not scroll one that is there already', async () => {
    const { box, show } = await paymentsTable()
    // (The virtualizer places the box once when it first sees it.)
    const mounted = box.scrolls.length
    await show({ listId: 2 })
    expect(box.scrolls).toHaveLength(mounted)
    scrollBoxTo(box, 3000)
    await settled()
    await show({ listId: 3 })
    expect(box.scrollTop).toBe(0)
    expect(box.scrolls.slice(mounted)).toEqual([0])
  })

  it('keeps the selection in view as it moves, below the header when it moves up', async () => {
    const { box, show } = await paymentsTable()
    await show({ selectedIndex: 30 })
    expect(inView(box, 30, COMFORTABLE)).toBe(true)
    await show({ selectedIndex: 12 })
    expect(box.scrollTop).toBe(12 * COMFORTABLE - HEADER)
    expect(inView(box, 12, COMFORTABLE)).toBe(true)
  })

  it('does not jump back to the selected row when more rows load, but goes to it once its row exists', async () => {
    const { box, show } = await paymentsTable({ rowCount: 50 })
    await show({ selectedIndex: 3 })
    scrollBoxTo(box, 40 * COMFORTABLE)
    await settled()
    const scrolled = box.scrollTop
    await show({ rowCount: 100 })
    expect(box.scrollTop).toBe(scrolled)
    // Selected ahead of the rows loaded (End on a list still loading): scrolled to once it exists.
    await show({ selectedIndex: 140 })
    expect(box.scrollTop).toBe(scrolled)
    await show({ rowCount: 150 })
    expect(inView(box, 140, COMFORTABLE)).toBe(true)
  })

  it('leaves out hidden columns, keeps one array per set of columns, and sizes each with its width', async () => {
    const { view, show } = await paymentsTable()
    expect(view.result.current.columnIds).toEqual([
      'id',
      'status',
      'amount',
      'method',
      'description',
      'createdAt',
      'mode',
    ])
    await show({ hiddenColumns: { method: true, mode: false } })
    const ids = view.result.current.columnIds
    expect(ids).toEqual(['id', 'status', 'amount', 'description', 'createdAt', 'mode'])
    await show({ hiddenColumns: { method: true } })
    expect(view.result.current.columnIds).toBe(ids)
    // The description takes the rest; the others their width.
    expect(view.result.current.template).toMatchObject({
      '--pay-col-description': '1 1 0px',
      '--pay-col-id': '0 0 190px',
      '--pay-col-mode': '0 0 64px',
    })
    expect(view.result.current.template).not.toHaveProperty('--pay-col-method')
    // Without the description, the fixed columns share the width in proportion, never below theirs.
    await show({
      hiddenColumns: { description: true },
      fit: { ...DEFAULT_FIT, widths: { ...DEFAULT_FIT.widths, id: 230 } },
    })
    expect(view.result.current.template).toMatchObject({ '--pay-col-id': '230 0 230px', '--pay-col-mode': '64 0 64px' })
  })

  it("gives every row one callback that selects then opens with the callers' latest handlers", async () => {
    const { view, told, show } = await paymentsTable()
    const activate = view.result.current.activate
    act(() => activate(7))
    const later: Told = { ranges: [], visible: [], selected: [], opened: [] }
    await show({ onSelect: (i) => later.selected.push(i), onOpen: (i) => later.opened.push(i) })
    expect(view.result.current.activate).toBe(activate)
    act(() => view.result.current.activate(9))
    expect([told.selected, told.opened]).toEqual([[7], [7]])
    expect([later.selected, later.opened]).toEqual([[9], [9]])
  })
})

import { getCoreRowModel, useReactTable, type VisibilityState } from '@tanstack/react-table'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { Payment } from '../../../../shared/api-types'
import type { ListedPayment } from '../../../../shared/payments-page'
import type { ColumnFit } from './column-fit'
import { paymentColumns } from './columns'
import { createRowKeys } from './row-keys'

/**
 * The columns' widths, as each column's flex (the rows are flex rows: payments.css): fixed widths and
 * the description taking the rest; with no description, the fixed columns share the width in
 * proportion, never narrower than their width. One CSS variable per visible column, read by its cells.
 */
function columnFlex(ids: readonly string[], widths: ColumnFit['widths']): Record<string, string> {
  const fill = ids.some((id) => widths[id] === undefined)
  const vars: Record<string, string> = {}
  for (const id of ids) {
    const w = widths[id]
    vars[`--pay-col-${id}`] = w === undefined ? '1 1 0px' : fill ? `0 0 ${w}px` : `${w} 0 ${w}px`
  }
  return vars
}

/** The table only draws headers through @tanstack/react-table; rows come from the virtualizer. */
const NO_ROWS: Payment[] = []

const ROW_HEIGHT = { compact: 26, comfortable: 40 } as const

export interface PaymentsTableProps {
  /** Rows in the list (loaded or placeholders). */
  rowCount: number
  /** What the row at a list index shows, or null while its page is dropped or loading. */
  rowAt: (index: number) => ListedPayment | null
  density: keyof typeof ROW_HEIGHT
  hiddenColumns: Record<string, boolean>
  /** The measured columns (column-fit.ts): their widths and which cells need no clip. */
  fit: ColumnFit
  selectedIndex: number
  onSelect: (index: number) => void
  onOpen: (index: number) => void
  /** Called with the visible row range (to drop and refetch far pages). */
  onRangeChange?: (first: number, last: number) => void
  /** Called with the rows actually in view (no overscan), for the position indicator. */
  onVisibleChange?: (first: number, last: number) => void
  /** Changes whenever the rows behind the indexes change (a page loaded or dropped). */
  version: unknown
  /** Changes when the list starts over (Newest, a sort, "List from this id"): back to its top. */
  listId?: number
}

/** The header's table (@tanstack/react-table) over the visible columns, their ids and their widths. */
function useTableColumns(hiddenColumns: Record<string, boolean>, widths: ColumnFit['widths']) {
  const columnVisibility = useMemo<VisibilityState>(() => {
    const v: VisibilityState = {}
    for (const [id, hidden] of Object.entries(hiddenColumns)) if (hidden) v[id] = false
    return v
  }, [hiddenColumns])

  const table = useReactTable({
    data: NO_ROWS,
    columns: paymentColumns,
    state: { columnVisibility },
    getCoreRowModel: getCoreRowModel(),
  })

  const visibleColumns = table.getVisibleLeafColumns()
  const columnKey = visibleColumns.map((c) => c.id).join(',')
  // One array per set of visible columns, so memoized rows are not drawn again for a new array.
  const columnIds = useMemo(() => (columnKey ? columnKey.split(',') : []), [columnKey])

  const template = useMemo(() => columnFlex(columnIds, widths) as React.CSSProperties, [columnIds, widths])
  return { table, columnIds, template }
}

/**
 * The table's state apart from its markup: the virtualizer and the rows in view, their recycled keys,
 * the scroll rules (back to the top when the list starts over, the selection kept in view), the
 * ranges reported to the store, the visible columns and one stable callback for every row.
 */
export function usePaymentsTable(props: PaymentsTableProps) {
  const { rowCount, density, hiddenColumns, selectedIndex, onSelect, onOpen, onRangeChange, onVisibleChange } = props
  const { version, listId } = props
  const scrollRef = useRef<HTMLDivElement>(null)
  const rowHeight = ROW_HEIGHT[density]

  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    // Rows are drawn in the scroll event itself (flushSync), so few rows past the edges are needed;
    // each extra row is drawn again on every frame of a fast scroll.
    overscan: 3,
    // The sticky header covers the top of the scroll box.
    scrollPaddingStart: 32,
  })

  useEffect(() => {
    virtualizer.measure()
  }, [rowHeight, virtualizer])

  // A list that starts over is shown from its top, not at the old list's scroll position. Only when it
  // is not there already: scrolling reads the list's height, which lays out the rows just written
  // before their frame (about 10 ms of a page's paint on this list).
  useEffect(() => {
    if ((virtualizer.scrollOffset ?? 0) !== 0) virtualizer.scrollToOffset(0)
  }, [listId, virtualizer])

  // Keep the keyboard selection in view when it moves, or when its row first exists; not on every
  // change of the row count, or "load more" would jump back to the selected row.
  const seen = useRef({ selectedIndex: -1, rowCount: 0 })
  useEffect(() => {
    const before = seen.current
    seen.current = { selectedIndex, rowCount }
    const moved = selectedIndex !== before.selectedIndex
    const becameReachable = selectedIndex >= before.rowCount
    if (selectedIndex >= 0 && selectedIndex < rowCount && (moved || becameReachable)) {
      virtualizer.scrollToIndex(selectedIndex, { align: 'auto' })
    }
  }, [selectedIndex, rowCount, virtualizer])

  const items = virtualizer.getVirtualItems()
  const first = items[0]?.index ?? 0
  const last = items[items.length - 1]?.index ?? -1
  const [rowKeys] = useState(createRowKeys)
  const keys = rowKeys.keysFor(first, last)

  useEffect(() => {
    if (last >= 0) onRangeChange?.(first, last)
  }, [first, last, onRangeChange, version])

  const range = virtualizer.range
  const visibleFirst = range?.startIndex ?? 0
  const visibleLast = range && rowCount > 0 ? Math.min(rowCount - 1, range.endIndex) : -1
  // Also when the list starts over: the store then forgets the view, though the same rows are in it.
  useEffect(() => {
    onVisibleChange?.(visibleFirst, visibleLast)
  }, [visibleFirst, visibleLast, onVisibleChange, listId])

  const { table, columnIds, template } = useTableColumns(hiddenColumns, props.fit.widths)

  // Rows call back through refs: one stable callback, so a row's props change only with its data.
  const handlers = useRef({ onSelect, onOpen })
  handlers.current = { onSelect, onOpen }
  const activate = useCallback((index: number) => {
    handlers.current.onSelect(index)
    handlers.current.onOpen(index)
  }, [])
  return { scrollRef, rowHeight, virtualizer, items, keys, table, columnIds, activate, template }
}

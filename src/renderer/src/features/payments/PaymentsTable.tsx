import { flexRender, getCoreRowModel, useReactTable, type VisibilityState } from '@tanstack/react-table'
import { useVirtualizer } from '@tanstack/react-virtual'
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { Payment } from '../../../../shared/api-types'
import { paymentColumns } from './columns'
import { COLUMN_WIDTHS } from './fit-columns'
import { PaymentRow } from './row-cells'
import { createRowKeys } from './row-keys'

/** The table only draws headers through @tanstack/react-table; rows come from the virtualizer. */
const NO_ROWS: Payment[] = []

export const ROW_HEIGHT = { compact: 26, comfortable: 40 } as const

export interface PaymentsTableProps {
  /** Rows in the list (loaded or placeholders). */
  rowCount: number
  /** The payment at a list index, or null while its page is dropped or loading. */
  rowAt: (index: number) => Payment | null
  density: keyof typeof ROW_HEIGHT
  hiddenColumns: Record<string, boolean>
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

/**
 * The one virtualized list of payments: only the rows in view (plus a small overscan) are in the
 * DOM; rows of dropped pages render as placeholders of the same height, so the scroll position and
 * the scrollbar stay true while pages come and go.
 */
export const PaymentsTable = memo(function PaymentsTable(props: PaymentsTableProps): React.JSX.Element {
  const { rowCount, rowAt, density, hiddenColumns, selectedIndex, onSelect, onOpen, onRangeChange, onVisibleChange } =
    props
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

  // A list that starts over is shown from its top, not at the old list's scroll position.
  useEffect(() => {
    virtualizer.scrollToOffset(0)
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
  useEffect(() => {
    onVisibleChange?.(visibleFirst, visibleLast)
  }, [visibleFirst, visibleLast, onVisibleChange])

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

  // Rows call back through refs: one stable callback, so a row's props change only with its data.
  const handlers = useRef({ onSelect, onOpen })
  handlers.current = { onSelect, onOpen }
  const activate = useCallback((index: number) => {
    handlers.current.onSelect(index)
    handlers.current.onOpen(index)
  }, [])
  const paddingTop = items[0]?.start ?? 0
  const lastItem = items[items.length - 1]
  const paddingBottom = lastItem ? virtualizer.getTotalSize() - lastItem.end : 0

  return (
    <div
      ref={scrollRef}
      className={`pay-scroll density-${density}`}
      data-testid="payments-scroll"
      tabIndex={0}
      role="region"
      aria-label="Payments list"
    >
      <table className="data pay-table" aria-rowcount={rowCount} data-testid="payments-table">
        <colgroup>
          {visibleColumns.map((c) => (
            <col key={c.id} style={COLUMN_WIDTHS[c.id] ? { width: COLUMN_WIDTHS[c.id] } : undefined} />
          ))}
        </colgroup>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col" className={`col-${header.column.id}`}>
                  {flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {paddingTop > 0 && (
            <tr aria-hidden="true" className="pay-spacer">
              <td colSpan={visibleColumns.length} style={{ height: paddingTop }} />
            </tr>
          )}
          {items.map((item, k) => (
            <PaymentRow
              key={keys[k]}
              index={item.index}
              payment={rowAt(item.index)}
              selected={item.index === selectedIndex}
              columns={columnIds}
              height={rowHeight}
              onActivate={activate}
            />
          ))}
          {paddingBottom > 0 && (
            <tr aria-hidden="true" className="pay-spacer">
              <td colSpan={visibleColumns.length} style={{ height: paddingBottom }} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  )
})

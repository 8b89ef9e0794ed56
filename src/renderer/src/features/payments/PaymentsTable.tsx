import { flexRender, getCoreRowModel, useReactTable, type VisibilityState } from '@tanstack/react-table'
import { useVirtualizer } from '@tanstack/react-virtual'
import { memo, useEffect, useMemo, useRef } from 'react'
import type { Payment } from '../../../../shared/api-types'
import { paymentColumns, type ViewRow } from './columns'
import { COLUMN_WIDTHS } from './fit-columns'

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
    overscan: 8,
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

  useEffect(() => {
    if (last >= 0) onRangeChange?.(first, last)
  }, [first, last, onRangeChange, version])

  const range = virtualizer.range
  const visibleFirst = range?.startIndex ?? 0
  const visibleLast = range && rowCount > 0 ? Math.min(rowCount - 1, range.endIndex) : -1
  useEffect(() => {
    onVisibleChange?.(visibleFirst, visibleLast)
  }, [visibleFirst, visibleLast, onVisibleChange])

  const data = useMemo<ViewRow[]>(
    () => items.map((item) => ({ index: item.index, payment: rowAt(item.index) })),
    // items changes identity on every scroll frame; version when pages load or drop.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [first, last, rowAt, version],
  )

  const columnVisibility = useMemo<VisibilityState>(() => {
    const v: VisibilityState = {}
    for (const [id, hidden] of Object.entries(hiddenColumns)) if (hidden) v[id] = false
    return v
  }, [hiddenColumns])

  const table = useReactTable({
    data,
    columns: paymentColumns,
    state: { columnVisibility },
    getCoreRowModel: getCoreRowModel(),
    getRowId: (r) => String(r.index),
  })

  const visibleColumns = table.getVisibleLeafColumns()
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
          {table.getRowModel().rows.map((row) => {
            const { index, payment } = row.original
            if (!payment) {
              return (
                <tr
                  key={`p-${index}`}
                  className="pay-row pay-placeholder"
                  style={{ height: rowHeight }}
                  aria-rowindex={index + 2}
                >
                  <td colSpan={visibleColumns.length}>
                    <span className="pay-skeleton" />
                  </td>
                </tr>
              )
            }
            const selected = index === selectedIndex
            return (
              <tr
                key={payment.id}
                className={selected ? 'pay-row selected' : 'pay-row'}
                style={{ height: rowHeight }}
                aria-rowindex={index + 2}
                aria-selected={selected}
                data-testid="payment-row"
                data-payment-id={payment.id}
                onClick={() => {
                  onSelect(index)
                  onOpen(index)
                }}
              >
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className={`col-${cell.column.id}`}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            )
          })}
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

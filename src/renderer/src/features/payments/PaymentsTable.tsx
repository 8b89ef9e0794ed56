import { flexRender } from '@tanstack/react-table'
import { memo } from 'react'
import { PaymentRow } from './row-cells'
import { usePaymentsTable, type PaymentsTableProps } from './use-payments-table'

/**
 * The one virtualized list of payments: only the rows in view (plus a small overscan) are in the
 * DOM; rows of dropped pages render as placeholders of the same height, so the scroll position and
 * the scrollbar stay true while pages come and go. An ARIA table of flex rows, each placed by a
 * transform and contained (contain: strict): a row coming into view is laid out on its own, and the
 * rows that stay, and the rest of the window, are not laid out again.
 */
export const PaymentsTable = memo(function PaymentsTable(props: PaymentsTableProps): React.JSX.Element {
  const { rowCount, rowAt, density, selectedIndex, fit } = props
  const { scrollRef, rowHeight, virtualizer, items, keys, table, columnIds, activate, template } =
    usePaymentsTable(props)
  return (
    <div
      ref={scrollRef}
      className={`pay-scroll density-${density}`}
      data-testid="payments-scroll"
      tabIndex={0}
      role="region"
      aria-label="Payments list"
    >
      <div role="table" className="pay-table" aria-rowcount={rowCount} data-testid="payments-table" style={template}>
        <div role="rowgroup" className="pay-head">
          {table.getHeaderGroups().map((group) => (
            <div role="row" key={group.id} className="pay-head-row" aria-rowindex={1}>
              {group.headers.map((header) => (
                <div role="columnheader" key={header.id} className={`pay-th col-${header.column.id}`}>
                  {flexRender(header.column.columnDef.header, header.getContext())}
                </div>
              ))}
            </div>
          ))}
        </div>
        <div role="rowgroup" className="pay-rows" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item, k) => (
            <PaymentRow
              key={keys[k]}
              index={item.index}
              start={item.start}
              payment={rowAt(item.index)}
              selected={item.index === selectedIndex}
              columns={columnIds}
              fit={fit}
              height={rowHeight}
              onActivate={activate}
            />
          ))}
        </div>
      </div>
    </div>
  )
})

import { memo } from 'react'
import type { ListedPayment } from '../../../../shared/payments-page'
import { cellMayOverflow, type ColumnFit } from './column-fit'
import { stateClass } from '../../lib/format'
import { rowText, type RowText } from './row-text'

// One row of the payments list, kept cheap for scrolling: the formatted texts of a payment are
// computed once per payment object and locale (row-text.ts), each cell is one element (two for a
// badge or a time), and the row is a memo component, so a row that stays in view is not drawn again.
// Rows are flex rows of an ARIA table (role row / cell), placed by a transform and contained.

/**
 * The cell of column `id` for a payment: called as a function, not drawn as a component of its own,
 * so a row is one component and its cells plain elements (a page's 30 rows were 240 components to
 * render and commit; a fast scroll's 35 new rows a frame the same).
 */
function paymentCell(id: string, payment: ListedPayment, text: RowText, fit: ColumnFit): React.JSX.Element {
  const clip = cellMayOverflow(id, payment, text, fit) ? ' pay-clip' : ''
  switch (id) {
    case 'id':
      return (
        <div key={id} role="cell" className={`col-id mono${clip}`}>
          {payment.id}
        </div>
      )
    case 'status':
      return (
        <div key={id} role="cell" className={`col-status${clip}`}>
          <span className={stateClass(payment)} title={`Status: ${payment.status}`}>
            {text.state}
          </span>
        </div>
      )
    case 'amount':
      return (
        <div key={id} role="cell" className={`col-amount${clip}`}>
          {text.amount}
        </div>
      )
    case 'method':
      return (
        <div key={id} role="cell" className={`col-method${clip}`} title={payment.method ?? undefined}>
          {text.method ?? <span className="muted">—</span>}
        </div>
      )
    case 'description':
      return (
        <div key={id} role="cell" className={`col-description${clip}`} title={payment.description}>
          {payment.description}
        </div>
      )
    case 'createdAt':
      return (
        <div key={id} role="cell" className={`col-createdAt${clip}`} title={payment.createdAt}>
          <time dateTime={payment.createdAt}>{text.created}</time>
        </div>
      )
    case 'mode':
      return (
        <div key={id} role="cell" className={`col-mode${clip}`}>
          {payment.mode === 'live' ? <span className="badge badge-live">live</span> : payment.mode}
        </div>
      )
    default:
      return <div key={id} role="cell" className={`col-${id}${clip}`} />
  }
}

/** A row's place in the list: moved by a transform (no layout), its own size. */
function place(start: number, height: number): React.CSSProperties {
  return { transform: `translateY(${start}px)`, height }
}

interface PaymentRowProps {
  index: number
  /** The row's top in the list (px). */
  start: number
  /** null: the row's page is dropped or loading (a placeholder of the same height). */
  payment: ListedPayment | null
  selected: boolean
  /** The visible column ids, in order (a stable array while the columns do not change). */
  columns: readonly string[]
  /** What the measured columns fit (stable until the density or the locale changes). */
  fit: ColumnFit
  height: number
  /** Click on the row: select and open it. Stable across renders. */
  onActivate: (index: number) => void
}

export const PaymentRow = memo(function PaymentRow(props: PaymentRowProps): React.JSX.Element {
  const { index, start, payment, selected, columns, fit, height, onActivate } = props
  if (!payment) {
    return (
      <div role="row" className="pay-row pay-placeholder" style={place(start, height)} aria-rowindex={index + 2}>
        <div role="cell" className="pay-placeholder-cell">
          <span className="pay-skeleton" />
        </div>
      </div>
    )
  }
  const text = rowText(payment)
  return (
    <div
      role="row"
      className={selected ? 'pay-row selected' : 'pay-row'}
      style={place(start, height)}
      aria-rowindex={index + 2}
      aria-selected={selected}
      data-testid="payment-row"
      data-payment-id={payment.id}
      onClick={() => onActivate(index)}
    >
      {columns.map((id) => paymentCell(id, payment, text, fit))}
    </div>
  )
})

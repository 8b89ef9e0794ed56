import { memo } from 'react'
import type { Payment } from '../../../../shared/api-types'
import { statusClass } from './format'
import { rowText, type RowText } from './row-text'

// One row of the payments list, kept cheap for scrolling: the formatted texts of a payment are
// computed once per payment object and locale (row-text.ts), each cell is one element (two for a
// badge or a time), and the row is a memo component, so a row that stays in view is not drawn again.

/** The cell of column `id` for a payment. */
export function PaymentCell({ id, payment, text }: { id: string; payment: Payment; text: RowText }): React.JSX.Element {
  switch (id) {
    case 'id':
      return <td className="col-id mono">{payment.id}</td>
    case 'status':
      return (
        <td className="col-status">
          <span className={statusClass(payment.status)}>{payment.status}</span>
        </td>
      )
    case 'amount':
      return <td className="col-amount">{text.amount}</td>
    case 'method':
      return <td className="col-method">{payment.method ?? <span className="muted">—</span>}</td>
    case 'description':
      return (
        <td className="col-description" title={payment.description}>
          {payment.description}
        </td>
      )
    case 'createdAt':
      return (
        <td className="col-createdAt" title={payment.createdAt}>
          <time dateTime={payment.createdAt}>{text.created}</time>
        </td>
      )
    case 'mode':
      return (
        <td className="col-mode">
          {payment.mode === 'live' ? <span className="badge badge-live">live</span> : payment.mode}
        </td>
      )
    default:
      return <td className={`col-${id}`} />
  }
}

export interface PaymentRowProps {
  index: number
  /** null: the row's page is dropped or loading (a placeholder of the same height). */
  payment: Payment | null
  selected: boolean
  /** The visible column ids, in order (a stable array while the columns do not change). */
  columns: readonly string[]
  height: number
  /** Click on the row: select and open it. Stable across renders. */
  onActivate: (index: number) => void
}

export const PaymentRow = memo(function PaymentRow(props: PaymentRowProps): React.JSX.Element {
  const { index, payment, selected, columns, height, onActivate } = props
  if (!payment) {
    return (
      <tr className="pay-row pay-placeholder" style={{ height }} aria-rowindex={index + 2}>
        <td colSpan={columns.length}>
          <span className="pay-skeleton" />
        </td>
      </tr>
    )
  }
  const text = rowText(payment)
  return (
    <tr
      className={selected ? 'pay-row selected' : 'pay-row'}
      style={{ height }}
      aria-rowindex={index + 2}
      aria-selected={selected}
      data-testid="payment-row"
      data-payment-id={payment.id}
      onClick={() => onActivate(index)}
    >
      {columns.map((id) => (
        <PaymentCell key={id} id={id} payment={payment} text={text} />
      ))}
    </tr>
  )
})

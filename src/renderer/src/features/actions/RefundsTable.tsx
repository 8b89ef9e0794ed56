import { useEffect } from 'react'
import { useStore } from 'zustand'
import type { StoreApi } from 'zustand/vanilla'
import type { Payment } from '../../../../shared/api-types'
import { formatAmountForDisplay } from '../../../../shared/money'
import type { ActionsState } from '../../stores/actions-store'
import { TableHead } from '../../components/TableHead'
import { formatLocalDateTime, userLocale } from '../payments/format'

/**
 * The refunds made of a payment so far: those its read embedded (main reads a payment with its
 * refunds); else, for a copy from the list, read apart whenever what was refunded of it changes and
 * no fresh copy (`reading`) is on its way.
 */
export function RefundsTable({
  store,
  payment,
  reading,
}: {
  store: StoreApi<ActionsState>
  payment: Payment
  reading: boolean
}): React.JSX.Element | null {
  const listed = useStore(store, (s) => s.refunds)
  const error = useStore(store, (s) => s.refundsError)
  const embedded = payment._embedded?.refunds
  const refunds = Array.isArray(embedded) ? { paymentId: payment.id, list: embedded } : listed
  const refunded = payment.amountRefunded?.value ?? null
  const needsList = !Array.isArray(embedded) && !reading && refunded !== null && /[1-9]/.test(refunded)
  useEffect(() => {
    if (needsList) void store.getState().loadRefunds(payment.id)
  }, [store, payment.id, refunded, needsList])

  if (error) return <p className="field-error">Could not list the refunds: {error}</p>
  if (!refunds || refunds.paymentId !== payment.id || refunds.list.length === 0) return null
  const locale = userLocale()
  return (
    <table className="data action-refunds" data-testid="refunds-list">
      <caption className="action-caption">Refunds</caption>
      <TableHead columns={['Refund', 'Amount', 'Status', 'Reason', 'Created']} />
      <tbody>
        {refunds.list.map((r) => (
          <tr key={r.id}>
            <td className="mono">{r.id}</td>
            <td>{formatAmountForDisplay(r.amount, locale)}</td>
            <td>{r.status}</td>
            <td>{r.description}</td>
            <td>{formatLocalDateTime(r.createdAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

import { useEffect } from 'react'
import { useStore } from 'zustand'
import type { StoreApi } from 'zustand/vanilla'
import type { Payment } from '../../../../shared/api-types'
import { formatAmountForDisplay } from '../../../../shared/money'
import type { ActionsState } from '../../stores/actions-store'
import { TableHead } from '../../components/TableHead'
import { formatLocalDateTime, userLocale } from '../payments/format'
import { refundsView } from './refunds-view'

/** The refunds made of a payment so far (see `refundsView`), under its actions. */
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
  const failed = useStore(store, (s) => s.refundsError)
  const { list, error, readApart } = refundsView(payment, listed, failed, reading)
  const refunded = payment.amountRefunded?.value ?? null
  useEffect(() => {
    if (readApart) void store.getState().loadRefunds(payment.id)
  }, [store, payment.id, refunded, readApart])

  if (error) return <p className="field-error">Could not list the refunds: {error}</p>
  if (list.length === 0) return null
  const locale = userLocale()
  return (
    <table className="data action-refunds" data-testid="refunds-list">
      <caption className="action-caption">Refunds</caption>
      <TableHead columns={['Refund', 'Amount', 'Status', 'Reason', 'Created']} />
      <tbody>
        {list.map((r) => (
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

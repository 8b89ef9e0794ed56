import { createColumnHelper } from '@tanstack/react-table'
import type { Payment } from '../../../../shared/api-types'
import { formatAmountForDisplay } from '../../../../shared/money'
import { formatLocalDateTime, statusClass, userLocale } from './format'

/** One row of the virtual window: a payment, or null for a placeholder of a dropped page. */
export interface ViewRow {
  index: number
  payment: Payment | null
}

const col = createColumnHelper<ViewRow>()

export const COLUMN_LABELS: Record<string, string> = {
  id: 'ID',
  status: 'Status',
  amount: 'Amount',
  method: 'Method',
  description: 'Description',
  createdAt: 'Created',
  mode: 'Mode',
}

export const paymentColumns = [
  col.accessor((r) => r.payment?.id ?? '', {
    id: 'id',
    header: COLUMN_LABELS.id,
    cell: (c) => <span className="mono">{c.getValue()}</span>,
  }),
  col.accessor((r) => r.payment?.status ?? '', {
    id: 'status',
    header: COLUMN_LABELS.status,
    cell: (c) => <span className={statusClass(c.getValue())}>{c.getValue()}</span>,
  }),
  col.accessor((r) => r.payment?.amount, {
    id: 'amount',
    header: COLUMN_LABELS.amount,
    // Exact: formatAmountForDisplay formats the decimal string, never a float (spec 2.1).
    cell: (c) => {
      const amount = c.getValue()
      return amount ? <span className="pay-amount">{formatAmountForDisplay(amount, userLocale())}</span> : null
    },
  }),
  col.accessor((r) => r.payment?.method ?? null, {
    id: 'method',
    header: COLUMN_LABELS.method,
    cell: (c) => c.getValue() ?? <span className="muted">—</span>,
  }),
  col.accessor((r) => r.payment?.description ?? '', {
    id: 'description',
    header: COLUMN_LABELS.description,
    cell: (c) => <span title={c.getValue()}>{c.getValue()}</span>,
  }),
  col.accessor((r) => r.payment?.createdAt ?? '', {
    id: 'createdAt',
    header: COLUMN_LABELS.createdAt,
    cell: (c) => (
      <time dateTime={c.getValue()} title={c.getValue()}>
        {formatLocalDateTime(c.getValue())}
      </time>
    ),
  }),
  col.accessor((r) => r.payment?.mode ?? '', {
    id: 'mode',
    header: COLUMN_LABELS.mode,
    cell: (c) => (c.getValue() === 'live' ? <span className="badge badge-live">live</span> : c.getValue()),
  }),
]

export const COLUMN_IDS = paymentColumns.flatMap((c) => (c.id ? [c.id] : []))

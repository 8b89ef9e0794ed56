import { createColumnHelper } from '@tanstack/react-table'
import type { Payment } from '../../../../shared/api-types'

// The list's columns: ids, header labels and visibility go through @tanstack/react-table; the cells
// are drawn by row-cells.tsx (PaymentCell), one memoized row at a time.

const col = createColumnHelper<Payment>()

export const COLUMN_LABELS: Record<string, string> = {
  id: 'ID',
  status: 'Status',
  amount: 'Amount',
  method: 'Method',
  description: 'Description',
  createdAt: 'Created',
  mode: 'Mode',
}

export const paymentColumns = Object.entries(COLUMN_LABELS).map(([id, header]) => col.display({ id, header }))

export const COLUMN_IDS = paymentColumns.flatMap((c) => (c.id ? [c.id] : []))

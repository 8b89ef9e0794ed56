// A page of the payments list as main hands it to the renderer, and as the renderer reads it back:
// one rule for both sides. Kept apart from the IPC channel definitions (and their zod schemas), so the
// first screen's code does not load them.

import type { PaymentList } from './api-types'
import type { PaymentsPageResult } from './ipc/payments'

/** Between two payments' JSON texts in `rowsText`: JSON text holds no raw line break. */
const ROW_SEPARATOR = '\n'

/** The payments' JSON texts of a page's `rowsText`, in order (none for an empty page). */
export function pageRowTexts(rowsText: string): string[] {
  return rowsText === '' ? [] : rowsText.split(ROW_SEPARATOR)
}

/** A page of the list as main hands it to the renderer (one payment, one line). */
export function toPageResult(page: PaymentList, requestId: string | null): PaymentsPageResult {
  const payments = page._embedded.payments
  const currencies = new Set<string>()
  for (const p of payments) if (p.amount?.currency) currencies.add(p.amount.currency)
  return {
    pageText: JSON.stringify({ ...page, _embedded: { ...page._embedded, payments: [] } }),
    rowsText: payments.map((p) => JSON.stringify(p)).join(ROW_SEPARATOR),
    ids: payments.map((p) => p.id),
    currencies: [...currencies].sort(),
    requestId,
  }
}

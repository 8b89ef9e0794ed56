// A page of the payments list as main hands it to the renderer, and as the renderer reads it back:
// one rule for both sides. Kept apart from the IPC channel definitions (and their zod schemas), so the
// first screen's code does not load them.

import type { Payment, PaymentList, Refund } from './api-types'
import type { PaymentsPageResult } from './ipc/payments'

/** Between two payments' JSON texts in `rowsText`: JSON text holds no raw line break. */
const ROW_SEPARATOR = '\n'

/** The payments' JSON texts of a page's `rowsText`, in order (none for an empty page). */
export function pageRowTexts(rowsText: string): string[] {
  return rowsText === '' ? [] : rowsText.split(ROW_SEPARATOR)
}

/**
 * What a list row shows of a payment: its cells' fields and what its state word is read from. Main
 * sends it beside the whole payment, so a row drawn parses these few fields, not the payment's links
 * and details (the largest allocation of a scroll: about 1.2 kB per row drawn, for 9 fields shown).
 */
export type ListedPayment = Pick<
  Payment,
  'id' | 'mode' | 'status' | 'amount' | 'amountRefunded' | 'amountChargedBack' | 'method' | 'description' | 'createdAt'
> & { _embedded?: { refunds?: Pick<Refund, 'status'>[] } }

/** A payment's listed fields, as they are (a field the payment lacks stays absent). */
function listed(p: Payment): ListedPayment {
  const refunds = p._embedded?.refunds
  return {
    id: p.id,
    mode: p.mode,
    status: p.status,
    amount: p.amount,
    amountRefunded: p.amountRefunded,
    amountChargedBack: p.amountChargedBack,
    method: p.method,
    description: p.description,
    createdAt: p.createdAt,
    ...(refunds ? { _embedded: { refunds: refunds.map((r) => ({ status: r.status })) } } : {}),
  }
}

/** A page of the list as main hands it to the renderer (one payment, one line). */
export function toPageResult(page: PaymentList, requestId: string | null): PaymentsPageResult {
  const payments = page._embedded.payments
  const currencies = new Set<string>()
  for (const p of payments) if (p.amount?.currency) currencies.add(p.amount.currency)
  return {
    pageText: JSON.stringify({ ...page, _embedded: { ...page._embedded, payments: [] } }),
    rowsText: payments.map((p) => JSON.stringify(p)).join(ROW_SEPARATOR),
    shownText: payments.map((p) => JSON.stringify(listed(p))).join(ROW_SEPARATOR),
    ids: payments.map((p) => p.id),
    currencies: [...currencies].sort(),
    requestId,
  }
}

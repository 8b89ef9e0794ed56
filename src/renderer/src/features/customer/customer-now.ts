import { customerOrder, customerPayment, customerProblems, customerTotals } from '../../../../shared/customer-summary'
import type { CustomerView } from '../../../../shared/ipc/customers'
import type { EntitiesState, Entry } from '../../stores/entities'

// The customer view as it is now: the view main answered, with each payment and order that the window
// read again since (a refund's or a cancel's answer, the payment or order view's read) shown as that
// newer read has it. The totals and problems are worked out again over the rows shown, as main works
// them out (customer-summary.ts).

/** The rows of `rows` the cache holds a newer read of (after `stamp`), as `toRow` lists it; null when none. */
function newerRows<R extends { id: string }, T>(
  rows: readonly R[],
  cache: Readonly<Record<string, Entry<T>>>,
  stamp: number,
  toRow: (value: T) => R,
): R[] | null {
  let changed = false
  const out = rows.map((row) => {
    const newer = cache[row.id]
    if (!newer || newer.stamp <= stamp) return row
    changed = true
    return toRow(newer.value)
  })
  return changed ? out : null
}

/** `customer`: the view and its cache stamp; `cache`: the window's payments and orders (entities.ts). */
export function customerNow(
  customer: Entry<CustomerView>,
  cache: Pick<EntitiesState, 'payments' | 'orders'>,
): CustomerView {
  const view = customer.value
  const payments = newerRows(view.payments, cache.payments, customer.stamp, customerPayment)
  const orders = newerRows(view.orders, cache.orders, customer.stamp, customerOrder)
  if (!payments && !orders) return view
  const rows = payments ?? view.payments
  const orderRows = orders ?? view.orders
  const stale = orderRows.filter((o) => !o.fresh).length + rows.filter((p) => !p.fresh).length
  return {
    ...view,
    payments: rows,
    orders: orderRows,
    totals: customerTotals(rows),
    problems: customerProblems(rows, orderRows, Date.parse(view.readAt)),
    stale: { count: stale, reason: stale > 0 ? view.stale.reason : null },
  }
}

import { customerPayment, customerProblems, customerTotals } from '../../../../shared/customer-summary'
import type { CustomerView } from '../../../../shared/ipc/customers'
import type { EntitiesState, Entry } from '../../stores/entities'

// The customer view as it is now: the view main answered, with each payment that the window read
// again since (a refund's answer, the payment view's read) shown as that newer read has it. The totals
// and problems are worked out again over the rows shown, as main works them out (customer-summary.ts).

/** `customer`: the view and its cache stamp; `payments`: the cache's payments (entities.ts). */
export function customerNow(customer: Entry<CustomerView>, payments: EntitiesState['payments']): CustomerView {
  const view = customer.value
  let changed = false
  const rows = view.payments.map((row) => {
    const newer = payments[row.id]
    if (!newer || newer.stamp <= customer.stamp) return row
    changed = true
    return customerPayment(newer.value)
  })
  if (!changed) return view
  const stale = view.orders.filter((o) => !o.fresh).length + rows.filter((p) => !p.fresh).length
  return {
    ...view,
    payments: rows,
    totals: customerTotals(rows),
    problems: customerProblems(rows, view.orders, Date.parse(view.readAt)),
    stale: { count: stale, reason: stale > 0 ? view.stale.reason : null },
  }
}

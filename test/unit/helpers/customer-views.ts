// A customer view as main answers it, for the renderer's store tests: empty but for what a test sets.
import type { CustomerView } from '../../../src/shared/ipc/customers'

/** A customer view with no orders, payments or problems, read at a fixed time; `over` sets the rest. */
export function customerView(over: Partial<CustomerView> = {}): CustomerView {
  return {
    ref: { customerId: null, email: null },
    customerId: null,
    name: null,
    email: null,
    phone: null,
    addresses: [],
    orders: [],
    payments: [],
    moreOrders: false,
    morePayments: false,
    bound: 50,
    totals: [],
    problems: [],
    stale: { count: 0, reason: null },
    readAt: '2026-11-25T12:00:00Z',
    raw: null,
    ...over,
  }
}

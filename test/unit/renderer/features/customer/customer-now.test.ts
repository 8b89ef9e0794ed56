// The customer view as it is now (no browser): main's view, with each payment and order the window
// read again since shown as that newer read has it (an order canceled, a payment refunded in another
// view), the totals worked out again; a read older than the view changes nothing.
import { describe, expect, it } from 'vitest'
import { customerNow } from '../../../../../src/renderer/src/features/customer/customer-now'
import { customerOrder, customerPayment } from '../../../../../src/shared/customer-summary'
import type { Order, Payment } from '../../../../../src/shared/api-types'
import type { Entry } from '../../../../../src/renderer/src/stores/entities'
import { customerView } from '../../../helpers/customer-views'
import { order, payment } from '../../../helpers/story-objects'

const paid = payment({ id: 'tr_ann1' })
const placed = order({ id: 'ord_ann1', status: 'paid' })
const view = customerView({ payments: [customerPayment(paid)], orders: [customerOrder(placed)] })

const entry = <T>(value: T, stamp: number): Entry<T> => ({ value, stamp })
const cacheOf = (payments: Record<string, Entry<Payment>> = {}, orders: Record<string, Entry<Order>> = {}) => ({
  payments,
  orders,
})

describe('customerNow', () => {
  it('is the view main answered while the window read nothing newer', () => {
    expect(customerNow(entry(view, 5), cacheOf())).toBe(view)
    const older = cacheOf({ tr_ann1: entry(payment({ id: 'tr_ann1', status: 'failed' }), 4) })
    expect(customerNow(entry(view, 5), older)).toBe(view)
  })

  it('shows an order canceled since (the cancel’s answer in the cache), not as main listed it', () => {
    const canceled = order({ id: 'ord_ann1', status: 'canceled', canceledAt: '2026-11-25T13:00:00Z' })
    const now = customerNow(entry(view, 5), cacheOf({}, { ord_ann1: entry(canceled, 6) }))
    expect(now.orders).toEqual([
      expect.objectContaining({ id: 'ord_ann1', status: 'canceled', endedAt: '2026-11-25T13:00:00Z' }),
    ])
    expect(now.payments).toBe(view.payments)
  })

  it('shows a payment refunded since, with the totals worked out again', () => {
    const refunded = payment({ id: 'tr_ann1', amountRefunded: { currency: 'EUR', value: '20.00' } })
    const now = customerNow(entry(view, 5), cacheOf({ tr_ann1: entry(refunded, 9) }))
    expect(now.payments[0]?.amountRefunded?.value).toBe('20.00')
    expect(now.totals).toEqual([expect.objectContaining({ currency: 'EUR', refunded: '20.00' })])
    expect(now.orders).toBe(view.orders)
  })
})

// The payment view's context (main): the order read early (beside the payment, from the id of the
// copy the list served) is used only when it is the payment's own order; otherwise that one is read.
import { describe, expect, it } from 'vitest'
import type { Order } from '../../../../src/shared/api-types'
import { loadPaymentContext } from '../../../../src/main/services/payment-context'
import { payment } from '../../helpers/story-objects'

const order = (id: string) => ({ id, orderNumber: `N-${id}`, status: 'paid' }) as unknown as Order

describe('payment context', () => {
  it('uses the order read early when it is the payment’s own, without reading it again', async () => {
    const reads: string[] = []
    const context = await loadPaymentContext(
      payment({ orderId: 'ord_1' }),
      { getOrder: async (id) => (reads.push(id), order(id)) },
      {},
      { orderId: 'ord_1', order: Promise.resolve(order('ord_1')) },
    )
    expect(context.order?.id).toBe('ord_1')
    expect(reads).toEqual([])
  })

  it('reads the payment’s own order when the early one is another (the list’s copy was older)', async () => {
    const reads: string[] = []
    const context = await loadPaymentContext(
      payment({ orderId: 'ord_2' }),
      { getOrder: async (id) => (reads.push(id), order(id)) },
      {},
      { orderId: 'ord_1', order: Promise.resolve(order('ord_1')) },
    )
    expect(context.order?.id).toBe('ord_2')
    expect(reads).toEqual(['ord_2'])
  })

  it('a payment without an order has none, and an order that cannot be read is left out', async () => {
    expect((await loadPaymentContext(payment(), { getOrder: async (id) => order(id) }, {})).order).toBeNull()
    const failing = await loadPaymentContext(
      payment({ orderId: 'ord_3' }),
      { getOrder: () => Promise.reject(new Error('x')) },
      {},
    )
    expect(failing.order).toBeNull()
  })
})

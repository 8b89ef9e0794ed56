// The order view's handler reports the order it opened (its index row is refreshed by app-services/).
import { describe, expect, it } from 'vitest'
import type { Order } from '../../../../../src/shared/api-types'
import { createOrderHandlers } from '../../../../../src/main/services/orders/handlers'
import type { OrdersService } from '../../../../../src/main/services/orders/types'

describe('orders handlers', () => {
  it('orders.get: where to report is asked before the read, the order read is reported after it', async () => {
    const steps: string[] = []
    const handlers = createOrderHandlers(
      {} as OrdersService,
      {
        getOrder: async (id) => {
          steps.push(`get ${id}`)
          return { order: { id } as Order, requestId: 'req_1' }
        },
      },
      async () => {
        steps.push('begin')
        return (kind, order) => void steps.push(`read ${kind} ${order.id}`)
      },
    )
    const result = await handlers['orders.get']({ id: 'ord_kEn1PlbGa' }, { senderUrl: 'app://paydesk/' })
    expect(result.order.id).toBe('ord_kEn1PlbGa')
    expect(steps).toEqual(['begin', 'get ord_kEn1PlbGa', 'read orders ord_kEn1PlbGa'])
  })
})

// The order view's store with a fake port (no browser): loading, not found, stale answers dropped,
// refresh keeping what is shown, "new payment" offered by the shared rule and its outcome.
import { describe, expect, it } from 'vitest'
import { createEntitiesStore } from '../../../../src/renderer/src/stores/entities'
import type { Order, Payment } from '../../../../src/shared/api-types'
import { createOrderStore, type OrderPort } from '../../../../src/renderer/src/stores/order-store'
import { deferred } from '../../helpers/store-fakes'
import { payment } from '../../helpers/story-objects'

function order(id: string, status: Order['status'], payments: Payment[]): Order {
  return {
    resource: 'order',
    id,
    status,
    orderNumber: `N-${id}`,
    amount: { currency: 'EUR', value: '10.00' },
    lines: [],
    billingAddress: {},
    _embedded: { payments },
    _links: {},
  } as unknown as Order
}

/** What ipc-client's IpcError carries: a code and the view main sent (with the API's error). */
function ipcError(code: string, message: string, api?: Record<string, unknown>): Error {
  return Object.assign(new Error(message), { code, view: { code, message, api } })
}

describe('order store', () => {
  it('shows loading, then the order and its request; a 404 becomes an error view', async () => {
    const gets: string[] = []
    const port: OrderPort = {
      async get(id) {
        gets.push(id)
        if (id === 'ord_missing') {
          throw ipcError('api-error', 'Not found', {
            status: 404,
            title: 'Not Found',
            detail: 'No order',
            requestId: 'req-404',
          })
        }
        return { order: order(id, 'created', [payment({ id: 'tr_1', status: 'open' })]), requestId: 'req-1' }
      },
      newPayment: async () => {
        throw new Error('not used')
      },
    }
    const store = createOrderStore(port, createEntitiesStore())
    const opening = store.getState().open('ord_1')
    expect(store.getState()).toMatchObject({ orderId: 'ord_1', loading: true, order: null })
    await opening
    expect(store.getState()).toMatchObject({ loading: false, requestId: 'req-1', error: null })
    expect(store.getState().order?.id).toBe('ord_1')
    await store.getState().open('ord_missing')
    expect(store.getState().order).toBeNull()
    expect(store.getState().error).toMatchObject({ status: 404, requestId: 'req-404' })
    expect(gets).toEqual(['ord_1', 'ord_missing'])
  })

  it('drops the answer for an order that is no longer on screen', async () => {
    const slow = deferred<{ order: Order; requestId: string | null }>()
    const port: OrderPort = {
      get: (id) =>
        id === 'ord_slow' ? slow.promise : Promise.resolve({ order: order(id, 'paid', []), requestId: null }),
      newPayment: async () => {
        throw new Error('not used')
      },
    }
    const store = createOrderStore(port, createEntitiesStore())
    const first = store.getState().open('ord_slow')
    await store.getState().open('ord_fast')
    slow.resolve({ order: order('ord_slow', 'created', []), requestId: 'old' })
    await first
    expect(store.getState().order?.id).toBe('ord_fast')
    expect(store.getState().orderId).toBe('ord_fast')
  })

  it('keeps the order on screen while refreshing, and after a failed refresh', async () => {
    let fail = false
    const port: OrderPort = {
      async get(id) {
        if (fail) throw new Error('network down')
        return { order: order(id, 'created', []), requestId: 'r' }
      },
      newPayment: async () => {
        throw new Error('not used')
      },
    }
    const store = createOrderStore(port, createEntitiesStore())
    await store.getState().open('ord_1')
    fail = true
    await store.getState().refresh()
    expect(store.getState().order?.id).toBe('ord_1')
    expect(store.getState().error?.message).toBe('network down')
  })

  it('offers a new payment by the shared rule, and shows the one main created', async () => {
    let current = order('ord_1', 'created', [payment({ id: 'tr_1', status: 'open' })])
    const asked: string[] = []
    const port: OrderPort = {
      get: async () => ({ order: current, requestId: 'r' }),
      async newPayment(orderId) {
        asked.push(orderId)
        const created = payment({ id: 'tr_2', status: 'open' })
        current = order('ord_1', 'created', [payment({ id: 'tr_1', status: 'failed' }), created])
        return { payment: created, order: current, requestId: 'req-new' }
      },
    }
    const store = createOrderStore(port, createEntitiesStore())
    expect(store.getState().newPaymentBlocker()).toMatch(/not loaded/)
    await store.getState().open('ord_1')
    expect(store.getState().newPaymentBlocker()).toContain('tr_1')
    current = order('ord_1', 'created', [payment({ id: 'tr_1', status: 'failed' })])
    await store.getState().refresh()
    expect(store.getState().newPaymentBlocker()).toBeNull()
    await store.getState().newPayment()
    expect(asked).toEqual(['ord_1'])
    expect(store.getState().created).toMatchObject({ payment: { id: 'tr_2' }, requestId: 'req-new' })
    expect(store.getState().order?._embedded?.payments).toHaveLength(2)
    expect(store.getState().newPaymentBlocker()).toContain('tr_2')
  })

  it('shows why main refused a new payment, and sends nothing twice while one is on its way', async () => {
    const pending = deferred<{ payment: Payment; order: Order; requestId: string | null }>()
    let calls = 0
    const port: OrderPort = {
      get: async (id) => ({ order: order(id, 'created', []), requestId: null }),
      newPayment: () => {
        calls++
        return pending.promise
      },
    }
    const store = createOrderStore(port, createEntitiesStore())
    await store.getState().open('ord_1')
    const first = store.getState().newPayment()
    await store.getState().newPayment()
    expect(calls).toBe(1)
    expect(store.getState().creating).toBe(true)
    pending.reject(ipcError('conflict', 'Nothing was sent: the order is paid.'))
    await first
    expect(store.getState()).toMatchObject({ creating: false, created: null })
    expect(store.getState().errandError?.message).toBe('Nothing was sent: the order is paid.')
  })
})

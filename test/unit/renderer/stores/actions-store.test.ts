// The actions store with a fake port (no browser): one action at a time, the dialog closing on
// success and staying open with the error on a refusal, the outcome with its request, refunds
// reloaded after a refund, and nothing of a previous payment kept after reset.
import { describe, expect, it } from 'vitest'
import type { Order, Payment, Refund } from '../../../../src/shared/api-types'
import { createActionsStore, type ActionsPort } from '../../../../src/renderer/src/stores/actions-store'

const payment = (id: string, status = 'paid') => ({ id, status }) as unknown as Payment
const refund = (id: string, value: string) =>
  ({ id, amount: { currency: 'EUR', value }, status: 'pending' }) as unknown as Refund

function port(overrides: Partial<ActionsPort> = {}): ActionsPort & { calls: string[] } {
  const calls: string[] = []
  const refunds: Refund[] = []
  return {
    calls,
    async refund({ paymentId, amount }) {
      calls.push(`refund ${paymentId} ${amount.value}`)
      const r = refund(`re_${refunds.length + 1}`, amount.value)
      refunds.push(r)
      return { refund: r, payment: payment(paymentId), requestId: 'req-refund' }
    },
    async refunds(paymentId) {
      calls.push(`refunds ${paymentId}`)
      return { refunds: [...refunds], requestId: null }
    },
    async cancelPayment(paymentId) {
      calls.push(`cancel ${paymentId}`)
      return { payment: payment(paymentId, 'canceled'), requestId: 'req-cancel' }
    },
    async update(paymentId) {
      calls.push(`update ${paymentId}`)
      return { payment: payment(paymentId, 'open'), requestId: 'req-update' }
    },
    async cancelOrder(orderId) {
      calls.push(`cancel-order ${orderId}`)
      return { order: { id: orderId, orderNumber: 'N-1' } as Order, requestId: 'req-order' }
    },
    ...overrides,
  }
}

describe('actions store', () => {
  it('refunds, closes the dialog, says what happened with its request, and reloads the refunds', async () => {
    const p = port()
    const store = createActionsStore(p)
    store.getState().open('refund', 'tr_1')
    const result = await store.getState().refund('tr_1', { currency: 'EUR', value: '5.00' }, '  ')
    expect(result?.id).toBe('tr_1')
    expect(store.getState().dialog).toBeNull()
    expect(store.getState().done).toMatchObject({ kind: 'refund', requestId: 'req-refund' })
    expect(store.getState().done?.message).toContain('EUR 5.00')
    expect(store.getState().refunds).toMatchObject({ paymentId: 'tr_1', list: [{ id: 're_1' }] })
    expect(p.calls).toEqual(['refund tr_1 5.00', 'refunds tr_1'])
  })

  it('a refund is one call to main when its answer carries the payment with its refunds (issue 23 item 4)', async () => {
    const after = {
      ...payment('tr_2'),
      _embedded: { refunds: [refund('re_9', '5.00')] },
    } as unknown as Payment
    const deliveries = [{ at: '2026-11-25T10:00:00Z', status: 'failed' }] as never
    const p = port({
      async refund({ paymentId, amount }) {
        p.calls.push(`refund ${paymentId} ${amount.value}`)
        return { refund: refund('re_9', amount.value), payment: after, requestId: 'req-refund', deliveries }
      },
    })
    const store = createActionsStore(p)
    await store.getState().refund('tr_2', { currency: 'EUR', value: '5.00' }, '')
    expect(p.calls).toEqual(['refund tr_2 5.00'])
    expect(store.getState().refunds).toMatchObject({ paymentId: 'tr_2', list: [{ id: 're_9' }] })
    // What the view shows without a read of its own: the payment as main read it, and the shop's calls.
    expect(store.getState().done).toMatchObject({ kind: 'refund', payment: after, deliveries })
  })

  it('keeps the dialog open with main’s refusal, and sends one action at a time', async () => {
    let release!: () => void
    const p = port({
      cancelPayment: () =>
        new Promise((_, reject) => {
          release = () =>
            reject(Object.assign(new Error('Nothing was sent: canceled by you.'), { code: 'canceled', view: {} }))
        }),
    })
    const store = createActionsStore(p)
    store.getState().open('cancel-payment', 'tr_1')
    const first = store.getState().cancelPayment('tr_1')
    expect(await store.getState().cancelPayment('tr_1')).toBeNull() // a second click while busy
    store.getState().close() // no closing while the action is on its way
    expect(store.getState().dialog).not.toBeNull()
    release()
    expect(await first).toBeNull()
    expect(store.getState()).toMatchObject({ busy: false, done: null, dialog: { kind: 'cancel-payment' } })
    expect(store.getState().error).toMatchObject({ code: 'canceled', message: 'Nothing was sent: canceled by you.' })
    store.getState().close()
    expect(store.getState()).toMatchObject({ dialog: null, error: null })
  })

  it('updates and cancels orders with their own messages; reset forgets the previous object', async () => {
    const store = createActionsStore(port())
    await store.getState().update('tr_2', { description: 'New' })
    expect(store.getState().done).toMatchObject({ kind: 'update', requestId: 'req-update' })
    await store.getState().cancelOrder('ord_1')
    expect(store.getState().done?.message).toBe('Order N-1 was canceled.')
    await store.getState().loadRefunds('tr_2')
    store.getState().reset()
    expect(store.getState()).toMatchObject({ done: null, refunds: null, dialog: null, error: null })
  })

  it('shows a failed refunds list in words', async () => {
    const store = createActionsStore(
      port({
        refunds: async () => {
          throw new Error('network down')
        },
      }),
    )
    await store.getState().loadRefunds('tr_1')
    expect(store.getState().refundsError).toBe('network down')
  })
})

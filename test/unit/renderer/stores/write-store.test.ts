// The write store with a fake port (no browser): one action at a time, the dialog closing on
// success and staying open with the error on a refusal, the outcome with its request, refunds
// reloaded after a refund, and nothing of a previous payment kept after reset.
import { describe, expect, it } from 'vitest'
import { createEntitiesStore } from '../../../../src/renderer/src/stores/entities'
import type { Order, Refund } from '../../../../src/shared/api-types'
import { createWriteStore, type WritePort } from '../../../../src/renderer/src/stores/write-store'
import type { RefundGuard } from '../../../../src/shared/refund-guard'
import { payment } from '../../helpers/story-objects'

const refund = (id: string, value: string) =>
  ({ id, amount: { currency: 'EUR', value }, status: 'pending' }) as unknown as Refund

function port(overrides: Partial<WritePort> = {}): WritePort & { calls: string[] } {
  const calls: string[] = []
  const refunds: Refund[] = []
  return {
    calls,
    async refund({ paymentId, amount, seen, holdReason }) {
      calls.push(
        `refund ${paymentId} ${amount.value}${seen ? ` seen ${seen}` : ''}${holdReason ? ` because ${holdReason}` : ''}`,
      )
      const r = refund(`re_${refunds.length + 1}`, amount.value)
      refunds.push(r)
      return { refund: r, payment: payment({ id: paymentId }), requestId: 'req-refund' }
    },
    async refundGuard(paymentId) {
      calls.push(`guard ${paymentId}`)
      const token = `token-${calls.filter((c) => c.startsWith('guard')).length}`
      return { payment: payment({ id: paymentId }), guard: { paymentId, token } as RefundGuard, requestId: 'req-guard' }
    },
    async cancelRefund(paymentId, refundId) {
      calls.push(`cancel-refund ${paymentId} ${refundId}`)
      const r = { ...refund(refundId, '5.00'), status: 'canceled' } as Refund
      const after = payment({ id: paymentId, _embedded: { refunds: [r] } })
      return { refund: r, payment: after, requestId: 'req-cancel-refund' }
    },
    async queuedRefunds(paymentId) {
      calls.push(`queued ${paymentId}`)
      return { queued: [], notice: null }
    },
    async cancelQueuedRefund(queueId) {
      calls.push(`cancel-queued ${queueId}`)
      throw new Error('not used')
    },
    async refunds(paymentId) {
      calls.push(`refunds ${paymentId}`)
      return { refunds: [...refunds], requestId: null }
    },
    async cancelPayment(paymentId) {
      calls.push(`cancel ${paymentId}`)
      return { payment: payment({ id: paymentId, status: 'canceled' }), requestId: 'req-cancel' }
    },
    async update(paymentId) {
      calls.push(`update ${paymentId}`)
      return { payment: payment({ id: paymentId, status: 'open' }), requestId: 'req-update' }
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
    const store = createWriteStore(p, createEntitiesStore())
    store.getState().open('refund', 'tr_1')
    await expect.poll(() => store.getState().guard?.state).toBe('read')
    const result = await store.getState().refund('tr_1', { currency: 'EUR', value: '5.00' }, '  ')
    expect(result?.id).toBe('tr_1')
    expect(store.getState().dialog).toBeNull()
    expect(store.getState().done).toMatchObject({ kind: 'refund', requestId: 'req-refund' })
    expect(store.getState().done?.message).toContain('EUR 5.00')
    expect(store.getState().refunds).toMatchObject({ paymentId: 'tr_1', list: [{ id: 're_1' }] })
    // Opening the refund reads main's guard; the refund names the guard the agent saw.
    expect(p.calls).toEqual(['guard tr_1', 'refund tr_1 5.00 seen token-1', 'refunds tr_1'])
    expect(store.getState().guard).toBeNull()
  })

  it('a refused refund reads the guard again, so the dialog shows the payment as it is now (issue 49 item 1)', async () => {
    const p = port({
      async refund({ paymentId, seen, holdReason }) {
        p.calls.push(`refund ${paymentId} seen ${seen} because ${holdReason}`)
        throw Object.assign(new Error('Nothing was sent: the payment changed since you opened the refund.'), {
          code: 'conflict',
          view: {},
        })
      },
    })
    const store = createWriteStore(p, createEntitiesStore())
    store.getState().open('refund', 'tr_1')
    await expect.poll(() => store.getState().guard?.state).toBe('read')
    await store.getState().refund('tr_1', { currency: 'EUR', value: '5.00' }, '', '', '  customer called twice  ')
    expect(p.calls).toEqual(['guard tr_1', 'refund tr_1 seen token-1 because customer called twice', 'guard tr_1'])
    expect(store.getState().guard).toMatchObject({ state: 'read', value: { guard: { token: 'token-2' } } })
    expect(store.getState().error?.message).toContain('changed since you opened')
    expect(store.getState().dialog).toMatchObject({ kind: 'refund', targetId: 'tr_1' })
  })

  it('a guard main could not read is shown as an error, and nothing can be confirmed against it', async () => {
    const store = createWriteStore(
      port({
        refundGuard: async () => {
          throw Object.assign(new Error('Nothing was sent: Paydesk could not read tr_1 fresh just now.'), {
            code: 'conflict',
            view: {},
          })
        },
      }),
      createEntitiesStore(),
    )
    store.getState().open('refund', 'tr_1')
    await expect.poll(() => store.getState().guard?.state).toBe('error')
    const guard = store.getState().guard
    expect(guard?.state === 'error' ? guard.error.message : null).toContain('could not read tr_1 fresh')
  })

  it('a refund is one call to main when its answer carries the payment with its refunds (issue 23 item 4)', async () => {
    const after = payment({ id: 'tr_2', _embedded: { refunds: [refund('re_9', '5.00')] } })
    const deliveries = [{ at: '2026-11-25T10:00:00Z', status: 'failed' }] as never
    const p = port({
      async refund({ paymentId, amount }) {
        p.calls.push(`refund ${paymentId} ${amount.value}`)
        return { refund: refund('re_9', amount.value), payment: after, requestId: 'req-refund', deliveries }
      },
    })
    const entities = createEntitiesStore()
    const store = createWriteStore(p, entities)
    await store.getState().refund('tr_2', { currency: 'EUR', value: '5.00' }, '')
    expect(p.calls).toEqual(['refund tr_2 5.00'])
    expect(store.getState().refunds).toMatchObject({ paymentId: 'tr_2', list: [{ id: 're_9' }] })
    // What the views show without a read of their own: the payment as main read it, and the shop's
    // calls, in the window's cache.
    expect(store.getState().done).toMatchObject({ kind: 'refund', requestId: 'req-refund' })
    expect(entities.getState().payments['tr_2']?.value).toBe(after)
    // Complete as the payment view reads it: not marked stale, so no view reads it again.
    expect(entities.getState().stale.payments).toEqual({})
    expect(entities.getState().deliveries['tr_2']?.value).toBe(deliveries)
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
    const store = createWriteStore(p, createEntitiesStore())
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
    const entities = createEntitiesStore()
    const store = createWriteStore(port(), entities)
    await store.getState().update('tr_2', { description: 'New' })
    // Main's answer to a change has no refunds embedded: cached, and marked stale for the view to read again.
    expect(store.getState().done).toMatchObject({ kind: 'update', requestId: 'req-update' })
    expect(entities.getState().payments['tr_2']?.value.id).toBe('tr_2')
    expect(entities.getState().stale.payments).toEqual({ tr_2: 1 })
    await store.getState().cancelPayment('tr_2')
    expect(entities.getState().stale.payments).toEqual({ tr_2: 2 })
    await store.getState().cancelOrder('ord_1')
    expect(store.getState().done?.message).toBe('Order N-1 was canceled.')
    expect(entities.getState().orders['ord_1']?.value.orderNumber).toBe('N-1')
    expect(entities.getState().stale.orders).toEqual({ ord_1: 1 })
    await store.getState().loadRefunds('tr_2')
    store.getState().reset()
    expect(store.getState()).toMatchObject({ done: null, refunds: null, dialog: null, error: null })
  })

  it('cancels a refund: says so, keeps the payment main answered and its refunds (issue 49 item 3)', async () => {
    const p = port()
    const entities = createEntitiesStore()
    const store = createWriteStore(p, entities)
    store.getState().open('cancel-refund', 're_7')
    const after = await store.getState().cancelRefund('tr_1', 're_7')
    expect(p.calls).toEqual(['cancel-refund tr_1 re_7'])
    expect(store.getState().dialog).toBeNull()
    expect(store.getState().done).toMatchObject({
      kind: 'cancel-refund',
      requestId: 'req-cancel-refund',
    })
    expect(entities.getState().payments['tr_1']?.value).toBe(after)
    expect(entities.getState().stale.payments).toEqual({})
    expect(store.getState().done?.message).toBe('Refund re_7 of EUR 5.00 was canceled; no money was sent.')
    expect(store.getState().refunds).toMatchObject({ paymentId: 'tr_1', list: [{ id: 're_7', status: 'canceled' }] })
  })

  it('shows a failed refunds list in words', async () => {
    const store = createWriteStore(
      port({
        refunds: async () => {
          throw new Error('network down')
        },
      }),
      createEntitiesStore(),
    )
    await store.getState().loadRefunds('tr_1')
    expect(store.getState().refundsError).toBe('network down')
  })

  it('keeps main’s notice that the held refunds could not be read, for the payment view to show', async () => {
    const notice = 'The refunds held at this desk could not be read when Paydesk started; none of them will be sent.'
    const store = createWriteStore(port({ queuedRefunds: async () => ({ queued: [], notice }) }), createEntitiesStore())
    await store.getState().loadQueued('tr_1')
    expect(store.getState().queued).toEqual({ paymentId: 'tr_1', list: [], notice })
  })
})

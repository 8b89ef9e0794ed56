// The store of the customer view's mandates and subscriptions (issue 49 item 6): it asks main through
// its port and keeps the answer, the dialog, and what the last write stopped.
import { describe, expect, it } from 'vitest'
import type { RecurringView, RecurringWriteResult } from '../../../../src/shared/ipc/recurring'
import { createRecurringStore, type RecurringPort } from '../../../../src/renderer/src/stores/recurring-store'

const view = (status: 'active' | 'canceled'): RecurringView => ({
  customerId: 'cst_1',
  mandates: [],
  subscriptions: [
    {
      id: 'sub_1',
      description: 'Gym monthly',
      amount: { currency: 'EUR', value: '29.95' },
      interval: '1 month',
      status,
      method: null,
      nextPaymentDate: status === 'active' ? '2026-12-01' : null,
      startDate: '2026-09-01',
      createdAt: '2026-09-01T08:00:00+00:00',
      canceledAt: status === 'canceled' ? '2026-11-28T10:00:00+00:00' : null,
      times: null,
      timesCharged: 3,
      moreCharges: false,
      lastPaidAt: '2026-11-01T00:00:00+00:00',
      underWay: null,
    },
  ],
  more: false,
  partial: null,
  readAt: '2026-11-28T10:00:00.000Z',
})

function port(over: Partial<RecurringPort> = {}): RecurringPort & { calls: string[] } {
  const calls: string[] = []
  return {
    calls,
    open: async (customerId) => {
      calls.push(`open ${customerId}`)
      return view('active')
    },
    revokeMandate: async (customerId, mandateId) => {
      calls.push(`revoke ${customerId} ${mandateId}`)
      throw new Error('not in this test')
    },
    cancelSubscription: async (customerId, subscriptionId): Promise<RecurringWriteResult> => {
      calls.push(`cancel ${customerId} ${subscriptionId}`)
      const after = view('canceled')
      return { view: after, stopped: { mandate: null, subscriptions: after.subscriptions }, requestId: 'req_1' }
    },
    ...over,
  }
}

describe('recurring store', () => {
  it('reads the customer, then sends the dialog’s write and keeps the view read again and what stopped', async () => {
    const p = port()
    const store = createRecurringStore(p)
    await store.getState().open('cst_1')
    expect(store.getState().view?.subscriptions[0]?.status).toBe('active')
    store.getState().ask({ kind: 'cancel-subscription', id: 'sub_1' })
    await store.getState().confirm()
    // The dialog read the lists again as it opened.
    expect(p.calls).toEqual(['open cst_1', 'open cst_1', 'cancel cst_1 sub_1'])
    expect(store.getState()).toMatchObject({
      dialog: null,
      busy: false,
      view: { subscriptions: [{ status: 'canceled' }] },
      done: { stopped: { subscriptions: [{ id: 'sub_1' }] }, requestId: 'req_1' },
    })
  })

  it('a refused write keeps the dialog open with main’s words; a failed read is an error, not an empty list', async () => {
    const store = createRecurringStore(
      port({
        open: async () => {
          throw new Error('The service answered 503')
        },
        cancelSubscription: async () => {
          throw new Error('Nothing was sent: the subscription “Gym monthly” was already canceled on 28 Nov.')
        },
      }),
    )
    await store.getState().open('cst_1')
    expect(store.getState()).toMatchObject({ view: null, error: { message: 'The service answered 503' } })
    store.getState().ask({ kind: 'cancel-subscription', id: 'sub_1' })
    await store.getState().confirm()
    expect(store.getState()).toMatchObject({
      dialog: { kind: 'cancel-subscription', id: 'sub_1' },
      done: null,
      dialogError: { message: expect.stringMatching(/^Nothing was sent: /) },
    })
  })
})

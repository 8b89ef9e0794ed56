// A refund in team mode (issue 51) in the actions store over a fake port: asked of the team runner,
// then followed in the outcome banner until the request is final.
import { describe, expect, it } from 'vitest'
import { createEntitiesStore } from '../../../../src/renderer/src/stores/entities'
import type { WriteRequestView } from '../../../../src/shared/ipc/requests'
import type { RecordChange } from '../../../../src/shared/team-record'
import { createWriteStore, type WritePort } from '../../../../src/renderer/src/stores/write-store'

const asked: WriteRequestView = {
  id: 3,
  paymentId: 'tr_abcdefgh',
  amount: { currency: 'EUR', value: '60.00' },
  ticket: null,
  reason: null,
  requestedBy: 'anna',
  requestedAt: '2026-11-28T10:00:00.000Z',
  state: 'waiting-approval',
  words: 'Waiting for approval by a lead.',
}

function ports(teamMode: boolean) {
  const listeners: ((change: RecordChange) => void)[] = []
  let now = asked
  let direct = 0
  const refused = async (): Promise<never> => {
    throw new Error('not in this test')
  }
  const port: WritePort = {
    refund: async () => {
      direct += 1
      return refused()
    },
    refundGuard: refused,
    cancelRefund: refused,
    queuedRefunds: refused,
    cancelQueuedRefund: refused,
    refunds: refused,
    cancelPayment: refused,
    update: refused,
    cancelOrder: refused,
    team: {
      teamMode: async () => teamMode,
      request: async () => asked,
      mine: async () => [now],
      onChanged: (listener) => {
        listeners.push(listener)
        return () => listeners.splice(listeners.indexOf(listener), 1)
      },
    },
  }
  const change = async (next: WriteRequestView) => {
    now = next
    for (const l of [...listeners]) l({ kind: 'request', object: { kind: 'payment', id: next.paymentId } })
    await new Promise((resolve) => setTimeout(resolve, 0))
  }
  return { port, change, listeners, direct: () => direct }
}

describe('a refund in team mode', () => {
  it('is asked of the team runner and followed until its result', async () => {
    const { port, change, listeners, direct } = ports(true)
    const entities = createEntitiesStore()
    const store = createWriteStore(port, entities)
    store.getState().open('refund', 'tr_abcdefgh')
    await store.getState().refund('tr_abcdefgh', { currency: 'EUR', value: '60.00' }, '', '')
    expect(direct()).toBe(0)
    expect(store.getState().dialog).toBeNull()
    expect(store.getState().done?.message).toBe('Refund of €60.00 asked for: Waiting for approval by a lead.')
    // Each step marks the payment stale: the payment view reads it (and its record) again.
    expect(entities.getState().stale.payments).toEqual({ tr_abcdefgh: 1 })
    await change({ ...asked, state: 'queued', words: 'Approved or within your limit: waiting for the team runner.' })
    expect(store.getState().done?.message).toContain('waiting for the team runner')
    await change({ ...asked, state: 'done', words: 'Sent: the service made refund re_1.' })
    expect(store.getState().done?.message).toContain('Sent: the service made refund re_1.')
    expect(entities.getState().stale.payments).toEqual({ tr_abcdefgh: 3 })
    expect(listeners).toHaveLength(0)
  })

  it('refunds directly where there is no team runner', async () => {
    const { port, direct } = ports(false)
    const store = createWriteStore(port, createEntitiesStore())
    await store.getState().refund('tr_abcdefgh', { currency: 'EUR', value: '60.00' }, '', '')
    expect(direct()).toBe(1)
  })
})

// Home's refund requests (issue 51) over a fake port: the decision's words or main's refusal shown,
// and a read again when main says a request changed.
import { describe, expect, it } from 'vitest'
import type { RequestsView } from '../../../../src/shared/ipc/requests'
import type { RecordChange } from '../../../../src/shared/team-record'
import { present } from '../../../helpers/present'
import { createRequestsStore, type RequestsPort } from '../../../../src/renderer/src/stores/requests-store'

const waiting: RequestsView = {
  teamMode: true,
  runnerOnline: true,
  waitingForMe: [
    {
      id: 7,
      paymentId: 'tr_abcdefgh',
      amount: { currency: 'EUR', value: '60.00' },
      ticket: '4711',
      reason: null,
      requestedBy: 'anna',
      requestedAt: '2026-11-28T10:00:00.000Z',
      state: 'waiting-approval',
      words: 'Waiting for approval by a lead.',
    },
  ],
  mine: [],
}

function fakePort(decide: RequestsPort['decide']) {
  const listeners: ((change: RecordChange) => void)[] = []
  let lists = 0
  const port: RequestsPort = {
    list: async () => {
      lists += 1
      return waiting
    },
    decide,
    onChanged: (listener) => {
      listeners.push(listener)
      return () => listeners.splice(listeners.indexOf(listener), 1)
    },
  }
  return { port, listeners, lists: () => lists }
}

describe('the refund requests store', () => {
  it("shows the decision's words and reads the list again", async () => {
    const first = present(waiting.waitingForMe[0])
    const { port, lists } = fakePort(async (input) => ({
      request: { ...first, state: 'queued', words: 'x' },
      words: input.approve ? 'Approved: the team runner sends it.' : 'Refused.',
    }))
    const store = createRequestsStore(port)
    await store.getState().load()
    await store.getState().approve(7)
    expect(store.getState().told).toBe('Approved: the team runner sends it.')
    expect(lists()).toBe(2)
  })

  it("shows main's refusal of a decision in its words", async () => {
    const { port } = fakePort(async () => {
      throw Object.assign(new Error('You asked for this refund yourself: another lead decides it.'), {
        code: 'conflict',
      })
    })
    const store = createRequestsStore(port)
    await store.getState().refuse(7, 'not ours')
    expect(store.getState().decisionError?.message).toContain('another lead decides it')
  })

  it('reads again when a request changed anywhere, not for a note', async () => {
    const { port, listeners, lists } = fakePort(async () => {
      throw new Error('unused')
    })
    createRequestsStore(port)
    listeners[0]?.({ kind: 'note', object: { kind: 'payment', id: 'tr_abcdefgh' } })
    expect(lists()).toBe(0)
    listeners[0]?.({ kind: 'request', object: { kind: 'payment', id: 'tr_abcdefgh' } })
    expect(lists()).toBe(1)
  })
})

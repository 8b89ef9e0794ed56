import { describe, expect, it } from 'vitest'
import {
  createCustomerWritesStore,
  type CustomerWritesPort,
} from '../../../../src/renderer/src/stores/customer-writes-store'
import type { RecordChange, RecordObjectRef } from '../../../../src/shared/team-record'

const objects: RecordObjectRef[] = [
  { kind: 'customer', id: 'cst_1' },
  { kind: 'payment', id: 'tr_1' },
]

function fakePort(answer: () => Promise<Awaited<ReturnType<CustomerWritesPort['writesOn']>>>) {
  const listeners = new Set<(change: RecordChange) => void>()
  const asked: RecordObjectRef[][] = []
  const port: CustomerWritesPort = {
    writesOn: async (o) => {
      asked.push(o)
      return answer()
    },
    onChanged: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  return { port, asked, tell: (c: RecordChange) => listeners.forEach((l) => l(c)), listeners }
}

describe('the customer view’s record of writes', () => {
  it('loads, then is ready (empty is ready, not loading), and reads again only for its own objects', async () => {
    const { port, asked, tell, listeners } = fakePort(async () => ({ writes: [], me: 'anna' }))
    const store = createCustomerWritesStore(port, objects)
    expect(store.getState().state).toBe('loading')
    await store.getState().load()
    expect(store.getState()).toMatchObject({ state: 'ready', writes: [], me: 'anna' })
    tell({ kind: 'action', object: { kind: 'payment', id: 'tr_2' } })
    tell({ kind: 'note', object: { kind: 'payment', id: 'tr_1' } })
    expect(asked).toHaveLength(1)
    tell({ kind: 'action', object: { kind: 'payment', id: 'tr_1' } })
    expect(asked).toEqual([objects, objects])
    store.getState().dispose()
    expect(listeners.size).toBe(0)
  })

  it('says why the record could not be read', async () => {
    const { port } = fakePort(async () => {
      throw new Error('The team database is down.')
    })
    const store = createCustomerWritesStore(port, objects)
    await store.getState().load()
    expect(store.getState()).toMatchObject({ state: 'error', error: 'The team database is down.' })
  })
})

import { describe, expect, it } from 'vitest'
import {
  createCasesStore,
  createObjectRecordStore,
  type TeamPort,
} from '../../../../src/renderer/src/stores/team-store'
import type { RecordChange } from '../../../../src/shared/team-record'

const payment = { kind: 'payment', id: 'tr_1' } as const

function fakePort() {
  const listeners = new Set<(change: RecordChange) => void>()
  const calls: string[] = []
  const port = {
    object: async (object) => {
      calls.push(`object ${object.id}`)
      return { object, case: null, notes: [], actions: [], me: 'anna', colleagues: [] }
    },
    writeNote: async () => {
      calls.push('writeNote')
      throw new Error('The note is empty.')
    },
    openCases: async () => {
      calls.push('openCases')
      return { mine: [], team: [], me: 'anna' }
    },
    onChanged: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  } as Partial<TeamPort> as TeamPort
  const tell = (change: RecordChange) => listeners.forEach((l) => l(change))
  return { port, calls, tell, listeners }
}

describe('the team stores', () => {
  it("an object's record reads again when main says its record changed, not another object's", async () => {
    const { port, calls, tell, listeners } = fakePort()
    const store = createObjectRecordStore(port, payment)
    await store.getState().load()
    tell({ kind: 'note', object: { kind: 'payment', id: 'tr_2' } })
    tell({ kind: 'action', object: payment })
    await Promise.resolve()
    expect(calls).toEqual(['object tr_1', 'object tr_1'])
    store.getState().dispose()
    expect(listeners.size).toBe(0)
  })

  it('a refused note keeps main’s sentence for the view', async () => {
    const { port } = fakePort()
    const store = createObjectRecordStore(port, payment)
    await expect(store.getState().writeNote('   ')).resolves.toBe(false)
    expect(store.getState().error?.message).toBe('The note is empty.')
    expect(store.getState().busy).toBe(false)
  })

  it("Home's cases read again when a case changes anywhere", async () => {
    const { port, calls, tell } = fakePort()
    createCasesStore(port)
    tell({ kind: 'note', object: payment })
    tell({ kind: 'case', object: payment })
    await Promise.resolve()
    expect(calls).toEqual(['openCases'])
  })
})

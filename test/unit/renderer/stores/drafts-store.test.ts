// The drafts list's store with a fake port (no browser): loading, errors as messages, stale list
// answers dropped, upsert on top, rename and delete keeping the list when main refuses.
import { describe, expect, it } from 'vitest'
import type { DraftSummary, DraftsListView } from '../../../../src/shared/ipc/drafts'
import { createDraftsStore, type DraftsPort } from '../../../../src/renderer/src/stores/drafts-store'
import { deferred, type Deferred } from '../../helpers/store-fakes'

function summary(id: string, name = id): DraftSummary {
  return {
    id,
    name,
    kind: 'order',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    summary: 'EUR 10.00 · 1 line',
    archived: null,
    connection: { id: 'c1', label: 'Shop A' },
  }
}

function ipcError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code, view: { code, message } })
}

function port(overrides: Partial<DraftsPort> = {}): DraftsPort {
  return {
    list: async () => ({ drafts: [summary('drf_a'), summary('drf_b')], notices: [] }),
    rename: async (id, name) => summary(id, name),
    remove: async () => ({ deleted: true as const }),
    ...overrides,
  }
}

describe('drafts store', () => {
  it('loads the list with main’s notices; a failure is a message and keeps what was shown', async () => {
    let fail = false
    const store = createDraftsStore(
      port({
        list: async () => {
          if (fail) throw ipcError('keychain-unavailable', 'The keychain is locked.')
          return { drafts: [summary('drf_a')], notices: ['One damaged draft file was set aside.'] }
        },
      }),
    )
    const loading = store.getState().load()
    expect(store.getState().loading).toBe(true)
    await loading
    expect(store.getState()).toMatchObject({
      loading: false,
      error: null,
      notices: ['One damaged draft file was set aside.'],
    })
    expect(store.getState().drafts.map((d) => d.id)).toEqual(['drf_a'])
    fail = true
    await store.getState().load()
    expect(store.getState().error).toBe('The keychain is locked.')
    expect(store.getState().drafts.map((d) => d.id)).toEqual(['drf_a'])
  })

  it('shows only the newest list answer when an older one arrives late', async () => {
    const answers: Deferred<DraftsListView>[] = []
    const store = createDraftsStore(
      port({
        list: () => {
          const d = deferred<DraftsListView>()
          answers.push(d)
          return d.promise
        },
      }),
    )
    const first = store.getState().load()
    const second = store.getState().load()
    answers[1]?.resolve({ drafts: [summary('drf_new')], notices: [] })
    await second
    answers[0]?.resolve({ drafts: [summary('drf_old')], notices: [] })
    await first
    expect(store.getState().drafts.map((d) => d.id)).toEqual(['drf_new'])
    expect(store.getState().loading).toBe(false)
  })

  it('puts a saved draft on top once, renames and deletes through main, keeps the list on refusal', async () => {
    let refuse = false
    const store = createDraftsStore(
      port({
        rename: async (id, name) => {
          if (refuse) throw ipcError('invalid-input', 'A draft name may not be empty.')
          return summary(id, name)
        },
        remove: async (id) => {
          if (refuse) throw ipcError('not-found', `No draft ${id}.`)
          return { deleted: true as const }
        },
      }),
    )
    await store.getState().load()
    store.getState().upsert({ ...summary('drf_b', 'B again') })
    expect(store.getState().drafts.map((d) => [d.id, d.name])).toEqual([
      ['drf_b', 'B again'],
      ['drf_a', 'drf_a'],
    ])
    expect(await store.getState().rename('drf_a', 'Renamed')).toBeNull()
    expect(store.getState().drafts.find((d) => d.id === 'drf_a')?.name).toBe('Renamed')
    expect(await store.getState().remove('drf_b')).toBeNull()
    expect(store.getState().drafts.map((d) => d.id)).toEqual(['drf_a'])
    refuse = true
    expect(await store.getState().rename('drf_a', ' ')).toBe('A draft name may not be empty.')
    expect(await store.getState().remove('drf_a')).toBe('No draft drf_a.')
    expect(store.getState().drafts.map((d) => [d.id, d.name])).toEqual([['drf_a', 'Renamed']])
  })
})

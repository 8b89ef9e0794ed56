// The connection store with a fake port (no browser): loading and its error, a stale list dropped,
// switching the active connection (and a failed switch), add/rename/remove, the connection test,
// and the subscription to main's change notice shared by several screens.
import { describe, expect, it } from 'vitest'
import type {
  ActiveConnectionView,
  ConnectionsListView,
  ConnectionTestResult,
  ConnectionView,
} from '../../../../src/shared/ipc/connections'
import { createConnectionStore, type ConnectionPort } from '../../../../src/renderer/src/stores/connection-store'
import { present } from '../../../helpers/present'
import { deferred, ipcError, settle, type Deferred } from '../../helpers/store-fakes'
import { connection } from '../../helpers/connection-objects'

function listOf(activeId: string, ...connections: ConnectionView[]): ConnectionsListView {
  return { connections, activeId, notice: null }
}

/** Main's side: list answers the test controls; the other calls answer from `next`. */
function fakeMain() {
  const lists: Deferred<ConnectionsListView>[] = []
  const calls: string[] = []
  const listeners = new Set<() => void>()
  const teamListeners = new Set<() => void>()
  const next: {
    setActive?: Deferred<ActiveConnectionView>
    test?: Deferred<ConnectionTestResult>
    fail?: Error
  } = {}
  const port: ConnectionPort = {
    list() {
      const answer = deferred<ConnectionsListView>()
      lists.push(answer)
      return answer.promise
    },
    setActive(id) {
      calls.push(`setActive ${id}`)
      return present(next.setActive, 'a setActive answer').promise
    },
    async add(input) {
      calls.push(`add ${input.label}`)
      if (next.fail) throw next.fail
      return connection('c9', 'test', { label: input.label })
    },
    async rename(id, label) {
      calls.push(`rename ${id} ${label}`)
      if (next.fail) throw next.fail
      return connection(id, 'test', { label })
    },
    async remove(id) {
      calls.push(`remove ${id}`)
      if (next.fail) throw next.fail
      return { removed: true, activeId: 'sandbox' }
    },
    test(id) {
      calls.push(`test ${id}`)
      return present(next.test, 'a test answer').promise
    },
    async profiles(secret, baseUrl) {
      calls.push(`profiles ${secret.length} chars ${baseUrl}`)
      if (next.fail) throw next.fail
      return { profiles: [{ id: 'pfl_1', name: 'Shop', website: 'https://shop.example', mode: 'test' }] }
    },
    onChanged(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    onTeamStatus(listener) {
      teamListeners.add(listener)
      return () => teamListeners.delete(listener)
    },
  }
  return {
    port,
    lists,
    calls,
    next,
    listeners,
    teamListeners,
    changed: () => listeners.forEach((l) => l()),
    teamStatus: () => teamListeners.forEach((l) => l()),
  }
}

async function loaded(list: ConnectionsListView) {
  const main = fakeMain()
  const store = createConnectionStore(main.port)
  const loading = store.getState().load()
  present(main.lists[0]).resolve(list)
  await loading
  return { main, store }
}

describe('connection store', () => {
  it('loads the list and works out the active connection and its mode; a failed list keeps its view', async () => {
    const main = fakeMain()
    const store = createConnectionStore(main.port)
    const loading = store.getState().load()
    expect(store.getState().loading).toBe(true)
    present(main.lists[0]).resolve({
      ...listOf('live1', connection('sandbox'), connection('live1', 'live')),
      notice: 'Set aside a damaged file',
    })
    await loading
    expect(store.getState()).toMatchObject({
      loading: false,
      activeId: 'live1',
      notice: 'Set aside a damaged file',
      error: null,
    })
    expect(store.getState().active).toMatchObject({ id: 'live1', isLive: true })

    const again = store.getState().load()
    present(main.lists[1]).reject(ipcError('keychain-unavailable', 'The keychain is locked.'))
    await again
    expect(store.getState()).toMatchObject({
      loading: false,
      error: { code: 'keychain-unavailable', message: 'The keychain is locked.' },
    })
    expect(store.getState().connections).toHaveLength(2)
  })

  it('shows only the newest list when answers come back out of order', async () => {
    const main = fakeMain()
    const store = createConnectionStore(main.port)
    const older = store.getState().load()
    const newer = store.getState().load()
    present(main.lists[1]).resolve(listOf('b', connection('a'), connection('b')))
    present(main.lists[0]).resolve(listOf('a', connection('a')))
    await Promise.all([older, newer])
    expect(store.getState().activeId).toBe('b')
    expect(store.getState().connections).toHaveLength(2)
  })

  it('start subscribes once for several screens, reloads on main’s notice, and stops with the last one', async () => {
    const main = fakeMain()
    const store = createConnectionStore(main.port)
    const stopA = store.getState().start()
    const stopB = store.getState().start()
    expect(main.listeners.size).toBe(1)
    expect(main.lists).toHaveLength(1)
    main.changed()
    expect(main.lists).toHaveLength(2)
    // The desk joined or left a team: what the list says of the active key changes, so it is read again.
    main.teamStatus()
    expect(main.lists).toHaveLength(3)
    stopA()
    expect(main.listeners.size).toBe(1)
    stopB()
    expect(main.listeners.size).toBe(0)
    expect(main.teamListeners.size).toBe(0)
  })

  it('switches the active connection; a list already in flight cannot switch it back', async () => {
    const { main, store } = await loaded(listOf('sandbox', connection('sandbox'), connection('live1', 'live')))
    const inFlight = store.getState().load() // asked before the switch, answers after it
    main.next.setActive = deferred()
    const switching = store.getState().setActive('live1')
    expect(store.getState().switching).toBe('live1')
    main.next.setActive.resolve({ ...connection('live1', 'live'), isLive: true })
    expect(await switching).toBe(true)
    expect(store.getState()).toMatchObject({ switching: null, activeId: 'live1', switchError: null })
    expect(store.getState().active?.isLive).toBe(true)
    present(main.lists[1]).resolve(listOf('sandbox', connection('sandbox'), connection('live1', 'live')))
    await inFlight
    expect(store.getState().activeId).toBe('live1')
    present(main.lists[2]).resolve(listOf('live1', connection('sandbox'), connection('live1', 'live')))
    await settle()
    expect(store.getState().activeId).toBe('live1')
  })

  it('a refused switch says why, keeps the connection in use and reloads the list', async () => {
    const { main, store } = await loaded(listOf('sandbox', connection('sandbox'), connection('c1')))
    main.next.setActive = deferred()
    const switching = store.getState().setActive('c1')
    main.next.setActive.reject(ipcError('keychain-unavailable', 'The keychain is locked.'))
    expect(await switching).toBe(false)
    expect(store.getState()).toMatchObject({
      switching: null,
      activeId: 'sandbox',
      switchError: { code: 'keychain-unavailable' },
    })
    expect(main.lists).toHaveLength(2)
    store.getState().clearSwitchError()
    expect(store.getState().switchError).toBeNull()
  })

  it('add, rename and remove go to main and reload; a failure reaches the form unchanged', async () => {
    const { main, store } = await loaded(listOf('sandbox', connection('sandbox'), connection('c1')))
    const added = await store.getState().add({ label: 'New shop', secret: 'test_x' })
    expect(added.label).toBe('New shop')
    await store.getState().rename('c1', 'Renamed')
    expect(store.getState().connections.find((c) => c.id === 'c1')?.label).toBe('Renamed')
    const removing = store.getState().remove('c1')
    await settle()
    present(main.lists.at(-1)).resolve(listOf('sandbox', connection('sandbox')))
    await removing
    expect(store.getState().connections.map((c) => c.id)).toEqual(['sandbox'])
    expect(main.calls).toEqual(['add New shop', 'rename c1 Renamed', 'remove c1'])
    expect(main.lists).toHaveLength(4)

    main.next.fail = ipcError('invalid-input', 'The label is too long.', {
      issues: [{ path: 'label', message: 'Too long' }],
    })
    await expect(store.getState().rename('sandbox', 'x'.repeat(500))).rejects.toThrow('The label is too long.')
  })

  it('reads the profiles a token can act for through main, keeping nothing; a refusal reaches the form', async () => {
    const { main, store } = await loaded(listOf('sandbox', connection('sandbox')))
    const before = store.getState()
    expect(await store.getState().readProfiles('access_abc', null)).toEqual([
      { id: 'pfl_1', name: 'Shop', website: 'https://shop.example', mode: 'test' },
    ])
    expect(main.calls).toEqual(['profiles 10 chars null'])
    expect(store.getState()).toBe(before)
    main.next.fail = ipcError('api-error', 'The token was refused (401).')
    await expect(store.getState().readProfiles('access_abc', 'http://127.0.0.1:1')).rejects.toThrow('(401)')
  })

  it('a test shows pending then its result; a failed call becomes a failed result; a new test replaces it', async () => {
    const { main, store } = await loaded(listOf('sandbox', connection('sandbox'), connection('c1')))
    main.next.test = deferred()
    const testing = store.getState().test('c1')
    expect(store.getState().tests).toEqual({ c1: { pending: true } })
    main.next.test.resolve({ ok: true, id: 'c1', kind: 'api-key', mode: 'test', summary: 'Test key for Shop' })
    expect((await testing).ok).toBe(true)
    expect(store.getState().tests['c1']).toMatchObject({
      pending: false,
      result: { ok: true, summary: 'Test key for Shop' },
    })

    main.next.test = deferred()
    const failing = store.getState().test('sandbox')
    expect(Object.keys(store.getState().tests)).toEqual(['sandbox'])
    main.next.test.reject(ipcError('api-error', 'The service did not answer.'))
    const result = await failing
    expect(result).toMatchObject({
      ok: false,
      id: 'sandbox',
      error: { code: 'api-error', message: 'The service did not answer.' },
    })
    expect(store.getState().tests['sandbox']).toMatchObject({ pending: false, result: { ok: false } })
  })
})

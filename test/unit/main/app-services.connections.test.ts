/**
 * The connections channels end to end inside main: dispatcher (sender + schema check) → handlers
 * built by createAppServices → service → in-memory secret store. The point: whatever goes back
 * to the renderer (results, errors, events) never holds the secret that came in.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { DATA_KEY_ACCOUNT } from '../../../src/main/storage/encryption'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createAppServices, type AppServices } from '../../../src/main/app-services'
import { createDispatcher, type Dispatcher } from '../../../src/main/ipc/dispatcher'
import { createMemorySecretStore, type MemorySecretStore } from '../../helpers/memory-secret-store'

const SECRET = 'live_Pq7Rs8Tu9Vw0Xy1Za2Bc3D'
const sender = { frameUrl: 'app://paydesk/index.html', isAppWindow: true }

let dir: string
let store: MemorySecretStore
let services: AppServices
let dispatcher: Dispatcher
let seen: unknown[]

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'paydesk-conn-ipc-'))
  store = createMemorySecretStore()
  services = await createAppServices({
    dataDir: dir,
    appInfo: {
      name: 'Paydesk',
      version: '0.0.0',
      platform: 'linux',
      versions: { node: '20', electron: null, chrome: null },
    },
    shell: { openExternal: async () => {} },
    clipboard: { writeText: () => {} },
    dialogs: { chooseSavePath: async () => null, ask: async (question) => question.cancelId },
    secretStore: store,
  })
  seen = []
  services.events.subscribe((event, payload) => seen.push({ event, payload }))
  dispatcher = createDispatcher({ handlers: services.handlers, trustedOrigins: ['app://paydesk'] })
})

afterEach(async () => {
  await services.dispose()
  // Nothing that went back to the renderer may contain the secret or a long piece of it.
  const json = JSON.stringify(seen)
  expect(json).not.toContain(SECRET)
  expect(json).not.toContain(SECRET.slice(5, 15))
  await rm(dir, { recursive: true, force: true })
})

/** Keychain entries that hold connection secrets (the request log's data key is not one). */
function connectionSecrets(): number {
  return [...store.entries.keys()].filter((account) => account !== DATA_KEY_ACCOUNT).length
}

async function invoke(channel: string, input?: unknown) {
  const result = await dispatcher.invoke(sender, channel, input)
  seen.push(result)
  return result
}

describe('connections.* over the dispatcher', () => {
  it('adds with the secret once, and only the masked form comes back', async () => {
    const added = await invoke('connections.add', { label: 'Acme', secret: SECRET })
    expect(added).toMatchObject({
      ok: true,
      value: { label: 'Acme', kind: 'api-key', mode: 'live', masked: 'live_…Bc3D' },
    })
    expect(connectionSecrets()).toBe(1)
    const id = (added as { value: { id: string } }).value.id

    const list = await invoke('connections.list')
    expect(list).toMatchObject({ ok: true, value: { activeId: 'sandbox' } })
    expect((list as { value: { connections: unknown[] } }).value.connections).toHaveLength(2)

    expect(await invoke('connections.setActive', { id })).toMatchObject({ ok: true, value: { id, isLive: true } })
    expect(await invoke('connections.active')).toMatchObject({
      ok: true,
      value: { id, kind: 'api-key', mode: 'live', isLive: true },
    })
    expect(await invoke('connections.rename', { id, label: 'Acme NL' })).toMatchObject({
      ok: true,
      value: { label: 'Acme NL' },
    })
    expect(await invoke('connections.remove', { id })).toEqual({
      ok: true,
      value: { removed: true, activeId: 'sandbox' },
    })
    expect(connectionSecrets()).toBe(0)
    expect(seen.filter((s) => (s as { event?: string }).event === 'connections.changed')).toHaveLength(4)
  })

  it('refuses unknown fields and oversize input before the service sees it', async () => {
    const extra = await invoke('connections.add', { label: 'Acme', secret: SECRET, apiKey: SECRET })
    expect(extra).toMatchObject({ ok: false, error: { code: 'invalid-input' } })
    const long = await invoke('connections.add', { label: 'Acme', secret: `live_${'a'.repeat(600)}` })
    expect(long).toMatchObject({ ok: false, error: { code: 'invalid-input', issues: [{ path: 'secret' }] } })
    expect(JSON.stringify(long)).not.toContain('a'.repeat(20))
    const badId = await invoke('connections.remove', { id: '../../etc' })
    expect(badId).toMatchObject({ ok: false, error: { code: 'invalid-input' } })
    expect(connectionSecrets()).toBe(0)
  })

  it('explains an unrecognised credential without echoing it', async () => {
    const result = await invoke('connections.add', { label: 'Acme', secret: `sk_${SECRET}` })
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid-input', issues: [{ path: 'secret' }] } })
    const message = (result as { error: { message: string } }).error.message
    expect(message).toMatch(/test_ or live_/)
    expect(message).toMatch(/access_/)
  })

  it('reports a locked keychain as keychain-unavailable and writes nothing', async () => {
    store.failWith('locked')
    const result = await invoke('connections.add', { label: 'Acme', secret: SECRET })
    expect(result).toMatchObject({ ok: false, error: { code: 'keychain-unavailable' } })
    expect((result as { error: { message: string } }).error.message).toMatch(/[Uu]nlock your keychain/)
    // Other services keep their own files here (the request log); the connections wrote none.
    expect(await readdir(dir)).not.toContain('connections.json')
  })

  it('keeps the built-in Sandbox', async () => {
    expect(await invoke('connections.remove', { id: 'sandbox' })).toMatchObject({
      ok: false,
      error: { code: 'conflict' },
    })
    expect(await invoke('connections.setActive', { id: 'conn_nope' })).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    })
  })

  it('refuses calls from outside the app window', async () => {
    const result = await dispatcher.invoke(
      { frameUrl: 'https://evil.example/', isAppWindow: true },
      'connections.list',
      undefined,
    )
    expect(result).toMatchObject({ ok: false, error: { code: 'forbidden-sender' } })
  })
})

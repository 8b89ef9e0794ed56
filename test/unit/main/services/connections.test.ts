import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { UserFacingError } from '../../../../src/main/ipc/errors'
import { createMemorySecretStore, type MemorySecretStore } from '../../../helpers/memory-secret-store'
import { KeychainUnavailableError } from '../../../../src/main/secrets/secret-store'
import { createConnectionHandlers } from '../../../../src/main/services/connections'
import {
  createConnectionsService,
  SANDBOX_CONNECTION_ID,
  type ConnectionClientOptions,
  type ConnectionsService,
} from '../../../../src/main/services/connections'
import { createEventBus } from '../../../../src/main/services/event-bus'
import { present } from '../../../helpers/present'

const LIVE_KEY = 'live_Zq8PwX3mN5rT7vY9bC1d'
const TEST_KEY = 'test_Hk2Lm4Np6Qr8St0Uv2Wx'
const TOKEN = 'access_Ab1Cd2Ef3Gh4Ij5Kl6Mn7'
const SANDBOX_KEY = 'test_SandboxKeyForThisRun9'
const ALL_SECRETS = [LIVE_KEY, TEST_KEY, TOKEN, SANDBOX_KEY]

/** An API client double: `listPayments` authenticates like the service would (401 for unknown keys). */
class FakeApiError extends Error {
  constructor(readonly status: number) {
    super(`The service answered ${status}`)
  }
  toView() {
    return { status: this.status, title: 'Unauthorized', detail: 'Missing authentication, or failed to authenticate' }
  }
}

let dir: string
let store: MemorySecretStore
let emitted: unknown[]
let clientOptions: ConnectionClientOptions[]
let credentialsSeen: unknown[]
let listOptionsSeen: unknown[]
let sandboxStarts: number
let allowedOrigins: string[]
let knownSecrets: Set<string>
let now: Date
let service: ConnectionsService

function build(): ConnectionsService {
  const events = createEventBus()
  events.subscribe((event, payload) => emitted.push({ event, payload }))
  return createConnectionsService({
    dataDir: dir,
    secretStore: store,
    events,
    clock: () => now,
    allowOrigin: (origin) => allowedOrigins.push(origin),
    sandbox: {
      start: async () => {
        sandboxStarts++
        return {
          baseUrl: 'http://127.0.0.1:4999/v2',
          origin: 'http://127.0.0.1:4999',
          profileId: 'pfl_sandbox01',
          credentials: [
            { secret: 'access_SandboxOrgToken0001', kind: 'organization-token' },
            { secret: 'live_SandboxLiveKey000001', kind: 'api-key', mode: 'live' },
            { secret: SANDBOX_KEY, kind: 'api-key', mode: 'test' },
          ],
          close: () => {},
        }
      },
    },
    createClient: (options) => {
      clientOptions.push(options)
      return {
        async listPayments(_query: unknown, listOptions?: unknown) {
          listOptionsSeen.push(listOptions)
          const credential = await options.getCredential()
          credentialsSeen.push(credential)
          if (!knownSecrets.has(credential.secret)) throw new FakeApiError(401)
          return { count: 1, _embedded: { payments: [{}] } }
        },
      }
    },
  })
}

/** Every value the service hands out, as JSON, must be free of every secret. */
function expectNoSecret(value: unknown) {
  const json = JSON.stringify(value) ?? ''
  for (const secret of ALL_SECRETS) expect(json).not.toContain(secret)
}

async function call<T>(promise: Promise<T>): Promise<T> {
  const value = await promise
  expectNoSecret(value)
  return value
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  const error = await promise.then(
    () => {
      throw new Error('expected a failure')
    },
    (e: unknown) => e,
  )
  expectNoSecret({ message: (error as Error).message, error })
  return error
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'paydesk-connections-'))
  store = createMemorySecretStore()
  emitted = []
  clientOptions = []
  credentialsSeen = []
  listOptionsSeen = []
  sandboxStarts = 0
  allowedOrigins = []
  knownSecrets = new Set([LIVE_KEY, TEST_KEY, TOKEN, SANDBOX_KEY])
  now = new Date('2026-11-22T10:00:00.000Z')
  service = build()
})

afterEach(async () => {
  await service.dispose()
  // Nothing the service emitted may carry a secret either.
  expectNoSecret(emitted)
  await rm(dir, { recursive: true, force: true })
})

describe('first run', () => {
  it('lists only the built-in Sandbox, active, without starting it', async () => {
    const list = await call(service.list())
    expect(list.activeId).toBe(SANDBOX_CONNECTION_ID)
    expect(list.notice).toBeNull()
    expect(list.connections).toHaveLength(1)
    expect(list.connections[0]).toMatchObject({
      id: 'sandbox',
      label: 'Sandbox',
      builtIn: true,
      kind: 'api-key',
      mode: 'test',
    })
    expect(sandboxStarts).toBe(0)
    const active = await call(service.activeConnection())
    expect(active).toMatchObject({ id: 'sandbox', isLive: false, builtIn: true })
  })

  it('starts the sandbox on first use, once, with its test key, and allows its origin', async () => {
    const [a, b] = await Promise.all([service.getActiveClient(), service.getActiveClient()])
    expect(a).toBe(b)
    expect(sandboxStarts).toBe(1)
    expect(allowedOrigins).toEqual(['http://127.0.0.1:4999'])
    expect(present(clientOptions[0]).baseUrl).toBe('http://127.0.0.1:4999/v2')
    const result = await call(service.test('sandbox'))
    expect(result).toMatchObject({ ok: true, mode: 'test', kind: 'api-key' })
    expect(credentialsSeen).toEqual([{ secret: SANDBOX_KEY, kind: 'api-key' }])
    // The user waits for it, and the Inspector entry says where it came from.
    expect(listOptionsSeen).toEqual([
      { priority: 'user', origin: { screen: 'connections', action: 'test connection' } },
    ])
    const list = await call(service.list())
    expect(present(list.connections[0]).masked).toBe('test_…Run9')
    expect(present(list.connections[0]).baseUrl).toBe('http://127.0.0.1:4999/v2')
  })

  it('cannot remove or rename the Sandbox', async () => {
    expect(await failure(service.remove('sandbox'))).toMatchObject({ code: 'conflict' })
    expect(await failure(service.rename('sandbox', 'Mine'))).toMatchObject({ code: 'conflict' })
  })
})

describe('add', () => {
  it('detects the kind, keeps the secret in the keychain only, and returns a masked view', async () => {
    const view = await call(service.add({ label: ' Acme  Shoes ', secret: LIVE_KEY }))
    expect(view).toMatchObject({
      label: 'Acme Shoes',
      kind: 'api-key',
      mode: 'live',
      masked: 'live_…bC1d',
      profileId: null,
      testmode: null,
      builtIn: false,
      createdAt: '2026-11-22T10:00:00.000Z',
      lastUsedAt: null,
    })
    expect(store.entries.get(view.id)).toBe(LIVE_KEY)
    const file = await readFile(join(dir, 'connections.json'), 'utf8')
    expect(file).not.toContain(LIVE_KEY)
    expect(JSON.parse(file).connections[0]).toMatchObject({ id: view.id, label: 'Acme Shoes', last4: 'bC1d' })
    expect(emitted).toEqual([{ event: 'connections.changed', payload: { activeId: 'sandbox' } }])
  })

  it('stores organization tokens with their profile and testmode', async () => {
    const view = await call(service.add({ label: 'Org', secret: TOKEN, profileId: 'pfl_QvHdW3', testmode: true }))
    expect(view).toMatchObject({ kind: 'organization-token', mode: 'test', profileId: 'pfl_QvHdW3', testmode: true })
    const liveToken = await call(service.add({ label: 'Org live', secret: `${TOKEN}x`, profileId: 'pfl_QvHdW3' }))
    expect(liveToken).toMatchObject({ mode: 'live', testmode: false })
  })

  it('refuses bad input with a field, without storing anything', async () => {
    const cases = [
      [{ label: 'A', secret: 'sk_nope_1234567890' }, 'secret'],
      [{ label: 'A', secret: 'test_short' }, 'secret'],
      [{ label: 'A', secret: LIVE_KEY, profileId: 'pfl_abc' }, 'profileId'],
      [{ label: 'A', secret: TEST_KEY, testmode: true }, 'testmode'],
      [{ label: 'A', secret: TOKEN }, 'profileId'],
      [{ label: 'A', secret: TOKEN, profileId: 'abc' }, 'profileId'],
      [{ label: '  ', secret: TEST_KEY }, 'label'],
      [{ label: 'A', secret: TEST_KEY, baseUrl: 'http://api.example.com/v2' }, 'baseUrl'],
    ] as const
    for (const [request, path] of cases) {
      const error = await failure(service.add(request))
      expect(error, JSON.stringify(request)).toBeInstanceOf(UserFacingError)
      expect(error).toMatchObject({ code: 'invalid-input', extra: { issues: [{ path }] } })
    }
    expect(store.entries.size).toBe(0)
    expect(await readdir(dir)).toEqual([])
    expect(emitted).toEqual([])
  })

  it('writes nothing anywhere when the keychain is unavailable', async () => {
    store.failWith('no-secret-service')
    const error = await failure(service.add({ label: 'Acme', secret: LIVE_KEY }))
    expect(error).toBeInstanceOf(KeychainUnavailableError)
    expect((error as KeychainUnavailableError).toIpcError().code).toBe('keychain-unavailable')
    expect(await readdir(dir)).toEqual([])
    store.failWith(null)
    expect(store.entries.size).toBe(0)
    expect((await service.list()).connections).toHaveLength(1)
    expect(emitted).toEqual([])
  })

  it('takes the secret back out of the keychain when the metadata cannot be written', async () => {
    // The data directory cannot be created: a file sits where its parent should be.
    await writeFile(join(dir, 'a-file'), '')
    const broken = createConnectionsService({
      dataDir: join(dir, 'a-file', 'data'),
      secretStore: store,
      events: createEventBus(),
      sandbox: { start: () => Promise.reject(new Error('unused')) },
      createClient: () => ({ listPayments: async () => ({}) }),
    })
    await expect(broken.add({ label: 'Acme', secret: LIVE_KEY })).rejects.toThrow()
    expect(store.entries.size).toBe(0)
  })

  it('refuses a duplicate name, including "Sandbox"', async () => {
    await service.add({ label: 'Acme', secret: LIVE_KEY })
    expect(await failure(service.add({ label: 'acme', secret: TEST_KEY }))).toMatchObject({ code: 'conflict' })
    expect(await failure(service.add({ label: 'sandbox', secret: TEST_KEY }))).toMatchObject({ code: 'conflict' })
    expect(store.entries.size).toBe(1)
  })

  it('keeps every one of many concurrent adds', async () => {
    const views = await Promise.all(
      Array.from({ length: 8 }, (_, i) => service.add({ label: `Merchant ${i}`, secret: `test_ConcurrentKey00${i}` })),
    )
    const reloaded = build()
    const list = await reloaded.list()
    expect(list.connections.map((c) => c.id).sort()).toEqual(['sandbox', ...views.map((v) => v.id)].sort())
    await reloaded.dispose()
  })
})

describe('rename, setActive, remove', () => {
  it('renames, persists and emits', async () => {
    const { id } = await service.add({ label: 'Acme', secret: LIVE_KEY })
    const renamed = await call(service.rename(id, 'Acme Shoes NL'))
    expect(renamed.label).toBe('Acme Shoes NL')
    const reloaded = build()
    expect(present((await reloaded.list()).connections.find((c) => c.id === id)).label).toBe('Acme Shoes NL')
    expect(emitted).toHaveLength(2)
  })

  it('switches the active connection, survives a restart, and reports live mode', async () => {
    const { id } = await service.add({ label: 'Acme', secret: LIVE_KEY })
    const active = await call(service.setActive(id))
    expect(active).toMatchObject({ id, mode: 'live', isLive: true })
    expect(emitted.at(-1)).toEqual({ event: 'connections.changed', payload: { activeId: id } })
    const reloaded = build()
    expect(await reloaded.activeConnection()).toMatchObject({ id, kind: 'api-key', mode: 'live', isLive: true })
    await reloaded.dispose()
  })

  it('gives the active connection its own client that reads the secret at request time', async () => {
    const { id } = await service.add({ label: 'Acme', secret: TEST_KEY })
    await service.setActive(id)
    const client = await service.getActiveClient()
    expect(clientOptions.at(-1)).toMatchObject({ connectionId: id, baseUrl: 'https://api.payments.example/v2' })
    // The options handed to the client hold a function, not the secret.
    expectNoSecret(clientOptions)
    await client.listPayments({ limit: 1 })
    expect(credentialsSeen.at(-1)).toEqual({ secret: TEST_KEY, kind: 'api-key' })
    // The secret is read per request; one replaced in the keychain behind Paydesk's back (here a live
    // key under a test connection) no longer matches the saved settings' seal and is not handed out.
    await store.set(id, LIVE_KEY)
    await expect(client.listPayments({ limit: 1 })).rejects.toThrow(/changed outside Paydesk/)
    expect(credentialsSeen.at(-1)).toEqual({ secret: TEST_KEY, kind: 'api-key' })
  })

  it('hands tokens to the client with profileId, and testmode only when on (spec 5.4)', async () => {
    const test = await service.add({ label: 'Org test', secret: TOKEN, profileId: 'pfl_abc', testmode: true })
    const live = await service.add({ label: 'Org live', secret: `${TOKEN}Z`, profileId: 'pfl_abc' })
    knownSecrets.add(`${TOKEN}Z`)
    await service.test(test.id)
    await service.test(live.id)
    expect(credentialsSeen).toEqual([
      { secret: TOKEN, kind: 'organization-token', profileId: 'pfl_abc', testmode: true },
      { secret: `${TOKEN}Z`, kind: 'organization-token', profileId: 'pfl_abc' },
    ])
  })

  it('removes the keychain entry with the connection and falls back to the Sandbox', async () => {
    const { id } = await service.add({ label: 'Acme', secret: LIVE_KEY })
    await service.setActive(id)
    const result = await call(service.remove(id))
    expect(result).toEqual({ removed: true, activeId: 'sandbox' })
    expect(store.entries.has(id)).toBe(false)
    expect((await service.list()).connections.map((c) => c.id)).toEqual(['sandbox'])
    expect(await failure(service.setActive(id))).toMatchObject({ code: 'not-found' })
    expect(await failure(service.remove(id))).toMatchObject({ code: 'not-found' })
  })

  it('keeps the connection when its keychain entry cannot be deleted', async () => {
    const { id } = await service.add({ label: 'Acme', secret: LIVE_KEY })
    store.failWith('locked')
    expect(await failure(service.remove(id))).toBeInstanceOf(KeychainUnavailableError)
    store.failWith(null)
    expect(store.entries.get(id)).toBe(LIVE_KEY)
    expect((await service.list()).connections.map((c) => c.id)).toContain(id)
  })

  it('records lastUsedAt when a connection is used, without writing on every request', async () => {
    const { id } = await service.add({ label: 'Acme', secret: TEST_KEY })
    await service.test(id)
    await service.dispose() // waits for the pending write
    const reloaded = build()
    expect(present((await reloaded.list()).connections.find((c) => c.id === id)).lastUsedAt).toBe(
      '2026-11-22T10:00:00.000Z',
    )
    await reloaded.dispose()
  })
})

describe('last used means used successfully (issue 16 item 9)', () => {
  it('a failed test does not stamp "Last used"; a successful one does', async () => {
    const { id } = await service.add({ label: 'Revoked', secret: LIVE_KEY })
    knownSecrets.delete(LIVE_KEY) // the service now refuses the key
    expect(await service.test(id)).toMatchObject({ ok: false })
    await service.dispose()
    let reloaded = build()
    expect(present((await reloaded.list()).connections.find((c) => c.id === id)).lastUsedAt).toBeNull()
    knownSecrets.add(LIVE_KEY)
    expect(await reloaded.test(id)).toMatchObject({ ok: true })
    await reloaded.dispose()
    reloaded = build()
    expect(present((await reloaded.list()).connections.find((c) => c.id === id)).lastUsedAt).toBe(
      '2026-11-22T10:00:00.000Z',
    )
    await reloaded.dispose()
  })

  it('reading a credential for a request is not a use; an accepted answer is (markUsed)', async () => {
    const { id } = await service.add({ label: 'Acme', secret: TEST_KEY })
    const client = (await service.getClient(id)) as unknown as { listPayments(q: unknown): Promise<unknown> }
    knownSecrets.delete(TEST_KEY)
    await expect(client.listPayments({ limit: 1 })).rejects.toThrow()
    service.markUsed(id)
    await service.dispose()
    const reloaded = build()
    expect(present((await reloaded.list()).connections.find((c) => c.id === id)).lastUsedAt).toBe(
      '2026-11-22T10:00:00.000Z',
    )
    await reloaded.dispose()
  })
})

describe('test', () => {
  it('returns ok with mode and a summary for a known key', async () => {
    const { id } = await service.add({ label: 'Acme', secret: LIVE_KEY })
    const result = await call(service.test(id))
    expect(result).toMatchObject({ ok: true, id, kind: 'api-key', mode: 'live' })
    if (result.ok) expect(result.summary).toMatch(/live mode/)
  })

  it("returns the service's error view for a rejected key", async () => {
    const { id } = await service.add({ label: 'Acme', secret: LIVE_KEY })
    knownSecrets.delete(LIVE_KEY)
    const result = await call(service.test(id))
    expect(result).toMatchObject({ ok: false, id, error: { code: 'api-error', api: { status: 401 } } })
  })

  it('says so when the keychain has lost the secret', async () => {
    const { id } = await service.add({ label: 'Acme', secret: LIVE_KEY })
    await store.delete(id)
    const result = await call(service.test(id))
    expect(result).toMatchObject({ ok: false, error: { code: 'not-found' } })
    if (!result.ok) expect(result.error.message).toContain('live_…bC1d')
  })

  it('redacts the secret should an error ever quote it', async () => {
    const leaky = createConnectionsService({
      dataDir: dir,
      secretStore: store,
      events: createEventBus(),
      sandbox: { start: () => Promise.reject(new Error('unused')) },
      createClient: (options) => ({
        async listPayments() {
          const { secret } = await options.getCredential()
          throw new UserFacingError('api-error', `Bearer ${secret} was refused`)
        },
      }),
    })
    const { id } = await leaky.add({ label: 'Acme', secret: LIVE_KEY })
    const result = await call(leaky.test(id))
    expect(result).toMatchObject({ ok: false, error: { message: 'Bearer live_…bC1d was refused' } })
  })

  it('reports an unknown id', async () => {
    expect(await failure(service.test('conn_missing'))).toMatchObject({ code: 'not-found' })
  })
})

describe('a damaged connections.json', () => {
  it('is set aside as .bak, leaving the Sandbox and a notice', async () => {
    await writeFile(join(dir, 'connections.json'), '{ "version": 1, "activeId": "conn_')
    const list = await call(service.list())
    expect(list.connections.map((c) => c.id)).toEqual(['sandbox'])
    expect(list.activeId).toBe('sandbox')
    expect(list.notice).toMatch(/could not be read/)
    const files = await readdir(dir)
    const backup = files.find((f) => f.endsWith('.bak'))
    expect(backup).toBeDefined()
    expect(await readFile(join(dir, present(backup)), 'utf8')).toBe('{ "version": 1, "activeId": "conn_')
    // Adding afterwards writes a fresh file and keeps the backup.
    await service.add({ label: 'Acme', secret: LIVE_KEY })
    expect(await readdir(dir)).toContain(backup)
  })

  it('falls back to the Sandbox when the saved active id is unknown', async () => {
    await writeFile(
      join(dir, 'connections.json'),
      JSON.stringify({ version: 1, activeId: 'conn_gone', connections: [] }),
    )
    expect((await service.list()).activeId).toBe('sandbox')
  })
})

describe('connections.json is input, not trusted (issue 11 item 4)', () => {
  async function savedFile(): Promise<{ version: number; activeId: string; connections: Record<string, unknown>[] }> {
    return JSON.parse(await readFile(join(dir, 'connections.json'), 'utf8'))
  }
  async function editEntry(id: string, change: Record<string, unknown>): Promise<void> {
    const file = await savedFile()
    file.connections = file.connections.map((c) => (c.id === id ? { ...c, ...change } : c))
    await writeFile(join(dir, 'connections.json'), JSON.stringify(file))
  }
  /** A restart: a new service over the same folder and keychain. */
  async function restart(): Promise<ConnectionsService> {
    await service.dispose()
    service = build()
    return service
  }

  it('sets aside an entry whose baseUrl was edited to plain http off this machine; the others stay usable', async () => {
    const shop = await call(service.add({ label: 'Shop', secret: LIVE_KEY }))
    const other = await call(service.add({ label: 'Other', secret: TEST_KEY }))
    await editEntry(shop.id, { baseUrl: 'http://attacker.example/v2' })
    await restart()
    const list = await call(service.list())
    expect(list.connections.map((c) => c.id)).toEqual(['sandbox', other.id])
    expect(list.notice).toMatch(/Shop/)
    expect(list.notice).toMatch(/https/)
    expect(await failure(service.test(shop.id))).toMatchObject({ code: 'not-found' })
    expect(clientOptions.some((o) => o.baseUrl.includes('attacker'))).toBe(false)
    expect(credentialsSeen.some((c) => JSON.stringify(c).includes(LIVE_KEY))).toBe(false)
    expect(await call(service.test(other.id))).toMatchObject({ ok: true })
  })

  it('never sends the key to an https baseUrl edited to point elsewhere', async () => {
    const shop = await call(service.add({ label: 'Shop', secret: LIVE_KEY }))
    await editEntry(shop.id, { baseUrl: 'https://attacker.example/v2' })
    await restart()
    const result = await call(service.test(shop.id))
    expect(result.ok).toBe(false)
    expect(JSON.stringify(result)).toMatch(/changed outside Paydesk/)
    expect(credentialsSeen.some((c) => JSON.stringify(c).includes(LIVE_KEY))).toBe(false)
  })

  it('refuses entries that break the rules for adding a connection', async () => {
    const shop = await call(service.add({ label: 'Shop', secret: LIVE_KEY }))
    const edits: Record<string, unknown>[] = [
      { id: '__paydesk-data-key__' }, // an id naming another keychain entry
      { id: '../../etc' },
      { mode: 'test' }, // a live_ key shown as test
      { kind: 'organization-token' },
      { profileId: 'pfl_x', testmode: true }, // options an API key may not carry
      { baseUrl: 'https://user:pw@api.example/v2' },
      { baseUrl: 'ftp://127.0.0.1/v2' },
      { label: 'live_Zq8PwX3mN5rT7vY9bC1d' },
      { extra: 'field' },
    ]
    for (const edit of edits) {
      await writeFile(join(dir, 'connections.json'), JSON.stringify({ version: 1, activeId: shop.id, connections: [] }))
      const pristine = await savedFile()
      pristine.connections = []
      await writeFile(join(dir, 'connections.json'), JSON.stringify(pristine))
      await restart()
      // Re-add, then edit the fresh entry and restart.
      const added = await call(service.add({ label: 'Shop', secret: LIVE_KEY }))
      await editEntry(added.id, edit)
      await restart()
      const list = await call(service.list())
      expect(
        list.connections.map((c) => c.id),
        JSON.stringify(edit),
      ).toEqual(['sandbox'])
      expect(list.notice, JSON.stringify(edit)).toMatch(/set aside/)
      expect(list.activeId).toBe('sandbox')
    }
    expect(credentialsSeen.some((c) => JSON.stringify(c).includes(LIVE_KEY))).toBe(false)
  })
})

describe('IPC handlers', () => {
  it('map each channel to the service', async () => {
    const handlers = createConnectionHandlers(service)
    const ctx = { senderUrl: 'app://paydesk/' }
    const added = await call(Promise.resolve(handlers['connections.add']({ label: 'Acme', secret: LIVE_KEY }, ctx)))
    await call(Promise.resolve(handlers['connections.rename']({ id: added.id, label: 'Acme 2' }, ctx)))
    expect(await call(Promise.resolve(handlers['connections.setActive']({ id: added.id }, ctx)))).toMatchObject({
      isLive: true,
    })
    expect(await call(Promise.resolve(handlers['connections.active'](undefined, ctx)))).toMatchObject({
      id: added.id,
      label: 'Acme 2',
    })
    expect(await call(Promise.resolve(handlers['connections.test']({ id: added.id }, ctx)))).toMatchObject({ ok: true })
    expect((await call(Promise.resolve(handlers['connections.list'](undefined, ctx)))).connections).toHaveLength(2)
    expect(await call(Promise.resolve(handlers['connections.remove']({ id: added.id }, ctx)))).toEqual({
      removed: true,
      activeId: 'sandbox',
    })
  })
})

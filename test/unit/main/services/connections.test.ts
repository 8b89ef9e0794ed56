// The connections service: first run, add, rename, switch and remove (the setup and the no-secret
// check are test/unit/helpers/connections-fixture.ts).
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { UserFacingError } from '../../../../src/main/errors'
import { KeychainUnavailableError } from '../../../../src/main/secrets/secret-store'
import { createConnectionsService, SANDBOX_CONNECTION_ID } from '../../../../src/main/services/connections'
import { createEventBus } from '../../../../src/main/services/event-bus'
import { present } from '../../../helpers/present'
import {
  LIVE_KEY,
  SANDBOX_KEY,
  TEST_KEY,
  TOKEN,
  build,
  call,
  expectNoSecret,
  failure,
  fx,
  useConnectionsFixture,
} from '../../helpers/connections-fixture'

useConnectionsFixture()

describe('first run', () => {
  it('lists only the built-in Sandbox, active, without starting it', async () => {
    const list = await call(fx.service.list())
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
    expect(fx.sandboxStarts).toBe(0)
    const active = await call(fx.service.activeConnection())
    expect(active).toMatchObject({ id: 'sandbox', isLive: false, builtIn: true })
  })

  it('starts the sandbox on first use, once, with its test key, and allows its origin', async () => {
    const [a, b] = await Promise.all([fx.service.getActiveClient(), fx.service.getActiveClient()])
    expect(a).toBe(b)
    expect(fx.sandboxStarts).toBe(1)
    expect(fx.allowedOrigins).toEqual(['http://127.0.0.1:4999'])
    expect(present(fx.clientOptions[0]).baseUrl).toBe('http://127.0.0.1:4999/v2')
    const result = await call(fx.service.test('sandbox'))
    expect(result).toMatchObject({ ok: true, mode: 'test', kind: 'api-key' })
    expect(fx.credentialsSeen).toEqual([{ secret: SANDBOX_KEY, kind: 'api-key' }])
    // The user waits for it, and the Inspector entry says where it came from.
    expect(fx.listOptionsSeen).toEqual([
      { priority: 'user', origin: { screen: 'connections', action: 'test connection' } },
    ])
    const list = await call(fx.service.list())
    expect(present(list.connections[0]).masked).toBe('test_…Run9')
    expect(present(list.connections[0]).baseUrl).toBe('http://127.0.0.1:4999/v2')
  })

  it('cannot remove or rename the Sandbox', async () => {
    expect(await failure(fx.service.remove('sandbox'))).toMatchObject({ code: 'conflict' })
    expect(await failure(fx.service.rename('sandbox', 'Mine'))).toMatchObject({ code: 'conflict' })
  })
})

describe('add', () => {
  it('detects the kind, keeps the secret in the keychain only, and returns a masked view', async () => {
    const view = await call(fx.service.add({ label: ' Acme  Shoes ', secret: LIVE_KEY }))
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
    expect(fx.store.entries.get(view.id)).toBe(LIVE_KEY)
    const file = await readFile(join(fx.dir, 'connections.json'), 'utf8')
    expect(file).not.toContain(LIVE_KEY)
    expect(JSON.parse(file).connections[0]).toMatchObject({ id: view.id, label: 'Acme Shoes', last4: 'bC1d' })
    expect(fx.emitted).toEqual([{ event: 'connections.changed', payload: { activeId: 'sandbox' } }])
  })

  it('stores organization tokens with their profile and testmode', async () => {
    const view = await call(fx.service.add({ label: 'Org', secret: TOKEN, profileId: 'pfl_QvHdW3', testmode: true }))
    expect(view).toMatchObject({ kind: 'organization-token', mode: 'test', profileId: 'pfl_QvHdW3', testmode: true })
    const liveToken = await call(fx.service.add({ label: 'Org live', secret: `${TOKEN}x`, profileId: 'pfl_QvHdW3' }))
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
      const error = await failure(fx.service.add(request))
      expect(error, JSON.stringify(request)).toBeInstanceOf(UserFacingError)
      expect(error).toMatchObject({ code: 'invalid-input', extra: { issues: [{ path }] } })
    }
    expect(fx.store.entries.size).toBe(0)
    expect(await readdir(fx.dir)).toEqual([])
    expect(fx.emitted).toEqual([])
  })

  it('writes nothing anywhere when the keychain is unavailable', async () => {
    fx.store.failWith('no-secret-service')
    const error = await failure(fx.service.add({ label: 'Acme', secret: LIVE_KEY }))
    expect(error).toBeInstanceOf(KeychainUnavailableError)
    expect((error as KeychainUnavailableError).toIpcError().code).toBe('keychain-unavailable')
    expect(await readdir(fx.dir)).toEqual([])
    fx.store.failWith(null)
    expect(fx.store.entries.size).toBe(0)
    expect((await fx.service.list()).connections).toHaveLength(1)
    expect(fx.emitted).toEqual([])
  })

  it('takes the secret back out of the keychain when the metadata cannot be written', async () => {
    // The data directory cannot be created: a file sits where its parent should be.
    await writeFile(join(fx.dir, 'a-file'), '')
    const broken = createConnectionsService({
      dataDir: join(fx.dir, 'a-file', 'data'),
      secretStore: fx.store,
      events: createEventBus(),
      sandbox: { start: () => Promise.reject(new Error('unused')) },
      createClient: () => ({ listPayments: async () => ({}) }),
    })
    await expect(broken.add({ label: 'Acme', secret: LIVE_KEY })).rejects.toThrow()
    expect(fx.store.entries.size).toBe(0)
  })

  it('refuses a duplicate name, including "Sandbox"', async () => {
    await fx.service.add({ label: 'Acme', secret: LIVE_KEY })
    expect(await failure(fx.service.add({ label: 'acme', secret: TEST_KEY }))).toMatchObject({ code: 'conflict' })
    expect(await failure(fx.service.add({ label: 'sandbox', secret: TEST_KEY }))).toMatchObject({ code: 'conflict' })
    expect(fx.store.entries.size).toBe(1)
  })

  it('keeps every one of many concurrent adds', async () => {
    const views = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        fx.service.add({ label: `Merchant ${i}`, secret: `test_ConcurrentKey00${i}` }),
      ),
    )
    const reloaded = build()
    const list = await reloaded.list()
    expect(list.connections.map((c) => c.id).sort()).toEqual(['sandbox', ...views.map((v) => v.id)].sort())
    await reloaded.dispose()
  })
})

describe('rename, setActive, remove', () => {
  it('renames, persists and emits', async () => {
    const { id } = await fx.service.add({ label: 'Acme', secret: LIVE_KEY })
    const renamed = await call(fx.service.rename(id, 'Acme Shoes NL'))
    expect(renamed.label).toBe('Acme Shoes NL')
    const reloaded = build()
    expect(present((await reloaded.list()).connections.find((c) => c.id === id)).label).toBe('Acme Shoes NL')
    expect(fx.emitted).toHaveLength(2)
  })

  it('switches the active connection, survives a restart, and reports live mode', async () => {
    const { id } = await fx.service.add({ label: 'Acme', secret: LIVE_KEY })
    const active = await call(fx.service.setActive(id))
    expect(active).toMatchObject({ id, mode: 'live', isLive: true })
    expect(fx.emitted.at(-1)).toEqual({ event: 'connections.changed', payload: { activeId: id } })
    const reloaded = build()
    expect(await reloaded.activeConnection()).toMatchObject({ id, kind: 'api-key', mode: 'live', isLive: true })
    await reloaded.dispose()
  })

  it('gives the active connection its own client that reads the secret at request time', async () => {
    const { id } = await fx.service.add({ label: 'Acme', secret: TEST_KEY })
    await fx.service.setActive(id)
    const client = await fx.service.getActiveClient()
    expect(fx.clientOptions.at(-1)).toMatchObject({ connectionId: id, baseUrl: 'https://api.payments.example/v2' })
    // The options handed to the client hold a function, not the secret.
    expectNoSecret(fx.clientOptions)
    await client.listPayments({ limit: 1 })
    expect(fx.credentialsSeen.at(-1)).toEqual({ secret: TEST_KEY, kind: 'api-key' })
    // The secret is read per request; one replaced in the keychain behind Paydesk's back (here a live
    // key under a test connection) no longer matches the saved settings' seal and is not handed out.
    await fx.store.set(id, LIVE_KEY)
    await expect(client.listPayments({ limit: 1 })).rejects.toThrow(/changed outside Paydesk/)
    expect(fx.credentialsSeen.at(-1)).toEqual({ secret: TEST_KEY, kind: 'api-key' })
  })

  it('hands tokens to the client with profileId, and testmode only when on (spec 5.4)', async () => {
    const test = await fx.service.add({ label: 'Org test', secret: TOKEN, profileId: 'pfl_abc', testmode: true })
    const live = await fx.service.add({ label: 'Org live', secret: `${TOKEN}Z`, profileId: 'pfl_abc' })
    fx.knownSecrets.add(`${TOKEN}Z`)
    await fx.service.test(test.id)
    await fx.service.test(live.id)
    expect(fx.credentialsSeen).toEqual([
      { secret: TOKEN, kind: 'organization-token', profileId: 'pfl_abc', testmode: true },
      { secret: `${TOKEN}Z`, kind: 'organization-token', profileId: 'pfl_abc' },
    ])
  })

  it('removes the keychain entry with the connection and falls back to the Sandbox', async () => {
    const { id } = await fx.service.add({ label: 'Acme', secret: LIVE_KEY })
    await fx.service.setActive(id)
    const result = await call(fx.service.remove(id))
    expect(result).toEqual({ removed: true, activeId: 'sandbox' })
    expect(fx.store.entries.has(id)).toBe(false)
    expect((await fx.service.list()).connections.map((c) => c.id)).toEqual(['sandbox'])
    expect(await failure(fx.service.setActive(id))).toMatchObject({ code: 'not-found' })
    expect(await failure(fx.service.remove(id))).toMatchObject({ code: 'not-found' })
  })

  it('keeps the connection when its keychain entry cannot be deleted', async () => {
    const { id } = await fx.service.add({ label: 'Acme', secret: LIVE_KEY })
    fx.store.failWith('locked')
    expect(await failure(fx.service.remove(id))).toBeInstanceOf(KeychainUnavailableError)
    fx.store.failWith(null)
    expect(fx.store.entries.get(id)).toBe(LIVE_KEY)
    expect((await fx.service.list()).connections.map((c) => c.id)).toContain(id)
  })

  it('records lastUsedAt when a connection is used, without writing on every request', async () => {
    const { id } = await fx.service.add({ label: 'Acme', secret: TEST_KEY })
    await fx.service.test(id)
    await fx.service.dispose() // waits for the pending write
    const reloaded = build()
    expect(present((await reloaded.list()).connections.find((c) => c.id === id)).lastUsedAt).toBe(
      '2026-11-22T10:00:00.000Z',
    )
    await reloaded.dispose()
  })
})

/**
 * The connections service over real HTTP: the real API client against the in-process sandbox,
 * secrets in the in-memory store (the keychain has its own test, main/secrets/keytar-store.test.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createApiClient, type ApiClient } from '../../../../src/main/api'
import { startSandbox, type RunningSandbox } from '../../../../src/sandbox'
import { createMemorySecretStore } from '../../../helpers/memory-secret-store'
import { createConnectionsService, type ConnectionsService } from '../../../../src/main/services/connections'
import { createEventBus } from '../../../../src/main/services/event-bus'

// Keys this sandbox run accepts (spec 5: prefix decides kind and mode).
const TEST_KEY = 'test_ConnIntegrationTestKey0001'
const LIVE_KEY = 'live_ConnIntegrationLiveKey0001'
const TOKEN = 'access_ConnIntegrationOrgToken01'
const UNKNOWN_KEY = 'test_ThisKeyIsNotKnownToTheSandbox'
const SECRETS = [TEST_KEY, LIVE_KEY, TOKEN, UNKNOWN_KEY]

let sandbox: RunningSandbox
let dataDir: string
let service: ConnectionsService<ApiClient>
let events: unknown[]
let sandboxStarts: number
let allowed: string[]

beforeAll(async () => {
  sandbox = await startSandbox({ keys: [TEST_KEY, LIVE_KEY, TOKEN], seedPayments: 20 })
})

afterAll(async () => {
  await sandbox?.close()
})

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'paydesk-conn-it-'))
  events = []
  sandboxStarts = 0
  allowed = []
  const bus = createEventBus()
  bus.subscribe((event, payload) => events.push({ event, payload }))
  service = createConnectionsService({
    dataDir,
    secretStore: createMemorySecretStore(),
    events: bus,
    // The one sandbox of this file stands in for the app's lazily started one; the service closes
    // what it started on dispose, so it gets a handle whose close leaves the shared one running.
    sandbox: {
      start: async () => {
        sandboxStarts++
        return { ...sandbox, close: async () => {} }
      },
    },
    allowOrigin: (origin) => allowed.push(origin),
    createClient: ({ baseUrl, getCredential }) => createApiClient({ baseUrl, getCredential }),
    // Added connections talk to the sandbox too (a local http address, allowed on loopback only).
    defaultBaseUrl: sandbox.baseUrl,
  })
})

afterEach(async () => {
  await service.dispose()
  await rm(dataDir, { recursive: true, force: true })
  const json = JSON.stringify(events)
  for (const secret of SECRETS) expect(json).not.toContain(secret)
})

function expectNoSecret(value: unknown) {
  const json = JSON.stringify(value)
  for (const secret of SECRETS) expect(json).not.toContain(secret)
}

describe('connections against the sandbox', () => {
  it('the built-in Sandbox connection starts lazily and its test succeeds', async () => {
    expect(sandboxStarts).toBe(0)
    const result = await service.test('sandbox')
    expectNoSecret(result)
    expect(result).toMatchObject({ ok: true, kind: 'api-key', mode: 'test' })
    expect(sandboxStarts).toBe(1)
    expect(allowed).toEqual([sandbox.origin])
    const list = await service.list()
    expect(list.connections[0]).toMatchObject({ id: 'sandbox', baseUrl: sandbox.baseUrl, masked: 'test_…0001' })
  })

  it('a test key the sandbox knows passes the connection test', async () => {
    const view = await service.add({ label: 'Acme test', secret: TEST_KEY })
    const result = await service.test(view.id)
    expectNoSecret(result)
    expect(result).toMatchObject({ ok: true, id: view.id, mode: 'test' })
    if (result.ok) expect(result.summary).toMatch(/test mode/)
  })

  it('an unknown key gets the service’s 401 as an error view, without the secret', async () => {
    const view = await service.add({ label: 'Wrong key', secret: UNKNOWN_KEY })
    const result = await service.test(view.id)
    expectNoSecret(result)
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.error.code).toBe('api-error')
    expect(result.error.api).toMatchObject({ kind: 'http', status: 401 })
  })

  it('an organization token works with its profile and testmode, and fails with a foreign profile', async () => {
    const good = await service.add({ label: 'Org test', secret: TOKEN, profileId: sandbox.profileId, testmode: true })
    const goodResult = await service.test(good.id)
    expect(goodResult).toMatchObject({ ok: true, kind: 'organization-token', mode: 'test' })

    const foreign = await service.add({ label: 'Org elsewhere', secret: TOKEN, profileId: 'pfl_NotThisOne0' })
    const foreignResult = await service.test(foreign.id)
    expectNoSecret(foreignResult)
    expect(foreignResult).toMatchObject({
      ok: false,
      error: { code: 'api-error', api: { status: 422, field: 'profileId' } },
    })
  })

  it('setActive switches the client: the active connection decides which payments are seen', async () => {
    const live = await service.add({ label: 'Acme live', secret: LIVE_KEY })
    const test = await service.add({ label: 'Acme test', secret: TEST_KEY })

    await service.setActive(live.id)
    expect(await service.activeConnection()).toMatchObject({ id: live.id, mode: 'live', isLive: true })
    const liveClient = await service.getActiveClient()
    const livePage = await liveClient.listPayments({ limit: 5 })
    expect(livePage.count).toBeGreaterThan(0)
    expect(livePage._embedded.payments.every((p) => p.mode === 'live')).toBe(true)

    await service.setActive(test.id)
    const testClient = await service.getActiveClient()
    expect(testClient).not.toBe(liveClient)
    const testPage = await testClient.listPayments({ limit: 5 })
    expect(testPage._embedded.payments.every((p) => p.mode === 'test')).toBe(true)

    expect(
      events.filter((e) => (e as { event: string }).event === 'connections.changed').length,
    ).toBeGreaterThanOrEqual(4)
  })

  it('a removed connection’s client can no longer authenticate', async () => {
    const view = await service.add({ label: 'Short-lived', secret: TEST_KEY })
    const client = await service.getClient(view.id)
    await client.listPayments({ limit: 1 })
    await service.remove(view.id)
    await expect(client.listPayments({ limit: 1 })).rejects.toThrow()
  })
})

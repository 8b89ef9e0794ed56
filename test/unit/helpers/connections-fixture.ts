// The connections service's unit-test fixture: the service over a memory secret store, a fake
// sandbox and an API client double that authenticates like the service; a fresh data folder and
// state before every test, and a check that nothing the service hands out or emits holds a secret.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect } from 'vitest'
import { createMemorySecretStore, type MemorySecretStore } from '../../helpers/memory-secret-store'
import {
  createConnectionsService,
  type ConnectionClientOptions,
  type ConnectionsService,
} from '../../../src/main/services/connections'
import { createEventBus } from '../../../src/main/services/event-bus'
import { ALL_SECRETS, LIVE_KEY, SANDBOX_KEY, TEST_KEY, TOKEN } from './connection-objects'

export { ALL_SECRETS, LIVE_KEY, SANDBOX_KEY, TEST_KEY, TOKEN } from './connection-objects'

/** An API client double: `listPayments` authenticates like the service would (401 for unknown keys). */
class FakeApiError extends Error {
  constructor(readonly status: number) {
    super(`The service answered ${status}`)
  }
  toView() {
    return { status: this.status, title: 'Unauthorized', detail: 'Missing authentication, or failed to authenticate' }
  }
}

/** The state each test starts from (reset before every test by useConnectionsFixture). */
export const fx = {} as {
  dir: string
  store: MemorySecretStore
  emitted: unknown[]
  clientOptions: ConnectionClientOptions[]
  credentialsSeen: unknown[]
  listOptionsSeen: unknown[]
  sandboxStarts: number
  allowedOrigins: string[]
  knownSecrets: Set<string>
  now: Date
  service: ConnectionsService
}

export function build(): ConnectionsService {
  const events = createEventBus()
  events.subscribe((event, payload) => fx.emitted.push({ event, payload }))
  return createConnectionsService({
    dataDir: fx.dir,
    secretStore: fx.store,
    events,
    clock: () => fx.now,
    allowOrigin: (origin) => fx.allowedOrigins.push(origin),
    sandbox: {
      start: async () => {
        fx.sandboxStarts++
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
      fx.clientOptions.push(options)
      return {
        async listPayments(_query: unknown, listOptions?: unknown) {
          fx.listOptionsSeen.push(listOptions)
          const credential = await options.getCredential()
          fx.credentialsSeen.push(credential)
          if (!fx.knownSecrets.has(credential.secret)) throw new FakeApiError(401)
          return { count: 1, _embedded: { payments: [{}] } }
        },
      }
    },
  })
}

/** Every value the service hands out, as JSON, must be free of every secret. */
export function expectNoSecret(value: unknown) {
  const json = JSON.stringify(value) ?? ''
  for (const secret of ALL_SECRETS) expect(json).not.toContain(secret)
}

export async function call<T>(promise: Promise<T>): Promise<T> {
  const value = await promise
  expectNoSecret(value)
  return value
}

export async function failure(promise: Promise<unknown>): Promise<unknown> {
  const error = await promise.then(
    () => {
      throw new Error('expected a failure')
    },
    (e: unknown) => e,
  )
  expectNoSecret({ message: (error as Error).message, error })
  return error
}

export function useConnectionsFixture(): void {
  beforeEach(async () => {
    fx.dir = await mkdtemp(join(tmpdir(), 'paydesk-connections-'))
    fx.store = createMemorySecretStore()
    fx.emitted = []
    fx.clientOptions = []
    fx.credentialsSeen = []
    fx.listOptionsSeen = []
    fx.sandboxStarts = 0
    fx.allowedOrigins = []
    fx.knownSecrets = new Set([LIVE_KEY, TEST_KEY, TOKEN, SANDBOX_KEY])
    fx.now = new Date('2026-11-22T10:00:00.000Z')
    fx.service = build()
  })

  afterEach(async () => {
    await fx.service.dispose()
    // Nothing the service emitted may carry a secret either.
    expectNoSecret(fx.emitted)
    await rm(fx.dir, { recursive: true, force: true })
  })
}

// The actions service over the real client and an in-process sandbox, as main builds it, for the
// integration tests of one write: a fresh data folder and connection per test, every HTTP request the
// client sent counted (one attempt is one request on the wire).
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import type { AttemptEvent } from '../../../src/shared/api-events'
import { createApiClient, type ApiClient } from '../../../src/main/api'
import { createActionsService, type ActionsService } from '../../../src/main/services/actions'
import { createConnectionsService, type ConnectionsService } from '../../../src/main/services/connections'
import { createEventBus } from '../../../src/main/services/event-bus'
import { startSandbox, type RunningSandbox } from '../../../src/sandbox'
import { createMemorySecretStore } from '../../helpers/memory-secret-store'

export interface ActionsFixture {
  sandbox: RunningSandbox
  dataDir: string
  connections: ConnectionsService<ApiClient>
  actions: ActionsService
  /** Every HTTP request the client sent in this test. */
  sent: AttemptEvent[]
}

/** Registers the hooks; the fixture's fields are set before each test. */
export function useActionsFixture(options: { key: string; folderPrefix: string }): ActionsFixture {
  const fx = { sent: [] } as unknown as ActionsFixture
  const dataKey = randomBytes(32)
  beforeAll(async () => {
    fx.sandbox = await startSandbox({ keys: [options.key], seedPayments: 0 })
  })
  afterAll(async () => {
    await fx.sandbox?.close()
  })
  beforeEach(async () => {
    fx.sent = []
    fx.dataDir = await mkdtemp(join(tmpdir(), options.folderPrefix))
    fx.connections = createConnectionsService<ApiClient>({
      dataDir: fx.dataDir,
      secretStore: createMemorySecretStore(),
      sandbox: { start: async () => ({ ...fx.sandbox, close: async () => {} }) },
      createClient: ({ baseUrl, getCredential }) =>
        createApiClient({ baseUrl, getCredential, onAttempt: (event) => fx.sent.push(event) }),
      events: createEventBus(),
    })
    const added = await fx.connections.add({ label: 'Shop test', secret: options.key, baseUrl: fx.sandbox.baseUrl })
    await fx.connections.setActive(added.id)
    // The record of each write is not what these tests check (test/unit/main/team/record-service.test.ts is).
    fx.actions = createActionsService({
      dataDir: fx.dataDir,
      record: () => {},
      connections: fx.connections,
      getKey: async () => dataKey,
    })
  })
  afterEach(async () => {
    fx.actions.dispose()
    await fx.connections.dispose()
    await rm(fx.dataDir, { recursive: true, force: true })
  })
  return fx
}

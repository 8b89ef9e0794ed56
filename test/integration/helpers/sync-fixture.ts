// Shared setup of the search sync integration tests (issue 25 item 1): the real sandbox over HTTP
// with no seeded payments, the real API client with an API key, a real SQLite index in a temporary
// folder, and one incremental (or full) sync of that index.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createApiClient, type ApiClient } from '../../../src/main/api'
import { openSearchIndex, type SearchIndex } from '../../../src/main/search/index-db'
import { syncIndex } from '../../../src/main/search/sync'
import { startSandbox, type RunningSandbox } from '../../../src/sandbox/index'

const HIGH = { q: 1_000_000, burst: 1_000_000 }

export interface SyncFixture {
  sandbox: RunningSandbox
  client: ApiClient
  index: SearchIndex
  /** One sync of the index through the client: incremental, or a full re-sync. */
  sync(full?: boolean): Promise<void>
  close(): Promise<void>
}

export async function startSyncFixture(options: {
  key: string
  adminToken: string
  seed: number
  connectionId: string
  /** Quotas no test reaches (the default: the sandbox's own). */
  highQuotas?: boolean
  /** Called on every HTTP attempt of the client. */
  onAttempt?: () => void
}): Promise<SyncFixture> {
  const sandbox = await startSandbox({
    keys: [options.key],
    seedPayments: 0,
    seed: options.seed,
    adminToken: options.adminToken,
    ...(options.highQuotas ? { quotas: { test: { read: HIGH, write: HIGH } } } : {}),
  })
  const client = createApiClient({
    baseUrl: sandbox.baseUrl,
    getCredential: async () => ({ secret: options.key, kind: 'api-key' }),
    ...(options.onAttempt ? { onAttempt: options.onAttempt } : {}),
  })
  const dir = mkdtempSync(path.join(tmpdir(), 'paydesk-sync-'))
  const { index } = await openSearchIndex({
    dir,
    connectionId: options.connectionId,
    key: randomBytes(32),
    yieldFn: async () => {},
  })
  return {
    sandbox,
    client,
    index,
    sync: (full = false) =>
      syncIndex(index, client, { full, signal: new AbortController().signal, now: Date.now, onPage: () => {} }),
    async close() {
      index.close()
      client.dispose()
      await sandbox.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

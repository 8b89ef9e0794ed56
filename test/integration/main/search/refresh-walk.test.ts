// Issue 25 item 1: more unsettled objects than one sync reads by id (bench:freshness: ~1,000 open or
// authorized among 100,000). The oldest of them, paid or failed since, read so after one sync, and
// with fewer requests than one per object. The real sandbox over HTTP, the real client, a real index.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiClient, type ApiClient } from '../../../../src/main/api'
import { openSearchIndex, type SearchIndex } from '../../../../src/main/search/index-db'
import { REFRESH_BUDGET } from '../../../../src/main/search/refresh'
import { syncIndex } from '../../../../src/main/search/sync'
import { completeCheckout, createSandboxAdmin, startSandbox, type RunningSandbox } from '../../../../src/sandbox/index'
import type { Payment } from '../../../../src/shared/api-types'
import { PAYMENT_STATUSES } from '../../../../src/shared/service/enums'
import { validPaymentBody } from '../../../helpers/sandbox-fixtures'

const KEY = 'test_RefreshWalkKey00000000001'
const ADMIN = 'refresh-walk-admin-token-000001'
const HIGH = { q: 1_000_000, burst: 1_000_000 }
let sandbox: RunningSandbox
let client: ApiClient
let dir: string
let index: SearchIndex
let requests = 0

async function sync(full = false): Promise<void> {
  await syncIndex(index, client, { full, signal: new AbortController().signal, now: Date.now, onPage: () => {} })
}

function statusOf(id: string): string | undefined {
  return PAYMENT_STATUSES.find((status) => index.idsWithStatus('payments', [status], 100_000).includes(id))
}

beforeAll(async () => {
  sandbox = await startSandbox({
    keys: [KEY],
    seedPayments: 0,
    seed: 13,
    adminToken: ADMIN,
    quotas: { test: { read: HIGH, write: HIGH } },
  })
  client = createApiClient({
    baseUrl: sandbox.baseUrl,
    getCredential: async () => ({ secret: KEY, kind: 'api-key' }),
    onAttempt: () => void requests++,
  })
  dir = mkdtempSync(path.join(tmpdir(), 'paydesk-refresh-walk-'))
  index = (
    await openSearchIndex({ dir, connectionId: 'conn_refreshWalk01', key: randomBytes(32), yieldFn: async () => {} })
  ).index
})

afterAll(async () => {
  index.close()
  client.dispose()
  await sandbox.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('many unsettled payments (issue 25 item 1)', () => {
  it('the oldest of more than a sync’s budget, paid or failed since, read so after one sync', async () => {
    const open: Payment[] = []
    const create = async (i: number) =>
      open.push(await client.createPayment(validPaymentBody({ description: `Waiting ${i}`, method: 'banktransfer' })))
    // Bank transfers stay open for days: two, then an hour later more than a sync reads by id.
    for (let i = 0; i < 2; i++) await create(i)
    await createSandboxAdmin(sandbox.origin, ADMIN).advanceClock({ advanceSeconds: 3600 })
    for (let i = 2; i < REFRESH_BUDGET + 30; i++) await create(i)
    await sync(true)
    const [oldest, second] = open
    if (!oldest || !second) throw new Error('payments expected')
    expect(statusOf(oldest.id)).toBe('open')

    await completeCheckout(`${sandbox.origin}/checkout/${oldest.id}`, 'paid')
    await completeCheckout(`${sandbox.origin}/checkout/${second.id}`, 'failed')
    requests = 0
    await sync()
    expect(statusOf(oldest.id)).toBe('paid')
    expect(statusOf(second.id)).toBe('failed')
    expect(index.idsWithStatus('payments', ['open'], 100_000)).toHaveLength(open.length - 2)
    // A walk of the list (250 a page), not one request per unsettled payment.
    expect(requests).toBeLessThan(open.length)
  })
})

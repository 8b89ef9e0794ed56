// Issue 25 item 1: every refund and chargeback made since the last sync reaches the payment it changed,
// however many there are (bench:freshness found 1,000 changes losing all their chargebacks: the walk
// met them, moved its marker past them, and read only the first 400 payments). The real sandbox over
// HTTP, the real client, a real SQLite index.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiClient, type ApiClient } from '../../../../src/main/api'
import { openSearchIndex, type SearchIndex } from '../../../../src/main/search/index-db'
import { syncIndex } from '../../../../src/main/search/sync'
import { completeCheckout, createSandboxAdmin, startSandbox, type RunningSandbox } from '../../../../src/sandbox/index'
import type { Payment } from '../../../../src/shared/api-types'
import { parseSearchQuery } from '../../../../src/shared/search/query'
import { validPaymentBody } from '../../../helpers/sandbox-fixtures'

const KEY = 'test_ChangesWalkKey0000000001'
const ADMIN = 'changes-admin-token-0123456789'
const HIGH = { q: 1_000_000, burst: 1_000_000 }
let sandbox: RunningSandbox
let client: ApiClient
let dir: string
let index: SearchIndex

async function sync(): Promise<void> {
  await syncIndex(index, client, { full: false, signal: new AbortController().signal, now: Date.now, onPage: () => {} })
}

/** Runs `work` over `items`, eight at a time. */
async function eightAtATime<T>(items: T[], work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < items.length) await work(items[next++] as T)
    }),
  )
}

function found(text: string): string[] {
  const parsed = parseSearchQuery(text, Date.now())
  if (!parsed.ok) throw new Error(parsed.message)
  return index.search('payments', parsed.query, 1000).hits.map((h) => h.id)
}

beforeAll(async () => {
  sandbox = await startSandbox({
    keys: [KEY],
    seedPayments: 0,
    seed: 11,
    adminToken: ADMIN,
    quotas: { test: { read: HIGH, write: HIGH } },
  })
  client = createApiClient({ baseUrl: sandbox.baseUrl, getCredential: async () => ({ secret: KEY, kind: 'api-key' }) })
  dir = mkdtempSync(path.join(tmpdir(), 'paydesk-changes-'))
  index = (
    await openSearchIndex({ dir, connectionId: 'conn_changes000001', key: randomBytes(32), yieldFn: async () => {} })
  ).index
})

afterAll(async () => {
  index.close()
  client.dispose()
  await sandbox.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('refunds and chargebacks since the last sync, many of them (issue 25 item 1)', () => {
  it('300 refunds and 200 chargebacks on 500 paid payments all read so after one sync', async () => {
    const admin = createSandboxAdmin(sandbox.origin, ADMIN)
    const paid: Payment[] = []
    await eightAtATime(
      Array.from({ length: 500 }, (_, i) => i),
      async (i) => {
        const p = await client.createPayment(validPaymentBody({ description: `Many ${i}` }))
        await completeCheckout(`${sandbox.origin}/checkout/${p.id}`, 'paid')
        paid.push(p)
      },
    )
    await sync()
    await sync() // the first sync of an index only learns where the change lists stand
    expect(found('refunded')).toEqual([])
    const refunded = paid.slice(0, 300)
    const chargedBack = paid.slice(300)
    await eightAtATime(refunded, (p) => client.createRefund(p.id, { amount: { currency: 'EUR', value: '1.00' } }))
    await eightAtATime(chargedBack, (p) => admin.openChargeback(p.id))

    await sync()
    expect(new Set(found('refunded'))).toEqual(new Set(refunded.map((p) => p.id)))
    expect(new Set(found('chargeback'))).toEqual(new Set(chargedBack.map((p) => p.id)))
  })
})

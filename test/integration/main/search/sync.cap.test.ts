// The index's cap and the walk (issue 46 item 8), against the sandbox over HTTP: a walk newest first
// stops at the cap, fetching no page it would prune; an interrupted walk never holds more than the cap;
// the index says when older objects are not kept, and a full walk that holds everything says so again.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiClient, type ApiClient } from '../../../../src/main/api'
import { openSearchIndex, type SearchIndex } from '../../../../src/main/search/index-db'
import { syncIndex, type SyncClient } from '../../../../src/main/search/sync'
import { createSandboxAdmin, startSandbox, type RunningSandbox } from '../../../../src/sandbox/index'
import { PAYMENT_CAP_CHOICES } from '../../../../src/shared/search/index-cap'
import { validPaymentBody } from '../../../helpers/sandbox-fixtures'

const KEY = `test_${randomBytes(12).toString('hex')}`
const ADMIN = `admin_${randomBytes(8).toString('hex')}`
const HIGH = { q: 1_000_000, burst: 1_000_000 }
const SEEDED = 1200
const PAGE = 100

let sandbox: RunningSandbox
let client: ApiClient
let dir: string

/** The client as the sync sees it (lists only: no re-reads), counting the list pages it fetched. */
function countingClient(): { sync: SyncClient; pages: { payments: number; orders: number } } {
  const pages = { payments: 0, orders: 0 }
  return {
    pages,
    sync: {
      listPayments: (input, opts) => {
        pages.payments++
        return client.listPayments(input, opts)
      },
      listOrders: (input, opts) => {
        pages.orders++
        return client.listOrders(input, opts)
      },
    },
  }
}

const indexKey = randomBytes(32)

async function openIndex(name: string, payments: number): Promise<SearchIndex> {
  const { index } = await openSearchIndex({
    dir,
    connectionId: name,
    key: indexKey,
    limits: { payments, orders: 1000 },
    yieldFn: async () => {},
  })
  return index
}

function run(
  index: SearchIndex,
  sync: SyncClient,
  options: { full?: boolean; signal?: AbortSignal; onPage?: () => void } = {},
): Promise<void> {
  return syncIndex(index, sync, {
    full: options.full ?? false,
    signal: options.signal ?? new AbortController().signal,
    now: Date.now,
    onPage: options.onPage ?? (() => {}),
    pageSize: PAGE,
  })
}

beforeAll(async () => {
  sandbox = await startSandbox({
    keys: [KEY],
    seedPayments: SEEDED,
    seed: 46,
    adminToken: ADMIN,
    quotas: { test: { read: HIGH, write: HIGH } },
  })
  client = createApiClient({ baseUrl: sandbox.baseUrl, getCredential: async () => ({ secret: KEY, kind: 'api-key' }) })
  dir = mkdtempSync(path.join(tmpdir(), 'paydesk-sync-cap-'))
})

afterAll(async () => {
  client?.dispose()
  await sandbox?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('the index cap', () => {
  it('a first walk keeps the newest up to the cap and fetches no page beyond it', async () => {
    const index = await openIndex('conn_capFirst', 350)
    const { sync, pages } = countingClient()
    await run(index, sync)
    const admin = createSandboxAdmin(new URL(sandbox.baseUrl).origin, ADMIN)
    const newest = (await admin.paymentIds('test', 'desc')).slice(0, 350)
    expect(index.count('payments')).toBe(350)
    expect(
      index
        .idsWithStatus('payments', ['open', 'paid', 'failed', 'canceled', 'expired', 'authorized', 'pending'], 1000)
        .sort(),
    ).toEqual([...newest].sort())
    // 350 objects at 100 a page: 4 pages, not the 12+ of the whole list.
    expect(pages.payments).toBe(4)
    expect(index.marker('payments').olderNotKept).toBe(true)
    index.close()
  })

  it('a full re-sync of a capped index walks only what it keeps', async () => {
    const index = await openIndex('conn_capFull', 250)
    await run(index, countingClient().sync)
    const { sync, pages } = countingClient()
    await run(index, sync, { full: true })
    expect(pages.payments).toBe(3)
    expect(index.count('payments')).toBe(250)
    index.close()
  })

  it('an interrupted walk never holds more than the cap, and resumes to the same newest rows', async () => {
    // Capped at 300 and filled; then 500 new payments arrive and the next walk is stopped after 3 pages.
    const index = await openIndex('conn_capInterrupted', 300)
    await run(index, countingClient().sync)
    for (let i = 0; i < 500; i++) await client.createPayment(validPaymentBody({ description: `New ${i}` }))
    const seen: number[] = []
    const stop = new AbortController()
    let pageCount = 0
    await expect(
      run(index, countingClient().sync, {
        signal: stop.signal,
        onPage: () => {
          seen.push(index.count('payments'))
          if (++pageCount === 3) stop.abort()
        },
      }),
    ).rejects.toThrow(/cancel/i)
    expect(Math.max(...seen)).toBeLessThanOrEqual(300)
    await run(index, countingClient().sync)
    const admin = createSandboxAdmin(new URL(sandbox.baseUrl).origin, ADMIN)
    const newest = (await admin.paymentIds('test', 'desc')).slice(0, 300)
    expect(index.count('payments')).toBe(300)
    expect(newest.every((id) => index.has('payments', id))).toBe(true)
    index.close()
  })

  it('an index that holds the whole list does not say older objects are missing', async () => {
    const index = await openIndex('conn_capWhole', 100_000)
    await run(index, countingClient().sync)
    expect(index.marker('payments').olderNotKept).toBe(false)
    expect(index.count('payments')).toBeGreaterThanOrEqual(SEEDED)
    index.close()
  })
})

describe("the agent's choice of cap", () => {
  it('a lower cap prunes the oldest at once and says older ones are not kept', async () => {
    const index = await openIndex('conn_capChoiceLower', 100_000)
    await run(index, countingClient().sync)
    expect(index.marker('payments').olderNotKept).toBe(false)
    expect(index.setPaymentCap(200)).toEqual({ fillByFullWalk: false })
    expect(index.count('payments')).toBe(200)
    expect(index.marker('payments').olderNotKept).toBe(true)
    index.close()
  })

  it('the choice survives a reopen; a value edited in the file is not taken', async () => {
    const index = await openIndex('conn_capChoiceKept', 100)
    index.setPaymentCap(PAYMENT_CAP_CHOICES[2])
    index.close()
    const again = await openIndex('conn_capChoiceKept', 100)
    expect(again.limit('payments')).toBe(PAYMENT_CAP_CHOICES[2])
    again.close()
    const db = new DatabaseSync(path.join(dir, 'conn_capChoiceKept.sqlite'))
    db.prepare(`UPDATE meta SET value = '999999999999' WHERE key = 'payment-cap'`).run()
    db.close()
    const edited = await openIndex('conn_capChoiceKept', 100)
    expect(edited.limit('payments')).toBe(100)
    edited.close()
  })

  it('a higher cap over an index that left older payments out is filled by a full walk up to the new cap', async () => {
    const index = await openIndex('conn_capChoiceHigher', 300)
    await run(index, countingClient().sync)
    expect(index.setPaymentCap(600)).toEqual({ fillByFullWalk: true })
    const { sync, pages } = countingClient()
    await run(index, sync, { full: true })
    expect(index.count('payments')).toBe(600)
    expect(pages.payments).toBe(6)
    expect(index.marker('payments').olderNotKept).toBe(true)
    index.close()
  })
})

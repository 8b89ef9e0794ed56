// The local search index and its sync against the sandbox over HTTP (real node:sqlite, real
// client, faults from the sandbox's admin API): what is found, resuming without gaps or
// duplicates, restarts, a damaged file, removal, hostile queries, and no personal data on disk.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiClient } from '../../../../src/main/api/client'
import { createSandboxAdmin, startSandbox, type RunningSandbox, type SandboxAdmin } from '../../../../src/sandbox/index'
import { validOrderBody, GENEROUS_QUOTAS } from '../../../helpers/sandbox-fixtures'
import { openSearchIndex, removeSearchIndex, type SearchIndex } from '../../../../src/main/search/index-db'
import { syncIndex, type SyncClient } from '../../../../src/main/search/sync'
import { parseSearchQuery, type ParsedQuery } from '../../../../src/shared/search/query'
import { recordingClient, TEST_KEY } from '../../helpers/api-client'
import { present } from '../../../helpers/present'

const SEEDED = 1500
const CONNECTION = 'conn_searchTest'
let sandbox: RunningSandbox
let admin: SandboxAdmin
let dir: string
const key = randomBytes(32)
const PEOPLE = [
  { email: 'marie.curie@radium.example', given: 'Marie', family: 'Curie', number: 'RAD-88', value: '59.95' },
  { email: 'ada@lovelace.example', given: 'Ada', family: 'Lovelace', number: 'ENG-1843', value: '121.00' },
  { email: 'zoë.émile@accents.example', given: 'Zoë', family: 'Émile', number: 'ACC-7', value: '7.50' },
]
const orderIds: string[] = []

function q(text: string): ParsedQuery {
  const parsed = parseSearchQuery(text, Date.now())
  if (!parsed.ok) throw new Error(parsed.message)
  return parsed.query
}

async function createOrder(p: (typeof PEOPLE)[number]): Promise<string> {
  const body = validOrderBody(p.number, {
    amount: { currency: 'EUR', value: p.value },
    lines: [
      {
        type: 'physical',
        name: 'Gift 🎁 box',
        quantity: 1,
        unitPrice: { currency: 'EUR', value: p.value },
        totalAmount: { currency: 'EUR', value: p.value },
        vatRate: '0.00',
        vatAmount: { currency: 'EUR', value: '0.00' },
      },
    ],
    billingAddress: {
      givenName: p.given,
      familyName: p.family,
      email: p.email,
      streetAndNumber: 'Rue Cuvier 12',
      postalCode: '75005',
      city: 'Paris',
      country: 'FR',
    },
    metadata: { crmTicket: `T-${p.number}` },
  })
  const response = await fetch(`${sandbox.baseUrl}/orders`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${TEST_KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  const json = (await response.json()) as { id: string; detail?: string }
  if (response.status !== 201) throw new Error(json.detail)
  return json.id
}

async function open(connectionId = CONNECTION): Promise<{ index: SearchIndex; notice: string | null }> {
  return openSearchIndex({ dir, connectionId, key, yieldFn: async () => {} })
}

async function runSync(index: SearchIndex, client: SyncClient, full = false, signal = new AbortController().signal) {
  let pages = 0
  await syncIndex(index, client, { full, signal, now: Date.now, onPage: () => pages++, pageSize: 100 })
  return pages
}

function allIds(index: SearchIndex, kind: 'payments' | 'orders'): string[] {
  // a broad query: every row of the last 10 years, newest first
  const parsed = q('2016-01-01..2036-01-01')
  return index.search(kind, parsed, 1_000_000).hits.map((h) => h.id)
}

beforeAll(async () => {
  sandbox = await startSandbox({
    seedPayments: SEEDED,
    // The orders of this test are the ones it creates: the seeded merchant's orders would answer its
    // searches (a seeded order can cost 59.95 too, and be from today).
    seedOrders: false,
    keys: [TEST_KEY],
    quotas: GENEROUS_QUOTAS,
  })
  admin = createSandboxAdmin(sandbox.origin, sandbox.adminToken)
  for (const p of PEOPLE) orderIds.push(await createOrder(p))
  dir = mkdtempSync(path.join(tmpdir(), 'paydesk-search-'))
})
afterAll(async () => {
  await sandbox.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('search index with sync from the sandbox', () => {
  let client: ApiClient
  beforeAll(() => {
    client = recordingClient(sandbox.baseUrl).client
  })
  afterAll(() => client.dispose())

  it('syncs every payment and order once and finds them by e-mail, name, amount, order number, metadata', async () => {
    const { index, notice } = await open()
    expect(notice).toBeNull()
    await runSync(index, client)
    const sandboxIds = await admin.paymentIds('test', 'desc')
    expect(allIds(index, 'payments')).toEqual(sandboxIds)
    expect(allIds(index, 'orders')).toEqual([...orderIds].reverse())

    const byEmail = index.search('orders', q('marie.curie@radium.example'))
    expect(byEmail.hits.map((h) => h.id)).toEqual([orderIds[0]])
    expect(byEmail.hits[0]?.matched).toContain('Customer e-mail')
    expect(index.search('orders', q('lovelace')).hits.map((h) => h.id)).toEqual([orderIds[1]])
    expect(index.search('orders', q('zoe emile')).hits.map((h) => h.id)).toEqual([orderIds[2]])
    expect(index.search('orders', q('ENG-1843')).hits[0]?.id).toBe(orderIds[1])
    expect(index.search('orders', q('T-RAD-88')).hits[0]?.matched).toContain('Metadata')
    for (const text of ['59.95', '€59,95', '59,95 EUR', 'EUR 59.95']) {
      const hits = index.search('orders', q(text)).hits
      expect(
        hits.map((h) => h.id),
        text,
      ).toEqual([orderIds[0]])
      expect(hits[0]?.matched, text).toContain('Amount')
    }
    // the order's first payment carries the amount too
    expect(index.search('payments', q('€59,95')).hits.some((h) => h.orderId === orderIds[0])).toBe(true)
    expect(index.search('orders', q('🎁')).hits.length).toBe(3)
    index.close()
  })

  it('a number with words finds the rows of that amount and those whose words hold the number', async () => {
    const { index } = await open()
    // By the amount: Marie Curie's order is €59.95, Ada Lovelace's €121.00.
    expect(index.search('orders', q('curie 59.95')).hits.map((h) => h.id)).toEqual([orderIds[0]])
    expect(index.search('orders', q('lovelace 121')).hits.map((h) => h.id)).toEqual([orderIds[1]])
    // By the number as a word: Ada Lovelace's order number is ENG-1843.
    expect(index.search('orders', q('lovelace 1843')).hits.map((h) => h.id)).toEqual([orderIds[1]])
    // Neither: another person's amount, a number in nobody's words.
    expect(index.search('orders', q('curie 121')).hits).toEqual([])
    expect(index.search('orders', q('lovelace 59.95')).hits).toEqual([])
    // A number alone: the rows of both kinds together, newest first, each once.
    const hits = index.search('payments', q('10'), 500).hits
    expect(hits.length).toBeGreaterThan(1)
    const times = hits.map((h) => Date.parse(h.createdAt))
    expect(times).toEqual([...times].sort((x, y) => y - x))
    expect(new Set(hits.map((h) => h.id)).size).toBe(hits.length)
    index.close()
  })

  it('filters by status, method and date words on plain columns', async () => {
    const { index } = await open()
    const paid = index.search('payments', q('paid ideal'), 50).hits
    expect(paid.length).toBeGreaterThan(0)
    for (const h of paid) {
      expect(h.status).toBe('paid')
      expect(h.method).toBe('ideal')
    }
    const today = index.search('orders', q('today')).hits.map((h) => h.id)
    expect(today.sort()).toEqual([...orderIds].sort())
    expect(index.search('orders', q('yesterday')).hits).toEqual([])
    index.close()
  })

  it('an incremental sync fetches only what is new; opening again keeps everything (restart)', async () => {
    const { index } = await open()
    const before = index.count('payments')
    orderIds.push(await createOrder({ ...present(PEOPLE[0]), number: 'NEW-1', email: 'late@example.org' }))
    const pages = await runSync(index, client)
    expect(pages).toBe(2) // one page of payments, one of orders: it stopped at what it held
    expect(index.count('payments')).toBe(before + 1)
    expect(index.search('orders', q('late@example.org')).hits.map((h) => h.id)).toEqual([orderIds[3]])
    index.close()
    const reopened = await open()
    expect(reopened.notice).toBeNull()
    expect(reopened.index.search('orders', q('late@example.org')).hits.map((h) => h.id)).toEqual([orderIds[3]])
    reopened.index.close()
  })

  it('an interrupted sync (quit mid-page, network faults, 429) resumes with no gaps and no duplicates', async () => {
    removeSearchIndex(dir, 'conn_resume')
    const { index } = await open('conn_resume')
    // 1. quit mid-page: abort while the 4th page is in flight
    const controller = new AbortController()
    let calls = 0
    const quitting: SyncClient = {
      listPayments: (input, opts) => {
        if (++calls === 4) setTimeout(() => controller.abort(), 0)
        return client.listPayments(input, opts)
      },
      listOrders: (input, opts) => client.listOrders(input, opts),
    }
    await expect(runSync(index, quitting, false, controller.signal)).rejects.toThrow()
    const afterQuit = index.count('payments')
    expect(afterQuit).toBeGreaterThanOrEqual(300)
    expect(afterQuit).toBeLessThan(SEEDED)
    // 2. the service fails for longer than the client retries
    await admin.addFault({ path: '/v2/payments', kind: 'reset-before-headers', count: 50 })
    await expect(runSync(index, client)).rejects.toThrow()
    await admin.clearFaults()
    expect(index.count('payments')).toBe(afterQuit)
    // 3. a 429 with Retry-After: the client waits and the sync goes on
    await admin.addFault({ path: '/v2/payments', kind: 'status', status: 429, retryAfter: 0, count: 2 })
    // new payments arrive meanwhile (newer than the walk's top: the next sync brings them)
    const newOrder = await createOrder({ ...present(PEOPLE[1]), number: 'MID-1' })
    await runSync(index, client)
    await admin.clearFaults()
    await runSync(index, client)
    const ids = allIds(index, 'payments')
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids).toEqual(await admin.paymentIds('test', 'desc'))
    expect(allIds(index, 'orders')).toContain(newOrder)
    index.close()
  })

  it('a full re-sync walks everything again and ends equal to the service', async () => {
    const { index } = await open()
    await runSync(index, client, true)
    expect(allIds(index, 'payments')).toEqual(await admin.paymentIds('test', 'desc'))
    index.close()
  })

  it('keeps at most the configured number of rows, the newest', async () => {
    removeSearchIndex(dir, 'conn_bounded')
    const { index } = await openSearchIndex({
      dir,
      connectionId: 'conn_bounded',
      key,
      limits: { payments: 500, orders: 2 },
    })
    await runSync(index, client)
    expect(index.count('payments')).toBe(500)
    expect(allIds(index, 'payments')).toEqual((await admin.paymentIds('test', 'desc')).slice(0, 500))
    expect(index.count('orders')).toBe(2)
    index.close()
  })
})

describe('index files', () => {
  it('hold no personal data in plain text (leak scan of the database and its WAL)', async () => {
    const { index } = await open()
    const files = readdirSync(dir).filter((f) => f.startsWith(CONNECTION))
    const bytes = files.map((f) => readFileSync(path.join(dir, f)))
    index.close()
    const needles = [
      'marie.curie',
      'radium.example',
      'Lovelace',
      'Curie',
      'Rue Cuvier',
      'ENG-1843',
      'T-RAD-88',
      'Gift',
      'late@example.org',
      'Order', // seeded payment descriptions
    ]
    for (const file of [...bytes, ...readdirSync(dir).map((f) => readFileSync(path.join(dir, f)))]) {
      for (const needle of needles) {
        for (const encoding of ['utf8', 'utf16le'] as const) {
          expect(file.includes(Buffer.from(needle, encoding)), `${needle} (${encoding})`).toBe(false)
        }
      }
    }
  })

  it('a damaged file is set aside and a fresh index starts, with a notice', async () => {
    const file = path.join(dir, 'conn_damaged.sqlite')
    writeFileSync(file, Buffer.concat([Buffer.from('SQLite format 3\0'), randomBytes(8192)]))
    const { index, notice } = await open('conn_damaged')
    expect(notice).toMatch(/set aside as conn_damaged\.sqlite\.damaged-/)
    expect(index.count('payments')).toBe(0)
    index.close()
    expect(readdirSync(dir).some((f) => f.startsWith('conn_damaged.sqlite.damaged-'))).toBe(true)
  })

  it('records written with another data key count as damaged (not silently dropped)', async () => {
    const { index } = await open()
    index.close()
    const other = await openSearchIndex({
      dir,
      connectionId: CONNECTION,
      key: randomBytes(32),
      yieldFn: async () => {},
    })
    expect(other.notice).toMatch(/rebuilt/)
    other.index.close()
  })

  it('is removed with its connection', async () => {
    const { index } = await open('conn_removed')
    index.close()
    expect(readdirSync(dir).some((f) => f.startsWith('conn_removed.sqlite'))).toBe(true)
    removeSearchIndex(dir, 'conn_removed')
    expect(readdirSync(dir).some((f) => f.startsWith('conn_removed.sqlite'))).toBe(false)
  })
})

describe('hostile queries are searched literally or refused, never injected', () => {
  it('quotes, SQL and FTS operators, regex characters, emoji, control characters', async () => {
    const { index } = await open('conn_hostile')
    const before = index.count('payments')
    const hostile = [
      '"',
      '""',
      "' OR 1=1 --",
      "'; DROP TABLE payments; --",
      'a" OR "b',
      'NEAR(a b)',
      'lovelace NOT curie',
      '* AND *',
      'description:foo',
      '^marie',
      '.*[(',
      '\\',
      '%_%',
      '🎁🎁',
      'ada\u0000\u0007\u001b[31m',
      '\u202e',
      '-',
      '(((',
      '{}',
    ]
    for (const text of hostile) {
      const parsed = parseSearchQuery(text, Date.now())
      expect(parsed.ok, text).toBe(true)
      if (!parsed.ok) continue
      expect(() => index.search('payments', parsed.query), text).not.toThrow()
      expect(() => index.search('orders', parsed.query), text).not.toThrow()
    }
    expect(index.count('payments')).toBe(before)
    const long = parseSearchQuery('x'.repeat(10_000), Date.now())
    expect(long.ok).toBe(false)
    if (!long.ok) expect(long.message).toMatch(/10,000 characters/)
    index.close()
  })
})

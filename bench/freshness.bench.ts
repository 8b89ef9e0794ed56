// bench:freshness — is the index true after one incremental sync? (issue 25 item 1)
//   npm run bench:freshness [-- --runs 3] [-- --changes 1000]
//
// Per run: the real sandbox in this process on loopback, seeded with 100,000 test payments (its
// merchant seed: 90 days, orders, refunds, chargebacks); Paydesk's real search service does one full
// sync into a real encrypted index in a temp folder through the real API client. Then 1,000 changes
// are made through the sandbox, spread over the 90 days: open payments paid and failed on the checkout
// page and expired by moving the sandbox clock (open payments only exist in the last days: a bank
// transfer waits 12 days), paid payments refunded (in full or in part) through the API's refund
// endpoint and charged back through the sandbox's admin API. Then ONE incremental sync, at the
// service's default quotas (READ 25/s). For every changed payment (and the order it belongs to) the
// index's status and its words for the amounts (refunded, partly refunded, charged back: the state a
// hit shows and the words a search finds) are compared with what the index would hold if built from
// the service's object now. Printed per run: % reflected (per kind of change), the HTTP requests the
// sync used (the client's attempts; the sandbox's own count beside it), seconds; then an idle sync
// (no change): requests and seconds. Then the medians; the last line is one JSON object.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { Agent, request as httpRequest } from 'node:http'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import type { DatabaseSync } from 'node:sqlite'
import { createApiClient, type ApiClient } from '../src/main/api'
import { orderRow, paymentRow } from '../src/main/search/rows'
import type { SearchIndex } from '../src/main/search/index-db'
import { createSearchService, type SearchService } from '../src/main/search/service'
import { completeCheckout, createSandboxAdmin, DEFAULT_QUOTAS, startSandbox } from '../src/sandbox/index'
import type { Order, Payment, PaymentList } from '../src/shared/api-types'
import { amountFromMinor, isPositive, toMinor } from '../src/shared/money'
import { numberOption } from './lib/args'
import { median, round } from './lib/stats'

const RUNS = numberOption('runs', 3)
const CHANGES = numberOption('changes', 1000)
const PAYMENTS = 100_000
const KEY = `test_${'freshnessBenchKey'.padEnd(30, '0')}`
const ADMIN = 'freshness-bench-admin-token-000001'
const CONNECTION = 'conn_freshnessBench01'
const HIGH = { q: 1_000_000, burst: 1_000_000 }
const DAY_MS = 86_400_000

type ChangeKind = 'paid' | 'failed' | 'expired' | 'refunded' | 'charged back'
const KINDS: ChangeKind[] = ['paid', 'failed', 'expired', 'refunded', 'charged back']

/** Plain HTTP for the bench's own reads (not counted as the sync's). */
function plainGet(agent: Agent, url: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { agent, headers: { Authorization: `Bearer ${KEY}` } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8')
        if (res.statusCode !== 200) reject(new Error(`GET ${url} → ${res.statusCode}: ${body.slice(0, 200)}`))
        else resolve(JSON.parse(body))
      })
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

async function allPayments(agent: Agent, baseUrl: string): Promise<Payment[]> {
  const out: Payment[] = []
  let url: string | null = `${baseUrl}/payments?limit=250`
  while (url) {
    const page = (await plainGet(agent, url)) as PaymentList
    out.push(...page._embedded.payments)
    url = page._links.next?.href ?? null
  }
  return out
}

/** Runs `work` over `items` with `n` at a time. */
async function pool<T>(items: T[], n: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < items.length) await work(items[next++] as T)
    }),
  )
}

/** `count` items spread evenly over `list` (oldest to newest stays spread over the 90 days). */
function spread<T>(list: T[], count: number): T[] {
  if (count >= list.length) return [...list]
  return Array.from({ length: count }, (_, i) => list[Math.floor((i * list.length) / count)] as T)
}

const noRefundOrChargeback = (p: Payment) =>
  p.status === 'paid' &&
  !isPositive(p.amountRefunded) &&
  !isPositive(p.amountChargedBack) &&
  p.sequenceType !== 'recurring'

interface Plan {
  paid: Payment[]
  failed: Payment[]
  expire: Payment[]
  refund: Payment[]
  chargeback: Payment[]
}

/** Which payments change how: the open ones (all recent) pay, fail or expire; paid ones over 90 days. */
function plan(payments: Payment[], total: number): Plan {
  const open = payments
    .filter((p) => p.status === 'open' && p.expiresAt)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
  const expireCount = Math.floor(open.length * 0.3)
  const byExpiry = [...open].sort((a, b) => (a.expiresAt ?? '').localeCompare(b.expiresAt ?? ''))
  const expire = byExpiry.slice(0, expireCount)
  const rest = open.filter((p) => !expire.includes(p))
  const paid = rest.filter((_, i) => i % 7 < 4)
  const failed = rest.filter((_, i) => i % 7 >= 4 && i % 7 < 7).slice(0, Math.floor(open.length * 0.3))
  const settled = total - expire.length - paid.length - failed.length
  const candidates = payments.filter(noRefundOrChargeback).sort((a, b) => a.createdAt.localeCompare(b.createdAt))
  const picked = spread(candidates, Math.min(candidates.length, Math.ceil(settled * 1.2)))
  const refund = picked.filter((_, i) => i % 5 < 3)
  const chargeback = picked.filter((_, i) => i % 5 >= 3)
  return { paid, failed, expire, refund, chargeback }
}

interface Changed {
  id: string
  kind: ChangeKind
}

/** Makes the planned changes through the sandbox; answers what changed (up to `total`). */
async function makeChanges(
  p: Plan,
  total: number,
  sandbox: { origin: string },
  changer: ApiClient,
  admin: ReturnType<typeof createSandboxAdmin>,
): Promise<Changed[]> {
  const changed: Changed[] = []
  // Expire first: move the sandbox clock past the expiry of the open payments that should expire.
  const last = p.expire[p.expire.length - 1]?.expiresAt
  if (last) {
    const target = Date.parse(last) + 1000
    const { nowMs } = await admin.clock()
    if (target > nowMs) await admin.advanceClock({ to: new Date(target).toISOString() })
    for (const x of p.expire) changed.push({ id: x.id, kind: 'expired' })
  }
  await pool(
    [...p.paid.map((x) => [x, 'paid'] as const), ...p.failed.map((x) => [x, 'failed'] as const)],
    8,
    async ([x, outcome]) => {
      const result = await completeCheckout(`${sandbox.origin}/checkout/${x.id}`, outcome)
      if (result.status === 303) changed.push({ id: x.id, kind: outcome })
    },
  )
  const settledLeft = total - changed.length
  const refundTarget = Math.round(settledLeft * 0.6)
  const refunds = p.refund
  let refunded = 0
  await pool(refunds, 8, async (x) => {
    if (refunded >= refundTarget) return
    // Every other one in full, the others in part (1.00, or half when that is less).
    const minor = toMinor(x.amount)
    const part = refunds.indexOf(x) % 2 === 0 ? minor : minor > 200n ? 100n : minor / 2n
    if (part <= 0n) return
    refunded++ // held before the call, so the workers never make more than the target
    try {
      await changer.createRefund(x.id, { amount: amountFromMinor(part, x.amount.currency) })
      changed.push({ id: x.id, kind: 'refunded' })
    } catch {
      refunded-- // a method without refunds: another payment is used
    }
  })
  let chargedBack = 0
  const chargebackTarget = total - changed.length
  await pool(p.chargeback, 8, async (x) => {
    if (chargedBack >= chargebackTarget) return
    chargedBack++
    try {
      await admin.openChargeback(x.id)
      changed.push({ id: x.id, kind: 'charged back' })
    } catch {
      chargedBack-- // not paid any more, or a method without chargebacks
    }
  })
  return changed
}

interface IndexedRow {
  status: string
  state: string
  facts: string
}

/**
 * The row the index holds for an object: its plain status and the words it shows and finds (state,
 * facts). The index keeps them in its in-memory full-text table; the bench reads it directly.
 */
function indexedRow(index: SearchIndex, kind: 'payments' | 'orders', id: string): IndexedRow | undefined {
  // The index's private context (src/main/search/index-db/search-index.ts); fail loudly if it moves.
  const db = (index as unknown as { ctx?: { db?: DatabaseSync } }).ctx?.db
  if (!db) throw new Error('bench:freshness: the search index no longer keeps its database at ctx.db')
  return db
    .prepare(
      `SELECT t.status AS status, f.state AS state, f.facts AS facts FROM ${kind} t
       JOIN mem.${kind}_keys k ON k.rid = t.rid JOIN mem.${kind}_fts f ON f.rowid = k.tkey WHERE t.id = ?`,
    )
    .get(id) as IndexedRow | undefined
}

function sameRow(
  held: IndexedRow | undefined,
  expected: { status: string; personal: { state?: string; facts: string } },
) {
  return (
    held !== undefined &&
    held.status === expected.status &&
    held.state === (expected.personal.state ?? '') &&
    held.facts === expected.personal.facts
  )
}

interface Verdict {
  reflected: number
  total: number
  perKind: Record<ChangeKind, { reflected: number; total: number }>
  ordersReflected: number
  ordersTotal: number
  misses: string[]
}

async function verify(index: SearchIndex, agent: Agent, baseUrl: string, changed: Changed[]): Promise<Verdict> {
  const perKind = Object.fromEntries(KINDS.map((k) => [k, { reflected: 0, total: 0 }])) as Verdict['perKind']
  const v: Verdict = { reflected: 0, total: 0, perKind, ordersReflected: 0, ordersTotal: 0, misses: [] }
  const orderIds = new Set<string>()
  for (const c of changed) {
    const now = (await plainGet(agent, `${baseUrl}/payments/${c.id}`)) as Payment
    const expected = paymentRow(now)
    const held = indexedRow(index, 'payments', c.id)
    const ok = sameRow(held, expected)
    v.total++
    perKind[c.kind].total++
    if (ok) {
      v.reflected++
      perKind[c.kind].reflected++
    } else if (v.misses.length < 5) {
      v.misses.push(
        `${c.kind} ${c.id} (${now.createdAt.slice(0, 10)}): index ${held?.status}/${held?.state}, service ${expected.status}/${expected.personal.state}`,
      )
    }
    if (now.orderId) orderIds.add(now.orderId)
  }
  for (const id of orderIds) {
    const now = (await plainGet(agent, `${baseUrl}/orders/${id}`)) as Order
    v.ordersTotal++
    if (sameRow(indexedRow(index, 'orders', id), orderRow(now))) v.ordersReflected++
  }
  return v
}

interface SyncFigures {
  requests: number
  sandboxRequests: number
  seconds: number
  status429: number
}

async function timedSync(
  service: SearchService,
  counter: { attempts: number; status429: number },
  admin: ReturnType<typeof createSandboxAdmin>,
  full: boolean,
): Promise<SyncFigures> {
  const before = { ...counter }
  const sandboxBefore = (await admin.stats()).requests
  const started = performance.now()
  await service.sync({ full })
  await service.whenIdle()
  const seconds = (performance.now() - started) / 1000
  const status = service.status()
  if (status.state !== 'done') throw new Error(`the sync ended ${status.state}: ${status.error}`)
  // The stats call itself is one request of the sandbox's count.
  const sandboxRequests = (await admin.stats()).requests - sandboxBefore - 1
  return {
    requests: counter.attempts - before.attempts,
    sandboxRequests,
    seconds,
    status429: counter.status429 - before.status429,
  }
}

async function syncAgain(
  service: SearchService,
  counter: { attempts: number; status429: number },
  admin: ReturnType<typeof createSandboxAdmin>,
  index: SearchIndex,
  agent: Agent,
  baseUrl: string,
  changed: Changed[],
): Promise<{ sync: SyncFigures; verdict: Verdict }> {
  await admin.setQuotas({ mode: 'test', read: DEFAULT_QUOTAS.test.read, write: DEFAULT_QUOTAS.test.write })
  await admin.resetBuckets()
  const sync = await timedSync(service, counter, admin, false)
  await admin.setQuotas({ mode: 'test', read: HIGH, write: HIGH })
  return { sync, verdict: await verify(index, agent, baseUrl, changed) }
}

interface RunResult {
  seedSeconds: number
  fullSync: SyncFigures
  changes: Record<ChangeKind, number>
  changeSpanDays: number
  sync: SyncFigures
  verdict: Verdict
  second: { sync: SyncFigures; verdict: Verdict }
  idle: SyncFigures
}

async function run(n: number): Promise<RunResult> {
  const seedStarted = performance.now()
  const sandbox = await startSandbox({
    seedPayments: PAYMENTS,
    seed: n,
    keys: [KEY],
    adminToken: ADMIN,
    quotas: { test: { read: HIGH, write: HIGH } },
  })
  const seedSeconds = (performance.now() - seedStarted) / 1000
  const admin = createSandboxAdmin(sandbox.origin, ADMIN)
  const agent = new Agent({ keepAlive: true, maxSockets: 8 })
  const counter = { attempts: 0, status429: 0 }
  const client = createApiClient({
    baseUrl: sandbox.baseUrl,
    getCredential: async () => ({ secret: KEY, kind: 'api-key' }),
    onAttempt: (e) => {
      counter.attempts++
      if (e.status === 429) counter.status429++
    },
  })
  const changer = createApiClient({
    baseUrl: sandbox.baseUrl,
    getCredential: async () => ({ secret: KEY, kind: 'api-key' }),
  })
  const dir = mkdtempSync(path.join(tmpdir(), 'paydesk-freshness-'))
  const key = randomBytes(32)
  const service = createSearchService({
    dataDir: dir,
    getKey: async () => key,
    active: async () => ({ id: CONNECTION, client }),
    knownConnectionIds: async () => [CONNECTION],
    emitProgress: () => {},
    syncEveryMs: 0,
    autoSync: false,
  })
  try {
    const fullSync = await timedSync(service, counter, admin, true)
    const index = await service.currentIndex()
    if (index.count('payments') !== PAYMENTS)
      throw new Error(`the full sync indexed ${index.count('payments')} payments, not ${PAYMENTS}`)

    const payments = await allPayments(agent, sandbox.baseUrl)
    const changed = await makeChanges(plan(payments, CHANGES), CHANGES, sandbox, changer, admin)
    const created = new Map(payments.map((p) => [p.id, Date.parse(p.createdAt)]))
    const times = changed.map((c) => created.get(c.id) ?? 0)
    const changeSpanDays = (Math.max(...times) - Math.min(...times)) / DAY_MS
    const changes = Object.fromEntries(KINDS.map((k) => [k, changed.filter((c) => c.kind === k).length])) as Record<
      ChangeKind,
      number
    >

    // The measured syncs meet the service's default quotas, as a real account would.
    await admin.setQuotas({ mode: 'test', read: DEFAULT_QUOTAS.test.read, write: DEFAULT_QUOTAS.test.write })
    await admin.resetBuckets()
    const sync = await timedSync(service, counter, admin, false)
    await admin.setQuotas({ mode: 'test', read: HIGH, write: HIGH })
    const verdict = await verify(index, agent, sandbox.baseUrl, changed)
    // What one more sync brings: a change the first one missed for its budget, or one lost.
    const second = await syncAgain(service, counter, admin, index, agent, sandbox.baseUrl, changed)
    await admin.setQuotas({ mode: 'test', read: DEFAULT_QUOTAS.test.read, write: DEFAULT_QUOTAS.test.write })
    await admin.resetBuckets()
    const idle = await timedSync(service, counter, admin, false)
    return { seedSeconds, fullSync, changes, changeSpanDays, sync, verdict, second, idle }
  } finally {
    await service.dispose()
    client.dispose()
    changer.dispose()
    agent.destroy()
    await sandbox.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

function printRun(n: number, r: RunResult): void {
  const pct = (a: number, b: number) => (b === 0 ? 'n/a' : `${round((100 * a) / b)} %`)
  const v = r.verdict
  console.log(
    `run ${n}: seeded ${PAYMENTS} payments in ${r.seedSeconds.toFixed(1)} s; full sync ${r.fullSync.requests} requests, ${r.fullSync.seconds.toFixed(1)} s`,
  )
  console.log(
    `  changes: ${v.total} over ${r.changeSpanDays.toFixed(0)} days (${KINDS.map((k) => `${k} ${r.changes[k]}`).join(', ')})`,
  )
  console.log(
    `  one incremental sync: ${pct(v.reflected, v.total)} reflected (${v.reflected}/${v.total}; ${KINDS.map((k) => `${k} ${v.perKind[k].reflected}/${v.perKind[k].total}`).join(', ')}); their orders ${v.ordersReflected}/${v.ordersTotal}`,
  )
  console.log(
    `  ${r.sync.requests} requests (sandbox counted ${r.sync.sandboxRequests}, 429s ${r.sync.status429}), ${r.sync.seconds.toFixed(1)} s`,
  )
  for (const miss of v.misses) console.log(`  not reflected: ${miss}`)
  const s2 = r.second.verdict
  console.log(
    `  after a second sync: ${pct(s2.reflected, s2.total)} reflected (${KINDS.map((k) => `${k} ${s2.perKind[k].reflected}/${s2.perKind[k].total}`).join(', ')}); ${r.second.sync.requests} requests, ${r.second.sync.seconds.toFixed(1)} s`,
  )
  console.log(
    `  idle sync: ${r.idle.requests} requests (sandbox counted ${r.idle.sandboxRequests}, 429s ${r.idle.status429}), ${r.idle.seconds.toFixed(1)} s`,
  )
}

async function main(): Promise<void> {
  console.log(
    `load average at start: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  )
  const results: RunResult[] = []
  for (let n = 1; n <= RUNS; n++) {
    const r = await run(n)
    results.push(r)
    printRun(n, r)
  }
  const m = (f: (r: RunResult) => number) => round(median(results.map(f)), 2)
  const summary = {
    runs: RUNS,
    payments: PAYMENTS,
    changes: m((r) => r.verdict.total),
    reflectedPctMedian: m((r) => (100 * r.verdict.reflected) / Math.max(1, r.verdict.total)),
    reflectedPct: results.map((r) => round((100 * r.verdict.reflected) / Math.max(1, r.verdict.total), 2)),
    reflectedAfterSecondSyncPctMedian: m(
      (r) => (100 * r.second.verdict.reflected) / Math.max(1, r.second.verdict.total),
    ),
    ordersReflectedPctMedian: m((r) => (100 * r.verdict.ordersReflected) / Math.max(1, r.verdict.ordersTotal)),
    syncRequestsMedian: m((r) => r.sync.requests),
    syncSecondsMedian: m((r) => r.sync.seconds),
    idleRequestsMedian: m((r) => r.idle.requests),
    idleSecondsMedian: m((r) => r.idle.seconds),
    fullSyncSecondsMedian: m((r) => r.fullSync.seconds),
    loadavg: loadavg().map((l) => round(l, 2)),
  }
  console.log(
    `median: ${summary.reflectedPctMedian} % reflected; sync ${summary.syncRequestsMedian} requests, ${summary.syncSecondsMedian} s; idle sync ${summary.idleRequestsMedian} requests, ${summary.idleSecondsMedian} s`,
  )
  console.log(JSON.stringify(summary))
}

// Exit when done: the in-process sandbox and search services keep timers that would hold the process.
main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  },
)

// One desk of bench:team's team mode (bench/team-mode.bench.ts), in its own process: its own read-only
// access token and its own database login. It takes part in the sync election (a runner is online,
// so it must never walk), and in the window an agent looks something up every 2 s, alternately a
// search of the team's shared index (the search box) and a single payment read with the token (a
// payment opened). Once in the window it asks for a refund above its limit and waits until it hears
// the runner sent it (request → a lead approves → sent → this desk hears it). Says `ready`, starts at
// the `go` moment, sends one `result` message.
import pg from 'pg'
import { createApiClient } from '../../src/main/api/client'
import { IndexSync } from '../../src/main/team/index-sync'
import { sharedSearch } from '../../src/main/team/shared-search'
import { requestRefund } from '../../src/main/team/write-requests'
import { parseSearchQuery } from '../../src/shared/search/query'

export interface DeskConfig {
  baseUrl: string
  token: string
  /** postgres://desk@host:port/db with the desk's own password */
  db: string
  login: string
  /** Payment ids to open, and words to search. */
  ids: string[]
  words: string[]
  /** A paid payment this desk asks a refund of (above the agent limit: a lead approves). */
  refundOf: string
  refundValue: string
  /**
   * Every desk on the same 2 s tick of the wall clock (`--in-step`: the worst case, all lookups of all
   * desks within 50 ms); otherwise each desk keeps the 2 s of its own clock, started apart.
   */
  inStep: boolean
}

export interface DeskResult {
  lookupMs: number[]
  searchMs: number[]
  openMs: number[]
  failed: number
  status429: number
  /** 2xx answers to GETs of /v2/payments inside the window (the merchant's READ bucket). */
  readAccepted: number
  /** Election rounds this desk won (it walked the service): 0 while the runner runs. */
  walks: number
  rounds: number
  approvalMs: number | null
  firstError: string | null
  /** CPU this process spent in the window (user + system), ms. */
  cpuMs: number
  /** Per payment opened: ms its request waited in the client's own queue, and ms its HTTP exchange took. */
  openQueueMs: number[]
  openHttpMs: number[]
  /** Statements the searches sent, and the time spent waiting for their answers (ms, summed). */
  searchStatements: number
  searchStatementMs: number
}

const config = JSON.parse(process.env.TEAM_DESK ?? '{}') as DeskConfig
const result: DeskResult = {
  lookupMs: [],
  searchMs: [],
  openMs: [],
  failed: 0,
  status429: 0,
  readAccepted: 0,
  walks: 0,
  rounds: 0,
  approvalMs: null,
  firstError: null,
  cpuMs: 0,
  openQueueMs: [],
  openHttpMs: [],
  searchStatements: 0,
  searchStatementMs: 0,
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)))
const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)] as T
let windowStart = Infinity
let windowEnd = -Infinity
const noteError = (e: unknown) => {
  result.failed++
  result.firstError ??= e instanceof Error ? e.message.slice(0, 200) : String(e).slice(0, 200)
}

const client = createApiClient({
  baseUrl: config.baseUrl,
  getCredential: async () => ({ secret: config.token, kind: 'organization-token', testmode: true }),
  onAttempt: (e) => {
    if (e.status === 429) result.status429++
    const inWindow = e.startedAt >= windowStart && e.startedAt <= windowEnd
    if (inWindow && e.method === 'GET' && e.status !== null && e.status < 300 && /\/v2\/payments/.test(e.url))
      result.readAccepted++
    if (inWindow && e.method === 'GET' && /\/v2\/payments\/tr_/.test(e.url)) {
      result.openQueueMs.push(e.timings.queuedMs)
      result.openHttpMs.push(e.timings.totalMs)
    }
  },
})
// As a desk's app holds it (team/team-index.ts): three connections, the search box's three questions at once.
const pool = new pg.Pool({ connectionString: config.db, max: 3, application_name: 'paydesk:index' })
pool.on('error', () => {})
// The searches' statements are timed apart (the database's share of a search).
const timedPool = Object.create(pool) as pg.Pool
timedPool.query = (async (...args: Parameters<pg.Pool['query']>) => {
  const started = performance.now()
  try {
    return await (pool.query as (...a: unknown[]) => Promise<unknown>)(...args)
  } finally {
    result.searchStatements++
    result.searchStatementMs += performance.now() - started
  }
}) as pg.Pool['query']
const shared = sharedSearch(timedPool, { login: config.login, where: 'the bench database' }, 5000)
const listen = new pg.Client({ connectionString: config.db, application_name: `paydesk:bench-${config.login}` })
listen.on('error', () => {})
const election = new IndexSync({
  connect: async () => {
    const session = new pg.Client({ connectionString: config.db, application_name: 'paydesk:index-lock' })
    session.on('error', () => {})
    await session.connect()
    return session
  },
  pool,
  // A desk that won the election would walk with its token; counted, never expected.
  client: {
    listPayments: (input, opts) => client.listPayments(input, opts),
    listOrders: (input, opts) => client.listOrders(input, opts),
  },
  role: 'desk',
})

async function round(): Promise<void> {
  result.rounds++
  if ((await election.round()) === 'synced') result.walks++
}

/** What the search box asks in team mode (service-query.ts): both tables and the index's figures. */
async function search(): Promise<void> {
  const parsed = parseSearchQuery(pick(config.words), Date.now())
  if (!parsed.ok) throw new Error(parsed.message)
  await Promise.all([
    shared.search('orders', parsed.query),
    shared.search('payments', parsed.query),
    shared.freshness(),
  ])
}

async function timed(kind: 'search' | 'open', work: () => Promise<unknown>): Promise<void> {
  const started = performance.now()
  try {
    await work()
    const ms = performance.now() - started
    result.lookupMs.push(ms)
    ;(kind === 'search' ? result.searchMs : result.openMs).push(ms)
  } catch (e) {
    noteError(e)
  }
}

/** Asks for the refund and resolves when this desk hears it was sent (or failed). */
async function approvalRoundTrip(): Promise<void> {
  const db = await pool.connect()
  try {
    const started = performance.now()
    let heard: ((state: string) => void) | null = null
    const finished = new Promise<string>((resolve) => (heard = resolve))
    let requestId = -1
    listen.on('notification', (m) => {
      const p = JSON.parse(m.payload ?? '{}') as { id: number; state: string }
      if (p.id === requestId && p.state !== 'waiting-approval' && p.state !== 'queued') heard?.(p.state)
    })
    const request = await requestRefund(db, {
      paymentId: config.refundOf,
      amount: { currency: 'EUR', value: config.refundValue },
      desk: config.login,
    })
    requestId = request.id
    // A notice that came before the id was known: the row says so.
    const now = await db.query<{ state: string }>('SELECT state FROM paydesk.write_requests WHERE id = $1', [
      request.id,
    ])
    const state = ['done', 'refused', 'unknown'].includes(now.rows[0]?.state ?? '')
      ? (now.rows[0]?.state ?? '')
      : await Promise.race([finished, sleep(windowEnd - Date.now() + 20_000).then(() => 'no answer')])
    if (state !== 'done') throw new Error(`the refund request ended ${state}`)
    result.approvalMs = performance.now() - started
  } finally {
    db.release()
  }
}

async function main(): Promise<void> {
  await listen.connect()
  await listen.query('LISTEN paydesk_requests')
  await round() // before the window: the runner is online, so this desk leaves the walk to it
  process.send?.({ type: 'ready' })
  const go = await new Promise<{ at: number; seconds: number }>((resolve) =>
    process.once('message', (m: { at: number; seconds: number }) => resolve(m)),
  )
  windowStart = go.at
  windowEnd = go.at + go.seconds * 1000
  // Desks start their clocks apart, as agents do.
  await sleep(windowStart - Date.now() + Math.random() * 2000)
  const clock = Date.now()
  const approval = sleep(Math.random() * (windowEnd - Date.now()) * 0.5)
    .then(approvalRoundTrip)
    .catch(noteError)
  const cpu = process.cpuUsage()
  const rounds = (async () => {
    while (Date.now() < windowEnd) {
      await sleep(Math.min(10_000, windowEnd - Date.now()))
      await round().catch(noteError)
    }
  })()
  for (let k = 0; Date.now() < windowEnd; k++) {
    await (k % 2 === 0 ? timed('search', search) : timed('open', () => client.getPayment(pick(config.ids))))
    await sleep(config.inStep ? 2000 - (Date.now() % 2000) + Math.random() * 50 : clock + (k + 1) * 2000 - Date.now())
  }
  await Promise.all([approval, rounds])
  const used = process.cpuUsage(cpu)
  result.cpuMs = (used.user + used.system) / 1000
  client.dispose()
  await election.close()
  await listen.end().catch(() => {})
  await pool.end().catch(() => {})
  process.send?.({ type: 'result', result }, () => process.exit(0))
}

main().catch((e: unknown) => {
  noteError(e)
  process.send?.({ type: 'result', result }, () => process.exit(1))
})

// bench:team's team mode (issue 51, "Measured"): a support team on one merchant with the team runner.
//   npm run bench:team -- --team [--quick] [--seconds T] [--ns 20,50] [--sync-every S] [--in-step]
//   (the same as npm run bench:team-mode …)
//
// The sandbox runs in its own process (its CLI, READ q=26/s burst 52, as bench:team). One team
// database on a throwaway PostgreSQL cluster (fsync on). Per N, N desks each in its own process
// (bench/team/desk.ts), each with its own read-only access token and its own database login: every
// 2 s of its own clock (the desks' clocks started apart; --in-step: all on the same tick of the wall
// clock, the worst case) an agent looks something up (a search of the shared index, or one payment
// read with the token), and once per run the desk asks for a refund above its limit. In this process: the team runner (the
// write key; the shared index's one sync, a walk every S seconds, and the approved refunds sent) and a
// lead's desk that approves each waiting request after reading the payment with its own read token.
// Beside them the shop reads single payments at 30 % of the READ quota (bench/team/worker.ts, role
// shop). Reference run: the shop alone.
//
// Printed per run, with the machine's load average: agent lookup p50/p95/max and failed calls; the
// shop's 429s (and the shop alone's); the merchant's READ bucket use, all parties together (accepted
// payment reads / (q·T + burst)) and the runner's sync's share of it; the approval round trip
// (request → a lead approves → sent → the requester hears it) p50/p95 and how many ended done; desk
// walks of the service (0: the runner syncs). Under each run, where the time went: the CPU seconds of
// the desks, the database server, the sandbox and this process in the window (Linux /proc), a lookup's
// share of its desk's CPU, the statements a search sends and their wait, and a payment opened's wait
// in the client's own queue and its HTTP exchange. The last line is one JSON object.
import { fork, spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { createApiClient } from '../src/main/api/client'
import { startRunner } from '../src/main/team/runner-process'
import { addAgent, setRefundLimit, setUpTeamDatabase, type TeamRole } from '../src/main/team/team-admin'
import { decideRequest } from '../src/main/team/write-requests'
import { completeCheckout, createSandboxAdmin } from '../src/sandbox/admin-client'
import { startTestCluster } from '../test/helpers/postgres'
import type { DeskConfig, DeskResult } from './team/desk'
import type { WorkerConfig, WorkerResult } from './team/worker'
import { flag, numberOption, numbersOption } from './lib/args'
import { percentile, round } from './lib/stats'

const quick = flag('quick')
const T = Math.min(120, numberOption('seconds', quick ? 12 : 45))
const NS = numbersOption('ns', quick ? '2,4' : '20,50')
const SYNC_EVERY = numberOption('sync-every', quick ? 5 : 15)
const IN_STEP = flag('in-step')
const READ = { q: 26, burst: 52 }
const SHOP_SHARE = 0.3
const MAX_N = Math.max(...NS)
const WRITE_KEY = `test_${'teamModeRunnerKey'.padEnd(30, '0')}`
const SHOP_KEY = `test_${'teamModeShopKey'.padEnd(30, '0')}`
const LEAD_TOKEN = 'access_teamModeLeadToken0'
const deskToken = (i: number) => `access_teamModeDesk${i}Token`
const READ_PERMISSIONS = 'payments.read,refunds.read,orders.read'
const ADMIN = 'team-mode-bench-admin-token'
const here = path.dirname(fileURLToPath(import.meta.url))
const root = path.resolve(here, '..')

/** CPU seconds (user + system) of these processes so far, from /proc (0 where it cannot be read). */
function cpuSeconds(pids: number[]): number {
  let ticks = 0
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      ticks += Number(fields[11]) + Number(fields[12])
    } catch {
      // gone, or not Linux
    }
  }
  return ticks / 100
}

/** The database server's processes: the postmaster (its postmaster.pid) and its children. */
function databasePids(dataDirectory: string): number[] {
  try {
    const postmaster = Number(readFileSync(path.join(dataDirectory, 'postmaster.pid'), 'utf8').split('\n')[0])
    const children = readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .filter((d) => {
        try {
          const stat = readFileSync(`/proc/${d}/stat`, 'utf8')
          return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster
        } catch {
          return false
        }
      })
      .map(Number)
    return [postmaster, ...children]
  } catch {
    return []
  }
}

/** The sandbox's CLI in its own process; resolves with its base URL once it prints it. */
async function startSandboxProcess(): Promise<{ proc: ChildProcess; baseUrl: string; origin: string }> {
  const keys = [WRITE_KEY, SHOP_KEY, `${LEAD_TOKEN}:${READ_PERMISSIONS}`]
  for (let i = 1; i <= MAX_N; i++) keys.push(`${deskToken(i)}:${READ_PERMISSIONS}`)
  const proc = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(root, 'src/sandbox/cli.ts'),
      '--seed',
      '5151',
      '--payments',
      quick ? '300' : '1000',
      ...keys.flatMap((key) => ['--key', key]),
      '--admin-token',
      ADMIN,
      '--read-q',
      String(READ.q),
      '--read-burst',
      String(READ.burst),
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  )
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let out = ''
    proc.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const url = /base URL:\s+(\S+)/.exec(out)?.[1]
      if (url && /credentials:/.test(out)) resolve(url)
    })
    proc.once('exit', (code) => reject(new Error(`sandbox exited (${code})`)))
  })
  return { proc, baseUrl, origin: new URL(baseUrl).origin }
}

function forkWorker<C, R>(
  file: string,
  env: Record<string, string>,
  label: string,
): { child: ChildProcess; ready: Promise<void>; result: Promise<R>; config?: C } {
  const child = fork(path.join(here, file), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  })
  let onReady: () => void = () => {}
  const ready = new Promise<void>((r) => (onReady = r))
  const result = new Promise<R>((resolve, reject) => {
    child.on('message', (m: { type: string; result?: R }) => {
      if (m.type === 'ready') onReady()
      if (m.type === 'result' && m.result) resolve(m.result)
    })
    child.once('exit', (code) => reject(new Error(`${label} exited (${code}) without a result`)))
  })
  result.catch(() => {})
  return { child, ready, result }
}

// --- the sandbox, the team database, the runner and the lead -------------------------------------

const sandbox = await startSandboxProcess()
const sandboxAdmin = createSandboxAdmin(sandbox.origin, ADMIN)
const cluster = await startTestCluster({ fast: false, maxConnections: Math.max(200, MAX_N * 6 + 60) })
const passwords = new Map<string, string>()
const setup = new pg.Client({ connectionString: cluster.adminUrl })
await setup.connect()
const dataDirectory =
  (await setup.query<{ d: string }>('SELECT current_setting($1) AS d', ['data_directory'])).rows[0]?.d ?? ''
await setUpTeamDatabase(setup)
const team: [string, TeamRole][] = [
  ['runner', 'runner'],
  ['lead1', 'lead'],
  ...Array.from({ length: MAX_N }, (_, i): [string, TeamRole] => [`desk${i + 1}`, 'agent']),
]
for (const [login, role] of team) {
  const password = randomBytes(12).toString('hex')
  passwords.set(login, password)
  await addAgent(setup, login, role, password)
}
// Every desk's refund waits for a lead: the limit is below what the desks ask for.
await setRefundLimit(setup, { role: 'agent', currency: 'EUR', perRefund: '5.00', perDay: '5.00' })
const url = (login: string) => cluster.urlFor(login, passwords.get(login) ?? '')

let windowStart = Infinity
let windowEnd = -Infinity
const runnerCount = { readAccepted: 0, status429: 0, syncReads: 0 }
/** The runner's clients with the write key: one sends the refunds, one walks (its sync's reads apart). */
const runnerClient = (sync: boolean) =>
  createApiClient({
    baseUrl: sandbox.baseUrl,
    getCredential: async () => ({ secret: WRITE_KEY, kind: 'api-key' }),
    onAttempt: (e) => {
      if (e.status === 429) runnerCount.status429++
      const inWindow = e.startedAt >= windowStart && e.startedAt <= windowEnd
      if (inWindow && e.method === 'GET' && e.status !== null && e.status < 300 && /\/v2\/payments/.test(e.url)) {
        runnerCount.readAccepted++
        if (sync) runnerCount.syncReads++
      }
    },
  })
const write = runnerClient(false)
const syncing = runnerClient(true)
const runner = await startRunner({
  config: { connectionString: url('runner') },
  api: {
    getPayment: (id) => write.getPayment(id, { embed: ['refunds', 'chargebacks'], priority: 'user' }),
    createRefund: (id, body, idempotencyKey) => write.createRefund(id, body, { idempotencyKey, priority: 'user' }),
  },
  pollMs: 2000,
  index: { client: syncing, everyMs: SYNC_EVERY * 1000 },
})
const firstWalk = Date.now()
await runner.syncIndex() // the first walk (before the runs: a team's morning state)
const firstWalkMs = Date.now() - firstWalk

const leadRead = createApiClient({
  baseUrl: sandbox.baseUrl,
  getCredential: async () => ({ secret: LEAD_TOKEN, kind: 'organization-token', testmode: true }),
})
const lead = new pg.Client({ connectionString: url('lead1') })
const leadListen = new pg.Client({ connectionString: url('lead1') })
await lead.connect()
await leadListen.connect()
let leadQueue: Promise<unknown> = Promise.resolve()
leadListen.on('notification', (m) => {
  const p = JSON.parse(m.payload ?? '{}') as { id: number; state: string }
  if (p.state !== 'waiting-approval') return
  // One lead, one decision at a time (a person at a desk).
  leadQueue = leadQueue.then(() =>
    decideRequest(lead, p.id, { approve: true }, (id) => leadRead.getPayment(id, { embed: ['refunds'] })).catch(
      (e: unknown) => console.error(`lead: ${e instanceof Error ? e.message : String(e)}`),
    ),
  )
})
await leadListen.query('LISTEN paydesk_requests')

// What the desks search for and open: words of the shared index's rows, and payment ids.
const ids = (await sandboxAdmin.paymentIds('test')).slice(0, 500)
const rows = await setup.query<{ name: string; email: string }>(
  `SELECT name, email FROM paydesk.index_payments WHERE name <> '' ORDER BY id LIMIT 200`,
)
const words = [
  ...new Set(rows.rows.flatMap((r) => [r.name.split(' ').at(-1) ?? '', r.email.split('@')[0] ?? ''])),
].filter((w) => w.length >= 3)

/** A paid payment of €100 a desk asks a refund of. */
async function paidPayment(i: number): Promise<string> {
  const created = await write.createPayment(
    {
      amount: { currency: 'EUR', value: '100.00' },
      description: `Team mode bench ${i}`,
      redirectUrl: 'https://shop.example.com/return',
    },
    { idempotencyKey: `team-mode-${i}-${randomBytes(4).toString('hex')}`, priority: 'user' },
  )
  await completeCheckout(`${sandbox.origin}/checkout/${created.id}`, 'paid')
  return created.id
}

// --- the runs ------------------------------------------------------------------------------------

interface RunResult {
  label: string
  n: number
  lookups: number
  lookupP50: number
  lookupP95: number
  lookupMax: number
  searchP95: number
  openP95: number
  failed: number
  firstError: string | null
  shop429: number
  shopReads: number
  readUse: number
  syncReadUse: number
  approvals: number
  approvalsDone: number
  approvalP50: number
  approvalP95: number
  deskWalks: number
  deskRounds: number
  load: number
  /** CPU seconds in the window: the desks, the database server, the sandbox, this process (runner, lead). */
  cpu: { desks: number; database: number; sandbox: number; runnerAndLead: number }
  /** Per desk lookup: CPU ms of its process, statements per search and their summed wait (ms). */
  deskCpuMsPerLookup: number
  statementsPerSearch: number
  statementMsPerSearch: number
  openQueueP95: number
  openHttpP95: number
}

async function run(n: number): Promise<RunResult> {
  const refundOf = await Promise.all(Array.from({ length: n }, (_, i) => paidPayment(i)))
  const shop = forkWorker<WorkerConfig, WorkerResult>(
    'team/worker.ts',
    {
      TEAM_WORKER: JSON.stringify({
        role: 'shop',
        baseUrl: sandbox.baseUrl,
        key: SHOP_KEY,
        ids,
        shopRate: SHOP_SHARE * READ.q,
        pageSize: 250,
      } satisfies WorkerConfig),
    },
    'shop',
  )
  const desks = Array.from({ length: n }, (_, i) =>
    forkWorker<DeskConfig, DeskResult>(
      'team/desk.ts',
      {
        TEAM_DESK: JSON.stringify({
          baseUrl: sandbox.baseUrl,
          token: deskToken(i + 1),
          db: url(`desk${i + 1}`),
          login: `desk${i + 1}`,
          ids,
          words,
          refundOf: refundOf[i] ?? '',
          refundValue: '25.00',
          inStep: IN_STEP,
        } satisfies DeskConfig),
      },
      `desk ${i + 1}`,
    ),
  )
  await Promise.all([shop.ready, ...desks.map((d) => d.ready)])
  Object.assign(runnerCount, { readAccepted: 0, status429: 0, syncReads: 0 })
  const at = Date.now() + 500
  windowStart = at
  windowEnd = at + T * 1000
  for (const w of [shop, ...desks]) w.child.send({ at, seconds: T })
  const deskPids = desks.map((d) => d.child.pid ?? 0)
  const dbPids = databasePids(dataDirectory)
  const cpuAt = () => ({
    desks: cpuSeconds(deskPids),
    database: cpuSeconds(dbPids),
    sandbox: cpuSeconds([sandbox.proc.pid ?? 0]),
    runnerAndLead: process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6,
  })
  await new Promise((r) => setTimeout(r, Math.max(0, at - Date.now())))
  const cpuStart = cpuAt()
  const cpuEnd = new Promise<ReturnType<typeof cpuAt>>((resolve) => setTimeout(() => resolve(cpuAt()), T * 1000))
  // Bounded: a process that has not reported 40 s after the window is stopped and the run fails.
  const all = [shop, ...desks]
  const limit = setTimeout(() => all.forEach((w) => w.child.kill('SIGKILL')), (T + 40) * 1000)
  const [shopResult, ...deskResults] = await Promise.all([shop.result, ...desks.map((d) => d.result)]).finally(() =>
    clearTimeout(limit),
  )
  const cpuWindow = await cpuEnd
  const lookupMs = deskResults.flatMap((r) => r.lookupMs)
  const searches = deskResults.reduce((a, r) => a + r.searchMs.length, 0)
  const approvals = deskResults.map((r) => r.approvalMs).filter((ms): ms is number => ms !== null)
  const sum = (f: (r: DeskResult) => number) => deskResults.reduce((a, r) => a + f(r), 0)
  const quota = READ.q * T + READ.burst
  const accepted = sum((r) => r.readAccepted) + (shopResult?.readAccepted ?? 0) + runnerCount.readAccepted
  return {
    label: `team N=${n} +runner +shop`,
    n,
    lookups: lookupMs.length,
    lookupP50: Math.round(percentile(lookupMs, 50)),
    lookupP95: Math.round(percentile(lookupMs, 95)),
    lookupMax: Math.round(Math.max(0, ...lookupMs)),
    searchP95: Math.round(
      percentile(
        deskResults.flatMap((r) => r.searchMs),
        95,
      ),
    ),
    openP95: Math.round(
      percentile(
        deskResults.flatMap((r) => r.openMs),
        95,
      ),
    ),
    failed: sum((r) => r.failed),
    firstError: deskResults.find((r) => r.firstError)?.firstError ?? null,
    shop429: shopResult?.shop429 ?? 0,
    shopReads: shopResult?.shopReads ?? 0,
    readUse: round(accepted / quota, 3),
    syncReadUse: round(runnerCount.syncReads / quota, 3),
    approvals: n,
    approvalsDone: approvals.length,
    approvalP50: Math.round(percentile(approvals, 50)),
    approvalP95: Math.round(percentile(approvals, 95)),
    deskWalks: sum((r) => r.walks),
    deskRounds: sum((r) => r.rounds),
    load: round(loadavg()[0] ?? 0, 2),
    cpu: {
      desks: round(cpuWindow.desks - cpuStart.desks, 1),
      database: round(cpuWindow.database - cpuStart.database, 1),
      sandbox: round(cpuWindow.sandbox - cpuStart.sandbox, 1),
      runnerAndLead: round(cpuWindow.runnerAndLead - cpuStart.runnerAndLead, 1),
    },
    deskCpuMsPerLookup: round(sum((r) => r.cpuMs) / Math.max(1, lookupMs.length), 1),
    statementsPerSearch: round(sum((r) => r.searchStatements) / Math.max(1, searches), 2),
    statementMsPerSearch: round(sum((r) => r.searchStatementMs) / Math.max(1, searches), 1),
    openQueueP95: Math.round(
      percentile(
        deskResults.flatMap((r) => r.openQueueMs),
        95,
      ),
    ),
    openHttpP95: Math.round(
      percentile(
        deskResults.flatMap((r) => r.openHttpMs),
        95,
      ),
    ),
  }
}

async function shopAlone(): Promise<{ shop429: number; shopReads: number; load: number }> {
  const shop = forkWorker<WorkerConfig, WorkerResult>(
    'team/worker.ts',
    {
      TEAM_WORKER: JSON.stringify({
        role: 'shop',
        baseUrl: sandbox.baseUrl,
        key: SHOP_KEY,
        ids,
        shopRate: SHOP_SHARE * READ.q,
        pageSize: 250,
      } satisfies WorkerConfig),
    },
    'shop',
  )
  await shop.ready
  const at = Date.now() + 300
  shop.child.send({ at, seconds: T })
  const r = await shop.result
  return { shop429: r.shop429, shopReads: r.shopReads, load: round(loadavg()[0] ?? 0, 2) }
}

function line(r: RunResult): string {
  return [
    r.label.padEnd(24),
    `${r.lookupP50} / ${r.lookupP95} / ${r.lookupMax} ms`.padStart(22),
    `${r.searchP95} / ${r.openP95}`.padStart(12),
    String(r.failed).padStart(6),
    `${r.shop429}/${r.shopReads}`.padStart(9),
    `${r.readUse.toFixed(3)} (${r.syncReadUse.toFixed(3)})`.padStart(15),
    `${r.approvalsDone}/${r.approvals} ${r.approvalP50} / ${r.approvalP95} ms`.padStart(22),
    `${r.deskWalks}/${r.deskRounds}`.padStart(8),
    r.load.toFixed(2).padStart(6),
    r.firstError ? `  first error: ${r.firstError}` : '',
  ].join(' ')
}

console.log(
  `bench:team --team  READ q=${READ.q}/s burst ${READ.burst}; shop ${SHOP_SHARE * READ.q}/s; runner sync every ${SYNC_EVERY} s (first walk ${firstWalkMs} ms); desks ${IN_STEP ? 'in step' : 'on their own clocks'}; T=${T}s; load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
)
const results: RunResult[] = []
let alone: { shop429: number; shopReads: number; load: number } | null = null
try {
  alone = await shopAlone()
  console.log(`shop alone: 429s ${alone.shop429}/${alone.shopReads} reads (load ${alone.load.toFixed(2)})`)
  console.log(
    'run                        lookup p50 / p95 / max  search/open p95  failed  shop 429  READ use (sync)  approval done p50 / p95  walks   load',
  )
  for (const n of NS) {
    const r = await run(n)
    results.push(r)
    console.log(line(r))
    console.log(
      `  CPU in the window: desks ${r.cpu.desks} s, database ${r.cpu.database} s, sandbox ${r.cpu.sandbox} s, runner and lead ${r.cpu.runnerAndLead} s; per lookup ${r.deskCpuMsPerLookup} ms of its desk's CPU; a search ${r.statementsPerSearch} statements, ${r.statementMsPerSearch} ms waiting for them (summed); a payment opened p95: ${r.openQueueP95} ms in the client's queue, ${r.openHttpP95} ms its HTTP exchange`,
    )
  }
} finally {
  await runner.stop()
  write.dispose()
  syncing.dispose()
  leadRead.dispose()
  await Promise.allSettled([lead.end(), leadListen.end(), setup.end()])
  sandbox.proc.kill('SIGTERM')
  cluster.destroy()
}
console.log(
  JSON.stringify({
    seconds: T,
    readQuota: READ,
    syncEverySeconds: SYNC_EVERY,
    inStep: IN_STEP,
    firstWalkMs,
    shopAlone: alone,
    runs: Object.fromEntries(
      results.map((r) => [
        r.label,
        {
          lookupMs: { p50: r.lookupP50, p95: r.lookupP95, max: r.lookupMax },
          searchP95Ms: r.searchP95,
          openP95Ms: r.openP95,
          failed: r.failed,
          shop429: r.shop429,
          shopReads: r.shopReads,
          readBucketUse: r.readUse,
          syncReadBucketUse: r.syncReadUse,
          approvalRoundTripMs: { done: r.approvalsDone, of: r.approvals, p50: r.approvalP50, p95: r.approvalP95 },
          deskWalks: r.deskWalks,
          loadAverage: r.load,
          cpuSeconds: r.cpu,
          deskCpuMsPerLookup: r.deskCpuMsPerLookup,
          statementsPerSearch: r.statementsPerSearch,
          statementMsPerSearch: r.statementMsPerSearch,
          openQueueP95Ms: r.openQueueP95,
          openHttpP95Ms: r.openHttpP95,
        },
      ]),
    ),
  }),
)

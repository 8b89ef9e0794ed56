// bench:team — a support team on one merchant (issues 27 and 46). Spec 8.1: every key and app of a
// merchant draws from one bucket, the merchant's own shop included.
//   npm run bench:team [-- --quick] [-- --seconds T] [-- --ns 1,5,10,20,40] [-- --clients paydesk,naive,sdk]
//     [-- --lowered-q 10]
//   npm run bench:team -- --team [--quick] …: the team mode of issue 51 instead (bench/team-mode.bench.ts)
//
// Honest by construction (issue 46 item 10): every desk has its own key of the merchant (one bucket
// still), the sync asks for the app's page size (250), buckets are never reset between runs (a run
// starts with the bucket the run before left, as a team's 9:00 start does), each run lasts at least
// 45 s, and every run line carries the machine's load average. After the runs at the sandbox's quota,
// one more run of N = 20 Paydesk desks at a lowered READ quota (--lowered-q, default 10/s).
//
// The sandbox runs in its own process (its CLI, READ q=26/s burst 52). Per N, N separate processes
// each run one client (bench/team/worker.ts): Paydesk (the real API client and the real sync into a
// real search index), a naive client (plain fetch that waits Retry-After) or the official SDK
// (@mollie/api-client pointed at the sandbox over http); each syncs the payments again and again,
// looks up a payment every 2 s and creates one every 20 s. Beside them a shop process reads single
// payments at 30 % of the READ quota. Reference runs: the shop alone, and one Paydesk alone.
// Each run lasts T seconds (default 45, at most 120; --quick: 10 s, N = 1, 5, for a smoke run only). Printed per run: 429s of the clients, agent
// lookup wait p50/p95/max (issue → answer), failed agent calls (lookups + writes), shop 429s (and
// the shop alone's), the payments READ bucket use (accepted reads / (q·T + burst)). The last line
// is one JSON object.

import { fork, spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import tls from 'node:tls'
import { fileURLToPath } from 'node:url'
import { createSandboxAdmin } from '../src/sandbox/admin-client'
import { MAX_PAGE_SIZE } from '../src/shared/api-types'
import type { Role, WorkerConfig, WorkerResult } from './team/worker'
import { flag, numberOption, numbersOption, option } from './lib/args'
import { percentile, round } from './lib/stats'

// Issue 51's team mode (desks with read-only tokens, the shared index, the runner) is its own bench.
if (flag('team')) {
  await import('./team-mode.bench')
  process.exit(0)
}
const quick = flag('quick')
const verbose = flag('verbose')
const T = Math.min(120, numberOption('seconds', quick ? 10 : 45))
const NS = numbersOption('ns', quick ? '1,5' : '1,5,10,20,40')
const LOWERED_Q = numberOption('lowered-q', 10)
const CLIENTS = (option('clients') ?? 'paydesk,naive,sdk').split(',') as Exclude<Role, 'shop'>[]
const READ = { q: 26, burst: 52 }
const SHOP_SHARE = 0.3
// The app's own page size: what a desk's sync asks for.
const PAGE_SIZE = MAX_PAGE_SIZE
/** One key per desk (and one for the shop): all of one merchant, so one bucket (spec 8.1). */
const KEYS = Array.from({ length: Math.max(...NS) + 1 }, (_, i) => `test_${`teamBenchKey${i}x`.padEnd(30, '0')}`)
const ADMIN = 'team-bench-admin-token'
const here = path.dirname(fileURLToPath(import.meta.url))
const root = path.resolve(here, '..')

/**
 * The sandbox's own CLI in its own process, over HTTPS (`--tls`: the SDK refuses http); resolves with
 * its base URL and certificate once it prints them. Every worker trusts it via NODE_EXTRA_CA_CERTS.
 */
async function startSandboxProcess(): Promise<{ proc: ChildProcess; baseUrl: string; origin: string; cert: string }> {
  const proc = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(root, 'src/sandbox/cli.ts'),
      '--seed',
      '3000',
      ...KEYS.flatMap((key) => ['--key', key]),
      '--admin-token',
      ADMIN,
      '--read-q',
      String(READ.q),
      '--read-burst',
      String(READ.burst),
      '--tls',
      '--tls-dir',
      tlsDir,
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  )
  const [baseUrl, cert] = await new Promise<[string, string]>((resolve, reject) => {
    let out = ''
    proc.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const url = /base URL:\s+(\S+)/.exec(out)?.[1]
      const certPath = /certificate:\s+(\S+)/.exec(out)?.[1]
      if (url && certPath && /credentials:/.test(out)) resolve([url, certPath])
    })
    proc.once('exit', (code) => reject(new Error(`sandbox exited (${code})`)))
  })
  return { proc, baseUrl, origin: new URL(baseUrl).origin, cert }
}

interface RunSpec {
  label: string
  client: Exclude<Role, 'shop'> | null
  n: number
  shop: boolean
  /** The READ quota of this run (the sandbox's, or the lowered one). */
  read: { q: number; burst: number }
}

interface RunResult {
  label: string
  client: string
  n: number
  shop: boolean
  status429: number
  /** Of those, answers to the agents' lookups (Paydesk only). */
  lookup429: number
  lookups: number
  lookupP50: number
  lookupP95: number
  lookupMax: number
  lookupQueueP95: number
  failedAgentCalls: number
  writes: number
  shop429: number
  shopReads: number
  readUse: number
  syncPagesPerSecond: number
  syncErrors: number
  firstError: string | null
  /** The machine's 1-minute load average at the end of the run. */
  load: number
}

function startWorker(
  cfg: WorkerConfig,
  cert: string,
): { child: ChildProcess; ready: Promise<void>; result: Promise<WorkerResult> } {
  const child = fork(path.join(here, 'team/worker.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, TEAM_WORKER: JSON.stringify(cfg), NODE_EXTRA_CA_CERTS: cert },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  })
  let onReady: () => void = () => {}
  const ready = new Promise<void>((r) => (onReady = r))
  const result = new Promise<WorkerResult>((resolve, reject) => {
    child.on('message', (m: { type: string; result?: WorkerResult }) => {
      if (m.type === 'ready') onReady()
      if (m.type === 'result' && m.result) resolve(m.result)
    })
    child.once('exit', (code) => reject(new Error(`${cfg.role} worker exited (${code}) without a result`)))
  })
  result.catch(() => {})
  return { child, ready, result }
}

async function run(spec: RunSpec, sb: { baseUrl: string; cert: string }, ids: string[]): Promise<RunResult> {
  const base = { baseUrl: sb.baseUrl, ids, pageSize: PAGE_SIZE }
  const workers = [
    ...Array.from({ length: spec.client ? spec.n : 0 }, (_, i) =>
      startWorker({ ...base, key: KEYS[i + 1] ?? '', role: spec.client as Role }, sb.cert),
    ),
    ...(spec.shop
      ? [startWorker({ ...base, key: KEYS[0] ?? '', role: 'shop', shopRate: SHOP_SHARE * spec.read.q }, sb.cert)]
      : []),
  ]
  const setupStart = Date.now()
  await Promise.all(workers.map((w) => w.ready))
  if (verbose) console.error(`  ${spec.label}: ${workers.length} processes ready in ${Date.now() - setupStart} ms`)
  // No reset: the bucket is as the run before left it.
  const at = Date.now() + 300
  for (const w of workers) w.child.send({ at, seconds: T })
  // Bounded: a worker that has not reported 20 s after the window is stopped and the run fails.
  const limit = setTimeout(() => workers.forEach((w) => w.child.kill('SIGKILL')), (T + 20) * 1000)
  const results = await Promise.all(workers.map((w) => w.result)).finally(() => clearTimeout(limit))
  const clients = results.filter((r) => r.role !== 'shop')
  const shop = results.find((r) => r.role === 'shop')
  const lookupMs = clients.flatMap((r) => r.lookupMs)
  const sum = (f: (r: WorkerResult) => number, of = clients) => of.reduce((a, r) => a + f(r), 0)
  return {
    label: spec.label,
    client: spec.client ?? '-',
    n: spec.n,
    shop: spec.shop,
    status429: sum((r) => r.status429),
    lookup429: sum((r) => r.lookup429 ?? 0),
    lookups: lookupMs.length,
    lookupP50: Math.round(percentile(lookupMs, 50)),
    lookupP95: Math.round(percentile(lookupMs, 95)),
    lookupMax: Math.round(Math.max(0, ...lookupMs)),
    lookupQueueP95: Math.round(
      percentile(
        clients.flatMap((r) => r.lookupQueueMs),
        95,
      ),
    ),
    failedAgentCalls: sum((r) => r.failedLookups + r.failedWrites),
    writes: sum((r) => r.writes),
    shop429: shop?.shop429 ?? 0,
    shopReads: shop?.shopReads ?? 0,
    readUse: round(sum((r) => r.readAccepted, results) / (spec.read.q * T + spec.read.burst), 3),
    syncPagesPerSecond: round(sum((r) => r.syncPages) / T, 1),
    syncErrors: sum((r) => r.syncErrors),
    firstError: clients.find((r) => r.firstError)?.firstError ?? null,
    load: round(loadavg()[0] ?? 0, 2),
  }
}

/** A figure of a run, or – where the run had none to measure (the shop alone makes no lookups). */
const shown = (n: number): string => (Number.isFinite(n) ? String(n) : '–')

function line(r: RunResult): string {
  const lookups = r.lookupMax > 0 ? `${shown(r.lookupP50)} / ${shown(r.lookupP95)} / ${r.lookupMax} ms` : 'no lookups'
  return [
    r.label.padEnd(22),
    `${r.status429} (${r.lookup429})`.padStart(10),
    lookups.padStart(24),
    String(r.failedAgentCalls).padStart(7),
    `${r.shop429}/${r.shopReads}`.padStart(9),
    r.readUse.toFixed(3).padStart(7),
    String(r.syncPagesPerSecond).padStart(7),
    shown(r.lookupQueueP95).padStart(8),
    r.load.toFixed(2).padStart(6),
    r.firstError ? `  first error: ${r.firstError}` : '',
  ].join(' ')
}

const tlsDir = mkdtempSync(path.join(tmpdir(), 'paydesk-team-tls-'))
const sandbox = await startSandboxProcess()
// This process trusts the sandbox's certificate too (for its admin calls).
tls.setDefaultCACertificates([...tls.getCACertificates('default'), readFileSync(sandbox.cert, 'utf8')])
const admin = createSandboxAdmin(sandbox.origin, ADMIN)
const ids = (await admin.paymentIds('test')).slice(0, 500)
const lowered = { q: LOWERED_Q, burst: LOWERED_Q * 2 }
const specs: RunSpec[] = [
  { label: 'shop alone', client: null, n: 0, shop: true, read: READ },
  { label: 'paydesk N=1 alone', client: 'paydesk', n: 1, shop: false, read: READ },
  ...NS.flatMap((n) =>
    CLIENTS.map((client) => ({ label: `${client} N=${n} +shop`, client, n, shop: true, read: READ })),
  ),
  ...(quick
    ? []
    : [
        { label: `shop alone q=${LOWERED_Q}`, client: null, n: 0, shop: true, read: lowered },
        {
          label: `paydesk N=${Math.min(20, Math.max(...NS))} q=${LOWERED_Q} +shop`,
          client: 'paydesk' as const,
          n: Math.min(20, Math.max(...NS)),
          shop: true,
          read: lowered,
        },
      ]),
]
console.log(
  `bench:team  READ q=${READ.q}/s burst ${READ.burst}; shop ${SHOP_SHARE * READ.q}/s; sync page ${PAGE_SIZE}; T=${T}s; load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
)
console.log(
  'run                 429s (lookups)   lookup p50 / p95 / max  failed  shop 429  READ use  pages/s  queue p95  load',
)
const results: RunResult[] = []
try {
  for (const spec of specs) {
    if (spec.read !== READ) await admin.setQuotas({ mode: 'test', read: spec.read })
    const r = await run(spec, sandbox, ids)
    results.push(r)
    console.log(line(r))
  }
} finally {
  sandbox.proc.kill('SIGTERM')
  rmSync(tlsDir, { recursive: true, force: true })
}
const shopAlone = results.find((r) => r.label === 'shop alone')
const summary = Object.fromEntries(
  results.map((r) => [
    r.label,
    {
      '429s': r.status429,
      lookup429s: r.lookup429,
      lookupWaitMs: { p50: r.lookupP50, p95: r.lookupP95, max: r.lookupMax },
      lookupQueueP95Ms: r.lookupQueueP95,
      failedAgentCalls: r.failedAgentCalls,
      shop429: r.shop429,
      readBucketUse: r.readUse,
      syncPagesPerSecond: r.syncPagesPerSecond,
      loadAverage: r.load,
    },
  ]),
)
console.log(JSON.stringify({ seconds: T, readQuota: READ, shop429Alone: shopAlone?.shop429 ?? null, runs: summary }))

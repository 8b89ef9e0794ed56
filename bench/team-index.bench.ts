// bench:team-index — the team's shared index at a merchant's scale (issue 51 item 4).
//   query   a fresh throwaway cluster (fsync on), the schema as team:setup makes it, --rows payments
//           (default 1,000,000) bulk-loaded into paydesk.index_payments (one INSERT … SELECT over
//           generate_series in the server, indexes dropped and built again after it, as a bulk load
//           does; the people, e-mails, amounts and statuses drawn from fixed lists), ANALYZE; then
//           --runs passes of the search box's queries (an agent's: a name, a name typed key by key,
//           an e-mail prefix and a whole one, a domain, an amount, an order number, a status with a
//           word, a status alone, a date), each the desk's search of one table (shared-index-query.ts:
//           one statement; the look at all matches in it runs when the newest rows hold too few hits)
//           over one connection on loopback, timed from the desk: p95 per run.
//   walk    a sandbox in its own process (its CLI) at the default READ quota (25/s, burst 50) with
//           --walk-payments seeded payments; --runs first walks of an emptied shared index by the
//           elected desk through the real client: requests the walk sent against what the bucket
//           allowed in the same time (burst + q × seconds), the quota fraction.
// Every run is printed with the 1-minute load average. Last line: one JSON object.
// Run: npm run bench:team-index [-- --rows 1000000 --walk-payments 40000 --runs 3 --parts query,walk]
import { spawn } from 'node:child_process'
import { loadavg } from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { createApiClient } from '../src/main/api'
import { IndexSync } from '../src/main/team/index-sync'
import { SharedIndex } from '../src/main/team/shared-index'
import { searchShared } from '../src/main/team/shared-index-query'
import { setUpTeamDatabase } from '../src/main/team/team-admin'
import { DEFAULT_QUOTAS } from '../src/sandbox/index'
import { parseSearchQuery } from '../src/shared/search/query'
import { startTestCluster } from '../test/helpers/postgres'
import { median, percentile, round } from './lib/stats'

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    'walk-payments': { type: 'string', default: '40000' },
    runs: { type: 'string', default: '3' },
    parts: { type: 'string', default: 'query,walk' },
  },
})
const ROWS = Number(values.rows)
const WALK_PAYMENTS = Number(values['walk-payments'])
const RUNS = Number(values.runs)
const load = () => round(loadavg()[0] ?? 0, 2)
const seconds = (from: number) => round((performance.now() - from) / 1000, 1)

const GIVEN = ['anna', 'bram', 'cas', 'daan', 'emma', 'fenna', 'gijs', 'hanna', 'ivo', 'julia', 'koen', 'lotte']
const FAMILY = ['jansen', 'de vries', 'bakker', 'visser', 'smit', 'meijer', 'mulder', 'bos', 'vos', 'peters']
const FAMILY_MORE = ['hendriks', 'dekker', 'brouwer', 'dijkstra', 'kok', 'schouten', 'vermeulen', 'willems']
const DOMAINS = ['example.com', 'mail.example.org', 'post.example.net', 'webmail.example', 'inbox.example.eu']
const STREETS = ['Keizersgracht', 'Dorpsstraat', 'Kerkstraat', 'Stationsweg', 'Molenweg', 'Schoolstraat']
const STATUSES = ['paid', 'paid', 'paid', 'paid', 'paid', 'open', 'failed', 'expired', 'canceled', 'authorized']
const METHODS = ['ideal', 'creditcard', 'bancontact', 'banktransfer', 'paypal']
const arr = (xs: readonly string[]) => `ARRAY[${xs.map((x) => `'${x}'`).join(', ')}]`

/** One row per i, drawn from the lists above; one payment a minute back from now. */
function loadSql(nowMs: number): string {
  const family = [...FAMILY, ...FAMILY_MORE]
  const g = `(${arr(GIVEN)})[(1 + (i * 7) % ${GIVEN.length})::int]`
  const f = `(${arr(family)})[(1 + (i * 13 / 7) % ${family.length})::int]`
  const cents = `(100 + (i * 7919) % 50000)`
  const value = `(${cents} / 100)::text || '.' || lpad((${cents} % 100)::text, 2, '0')`
  return `
INSERT INTO paydesk.index_payments (id, created_ms, status, method, currency, value, amount_key, order_id, mode,
  profile_id, email, name, address, description, order_number, metadata, facts, state)
SELECT 'tr_b' || lpad(to_hex(i), 10, '0'), ${nowMs} - i::bigint * 60000,
  (${arr(STATUSES)})[(1 + (i * 3) % 10)::int], (${arr(METHODS)})[(1 + i % 5)::int], 'EUR', v, rtrim(rtrim(v, '0'), '.'),
  NULL, 'test', 'pfl_bench', e, n, (${arr(STREETS)})[(1 + i % 6)::int] || ' ' || (1 + i % 200) || ' ' || (1000 + i % 8999) || ' Amsterdam',
  'Order ' || (100000 + i), '', (100000 + i)::text, CASE WHEN i % 25 = 0 THEN 'refund refunded' ELSE '' END, NULL
FROM (SELECT i, ${value} AS v, initcap(${g}) || ' ' || initcap(${f}) AS n,
        replace(${g} || '.' || ${f}, ' ', '') || (i % 1000) || '@' || (${arr(DOMAINS)})[(1 + i % 5)::int] AS e
      FROM generate_series(1::bigint, ${ROWS}::bigint) AS i) AS r`
}

// What agents type: whole words, a name key by key, e-mail parts, an amount, numbers, statuses, a date.
const QUERIES = [
  'vermeulen',
  'anna jansen',
  'lotte de vries',
  'fe',
  'fen',
  'fenn',
  'fenna',
  'fenna b',
  'fenna bak',
  'fenna bakker',
  'koen.dekker12',
  'koen.dekker123@mail.example.org',
  '@inbox.example',
  'webmail',
  '59.95',
  '€ 120,00',
  '100777',
  'paid visser',
  'failed',
  'expired ivo',
  'refunded smit',
  'yesterday',
  'last 7 days gijs',
  'order',
]

async function queryPart(): Promise<{ loadSeconds: number; indexSeconds: number; runs: Record<string, number>[] }> {
  const cluster = await startTestCluster({ fast: false })
  const admin = new pg.Client({ connectionString: cluster.adminUrl })
  await admin.connect()
  try {
    await setUpTeamDatabase(admin)
    const defs = (
      await admin.query<{ indexdef: string; indexname: string }>(
        `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'paydesk' AND tablename = 'index_payments'
           AND indexname <> 'index_payments_pkey'`,
      )
    ).rows
    for (const d of defs) await admin.query(`DROP INDEX paydesk.${d.indexname}`)
    let t = performance.now()
    await admin.query(loadSql(Date.now()))
    await admin.query(`UPDATE paydesk.index_counts SET n = ${ROWS} WHERE kind = 'payments'`)
    const loadSeconds = seconds(t)
    t = performance.now()
    await admin.query('SET maintenance_work_mem = 262144') // 256 MB, as an administrator sets it for a build
    for (const d of defs) await admin.query(d.indexdef)
    await admin.query('ANALYZE paydesk.index_payments')
    const indexSeconds = seconds(t)
    console.log(
      `query: ${ROWS.toLocaleString('en-US')} rows loaded in ${loadSeconds} s, indexes built in ${indexSeconds} s ` +
        `(load ${load()})`,
    )
    const runs: Record<string, number>[] = []
    // One connection, as a desk's search box uses one at a time.
    const pool = new pg.Pool({ connectionString: cluster.adminUrl, max: 1 })
    for (let run = 1; run <= RUNS; run++) {
      const took: number[] = []
      const perQuery = new Map<string, number[]>()
      for (let pass = 0; pass < 10; pass++) {
        for (const text of QUERIES) {
          const parsed = parseSearchQuery(text, Date.now())
          if (!parsed.ok) throw new Error(parsed.message)
          for (const kind of ['orders', 'payments'] as const) {
            const t0 = performance.now()
            await searchShared(pool, kind, parsed.query)
            const ms = performance.now() - t0
            if (kind === 'payments') perQuery.set(text, [...(perQuery.get(text) ?? []), ms])
            took.push(ms)
          }
        }
      }
      const slowest = [...perQuery].sort((a, b) => percentile(b[1], 95) - percentile(a[1], 95))[0]
      const figures = {
        run,
        queries: took.length,
        p50: round(percentile(took, 50), 2),
        p95: round(percentile(took, 95), 2),
        max: round(Math.max(...took), 2),
        load: load(),
      }
      console.log(
        `query run ${run}: ${took.length} statements, p50 ${figures.p50} ms, p95 ${figures.p95} ms, ` +
          `max ${figures.max} ms; slowest query "${slowest?.[0]}" p95 ${round(percentile(slowest?.[1] ?? [], 95), 2)} ms (load ${figures.load})`,
      )
      runs.push(figures)
    }
    await pool.end()
    return { loadSeconds, indexSeconds, runs }
  } finally {
    await admin.end()
    cluster.destroy()
  }
}

async function startSandboxProcess(key: string): Promise<{ baseUrl: string; close: () => void }> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'src/sandbox/cli.ts'), '--payments', String(WALK_PAYMENTS)].concat([
      '--seed',
      '51',
      '--key',
      key,
    ]),
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  )
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const url = /base URL:\s+(\S+)/.exec(out)?.[1]
      if (url && /credentials:/.test(out)) resolve(url)
    })
    child.once('exit', (code) => reject(new Error(`sandbox exited (${code})`)))
  })
  return { baseUrl, close: () => child.kill('SIGTERM') }
}

async function walkPart(): Promise<Record<string, number>[]> {
  const key = 'test_TeamIndexBenchKey00000001'
  const sandbox = await startSandboxProcess(key)
  const cluster = await startTestCluster({ fast: false })
  const admin = new pg.Client({ connectionString: cluster.adminUrl })
  await admin.connect()
  await setUpTeamDatabase(admin)
  const pool = new pg.Pool({ connectionString: cluster.adminUrl, max: 4 })
  const quota = DEFAULT_QUOTAS.test.read
  const runs: Record<string, number>[] = []
  try {
    for (let run = 1; run <= RUNS; run++) {
      await new SharedIndex(pool).clear()
      let requests = 0
      let refused = 0
      const client = createApiClient({
        baseUrl: sandbox.baseUrl,
        getCredential: async () => ({ secret: key, kind: 'api-key' }),
        // A 429 took no token: it is counted apart, never as a read the bucket allowed.
        onAttempt: (event) => (event.status === 429 ? refused++ : requests++),
      })
      // The bucket refills while the last run's client is gone: wait until it is full again.
      await new Promise((resolve) => setTimeout(resolve, (quota.burst / quota.q) * 1000 + 500))
      const desk = new IndexSync({
        connect: async () => {
          const c = new pg.Client({ connectionString: cluster.adminUrl })
          await c.connect()
          return c
        },
        pool,
        client,
        role: 'desk',
      })
      const t0 = performance.now()
      await desk.round()
      const took = (performance.now() - t0) / 1000
      await desk.close()
      client.dispose()
      const allowed = quota.burst + quota.q * took
      const figures = {
        run,
        payments: await new SharedIndex(pool).count('payments'),
        requests,
        refused,
        seconds: round(took, 1),
        fraction: round(requests / allowed, 3),
        load: load(),
      }
      console.log(
        `walk run ${run}: ${figures.payments.toLocaleString('en-US')} payments, ${requests} requests (+${refused} answered 429) in ${figures.seconds} s; ` +
          `the bucket allowed ${Math.floor(allowed)} (burst ${quota.burst} + ${quota.q}/s): fraction ${figures.fraction} (load ${figures.load})`,
      )
      runs.push(figures)
    }
  } finally {
    await pool.end()
    await admin.end()
    cluster.destroy()
    sandbox.close()
  }
  return runs
}

const PARTS = (values.parts ?? '').split(',')
const query = PARTS.includes('query') ? await queryPart() : { loadSeconds: NaN, indexSeconds: NaN, runs: [] }
const walk = PARTS.includes('walk') ? await walkPart() : []
const med = (xs: Record<string, number>[], k: string) => median(xs.map((x) => x[k] ?? NaN))
console.log(
  JSON.stringify({
    rows: ROWS,
    loadSeconds: query.loadSeconds,
    indexSeconds: query.indexSeconds,
    queryP95Ms: query.runs.map((r) => r.p95),
    queryP95MedianMs: med(query.runs, 'p95'),
    walkPayments: WALK_PAYMENTS,
    walkFraction: walk.map((r) => r.fraction),
    walkFractionMedian: med(walk, 'fraction'),
    walkSeconds: walk.map((r) => r.seconds),
    load: [...query.runs, ...walk].map((r) => r.load),
  }),
)

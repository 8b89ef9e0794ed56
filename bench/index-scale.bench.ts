// A million payments at one desk (issue 46 item 8): a sandbox seeded with --payments test payments
// (default 1,000,000) in its own process (its CLI), and a desk's index capped at --cap (default: the
// index's own cap) synced from it over HTTP through the real client (quotas set very high, so the
// walk's own cost shows). Prints the pages the walk fetched against the pages it keeps, the rows
// kept, the walk's time, this process's memory (the desk's: the index and its in-memory full-text
// tables), the index file's size, then --runs runs of searches over the index (query p95 per run).
// Also the index opened again (the app's start): the rebuild's time and memory.
// Last line: one JSON object. Run: npx tsx --expose-gc bench/index-scale.bench.ts [--payments N] [--cap N] [--runs N]
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { createApiClient } from '../src/main/api'
import { DEFAULT_LIMITS, openSearchIndex } from '../src/main/search/index-db'
import { syncIndex } from '../src/main/search/sync'
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { MAX_PAGE_SIZE } from '../src/shared/api-types'
import { parseSearchQuery } from '../src/shared/search/query'
import { median, percentile } from './lib/stats'

const { values } = parseArgs({
  options: {
    payments: { type: 'string', default: '1000000' },
    cap: { type: 'string', default: String(DEFAULT_LIMITS.payments) },
    runs: { type: 'string', default: '3' },
  },
})
const PAYMENTS = Number(values.payments)
const CAP = Number(values.cap)
const RUNS = Number(values.runs)
const KEY = `test_${randomBytes(12).toString('hex')}`
const HIGH = { q: 1_000_000, burst: 1_000_000 }
// Words of the seeded merchant's people, an amount, a status with a word, and a prefix typed so far.
const QUERIES = ['sanne', 'de vries', 'lukas schneider', '45.00', 'paid emma', 'oliver.smith@example.com', 'ma']
const REPEAT = 20

const mb = (bytes: number) => Math.round(bytes / 1e5) / 10
const load = () => loadavg()[0]?.toFixed(2) ?? '?'

let started = performance.now()
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const sandboxProcess = spawn(
  process.execPath,
  [
    '--import',
    'tsx',
    path.join(root, 'src/sandbox/cli.ts'),
    ...['--payments', String(PAYMENTS), '--seed', '46', '--key', KEY],
    ...['--read-q', String(HIGH.q), '--read-burst', String(HIGH.burst)],
    ...['--write-q', String(HIGH.q), '--write-burst', String(HIGH.burst)],
  ],
  { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
)
const sandbox = {
  baseUrl: await new Promise<string>((resolve, reject) => {
    let out = ''
    sandboxProcess.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const url = /base URL:\s+(\S+)/.exec(out)?.[1]
      if (url && /credentials:/.test(out)) resolve(url)
    })
    sandboxProcess.once('exit', (code) => reject(new Error(`sandbox exited (${code})`)))
  }),
  close: () => sandboxProcess.kill('SIGTERM'),
}
const seedSeconds = (performance.now() - started) / 1000
console.log(
  `sandbox seeded with ${PAYMENTS.toLocaleString('en-US')} payments in ${seedSeconds.toFixed(1)} s (load ${load()})`,
)

const client = createApiClient({
  baseUrl: sandbox.baseUrl,
  getCredential: async () => ({ secret: KEY, kind: 'api-key' }),
})
const dir = mkdtempSync(path.join(tmpdir(), 'paydesk-bench-scale-'))
const indexKey = randomBytes(32)
const open = async () =>
  (
    await openSearchIndex({
      dir,
      connectionId: 'conn_benchScale0000',
      key: indexKey,
      limits: { payments: CAP, orders: DEFAULT_LIMITS.orders },
    })
  ).index
let index = await open()
let pages = 0
const rssBefore = process.memoryUsage().rss
started = performance.now()
await syncIndex(
  index,
  {
    listPayments: (input, opts) => {
      pages++
      return client.listPayments(input, opts)
    },
    listOrders: (input, opts) => client.listOrders(input, opts),
  },
  { full: false, signal: new AbortController().signal, now: Date.now, onPage: () => {} },
)
const walkSeconds = (performance.now() - started) / 1000
const kept = index.count('payments')
const keptPages = Math.ceil(Math.min(CAP, PAYMENTS) / MAX_PAGE_SIZE)
const memory = process.memoryUsage()
const fileMb = mb(index.sizeBytes())
console.log(
  `walk: ${pages} pages fetched for ${kept.toLocaleString('en-US')} payments kept (${keptPages} pages hold them), ` +
    `${walkSeconds.toFixed(1)} s; index file ${fileMb} MB; main rss ${mb(memory.rss)} MB ` +
    `(+${mb(memory.rss - rssBefore)} MB during the walk), heap ${mb(memory.heapUsed)} MB; ` +
    `older not kept: ${index.marker('payments').olderNotKept}`,
)

// What the agent waits for when the app starts: the index opened again, its full-text tables rebuilt
// in memory from the decrypted rows; and what that memory costs.
index.close()
;(globalThis as { gc?: () => void }).gc?.()
const rssClosed = process.memoryUsage().rss
started = performance.now()
index = await open()
const reopenSeconds = (performance.now() - started) / 1000
const reopenRssMb = mb(process.memoryUsage().rss - rssClosed)
console.log(`reopen: ${reopenSeconds.toFixed(1)} s to rebuild the in-memory search tables; +${reopenRssMb} MB rss`)

const runs: { run: number; queryP95: number; queryMax: number; load: string }[] = []
for (let run = 1; run <= RUNS; run++) {
  const took: number[] = []
  for (let i = 0; i < REPEAT; i++) {
    for (const text of QUERIES) {
      const parsed = parseSearchQuery(text, Date.now())
      if (!parsed.ok) throw new Error(parsed.message)
      const t0 = performance.now()
      index.search('orders', parsed.query)
      index.search('payments', parsed.query)
      took.push(performance.now() - t0)
    }
  }
  const row = {
    run,
    queryP95: Math.round(percentile(took, 95) * 100) / 100,
    queryMax: Math.round(Math.max(...took) * 100) / 100,
    load: load(),
  }
  runs.push(row)
  console.log(
    `run ${run}: query p95 ${row.queryP95} ms, max ${row.queryMax} ms over ${took.length} queries (load ${row.load})`,
  )
}

index.close()
client.dispose()
sandbox.close()
rmSync(dir, { recursive: true, force: true })
console.log(
  JSON.stringify({
    bench: 'index-scale',
    payments: PAYMENTS,
    cap: CAP,
    pagesFetched: pages,
    pagesKept: keptPages,
    kept,
    seedSeconds: Math.round(seedSeconds * 10) / 10,
    walkSeconds: Math.round(walkSeconds * 10) / 10,
    indexFileMb: fileMb,
    rssMb: mb(memory.rss),
    reopenSeconds: Math.round(reopenSeconds * 10) / 10,
    reopenRssMb,
    runs,
    medianQueryP95Ms: median(runs.map((r) => r.queryP95)),
  }),
)

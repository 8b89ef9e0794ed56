// Sandbox seeding and list throughput. First, the seeded merchant (issue 24 item 9): starting a
// sandbox with 100,000 test payments (+10,000 live, their orders, customers, refunds and
// chargebacks), 3 runs, each printed, median (goal: under 10 s). Then walkers follow `next` over
// GET /v2/payments?limit=250 across a seeded 50,000 test payments (quotas set very high, keep-alive
// agent). Prints one line per run and, last, one JSON object with the medians.
// Run: npm run bench:sandbox
import { Agent, request } from 'node:http'
import { availableParallelism, loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import { startSandbox } from '../src/sandbox/index'
import { median } from './lib/stats'

const PAYMENTS = 50_000
const WALKERS = 4
const RUNS = 5
const KEY = 'test_benchmarkKey000001'

const agent = new Agent({ keepAlive: true, maxSockets: WALKERS })

function get(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers: { Authorization: `Bearer ${KEY}` } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

async function walkAll(start: string): Promise<{ pages: number; objects: number }> {
  let url: string | null = start
  let pages = 0
  let objects = 0
  while (url) {
    const { status, body } = await get(url)
    if (status !== 200) throw new Error(`status ${status}: ${body.slice(0, 200)}`)
    const json = JSON.parse(body) as { count: number; _links: { next: { href: string } | null } }
    pages += 1
    objects += json.count
    url = json._links.next?.href ?? null
  }
  return { pages, objects }
}

const SEED_PAYMENTS = 100_000
const SEED_RUNS = 3
/** The CPU time and the 1-minute load average (taken before) of each seed run: a loaded machine stretches the wall time. */
const cpuTimes: number[] = []
const loads: number[] = []

/** Milliseconds from startSandbox to listening with SEED_PAYMENTS seeded, per run. */
async function seedRuns(): Promise<number[]> {
  const times: number[] = []
  for (let run = 1; run <= SEED_RUNS; run++) {
    const loadBefore = loadavg()[0] ?? NaN
    const cpuBefore = process.cpuUsage()
    const started = performance.now()
    const sandbox = await startSandbox({ seedPayments: SEED_PAYMENTS, seed: run, keys: [KEY] })
    const ms = performance.now() - started
    const cpu = process.cpuUsage(cpuBefore)
    times.push(ms)
    cpuTimes.push((cpu.user + cpu.system) / 1000)
    loads.push(loadBefore)
    const stats = (await (
      await fetch(`${sandbox.origin}/__admin/stats`, { headers: { Authorization: `Bearer ${sandbox.adminToken}` } })
    ).json()) as { payments: number; orders: number; customers: number }
    console.log(
      `seed run ${run}: ${stats.payments} payments, ${stats.orders} orders, ${stats.customers} customers in ${ms.toFixed(0)} ms` +
        ` (this process's CPU ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms; load average ${loadBefore.toFixed(2)} before,` +
        ` ${(loadavg()[0] ?? NaN).toFixed(2)} after, on ${availableParallelism()} cores)`,
    )
    await sandbox.close()
  }
  console.log(`seed median: ${median(times).toFixed(0)} ms wall, ${median(cpuTimes).toFixed(0)} ms CPU`)
  return times
}

async function main(): Promise<void> {
  const seedTimes = await seedRuns()
  const seedStart = performance.now()
  const high = { q: 1_000_000, burst: 1_000_000 }
  const sandbox = await startSandbox({
    seedPayments: PAYMENTS,
    keys: [KEY],
    quotas: { test: { read: high, write: high } },
  })
  const seedMs = performance.now() - seedStart
  console.log(`seeded ${PAYMENTS} test payments (+${PAYMENTS / 10} live) and started in ${seedMs.toFixed(0)} ms`)
  try {
    // warm-up
    await walkAll(`${sandbox.baseUrl}/payments?limit=250`)
    const rates: number[] = []
    for (let run = 1; run <= RUNS; run++) {
      const started = performance.now()
      const results = await Promise.all(
        Array.from({ length: WALKERS }, (_, i) =>
          walkAll(`${sandbox.baseUrl}/payments?limit=250${i % 2 ? '&sort=asc' : ''}`),
        ),
      )
      const seconds = (performance.now() - started) / 1000
      const pages = results.reduce((sum, r) => sum + r.pages, 0)
      const objects = results.reduce((sum, r) => sum + r.objects, 0)
      if (results.some((r) => r.objects !== PAYMENTS)) throw new Error('a walk did not see every payment exactly once')
      rates.push(pages / seconds)
      console.log(
        `run ${run}: ${WALKERS} walkers, ${pages} pages (${objects} objects) in ${seconds.toFixed(2)} s = ${(pages / seconds).toFixed(0)} pages/s`,
      )
    }
    const result = {
      listPagesPerSecondMedian: Math.round(median(rates)),
      runs: RUNS,
      walkers: WALKERS,
      pageSize: 250,
      payments: PAYMENTS,
      seedAndStartMs: Math.round(seedMs),
      seed100kMedianMs: Math.round(median(seedTimes)),
      seed100kRunsMs: seedTimes.map((t) => Math.round(t)),
      seed100kCpuMedianMs: Math.round(median(cpuTimes)),
      seed100kLoadAverages: loads.map((l) => Math.round(l * 100) / 100),
    }
    console.log(`median: ${result.listPagesPerSecondMedian} pages/s (requests/s)`)
    console.log(JSON.stringify(result))
  } finally {
    agent.destroy()
    await sandbox.close()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})

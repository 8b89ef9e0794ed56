// Benchmark of the API client's rate limiting against the sandbox (spec 8.1).
//   npm run bench:client:saturation [-- --quick] [-- --seconds N]
// For READ and WRITE it keeps a saturating backlog for T seconds and reports utilization
// U = accepted / (q·T + B), 429s, retry amplification, queue waits, READ→WRITE isolation, and the
// gap between a forced 429's Retry-After and the next request. Compared in the same run with a
// naive client (8 workers, no rate-limit awareness) and one that retries only 5xx after 2 s.
// The last line printed is one JSON object with the figures.

import { createApiClient, type ApiClient } from '../src/main/api/client'
import { createSandboxAdmin, startSandbox } from '../src/sandbox/index'
import { validPaymentBody } from '../test/helpers/sandbox-fixtures'
import type { AttemptEvent, RequestClass } from '../src/shared/api-events'
import { present } from '../test/helpers/present'
import { flag, numberOption } from './lib/args'
import { percentile, round } from './lib/stats'

const quick = flag('quick')
const T = numberOption('seconds', quick ? 4 : 10)
const QUOTAS = { read: { q: 20, burst: 20 }, write: { q: 5, burst: 5 } }
const KEY = 'test_benchmarkClientKey001'
const BACKLOG = 60 // logical calls kept outstanding per class (well above what the quota admits)

const sb = await startSandbox({ seedPayments: 100, keys: [KEY], quotas: { test: QUOTAS } })
const admin = createSandboxAdmin(sb.origin, sb.adminToken)
const credential = { secret: KEY, kind: 'api-key' as const }

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

interface ClassResult {
  accepted: number
  attempts: number
  logical: number
  status429: number
  /** Logical calls that ended in an error for the caller (not counting the ones stopped at the end). */
  failedCalls: number
  utilization: number
  throughput: number
  queueP50: number
  queueP99: number
}

function call(client: ApiClient, cls: RequestClass, signal: AbortSignal) {
  return cls === 'read'
    ? client.listPayments({ limit: 1 }, { signal, priority: 'background' })
    : client.createPayment(validPaymentBody(), { signal })
}

/** Keeps BACKLOG calls outstanding per class for T seconds through one rate-limit-aware client. */
async function runOurs(classes: RequestClass[]): Promise<Record<RequestClass, ClassResult | null>> {
  await admin.resetBuckets()
  const events: AttemptEvent[] = []
  const client = createApiClient({
    baseUrl: sb.baseUrl,
    getCredential: async () => credential,
    onAttempt: (e) => events.push(e),
  })
  const stop = new AbortController()
  const logical: Record<RequestClass, number> = { read: 0, write: 0 }
  const workers = classes.flatMap((cls) =>
    Array.from({ length: BACKLOG }, async () => {
      while (!stop.signal.aborted) {
        logical[cls]++
        await call(client, cls, stop.signal).catch(() => undefined)
      }
    }),
  )
  await sleep(T * 1000)
  stop.abort()
  await Promise.all(workers)
  client.dispose()
  const out: Record<RequestClass, ClassResult | null> = { read: null, write: null }
  for (const cls of classes) {
    const mine = events.filter((e) => e.requestClass === cls && e.status !== null)
    const t0 = Math.min(...mine.map((e) => e.startedAt))
    const inWindow = mine.filter((e) => e.startedAt < t0 + T * 1000)
    const accepted = inWindow.filter((e) => present(e.status) >= 200 && present(e.status) < 300).length
    const quota = QUOTAS[cls]
    const completedLogical = new Set(
      events.filter((e) => e.requestClass === cls && e.outcome !== 'retry').map((e) => e.requestId),
    ).size
    out[cls] = {
      accepted,
      attempts: events.filter((e) => e.requestClass === cls).length,
      logical: completedLogical,
      status429: mine.filter((e) => e.status === 429).length,
      failedCalls: events.filter((e) => e.requestClass === cls && e.outcome === 'failed' && e.error?.kind !== 'aborted')
        .length,
      utilization: accepted / (quota.q * T + quota.burst),
      throughput: accepted / T,
      queueP50: percentile(
        inWindow.map((e) => e.timings.queuedMs),
        50,
      ),
      queueP99: percentile(
        inWindow.map((e) => e.timings.queuedMs),
        99,
      ),
    }
  }
  return out
}

/** 8 workers per class sending back to back with fetch; retry5xx: 5xx retried after a fixed 2 s. */
async function runSimple(
  classes: RequestClass[],
  retry5xx: boolean,
): Promise<Record<RequestClass, ClassResult | null>> {
  await admin.resetBuckets()
  const stop = Date.now() + T * 1000
  const stats: Record<
    RequestClass,
    { accepted: number; attempts: number; logical: number; s429: number; failed: number }
  > = {
    read: { accepted: 0, attempts: 0, logical: 0, s429: 0, failed: 0 },
    write: { accepted: 0, attempts: 0, logical: 0, s429: 0, failed: 0 },
  }
  const send = (cls: RequestClass) =>
    fetch(cls === 'read' ? `${sb.baseUrl}/payments?limit=1` : `${sb.baseUrl}/payments`, {
      method: cls === 'read' ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: cls === 'read' ? undefined : JSON.stringify(validPaymentBody()),
    })
  const workers = classes.flatMap((cls) =>
    Array.from({ length: 8 }, async () => {
      while (Date.now() < stop) {
        stats[cls].logical++
        for (;;) {
          stats[cls].attempts++
          const res = await send(cls).catch(() => null)
          await res?.text()
          const status = res?.status ?? 0
          if (status >= 200 && status < 300) stats[cls].accepted++
          if (status === 429) stats[cls].s429++
          if (retry5xx && status >= 500 && Date.now() < stop) {
            await sleep(2000)
            continue
          }
          if (status < 200 || status >= 300) stats[cls].failed++
          break
        }
      }
    }),
  )
  await Promise.all(workers)
  const out: Record<RequestClass, ClassResult | null> = { read: null, write: null }
  for (const cls of classes) {
    const s = stats[cls]
    const quota = QUOTAS[cls]
    out[cls] = {
      accepted: s.accepted,
      attempts: s.attempts,
      logical: s.logical,
      status429: s.s429,
      failedCalls: s.failed,
      utilization: s.accepted / (quota.q * T + quota.burst),
      throughput: s.accepted / T,
      queueP50: 0,
      queueP99: 0,
    }
  }
  return out
}

/** Gap between a forced 429 (Retry-After 1 s) and the next request of that bucket, minus Retry-After. */
async function retryAfterGaps(repeats: number): Promise<number[]> {
  const gaps: number[] = []
  for (let i = 0; i < repeats; i++) {
    await admin.resetBuckets()
    const events: AttemptEvent[] = []
    const client = createApiClient({
      baseUrl: sb.baseUrl,
      getCredential: async () => credential,
      onAttempt: (e) => events.push(e),
    })
    await client.listPayments({ limit: 1 })
    await admin.addFault({ path: '/v2/payments', method: 'GET', kind: 'status', status: 429, retryAfter: 1, count: 1 })
    await Promise.all(Array.from({ length: 10 }, () => client.listPayments({ limit: 1 })))
    await admin.clearFaults()
    client.dispose()
    const forced = present(events.find((e) => e.status === 429))
    const end = forced.startedAt + forced.timings.totalMs
    const next = Math.min(...events.filter((e) => e.startedAt >= end).map((e) => e.startedAt))
    gaps.push(Math.round(next - end - present(present(forced.rateLimit).retryAfter) * 1000))
  }
  return gaps
}

const readAlone = present((await runOurs(['read'])).read)
const writeAlone = present((await runOurs(['write'])).write)
const both = await runOurs(['read', 'write'])
const naive = await runSimple(['read', 'write'], false)
const retry5 = await runSimple(['read', 'write'], true)
const gaps = await retryAfterGaps(quick ? 2 : 4)
await sb.close()

const isolationWriteLoss = Math.max(0, 1 - present(both.write).throughput / writeAlone.throughput)

const rows: [string, string, ClassResult][] = [
  ['paydesk', 'READ alone', readAlone],
  ['paydesk', 'WRITE alone', writeAlone],
  ['paydesk', 'READ +write', present(both.read)],
  ['paydesk', 'WRITE +read', present(both.write)],
  ['naive x8', 'READ', present(naive.read)],
  ['naive x8', 'WRITE', present(naive.write)],
  ['5xx-2s x8', 'READ', present(retry5.read)],
  ['5xx-2s x8', 'WRITE', present(retry5.write)],
]
console.log(
  `quotas READ q=${QUOTAS.read.q} B=${QUOTAS.read.burst}, WRITE q=${QUOTAS.write.q} B=${QUOTAS.write.burst}; T=${T}s`,
)
console.log('client     class        accepted    U      429s  failed calls  attempts/call  queue p50 ms  queue p99 ms')
for (const [client, cls, r] of rows) {
  console.log(
    `${client.padEnd(10)} ${cls.padEnd(12)} ${String(r.accepted).padStart(8)}  ${r.utilization.toFixed(3)}  ${String(r.status429).padStart(5)}  ${String(r.failedCalls).padStart(12)}  ${(r.attempts / Math.max(1, r.logical)).toFixed(2).padStart(13)}  ${String(Math.round(r.queueP50)).padStart(12)}  ${String(Math.round(r.queueP99)).padStart(12)}`,
  )
}
console.log(
  `isolation: write throughput alone ${writeAlone.throughput.toFixed(2)}/s, with read load ${present(both.write).throughput.toFixed(2)}/s, loss ${(isolationWriteLoss * 100).toFixed(1)}%`,
)
console.log(`forced 429 (Retry-After 1 s): next request after Retry-After + ${gaps.map((g) => `${g} ms`).join(', ')}`)

const summary = (r: ClassResult) => ({
  utilization: round(r.utilization, 3),
  '429s': r.status429,
  failedCalls: r.failedCalls,
  accepted: r.accepted,
  amplification: round(r.attempts / Math.max(1, r.logical), 3),
  queueWaitP50Ms: Math.round(r.queueP50),
  queueWaitP99Ms: Math.round(r.queueP99),
})
console.log(
  JSON.stringify({
    seconds: T,
    read: summary(readAlone),
    write: summary(writeAlone),
    readUnderWriteLoad: summary(present(both.read)),
    writeUnderReadLoad: summary(present(both.write)),
    isolationWriteLoss: round(isolationWriteLoss, 3),
    retryAfterGapMs: { min: Math.min(...gaps), max: Math.max(...gaps) },
    naive: { read: summary(present(naive.read)), write: summary(present(naive.write)) },
    retry5xxAfter2s: { read: summary(present(retry5.read)), write: summary(present(retry5.write)) },
  }),
)

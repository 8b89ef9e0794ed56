// bench:client — Paydesk's API client beside the clients a user would otherwise pick, in one run,
// against this bench's own rate-limited HTTP server (not the sandbox: the sandbox reads headers the
// way the client does, so it could not show a misreading). Issue 15 item 6.
//   npm run bench:client [-- --quick] [-- --calls N]
//
// Baselines, each sending the same N calls into the same server:
//   naive  fixed concurrency (8), honours Retry-After on a 429 and tries again (up to 10 times);
//   sdk    what the official SDK does: calls in parallel (8), no 429 handling (a 429 fails the call),
//          a 5xx retried after 2 s;
//   paydesk  src/main/api/client.ts, every call issued at once (its queue paces them).
// Runs: one per header dialect the server speaks (spec 8.1 `service-burst`; IETF draft, q per
// window w; legacy RateLimit-Limit/-Remaining/-Reset fixed window), and an isolation run: 1,000
// reads queued at background priority, then 20 writes: the writes' p95 latency (issue → answer).
// Per client and run: completion time for N calls, 429s, failed calls, utilization (accepted calls /
// what the server admits in that time), and ratios to Paydesk. The last line is one JSON object.

import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { createApiClient } from '../src/main/api/client'
import { formatRateLimit, formatRateLimitPolicy } from '../src/shared/service/rate-limit'
import { present } from '../test/helpers/present'
import { flag, numberOption } from './lib/args'
import { percentile, round } from './lib/stats'

type Dialect = 'spec' | 'ietf' | 'legacy'
type Cls = 'read' | 'write'

const quick = flag('quick')
const N = numberOption('calls', quick ? 120 : 300)
/** Server quotas: READ 50/s with a burst of 50, WRITE 5/s with a burst of 5. */
const QUOTA: Record<Cls, { rate: number; burst: number }> = {
  read: { rate: 50, burst: 50 },
  write: { rate: 5, burst: 5 },
}
const KEY = 'test_benchClientBaselines01'
const CONCURRENCY = 8
const ISOLATION_READS = 1000
const ISOLATION_WRITES = 20

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

// ---------------------------------------------------------------------------------------------
// The server: one bucket per class; answers in the dialect it was started with.

interface Counters {
  accepted: Record<Cls, number>
  rejected429: Record<Cls, number>
}

interface BenchServer {
  origin: string
  counters: Counters
  reset(): void
  close(): Promise<void>
}

async function startServer(dialect: Dialect): Promise<BenchServer> {
  const buckets: Record<Cls, { tokens: number; at: number; windowStart: number; used: number }> = {
    read: { tokens: 0, at: 0, windowStart: 0, used: 0 },
    write: { tokens: 0, at: 0, windowStart: 0, used: 0 },
  }
  const counters: Counters = { accepted: { read: 0, write: 0 }, rejected429: { read: 0, write: 0 } }
  const reset = () => {
    const now = performance.now()
    for (const cls of ['read', 'write'] as const) {
      buckets[cls] = { tokens: QUOTA[cls].burst, at: now, windowStart: now, used: 0 }
      counters.accepted[cls] = 0
      counters.rejected429[cls] = 0
    }
  }
  reset()

  /** Token bucket (spec, IETF) or fixed one-second window of `rate` calls (legacy). */
  function admit(cls: Cls): { ok: boolean; headers: Record<string, string> } {
    const now = performance.now()
    const b = buckets[cls]
    const { rate, burst } = QUOTA[cls]
    const name = `${cls}-v2`
    if (dialect === 'legacy') {
      if (now - b.windowStart >= 1000) {
        b.windowStart = now
        b.used = 0
      }
      const ok = b.used < rate
      if (ok) b.used++
      const resetS = Math.max(1, Math.ceil((b.windowStart + 1000 - now) / 1000))
      return {
        ok,
        headers: {
          'RateLimit-Limit': String(rate),
          'RateLimit-Remaining': String(rate - b.used),
          'RateLimit-Reset': String(resetS),
          ...(ok ? {} : { 'Retry-After': String(resetS) }),
        },
      }
    }
    b.tokens = Math.min(burst, b.tokens + ((now - b.at) / 1000) * rate)
    b.at = now
    const ok = b.tokens >= 1
    if (ok) b.tokens -= 1
    const r = Math.floor(b.tokens)
    const retryAfter: Record<string, string> = ok
      ? {}
      : { 'Retry-After': String(Math.max(1, Math.ceil((1 - b.tokens) / rate))) }
    if (dialect === 'spec') {
      return {
        ok,
        headers: {
          'RateLimit-Policy': formatRateLimitPolicy({ policy: name, q: rate, w: Math.ceil(burst / rate), burst }),
          RateLimit: formatRateLimit({ policy: name, r, t: Math.ceil((burst - b.tokens) / rate), serviceBurst: burst }),
          ...retryAfter,
        },
      }
    }
    // IETF draft: q requests per window w seconds (here q = burst, w = burst / rate).
    const w = Math.max(1, Math.round(burst / rate))
    return {
      ok,
      headers: {
        'RateLimit-Policy': `"${name}";q=${rate * w};w=${w}`,
        RateLimit: `"${name}";r=${r};t=${Math.ceil((burst - b.tokens) / rate)}`,
        ...retryAfter,
      },
    }
  }

  let next = 0
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const cls: Cls = req.method === 'GET' ? 'read' : 'write'
      const { ok, headers } = admit(cls)
      if (ok) counters.accepted[cls]++
      else counters.rejected429[cls]++
      const id = `tr_bench${(next++).toString(36)}`
      const body = ok
        ? JSON.stringify({
            resource: 'payment',
            id,
            mode: 'test',
            status: 'open',
            amount: { currency: 'EUR', value: '10.00' },
            description: 'bench',
            createdAt: new Date().toISOString(),
            _links: { self: { href: `/v2/payments/${id}`, type: 'application/hal+json' } },
          })
        : JSON.stringify({ status: 429, title: 'Too Many Requests', detail: 'Slow down.' })
      // A little service time, as a real API has.
      setTimeout(() => {
        res.writeHead(ok ? (cls === 'write' ? 201 : 200) : 429, {
          'Content-Type': ok ? 'application/hal+json' : 'application/problem+json',
          ...headers,
        })
        res.end(body)
      }, 5)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    counters,
    reset,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

// ---------------------------------------------------------------------------------------------
// The clients

interface RunResult {
  completionMs: number
  status429: number
  failedCalls: number
  accepted: number
  /** accepted / (burst + rate · seconds): share of what the server would admit in that time */
  utilization: number
}

interface CallSpec {
  cls: Cls
  /** ms after the run's start at which the caller issues it */
  at?: number
  priority?: 'user' | 'background'
}

interface CallOutcome {
  ok: boolean
  latencyMs: number
}

const PAYMENT_BODY = JSON.stringify({
  amount: { currency: 'EUR', value: '10.00' },
  description: 'bench',
  redirectUrl: 'https://shop.example.com/return',
})

function sendOnce(origin: string, cls: Cls, n: number): Promise<{ status: number; retryAfter: string | null }> {
  return fetch(cls === 'read' ? `${origin}/v2/payments/tr_bench${n}` : `${origin}/v2/payments`, {
    method: cls === 'read' ? 'GET' : 'POST',
    headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' },
    body: cls === 'read' ? undefined : PAYMENT_BODY,
  }).then(
    async (res) => {
      await res.text()
      return { status: res.status, retryAfter: res.headers.get('retry-after') }
    },
    () => ({ status: 0, retryAfter: null }),
  )
}

/** A fixed pool of workers taking calls in order (a queue a user would write by hand). */
async function runPool(
  origin: string,
  calls: CallSpec[],
  perCall: (cls: Cls, n: number) => Promise<boolean>,
  stopWhen?: (done: CallOutcome[], spec: CallSpec[]) => boolean,
): Promise<CallOutcome[]> {
  const t0 = performance.now()
  const outcomes: CallOutcome[] = new Array<CallOutcome>(calls.length)
  let nextIndex = 0
  let stopped = false
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (!stopped && nextIndex < calls.length) {
        const i = nextIndex++
        const spec = present(calls[i])
        const issuedAt = t0 + (spec.at ?? 0)
        if (performance.now() < issuedAt) await sleep(issuedAt - performance.now())
        const ok = await perCall(spec.cls, i)
        outcomes[i] = { ok, latencyMs: performance.now() - issuedAt }
        if (stopWhen?.(outcomes, calls)) stopped = true
      }
    }),
  )
  void origin
  return outcomes
}

function naiveCall(origin: string) {
  return async (cls: Cls, n: number): Promise<boolean> => {
    for (let attempt = 0; attempt < 10; attempt++) {
      const { status, retryAfter } = await sendOnce(origin, cls, n)
      if (status >= 200 && status < 300) return true
      if (status !== 429) return false
      const seconds = Number(retryAfter)
      await sleep((Number.isFinite(seconds) && seconds > 0 ? seconds : 1) * 1000)
    }
    return false
  }
}

function sdkCall(origin: string) {
  return async (cls: Cls, n: number): Promise<boolean> => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const { status } = await sendOnce(origin, cls, n)
      if (status >= 200 && status < 300) return true
      if (status >= 500) {
        await sleep(2000)
        continue
      }
      return false // 429 and every other 4xx: the call fails
    }
    return false
  }
}

async function runPaydesk(origin: string, calls: CallSpec[]): Promise<CallOutcome[]> {
  const client = createApiClient({
    baseUrl: `${origin}/v2`,
    getCredential: async () => ({ secret: KEY, kind: 'api-key' }),
    maxSockets: 16,
  })
  const t0 = performance.now()
  const outcomes = await Promise.all(
    calls.map(async (spec, i): Promise<CallOutcome> => {
      if (spec.at) await sleep(spec.at)
      const issuedAt = performance.now()
      const options = { priority: spec.priority ?? 'user' } as const
      const ok = await (
        spec.cls === 'read'
          ? client.getPayment(`tr_bench${i}`, options)
          : client.createPayment(JSON.parse(PAYMENT_BODY) as never, options)
      ).then(
        () => true,
        () => false,
      )
      return { ok, latencyMs: performance.now() - issuedAt }
    }),
  )
  void t0
  client.dispose()
  return outcomes
}

type ClientName = 'naive' | 'sdk' | 'paydesk'

async function measure(server: BenchServer, name: ClientName, calls: CallSpec[]): Promise<RunResult> {
  server.reset()
  const cls: Cls = present(calls[0]).cls
  const t0 = performance.now()
  const outcomes =
    name === 'paydesk'
      ? await runPaydesk(server.origin, calls)
      : await runPool(server.origin, calls, name === 'naive' ? naiveCall(server.origin) : sdkCall(server.origin))
  const completionMs = performance.now() - t0
  const accepted = server.counters.accepted[cls]
  const admissible = QUOTA[cls].burst + (QUOTA[cls].rate * completionMs) / 1000
  return {
    completionMs: Math.round(completionMs),
    status429: server.counters.rejected429[cls],
    failedCalls: outcomes.filter((o) => !o.ok).length,
    accepted,
    utilization: round(Math.min(1, accepted / admissible), 3),
  }
}

/** 1,000 background reads queued, then 20 writes 200 ms later: the writes' latency. */
async function isolation(server: BenchServer, name: 'naive' | 'paydesk') {
  server.reset()
  const calls: CallSpec[] = [
    ...Array.from({ length: ISOLATION_READS }, (): CallSpec => ({ cls: 'read', priority: 'background' })),
    ...Array.from({ length: ISOLATION_WRITES }, (): CallSpec => ({ cls: 'write', at: 200 })),
  ]
  const isWrite = (i: number) => i >= ISOLATION_READS
  let outcomes: CallOutcome[]
  if (name === 'paydesk') outcomes = await runPaydesk(server.origin, calls)
  else {
    // The hand-written queue is FIFO: the writes wait behind every read. Stopped once they are done.
    outcomes = await runPool(
      server.origin,
      calls,
      naiveCall(server.origin),
      (done) => done.filter((o, i) => o !== undefined && isWrite(i)).length === ISOLATION_WRITES,
    )
  }
  const writes = outcomes.filter((o, i) => o !== undefined && isWrite(i))
  const latencies = writes.map((o) => o.latencyMs)
  return {
    writeP50Ms: Math.round(percentile(latencies, 50)),
    writeP95Ms: Math.round(percentile(latencies, 95)),
    writesFailed: writes.filter((o) => !o.ok).length,
    readsFailed: outcomes.filter((o, i) => o !== undefined && !isWrite(i) && !o.ok).length,
    status429: server.counters.rejected429.read + server.counters.rejected429.write,
  }
}

// ---------------------------------------------------------------------------------------------

const dialects: Dialect[] = ['spec', 'ietf', 'legacy']
const clients: ClientName[] = ['naive', 'sdk', 'paydesk']
const reads: CallSpec[] = Array.from({ length: N }, (): CallSpec => ({ cls: 'read' }))
const idealMs = Math.max(0, ((N - QUOTA.read.burst) / QUOTA.read.rate) * 1000)

const byDialect: Record<string, Record<ClientName, RunResult>> = {}
for (const dialect of dialects) {
  const server = await startServer(dialect)
  const results = {} as Record<ClientName, RunResult>
  for (const name of clients) {
    results[name] = await measure(server, name, reads)
    // Let the bucket refill between clients (each run starts from a full bucket anyway: reset()).
    await sleep(300)
  }
  byDialect[dialect] = results
  await server.close()
}

const isoServer = await startServer('spec')
const isoPaydesk = await isolation(isoServer, 'paydesk')
await sleep(300)
const isoNaive = await isolation(isoServer, 'naive')
await isoServer.close()

console.log(
  `server quotas: READ ${QUOTA.read.rate}/s burst ${QUOTA.read.burst}, WRITE ${QUOTA.write.rate}/s burst ${QUOTA.write.burst}; ` +
    `${N} reads per run (ideal completion ${Math.round(idealMs)} ms)`,
)
console.log('dialect  client    completion ms  ×paydesk  429s  failed  utilization')
for (const dialect of dialects) {
  const results = present(byDialect[dialect])
  for (const name of clients) {
    const r = results[name]
    console.log(
      `${dialect.padEnd(8)} ${name.padEnd(8)} ${String(r.completionMs).padStart(14)}  ${(r.completionMs / results.paydesk.completionMs).toFixed(2).padStart(8)}  ${String(r.status429).padStart(4)}  ${String(r.failedCalls).padStart(6)}  ${r.utilization.toFixed(3).padStart(11)}`,
    )
  }
}
console.log(
  `isolation (${ISOLATION_READS} background reads queued, then ${ISOLATION_WRITES} writes): ` +
    `paydesk write p95 ${isoPaydesk.writeP95Ms} ms (${isoPaydesk.writesFailed} failed, ${isoPaydesk.status429} × 429); ` +
    `naive FIFO pool write p95 ${isoNaive.writeP95Ms} ms (${isoNaive.writesFailed} failed, ${isoNaive.status429} × 429)`,
)

const ratios = (dialect: string) => {
  const r = present(byDialect[dialect])
  return {
    naiveCompletionVsPaydesk: round(r.naive.completionMs / r.paydesk.completionMs, 3),
    sdkFailedCalls: r.sdk.failedCalls,
    paydeskVsIdeal: round(r.paydesk.completionMs / Math.max(1, idealMs), 3),
  }
}
console.log(
  JSON.stringify({
    calls: N,
    quotas: QUOTA,
    idealCompletionMs: Math.round(idealMs),
    dialects: byDialect,
    ratios: Object.fromEntries(dialects.map((d) => [d, ratios(d)])),
    isolation: {
      paydesk: isoPaydesk,
      naiveFifo: isoNaive,
      writeP95Ratio: round(isoNaive.writeP95Ms / Math.max(1, isoPaydesk.writeP95Ms), 3),
    },
  }),
)

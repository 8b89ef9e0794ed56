// One process of bench:team (bench/team.bench.ts): a Paydesk instance (the real API client and the
// real background sync into a real search index), the same workload through a naive client or the
// official SDK, or the merchant's shop. It prepares, says `ready`, starts at the `go` moment, runs
// for the given seconds and sends one `result` message.
//
// Workload per instance: the sync walks the payments (then orders) again and again, an agent looks
// up one payment every 2 s and creates one every 20 s. The shop reads single payments at a fixed
// rate with plain fetch and never retries (a 429 is a customer who waits).

import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import https from 'node:https'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createMollieClient } from '@mollie/api-client'
import { createApiClient } from '../../src/main/api/client'
import { openSearchIndex } from '../../src/main/search/index-db'
import { syncIndex } from '../../src/main/search/sync'
import { validPaymentBody } from '../../test/helpers/sandbox-fixtures'

export type Role = 'paydesk' | 'naive' | 'sdk' | 'shop'

export interface WorkerConfig {
  role: Role
  baseUrl: string
  key: string
  ids: string[]
  /** Shop only: reads per second. */
  shopRate?: number
  pageSize: number
}

export interface WorkerResult {
  role: Role
  lookupMs: number[]
  /** Paydesk only: time each lookup attempt spent in the client's own rate-limit queue. */
  lookupQueueMs: number[]
  failedLookups: number
  writes: number
  failedWrites: number
  /** 429 answers this process received. */
  status429: number
  /** Paydesk only: of those, answers to the agent's lookups (the rest went to the sync). */
  lookup429: number
  /** 2xx answers to GETs of the payments READ bucket (lists and single payments) inside the window. */
  readAccepted: number
  syncPages: number
  syncErrors: number
  shopReads: number
  shop429: number
  firstError: string | null
}

const config = JSON.parse(process.env.TEAM_WORKER ?? '{}') as WorkerConfig
const result: WorkerResult = {
  role: config.role,
  lookupMs: [],
  lookupQueueMs: [],
  failedLookups: 0,
  writes: 0,
  failedWrites: 0,
  status429: 0,
  lookup429: 0,
  readAccepted: 0,
  syncPages: 0,
  syncErrors: 0,
  shopReads: 0,
  shop429: 0,
  firstError: null,
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)))
const randomId = () => config.ids[Math.floor(Math.random() * config.ids.length)] ?? ''
let windowStart = Infinity
let windowEnd = -Infinity
const inWindow = (t: number) => t >= windowStart && t <= windowEnd
const isPaymentsRead = (method: string, url: string) =>
  method === 'GET' && new URL(url, config.baseUrl).pathname.startsWith('/v2/payments')
const noteError = (e: unknown) => {
  result.firstError ??= e instanceof Error ? e.message.slice(0, 200) : String(e).slice(0, 200)
}

/** Counts what fetch-based clients (naive, SDK, shop) receive, as onAttempt does for Paydesk. */
function countingFetch(): void {
  const original = globalThis.fetch
  globalThis.fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase()
    const started = Date.now()
    const res = await original(input, init)
    if (res.status === 429) result.status429++
    if (inWindow(started) && res.ok && isPaymentsRead(method, url)) result.readAccepted++
    return res
  }
}

interface Workload {
  sync(signal: AbortSignal): Promise<void>
  lookup(id: string): Promise<void>
  write(): Promise<void>
  close(): void
}

async function paydesk(): Promise<Workload> {
  const client = createApiClient({
    baseUrl: config.baseUrl,
    getCredential: async () => ({ secret: config.key, kind: 'api-key' }),
    onAttempt: (e) => {
      if (e.status === 429) result.status429++
      if (e.method === 'GET' && /\/payments\/tr_/.test(e.url)) {
        result.lookupQueueMs.push(e.timings.queuedMs)
        if (e.status === 429) result.lookup429++
      }
      if (inWindow(e.startedAt) && e.status !== null && e.status < 300 && isPaymentsRead(e.method, e.url))
        result.readAccepted++
    },
  })
  if (process.env.TEAM_DEBUG) {
    // Diagnosis only: how this instance sees the shared bucket, sampled twice a second.
    const samples: string[] = []
    const timer = setInterval(() => {
      const b = client.buckets().find((x) => x.policy === 'get-v2-payments')
      if (b && inWindow(Date.now()))
        samples.push(
          `${b.background?.othersActive ? 'A' : '-'}${Math.round((b.background?.share ?? 0) * 100)}:${b.remaining}${b.pausedUntil ? 'P' : ''}`,
        )
    }, 500)
    timer.unref()
    process.on('exit', () => console.error(`debug ${process.pid}: ${samples.join(' ')}`))
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'paydesk-team-'))
  const { index } = await openSearchIndex({ dir, connectionId: 'team', key: randomBytes(32) })
  return {
    async sync(signal) {
      await syncIndex(index, client, {
        full: true,
        signal,
        now: Date.now,
        pageSize: config.pageSize,
        onPage: () => result.syncPages++,
      })
    },
    async lookup(id) {
      await client.getPayment(id)
    },
    async write() {
      await client.createPayment(validPaymentBody())
    },
    close() {
      client.dispose()
      index.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** Plain fetch; a 429 waits its Retry-After (1 s without one) and tries again, up to 60 s. */
async function naiveFetch(url: string, init: RequestInit = {}): Promise<unknown> {
  const deadline = Date.now() + 60_000
  for (;;) {
    const res = await fetch(url, {
      ...init,
      headers: { authorization: `Bearer ${config.key}`, 'content-type': 'application/json' },
    })
    const body = await res.json()
    if (res.ok) return body
    if (res.status !== 429 || Date.now() > deadline) throw new Error(`status ${res.status}`)
    await sleep(Number(res.headers.get('retry-after') ?? '1') * 1000)
  }
}

function naive(): Workload {
  countingFetch()
  return {
    async sync(signal) {
      let next: string | null = `${config.baseUrl}/payments?limit=${config.pageSize}`
      while (next && !signal.aborted) {
        const page = (await naiveFetch(next)) as { _links?: { next?: { href?: string } | null } }
        result.syncPages++
        next = page._links?.next?.href ?? null
      }
    },
    async lookup(id) {
      await naiveFetch(`${config.baseUrl}/payments/${id}`)
    },
    async write() {
      await naiveFetch(`${config.baseUrl}/payments`, { method: 'POST', body: JSON.stringify(validPaymentBody()) })
    },
    close() {},
  }
}

/**
 * The SDK pins its own bundled CA list (it ignores NODE_EXTRA_CA_CERTS): the sandbox's certificate
 * is added to the agents it creates. Nothing else of the SDK is changed.
 */
function trustSandboxInSdk(): void {
  const cert = readFileSync(process.env.NODE_EXTRA_CA_CERTS ?? '', 'utf8')
  const Base = https.Agent
  class WithSandboxCa extends Base {
    constructor(options?: https.AgentOptions) {
      const ca = options?.ca === undefined ? [] : Array.isArray(options.ca) ? options.ca : [options.ca]
      super({ ...options, ca: [...ca, cert] })
    }
  }
  ;(https as { Agent: typeof https.Agent }).Agent = WithSandboxCa
}

/**
 * The SDK sends through its own fetch (not the global one): its calls are counted here. It retries
 * only 5xx, so a call that resolves is one accepted request and a 429 is an error with statusCode.
 */
async function counted<T>(read: boolean, call: () => Promise<T>): Promise<T> {
  const started = Date.now()
  try {
    const value = await call()
    if (read && inWindow(started)) result.readAccepted++
    return value
  } catch (e) {
    if ((e as { statusCode?: number }).statusCode === 429) result.status429++
    throw e
  }
}

function sdk(): Workload {
  trustSandboxInSdk()
  const mollie = createMollieClient({ apiKey: config.key, apiEndpoint: `${config.baseUrl}/` })
  return {
    async sync(signal) {
      let page = await counted(true, () => mollie.payments.page({ limit: config.pageSize }))
      result.syncPages++
      while (page.nextPage && !signal.aborted) {
        const next = page.nextPage
        page = await counted(true, () => next())
        result.syncPages++
      }
    },
    async lookup(id) {
      await counted(true, () => mollie.payments.get(id))
    },
    async write() {
      const body = validPaymentBody() as Parameters<typeof mollie.payments.create>[0]
      await counted(false, () => mollie.payments.create(body))
    },
    close() {},
  }
}

/** Starts `fn` at `start + phase + k·every` until the window ends (a slow run does not delay the next). */
async function every(everyMs: number, phaseMs: number, fn: () => Promise<void>): Promise<void> {
  const pending: Promise<void>[] = []
  for (let k = 0; ; k++) {
    const at = windowStart + phaseMs + k * everyMs
    if (at > windowEnd) break
    await sleep(at - Date.now())
    pending.push(fn())
  }
  await Promise.all(pending)
}

async function runClient(w: Workload): Promise<void> {
  const stop = new AbortController()
  const syncLoop = (async () => {
    while (!stop.signal.aborted) {
      try {
        await w.sync(stop.signal)
      } catch (e) {
        if (stop.signal.aborted) break
        result.syncErrors++
        noteError(e)
        await sleep(1000)
      }
    }
  })()
  const lookups = every(2000, Math.random() * 2000, async () => {
    const t0 = performance.now()
    // An answer later than 3 s after the window counts as failed (the run is bounded).
    const outcome = await Promise.race([
      w.lookup(randomId()).then(
        () => 'ok' as const,
        (e: unknown) => (noteError(e), 'failed' as const),
      ),
      sleep(windowEnd + 3000 - Date.now()).then(() => 'late' as const),
    ])
    result.lookupMs.push(performance.now() - t0)
    if (outcome !== 'ok') result.failedLookups++
  })
  const writes = every(20_000, Math.random() * 20_000, async () => {
    result.writes++
    const outcome = await Promise.race([
      w.write().then(
        () => 'ok' as const,
        (e: unknown) => (noteError(e), 'failed' as const),
      ),
      sleep(windowEnd + 3000 - Date.now()).then(() => 'late' as const),
    ])
    if (outcome !== 'ok') result.failedWrites++
  })
  await Promise.all([lookups, writes])
  stop.abort()
  await Promise.race([syncLoop, sleep(1000)])
}

async function runShop(): Promise<void> {
  countingFetch()
  const rate = config.shopRate ?? 1
  const pending: Promise<void>[] = []
  for (let k = 0; ; k++) {
    const at = windowStart + (k * 1000) / rate
    if (at > windowEnd) break
    await sleep(at - Date.now())
    pending.push(
      fetch(`${config.baseUrl}/payments/${randomId()}`, { headers: { authorization: `Bearer ${config.key}` } })
        .then(async (res) => {
          await res.arrayBuffer()
          result.shopReads++
          if (res.status === 429) result.shop429++
        })
        .catch(noteError),
    )
  }
  await Promise.all(pending)
}

async function main(): Promise<void> {
  const w =
    config.role === 'paydesk'
      ? await paydesk()
      : config.role === 'naive'
        ? naive()
        : config.role === 'sdk'
          ? sdk()
          : null
  process.send?.({ type: 'ready' })
  const go = await new Promise<{ at: number; seconds: number }>((resolve) =>
    process.once('message', (m: { at: number; seconds: number }) => resolve(m)),
  )
  windowStart = go.at
  windowEnd = go.at + go.seconds * 1000
  await sleep(windowStart - Date.now())
  if (w) await runClient(w)
  else await runShop()
  w?.close()
  process.send?.({ type: 'result', result }, () => process.exit(0))
}

main().catch((e: unknown) => {
  noteError(e)
  process.send?.({ type: 'result', result }, () => process.exit(1))
})

// The API client against the sandbox's injected faults (spec 7, 8.1): what is retried, what is not,
// that a POST never creates twice (Idempotency-Key), and that nothing ever escapes untyped.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { ApiError } from '../../../../src/main/api/call/errors'
import { createSandboxAdmin, startSandbox, type RunningSandbox, type SandboxAdmin } from '../../../../src/sandbox/index'
import { validOrderBody } from '../../../helpers/sandbox-fixtures'
import { TEST_KEY, recordingClient, rejection, sleep } from '../../helpers/api-client'
import { present } from '../../../helpers/present'

let sb: RunningSandbox
let admin: SandboxAdmin
const generous = { q: 500, burst: 500 }

beforeAll(async () => {
  sb = await startSandbox({ seedPayments: 50, keys: [TEST_KEY], quotas: { test: { read: generous, write: generous } } })
  admin = createSandboxAdmin(sb.origin, sb.adminToken)
})

afterEach(async () => {
  await admin.clearFaults()
  await admin.setQuotas({ mode: 'test', read: generous, write: generous })
})

afterAll(async () => {
  await sb.close()
})

let orderSeq = 0
const nextOrderNumber = (tag: string) => `F-${tag}-${++orderSeq}`

async function ordersFor(orderNumber: string): Promise<number> {
  return (await admin.stats()).ordersByNumber[orderNumber] ?? 0
}

describe('5xx (spec 7: should subside)', () => {
  for (const status of [500, 502, 503, 504] as const) {
    it(`GET retries ${status} and succeeds`, async () => {
      const { client, events } = recordingClient(sb.baseUrl)
      await admin.addFault({ path: '/v2/payments', method: 'GET', kind: 'status', status, count: 2 })
      const list = await client.listPayments({ limit: 3 })
      expect(list._embedded.payments).toHaveLength(3)
      expect(events.map((e) => e.outcome)).toEqual(['retry', 'retry', 'success'])
      expect(events[0]?.retryReason).toBe(`status ${status}`)
      expect(new Set(events.map((e) => e.requestId)).size).toBe(1)
      client.dispose()
    })

    it(`POST retries ${status} with the same Idempotency-Key and creates one order`, async () => {
      const { client, events } = recordingClient(sb.baseUrl)
      await admin.addFault({ path: '/v2/orders', method: 'POST', kind: 'status', status, count: 1 })
      const number = nextOrderNumber(String(status))
      await client.createOrder(validOrderBody(number))
      expect(events).toHaveLength(2)
      expect(new Set(events.map((e) => e.requestHeaders['idempotency-key'])).size).toBe(1)
      expect(await ordersFor(number)).toBe(1)
      client.dispose()
    })
  }

  it('gives up after maxAttempts with the whole attempt history', async () => {
    const { client } = recordingClient(sb.baseUrl, { retry: { maxAttempts: 3, baseDelayMs: 10, maxDelayMs: 20 } })
    await admin.addFault({ path: '/v2/payments', kind: 'status', status: 503 })
    const e: ApiError = await rejection(client.listPayments())
    expect(e.kind).toBe('http')
    expect(e.status).toBe(503)
    expect(e.attempts.map((a) => a.status)).toEqual([503, 503, 503])
    expect(e.attempts.map((a) => a.reason)).toEqual(['first', 'status 503', 'status 503'])
    expect(e.detail).toContain('503')
    client.dispose()
  })
})

describe('broken connections', () => {
  for (const kind of ['reset-before-headers', 'reset-after-headers', 'truncated-body'] as const) {
    it(`${kind}: GET is retried`, async () => {
      const { client, events } = recordingClient(sb.baseUrl)
      await admin.addFault({ path: '/v2/payments', method: 'GET', kind, count: 1 })
      await client.listPayments({ limit: 2 })
      expect(events.map((e) => e.outcome)).toEqual(['retry', 'success'])
      expect(events[0]?.error?.kind).toBe('network')
      client.dispose()
    })

    it(`${kind}: POST (the operation ran) is retried with its key and creates exactly one order`, async () => {
      const { client, events } = recordingClient(sb.baseUrl)
      await admin.addFault({ path: '/v2/orders', method: 'POST', kind, count: 1 })
      const number = nextOrderNumber(kind)
      const order = await client.createOrder(validOrderBody(number))
      expect(order.orderNumber).toBe(number)
      expect(events.map((e) => e.outcome)).toEqual(['retry', 'success'])
      expect(events[1]?.responseHeaders?.['idempotent-replayed']).toBe('true')
      expect(await ordersFor(number)).toBe(1)
      client.dispose()
    })
  }

  it('a connection reset on every attempt ends in a typed network error, never an unhandled rejection', async () => {
    const { client } = recordingClient(sb.baseUrl, { retry: { maxAttempts: 2, baseDelayMs: 5, maxDelayMs: 10 } })
    await admin.addFault({ path: '/v2/payments', kind: 'truncated-body' })
    const e: ApiError = await rejection(client.listPayments())
    expect(e.kind).toBe('network')
    expect(e.attempts).toHaveLength(2)
    expect(e.bodySnippet).toContain('"count"')
    client.dispose()
  })
})

describe('bad bodies', () => {
  it('malformed JSON on a GET fails with a readable snippet', async () => {
    const { client } = recordingClient(sb.baseUrl)
    await admin.addFault({ path: '/v2/payments', method: 'GET', kind: 'malformed-json', count: 1 })
    const e: ApiError = await rejection(client.listPayments({ limit: 1 }))
    expect(e.kind).toBe('malformed-response')
    expect(e.status).toBe(200)
    // The spoiled body is longer than the snippet: its first 300 characters, marked as cut.
    expect(e.bodySnippet).toMatch(/^\{"count":1,.*…$/)
    expect(present(e.bodySnippet).length).toBe(301)
    client.dispose()
  })

  it('malformed JSON on a POST: one order; sending again with the same key replays it', async () => {
    const { client } = recordingClient(sb.baseUrl)
    await admin.addFault({ path: '/v2/orders', method: 'POST', kind: 'malformed-json', count: 1 })
    const number = nextOrderNumber('malformed')
    const e: ApiError = await rejection(client.createOrder(validOrderBody(number)))
    expect(e.kind).toBe('malformed-response')
    expect(e.idempotencyKey).toBeTruthy()
    const again = await client.createOrder(validOrderBody(number), { idempotencyKey: present(e.idempotencyKey) })
    expect(again.orderNumber).toBe(number)
    expect(await ordersFor(number)).toBe(1)
    client.dispose()
  })

  it('a slow body within the body timeout succeeds; beyond it times out and is retried', async () => {
    const { client, events } = recordingClient(sb.baseUrl, {
      timeouts: { connectMs: 1000, headersMs: 400, bodyMs: 600 },
    })
    await admin.addFault({ path: '/v2/payments', method: 'GET', kind: 'slow-body', latencyMs: 200, count: 1 })
    await client.listPayments({ limit: 2 })
    expect(events.map((e) => e.outcome)).toEqual(['success'])
    events.length = 0
    await admin.addFault({ path: '/v2/payments', method: 'GET', kind: 'slow-body', latencyMs: 3000, count: 1 })
    await client.listPayments({ limit: 2 })
    expect(events.map((e) => e.outcome)).toEqual(['retry', 'success'])
    expect(events[0]?.retryReason).toBe('timeout (body)')
    client.dispose()
  })
})

describe('timeouts', () => {
  it('GET: headers timeout is retried', async () => {
    const { client, events } = recordingClient(sb.baseUrl)
    await admin.addFault({ path: '/v2/payments', method: 'GET', kind: 'latency', latencyMs: 1000, count: 1 })
    await client.listPayments({ limit: 1 })
    expect(events.map((e) => e.retryReason ?? e.outcome)).toEqual(['timeout (headers)', 'success'])
    client.dispose()
  })

  it('POST: a timed-out create (that still runs later) leaves exactly one order', async () => {
    const { client } = recordingClient(sb.baseUrl)
    await admin.addFault({ path: '/v2/orders', method: 'POST', kind: 'latency', latencyMs: 700, count: 1 })
    const number = nextOrderNumber('latency')
    await client.createOrder(validOrderBody(number))
    await sleep(800) // let the delayed first attempt finish on the server
    expect(await ordersFor(number)).toBe(1)
    client.dispose()
  })

  it('reports a typed timeout when every attempt is too slow', async () => {
    const { client } = recordingClient(sb.baseUrl, { retry: { maxAttempts: 2, baseDelayMs: 5, maxDelayMs: 10 } })
    await admin.addFault({ path: '/v2/payments', method: 'GET', kind: 'latency', latencyMs: 800, count: 2 })
    const e: ApiError = await rejection(client.listPayments())
    expect(e.kind).toBe('timeout')
    expect(e.attempts.map((a) => a.error?.startsWith('timeout'))).toEqual([true, true])
    client.dispose()
  })
})

describe('cancellation', () => {
  it('aborting in flight stops waiting with an aborted error and no retry', async () => {
    const { client, events } = recordingClient(sb.baseUrl, {
      timeouts: { connectMs: 1000, headersMs: 5000, bodyMs: 5000 },
    })
    await admin.addFault({ path: '/v2/payments', method: 'GET', kind: 'latency', latencyMs: 1500, count: 1 })
    const ctrl = new AbortController()
    const p = client.listPayments({}, { signal: ctrl.signal })
    await sleep(100)
    ctrl.abort()
    const e: ApiError = await rejection(p)
    expect(e.kind).toBe('aborted')
    expect(events.map((x) => x.outcome)).toEqual(['failed'])
    client.dispose()
  })

  it('aborting while queued removes the request without sending it', async () => {
    const { client } = recordingClient(sb.baseUrl, { timeouts: { connectMs: 1000, headersMs: 5000, bodyMs: 5000 } })
    // Nothing learned yet: one read in flight, the next waits in the queue.
    await admin.addFault({ path: '/v2/payments', method: 'GET', kind: 'latency', latencyMs: 400, count: 1 })
    const before = (await admin.stats()).requests
    const first = client.listPayments({ limit: 1 })
    const ctrl = new AbortController()
    const queued = client.listPayments({ limit: 1 }, { signal: ctrl.signal })
    await sleep(50)
    expect(client.buckets().find((b) => b.class === 'read')?.queued).toBe(1)
    ctrl.abort()
    expect((await rejection(queued)).kind).toBe('aborted')
    await first
    expect((await admin.stats()).requests - before).toBe(1)
    client.dispose()
  })

  it('a full queue refuses with queue-full, and dispose rejects the queued ones', async () => {
    const { client } = recordingClient(sb.baseUrl, {
      maxQueue: 3,
      timeouts: { connectMs: 1000, headersMs: 5000, bodyMs: 5000 },
    })
    await admin.addFault({ path: '/v2/payments', method: 'GET', kind: 'latency', latencyMs: 300, count: 1 })
    const calls = Array.from({ length: 5 }, () =>
      client.listPayments({ limit: 1 }).then(
        () => 'ok',
        (e: ApiError) => e.kind,
      ),
    )
    const results = await Promise.all([calls[4], sleep(20).then(() => client.dispose())])
    expect(results[0]).toBe('queue-full')
    expect(await Promise.all(calls.slice(0, 4))).toEqual(['aborted', 'aborted', 'aborted', 'aborted'])
  })
})

describe('429 (spec 8.1)', () => {
  it('waits for Retry-After (never less) and retries', async () => {
    const { client, events } = recordingClient(sb.baseUrl)
    await admin.addFault({ path: '/v2/payments', method: 'GET', kind: 'status', status: 429, retryAfter: 1, count: 1 })
    await client.listPayments({ limit: 1 })
    expect(events.map((e) => e.status)).toEqual([429, 200])
    expect(events[0]?.rateLimit?.retryAfter).toBe(1)
    expect(events[0]?.nextWaitMs).toBeGreaterThanOrEqual(1000)
    const firstEnded = present(events[0]).startedAt + present(events[0]).timings.totalMs
    expect(present(events[1]).startedAt - firstEnded).toBeGreaterThanOrEqual(1000)
    client.dispose()
  })

  it('429 storm from many concurrent callers: one pause per bucket, nothing sent during it', async () => {
    const { client, events } = recordingClient(sb.baseUrl)
    await client.listPayments({ limit: 1 }) // learn the bucket
    await admin.addFault({ path: '/v2/payments', method: 'GET', kind: 'status', status: 429, retryAfter: 1, count: 20 })
    const before = (await admin.stats()).requests
    const calls = Array.from({ length: 20 }, () => client.listPayments({ limit: 1 }))
    await sleep(500)
    const duringPause = (await admin.stats()).requests - before
    const snapshot = present(client.buckets().find((b) => b.policy === 'get-v2-payments'))
    expect(snapshot.pausedUntil).not.toBeNull()
    await Promise.all(calls)
    expect(duringPause).toBe(20)
    const storm = events.filter((e) => e.status === 429)
    expect(storm).toHaveLength(20)
    const lastStormEnd = Math.max(...storm.map((e) => e.startedAt + e.timings.totalMs))
    const retries = events.filter((e) => e.attempt === 2)
    expect(retries).toHaveLength(20)
    // Nobody went before Retry-After from the first 429.
    const firstStormEnd = Math.min(...storm.map((e) => e.startedAt + e.timings.totalMs))
    expect(Math.min(...retries.map((e) => e.startedAt)) - firstStormEnd).toBeGreaterThanOrEqual(1000)
    expect(lastStormEnd).toBeLessThan(Math.min(...retries.map((e) => e.startedAt)))
    client.dispose()
  })

  it('a real quota: a backlog far above it gets no 429 after the bucket is learned', async () => {
    await admin.setQuotas({ mode: 'test', read: { q: 20, burst: 5 } })
    const { client, events } = recordingClient(sb.baseUrl)
    await Promise.all(Array.from({ length: 30 }, () => client.listPayments({ limit: 1 })))
    expect(events.filter((e) => e.status === 429)).toHaveLength(0)
    expect(events).toHaveLength(30)
    client.dispose()
  })

  it('without Retry-After pauses for the default and retries', async () => {
    const { startTinyServer } = await import('../../helpers/api-client')
    const server = await startTinyServer((_req, res, _o, index) => {
      res.setHeader('content-type', 'application/json')
      res.setHeader('ratelimit-policy', '"get-v2-payments";q=10;w=1;service-burst=10')
      res.setHeader('ratelimit', `"get-v2-payments";r=${index === 0 ? 0 : 9};t=1;service-burst=0`)
      if (index === 0) {
        res.statusCode = 429
        res.end(JSON.stringify({ status: 429, title: 'Too Many Requests', detail: 'slow down' }))
      } else {
        res.end(JSON.stringify({ resource: 'payment', id: 'tr_1' }))
      }
    })
    const { client, events } = recordingClient(`${server.origin}/v2`, { default429PauseMs: 300 })
    const p = await client.getPayment('tr_1')
    expect(p.id).toBe('tr_1')
    expect(events.map((e) => e.status)).toEqual([429, 200])
    expect(events[0]?.rateLimit?.retryAfter).toBeNull()
    expect(events[0]?.nextWaitMs).toBeGreaterThanOrEqual(300)
    client.dispose()
    await server.close()
  })
})

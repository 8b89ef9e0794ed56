// Rate-limit headers over HTTP with an injected clock (spec 8.1), fault injection through the
// admin API, and idempotency across a connection cut after the object was created.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createSandboxAdmin, startSandbox, type RunningSandbox, type SandboxAdmin } from '../../../src/sandbox/index'
import { validOrderBody, validPaymentBody } from '../../helpers/sandbox-fixtures'
import { present } from '../../helpers/present'

const KEY = 'test_limitsKey000000001'
const LIVE = 'live_limitsKey000000001'
let clock = Date.parse('2026-05-01T10:00:00Z')
let sandbox: RunningSandbox
let admin: SandboxAdmin

beforeAll(async () => {
  sandbox = await startSandbox({
    seedPayments: 20,
    keys: [KEY, LIVE],
    now: () => clock,
    quotas: {
      test: { read: { q: 2, burst: 5 }, write: { q: 1, burst: 3 } },
      live: { read: { q: 2, burst: 5 }, write: { q: 1, burst: 3 } },
    },
  })
  admin = createSandboxAdmin(sandbox.origin, sandbox.adminToken)
})
afterAll(async () => {
  await sandbox.close()
})

async function request(
  method: string,
  path: string,
  options: { body?: unknown; key?: string; headers?: Record<string, string> } = {},
) {
  const response = await fetch(`${sandbox.origin}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${options.key ?? KEY}`,
      ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  })
  const text = await response.text()
  return { status: response.status, headers: response.headers, text }
}

function rateLimit(headers: Headers) {
  const match = /^"([^"]+)";r=(\d+);t=(\d+);service-burst=(\d+)$/.exec(headers.get('ratelimit') ?? '')
  expect(match, headers.get('ratelimit') ?? 'no RateLimit header').not.toBeNull()
  return {
    name: present(match)[1],
    r: Number(present(match)[2]),
    t: Number(present(match)[3]),
    burst: Number(present(match)[4]),
  }
}

describe('rate limits over HTTP (injected clock)', () => {
  beforeEach(async () => {
    await admin.resetBuckets()
  })

  it('announces the policy and counts down; exactly r more requests succeed', async () => {
    const first = await request('GET', '/v2/payments?limit=1')
    expect(first.status).toBe(200)
    expect(first.headers.get('ratelimit-policy')).toBe('"get-v2-payments";q=2;w=3;service-burst=5')
    const rl = rateLimit(first.headers)
    expect(rl).toEqual({ name: 'get-v2-payments', r: 4, t: 1, burst: 2 })
    const id = JSON.parse(first.text)._embedded.payments[0].id
    // list and get-by-id share the bucket
    for (let i = 0; i < rl.r; i++) {
      const r = await request('GET', i % 2 ? '/v2/payments' : `/v2/payments/${id}`)
      expect(r.status).toBe(200)
      expect(rateLimit(r.headers).r).toBe(rl.r - i - 1)
    }
    const limited = await request('GET', '/v2/payments')
    expect(limited.status).toBe(429)
    const body = JSON.parse(limited.text)
    expect(body).toMatchObject({ status: 429, title: 'Too Many Requests' })
    expect(body._links.documentation.href).toMatch(/^http/)
    expect(limited.headers.get('content-type')).toBe('application/hal+json')
    expect(limited.headers.get('retry-after')).toBe('1')
    expect(rateLimit(limited.headers)).toEqual({ name: 'get-v2-payments', r: 0, t: 3, burst: 0 })
    // the other READ policy and the WRITE bucket are untouched
    expect((await request('GET', '/v2/orders/ord_unknown')).status).toBe(404)
    expect((await request('POST', '/v2/payments', { body: validPaymentBody() })).status).toBe(201)
    // after Retry-After one request passes
    clock += 1000
    const again = await request('GET', '/v2/payments')
    expect(again.status).toBe(200)
    expect(rateLimit(again.headers).r).toBe(1)
    // after t seconds without requests the bucket is full again
    clock += rateLimit(again.headers).t * 1000
    expect(rateLimit((await request('GET', '/v2/payments')).headers).r).toBe(4)
  })

  it('test and live have separate buckets; 401s and 404s carry headers too', async () => {
    for (let i = 0; i < 5; i++) await request('GET', '/v2/payments')
    expect((await request('GET', '/v2/payments')).status).toBe(429)
    expect((await request('GET', '/v2/payments', { key: LIVE })).status).toBe(200)
    const unauthorized = await request('GET', '/v2/payments', { key: 'test_nobody' })
    expect(unauthorized.status).toBe(401)
    expect(unauthorized.headers.get('ratelimit-policy')).toMatch(/^"get-v2-payments";/)
    const notFound = await request('GET', '/v2/terminals', { key: LIVE })
    expect(notFound.status).toBe(404)
    expect(notFound.headers.get('ratelimit-policy')).toMatch(/^"get-v2-terminals";q=2;w=3;service-burst=5$/)
  })

  it('quotas can be changed through the admin API', async () => {
    await admin.setQuotas({ mode: 'test', write: { q: 4, burst: 8 } })
    const r = await request('POST', '/v2/payments', { body: validPaymentBody() })
    expect(r.headers.get('ratelimit-policy')).toBe('"post-v2-payments";q=4;w=2;service-burst=8')
    expect(rateLimit(r.headers)).toEqual({ name: 'post-v2-payments', r: 7, t: 1, burst: 3 })
    const live = await request('POST', '/v2/payments', { key: LIVE, body: validPaymentBody() })
    expect(live.headers.get('ratelimit-policy')).toBe('"post-v2-payments";q=1;w=3;service-burst=3')
    await admin.setQuotas({ mode: 'test', write: { q: 1, burst: 3 } })
  })
})

describe('faults', () => {
  beforeEach(async () => {
    await admin.setQuotas({ read: { q: 1000, burst: 1000 }, write: { q: 1000, burst: 1000 } })
  })
  afterEach(async () => {
    await admin.clearFaults()
  })

  it('status faults answer with a spec-7 body for the next N matching requests', async () => {
    const { id } = await admin.addFault({ path: '/v2/payments', method: 'GET', kind: 'status', status: 503, count: 2 })
    expect(id).toBeTruthy()
    for (let i = 0; i < 2; i++) {
      const r = await request('GET', '/v2/payments')
      expect(r.status).toBe(503)
      expect(JSON.parse(r.text)).toMatchObject({ status: 503, title: 'Service Unavailable' })
      expect(r.headers.get('ratelimit')).not.toBeNull()
    }
    expect((await request('POST', '/v2/payments', { body: validPaymentBody() })).status).toBe(201)
    expect((await request('GET', '/v2/payments')).status).toBe(200)
    const listed = await admin.listFaults()
    expect(listed).toEqual([expect.objectContaining({ id, remaining: 0, hits: 2 })])
  })

  it('an injected 429 carries Retry-After', async () => {
    await admin.addFault({ path: '/v2/orders', kind: 'status', status: 429, retryAfter: 7, count: 1 })
    const r = await request('POST', '/v2/orders', { body: validOrderBody('F-429') })
    expect(r.status).toBe(429)
    expect(r.headers.get('retry-after')).toBe('7')
    expect((await admin.stats()).ordersByNumber['F-429']).toBeUndefined()
  })

  it('fraction 0 never fires, fraction 1 always', async () => {
    await admin.addFault({ path: '/v2/payments', kind: 'status', status: 500, fraction: 0 })
    expect((await request('GET', '/v2/payments')).status).toBe(200)
    await admin.clearFaults()
    await admin.addFault({ path: '/v2/payments', kind: 'status', status: 502, fraction: 1, count: 3 })
    const statuses = [] as number[]
    for (let i = 0; i < 4; i++) statuses.push((await request('GET', '/v2/payments')).status)
    expect(statuses).toEqual([502, 502, 502, 200])
  })

  it('latency delays but answers normally', async () => {
    await admin.addFault({ path: '/v2/payments', kind: 'latency', latencyMs: 50, count: 1 })
    expect((await request('GET', '/v2/payments')).status).toBe(200)
    expect((await admin.listFaults())[0]?.hits).toBe(1)
  })

  it('reset-before-headers on a POST creates the object; the retry with the same key replays', async () => {
    await admin.addFault({ path: '/v2/orders', method: 'POST', kind: 'reset-before-headers', count: 1 })
    const body = validOrderBody('F-RESET')
    const headers = { 'Idempotency-Key': 'reset-1' }
    await expect(request('POST', '/v2/orders', { body, headers })).rejects.toThrow()
    expect((await admin.stats()).ordersByNumber['F-RESET']).toBe(1)
    const retry = await request('POST', '/v2/orders', { body, headers })
    expect(retry.status).toBe(201)
    expect(retry.headers.get('idempotent-replayed')).toBe('true')
    expect(JSON.parse(retry.text).orderNumber).toBe('F-RESET')
    expect((await admin.stats()).ordersByNumber['F-RESET']).toBe(1)
  })

  it('reset-after-headers and truncated-body run the operation, then cut the connection', async () => {
    for (const kind of ['reset-after-headers', 'truncated-body'] as const) {
      await admin.addFault({ path: '/v2/orders', kind, count: 1 })
      const orderNumber = `F-${kind}`
      await expect(request('POST', '/v2/orders', { body: validOrderBody(orderNumber) })).rejects.toThrow()
      expect((await admin.stats()).ordersByNumber[orderNumber]).toBe(1)
    }
  })

  it('malformed-json sends a complete body that is not JSON', async () => {
    const before = (await admin.stats()).payments
    await admin.addFault({ path: '/v2/payments', method: 'POST', kind: 'malformed-json', count: 1 })
    const r = await request('POST', '/v2/payments', { body: validPaymentBody() })
    expect(r.status).toBe(201)
    expect(() => JSON.parse(r.text)).toThrow()
    expect((await admin.stats()).payments).toBe(before + 1)
  })

  it('slow-body delivers the whole body in pieces', async () => {
    await admin.addFault({ path: '/v2/payments', kind: 'slow-body', latencyMs: 100, count: 1 })
    const r = await request('GET', '/v2/payments?limit=3')
    expect(r.status).toBe(200)
    expect(JSON.parse(r.text).count).toBe(3)
  })
})

describe('admin API', () => {
  it('needs its own token', async () => {
    const r = await fetch(`${sandbox.origin}/__admin/stats`, { headers: { Authorization: `Bearer ${KEY}` } })
    expect(r.status).toBe(401)
    await expect(createSandboxAdmin(sandbox.origin, 'wrong').stats()).rejects.toThrow(/401/)
  })

  it('validates faults', async () => {
    await expect(admin.addFault({ path: '/v2', kind: 'status', status: 418 as 500 })).rejects.toThrow(/422/)
    await expect(admin.addFault({ path: 'v2', kind: 'latency' })).rejects.toThrow(/422/)
    await expect(admin.addFault({ path: '/v2', kind: 'explode' as 'latency' })).rejects.toThrow(/422/)
  })

  it('counts requests, orders and payments', async () => {
    const before = await admin.stats()
    await request('POST', '/v2/orders', { body: validOrderBody('STAT-1') })
    const after = await admin.stats()
    expect(after.orders).toBe(before.orders + 1)
    expect(after.payments).toBe(before.payments + 1)
    expect(after.requests).toBe(before.requests + 1)
    expect(after.ordersByNumber['STAT-1']).toBe(1)
  })
})

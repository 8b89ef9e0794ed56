// Contract tests of the sandbox's /v2 API over real HTTP: errors (spec 7), credentials (spec 5),
// orders and payments (spec 2, 4), idempotency, and the 422s of the shared rules module.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../../src/sandbox/index'
import { validOrderBody, validPaymentBody } from '../../helpers/sandbox-fixtures'
import { present } from '../../helpers/present'

// Response bodies are checked field by field; one loose type keeps those assertions readable.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any

const TEST_KEY = 'test_apiContractKey0001'
const LIVE_KEY = 'live_apiContractKey0001'
const TOKEN = 'access_apiContractToken01'

let sandbox: RunningSandbox

interface Result {
  status: number
  headers: Headers
  text: string
  json: Json
}

async function call(
  method: string,
  path: string,
  options: { body?: unknown; raw?: string; key?: string | null; headers?: Record<string, string> } = {},
): Promise<Result> {
  const headers: Record<string, string> = { ...options.headers }
  const key = options.key === undefined ? TEST_KEY : options.key
  if (key !== null) headers.Authorization = `Bearer ${key}`
  let body: string | undefined = options.raw
  if (options.body !== undefined) {
    body = JSON.stringify(options.body)
    headers['Content-Type'] ??= 'application/json'
  }
  const response = await fetch(`${sandbox.origin}${path}`, { method, headers, body })
  const text = await response.text()
  let json: Json = undefined
  try {
    json = text ? JSON.parse(text) : undefined
  } catch {
    json = undefined
  }
  return { status: response.status, headers: response.headers, text, json }
}

function expectSpecError(result: Result, status: number, field?: string) {
  expect(result.status).toBe(status)
  expect(result.headers.get('content-type')).toMatch(/^application\/hal\+json/)
  expect(result.json.status).toBe(status)
  expect(typeof result.json.title).toBe('string')
  expect(typeof result.json.detail).toBe('string')
  expect(result.json.detail.length).toBeGreaterThan(0)
  expect(result.json._links.documentation.href).toMatch(/^http/)
  expect(result.json._links.documentation.type).toBe('text/html')
  if (field === undefined) expect(result.json.field).toBeUndefined()
  else expect(result.json.field).toBe(field)
  // spec 8.1: rate-limit headers on every /v2 response, errors included
  expect(result.headers.get('ratelimit-policy')).toMatch(/^"[a-z]+-v2-[a-z]+";q=\d+;w=\d+;service-burst=\d+$/)
  expect(result.headers.get('ratelimit')).toMatch(/^"[a-z]+-v2-[a-z]+";r=\d+;t=\d+;service-burst=\d+$/)
}

beforeAll(async () => {
  sandbox = await startSandbox({
    seedPayments: 30,
    keys: [TEST_KEY, LIVE_KEY, TOKEN],
    quotas: {
      test: { read: { q: 1000, burst: 1000 }, write: { q: 1000, burst: 1000 } },
      live: { read: { q: 1000, burst: 1000 }, write: { q: 1000, burst: 1000 } },
    },
  })
})

afterAll(async () => {
  await sandbox.close()
})

describe('startSandbox', () => {
  it('reports its addresses and credentials', () => {
    expect(sandbox.baseUrl).toBe(`${sandbox.origin}/v2`)
    expect(sandbox.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(sandbox.profileId).toMatch(/^pfl_.+$/)
    expect(sandbox.credentials).toEqual([
      { secret: TEST_KEY, kind: 'api-key', mode: 'test' },
      { secret: LIVE_KEY, kind: 'api-key', mode: 'live' },
      { secret: TOKEN, kind: 'organization-token' },
    ])
  })

  it('generates a test_ key and an admin token when none are given', async () => {
    const other = await startSandbox({ seedPayments: 0 })
    try {
      expect(other.credentials).toHaveLength(1)
      expect(other.credentials[0]?.secret).toMatch(/^test_[A-Za-z0-9]{30}$/)
      expect(other.adminToken.length).toBeGreaterThan(20)
      const r = await fetch(`${other.baseUrl}/payments`, {
        headers: { Authorization: `Bearer ${present(other.credentials[0]).secret}` },
      })
      expect(r.status).toBe(200)
    } finally {
      await other.close()
    }
  })

  it('rejects malformed credentials', async () => {
    await expect(startSandbox({ seedPayments: 0, keys: ['sk_nope'] })).rejects.toThrow(/credential/)
  })
})

describe('errors (spec 7)', () => {
  it('401 without or with an unknown credential', async () => {
    expectSpecError(await call('GET', '/v2/payments', { key: null }), 401)
    expectSpecError(await call('GET', '/v2/payments', { key: 'test_unknownKey' }), 401)
    expectSpecError(await call('POST', '/v2/orders', { key: 'live_unknown', body: validOrderBody() }), 401)
  })

  it('404 for unknown paths and objects', async () => {
    expectSpecError(await call('GET', '/v2/terminals'), 404)
    expectSpecError(await call('GET', '/v2/payments/tr_doesNotExist'), 404)
    expectSpecError(await call('GET', '/v2/orders/ord_doesNotExist'), 404)
    expectSpecError(await call('POST', '/v2/orders/ord_doesNotExist/payments', { body: {} }), 404)
    const outside = await call('GET', '/v3/payments')
    expect(outside.status).toBe(404)
    expect(outside.json.status).toBe(404)
  })

  it('405 with an Allow header', async () => {
    const r1 = await call('DELETE', '/v2/payments')
    expectSpecError(r1, 405)
    expect(r1.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS')
    const r2 = await call('DELETE', '/v2/orders')
    expectSpecError(r2, 405)
    expect(r2.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS')
    // PATCH and DELETE act on a payment (update, cancel: sandbox/actions.test.ts); PUT does not exist.
    const r3 = await call('PUT', '/v2/payments/tr_x', { body: {} })
    expectSpecError(r3, 405)
    expect(r3.headers.get('allow')).toBe('GET, HEAD, PATCH, DELETE, OPTIONS')
  })

  it('415 for a body that is neither JSON nor a form', async () => {
    const text = await call('POST', '/v2/payments', {
      raw: 'amount=10',
      headers: { 'Content-Type': 'text/plain' },
    })
    expectSpecError(text, 415)
    const none = await call('POST', '/v2/orders', { raw: JSON.stringify(validOrderBody()) })
    expectSpecError(none, 415)
    const charset = await call('POST', '/v2/payments', {
      raw: JSON.stringify(validPaymentBody()),
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
    })
    expect(charset.status).toBe(201)
  })

  it('400 for malformed JSON', async () => {
    const r = await call('POST', '/v2/payments', {
      raw: '{"amount": ',
      headers: { 'Content-Type': 'application/json' },
    })
    expectSpecError(r, 400)
  })
})

describe('create and get orders (spec 4.1)', () => {
  it('creates an order with its first payment, embedded only when asked', async () => {
    const plain = await call('POST', '/v2/orders', { body: validOrderBody('A-1') })
    expect(plain.status).toBe(201)
    expect(plain.headers.get('content-type')).toBe('application/hal+json')
    expect(plain.json._embedded).toBeUndefined()

    const input = { ...validOrderBody('A-2'), id: 'ord_fake', status: 'paid', resource: 'x', createdAt: '2000-01-01' }
    const r = await call('POST', '/v2/orders?embed=payments', { body: input })
    expect(r.status).toBe(201)
    const order = r.json
    expect(order.resource).toBe('order')
    expect(order.id).toMatch(/^ord_.+$/)
    expect(order.id).not.toBe('ord_fake')
    expect(order.status).toBe('created')
    expect(order.mode).toBe('test')
    expect(order.profileId).toBe(sandbox.profileId)
    // Its payment is open, so it cannot be canceled yet (docs.mollie.com/reference/cancel-order).
    expect(order.isCancelable).toBe(false)
    expect(order.createdAt).not.toBe('2000-01-01')
    expect(Date.parse(order.createdAt)).not.toBeNaN()
    expect(order.amount).toEqual({ currency: 'EUR', value: '121.00' })
    expect(order.lines).toHaveLength(2)
    for (const line of order.lines) {
      expect(line.resource).toBe('orderline')
      expect(line.id).toMatch(/^odl_.+$/)
      expect(line.orderId).toBe(order.id)
      expect(line.status).toBe('created')
    }
    expect(order.lines[1].type).toBe('shipping_fee')
    expect(order.lines[0].amountShipped).toEqual({ currency: 'EUR', value: '0.00' })
    for (const timestamp of ['paidAt', 'authorizedAt', 'canceledAt', 'expiredAt', 'completedAt']) {
      expect(order).not.toHaveProperty(timestamp)
    }
    expect(order).not.toHaveProperty('testmode')
    const payments = order._embedded.payments
    expect(payments).toHaveLength(1)
    expect(payments[0].id).toMatch(/^tr_.+$/)
    expect(payments[0].status).toBe('open')
    expect(payments[0].orderId).toBe(order.id)
    expect(payments[0].amount).toEqual(order.amount)
    expect(order._links.self).toEqual({ href: `${sandbox.baseUrl}/orders/${order.id}`, type: 'application/hal+json' })
    expect(order._links.checkout).toEqual({ href: `${sandbox.origin}/checkout/${payments[0].id}`, type: 'text/html' })
    expect(order._links.dashboard.href).toMatch(/^http/)
    expect(order._links.documentation.href).toMatch(/^http/)

    const fetched = await call('GET', `/v2/orders/${order.id}?embed=payments,refunds,shipments`)
    expect(fetched.status).toBe(200)
    expect(fetched.json.id).toBe(order.id)
    expect(fetched.json._embedded.payments.map((p: { id: string }) => p.id)).toEqual([payments[0].id])
    expect(fetched.json._embedded.refunds).toEqual([])
    expect(fetched.json._embedded.shipments).toEqual([])
    const unembedded = await call('GET', `/v2/orders/${order.id}`)
    expect(unembedded.json._embedded).toBeUndefined()

    const payment = await call('GET', `/v2/payments/${payments[0].id}`)
    expect(payment.status).toBe(200)
    expect(payment.json.orderId).toBe(order.id)
  })

  it('refuses an unknown embed value with 400', async () => {
    expectSpecError(await call('POST', '/v2/orders?embed=customers', { body: validOrderBody() }), 400, 'embed')
  })
})

describe('create and get payments (spec 4.2)', () => {
  it('creates a payment and truncates a description over 255 characters (spec 2.6)', async () => {
    const description = 'é'.repeat(300)
    const r = await call('POST', '/v2/payments', {
      body: validPaymentBody({
        description,
        method: 'ideal',
        metadata: { order: 7 },
        webhookUrl: 'https://shop.example.com/hook',
      }),
    })
    expect(r.status).toBe(201)
    expect(r.json.resource).toBe('payment')
    expect(r.json.id).toMatch(/^tr_.+$/)
    expect(r.json.status).toBe('open')
    expect(r.json.description).toBe('é'.repeat(255))
    expect(r.json.method).toBe('ideal')
    expect(r.json.metadata).toEqual({ order: 7 })
    expect(r.json._links.checkout.href).toBe(`${sandbox.origin}/checkout/${r.json.id}`)
    const fetched = await call('GET', `/v2/payments/${r.json.id}`)
    expect(fetched.json).toEqual(r.json)
  })
})

describe('credentials and modes (spec 5)', () => {
  it('keeps test and live data apart', async () => {
    const live = await call('POST', '/v2/payments', { key: LIVE_KEY, body: validPaymentBody() })
    expect(live.status).toBe(201)
    expect(live.json.mode).toBe('live')
    const test = await call('POST', '/v2/payments', { key: TEST_KEY, body: validPaymentBody() })
    expect(test.json.mode).toBe('test')
    expect((await call('GET', `/v2/payments/${live.json.id}`, { key: TEST_KEY })).status).toBe(404)
    expect((await call('GET', `/v2/payments/${test.json.id}`, { key: LIVE_KEY })).status).toBe(404)
    const liveList = await call('GET', '/v2/payments?limit=250', { key: LIVE_KEY })
    const testList = await call('GET', '/v2/payments?limit=250', { key: TEST_KEY })
    expect(liveList.json._embedded.payments.every((p: { mode: string }) => p.mode === 'live')).toBe(true)
    expect(testList.json._embedded.payments.every((p: { mode: string }) => p.mode === 'test')).toBe(true)
    expect(liveList.json._embedded.payments.some((p: { id: string }) => p.id === live.json.id)).toBe(true)
    expect(testList.json._embedded.payments.some((p: { id: string }) => p.id === live.json.id)).toBe(false)
    // a live cursor is unknown in the test list
    expectSpecError(await call('GET', `/v2/payments?from=${live.json.id}`, { key: TEST_KEY }), 400, 'from')
  })

  it('refuses profileId and testmode with an API key', async () => {
    expectSpecError(
      await call('POST', '/v2/orders', { body: validOrderBody('P-1', { profileId: sandbox.profileId }) }),
      422,
      'profileId',
    )
    expectSpecError(await call('POST', '/v2/payments', { body: validPaymentBody({ testmode: true }) }), 422, 'testmode')
    expectSpecError(await call('GET', `/v2/payments?profileId=${sandbox.profileId}`), 422, 'profileId')
  })

  it('organization tokens need profileId to create and choose the mode with testmode', async () => {
    expectSpecError(await call('POST', '/v2/orders', { key: TOKEN, body: validOrderBody('T-0') }), 422, 'profileId')
    expectSpecError(
      await call('POST', '/v2/orders', { key: TOKEN, body: validOrderBody('T-0', { profileId: 'pfl_unknown' }) }),
      422,
      'profileId',
    )
    const test = await call('POST', '/v2/orders', {
      key: TOKEN,
      body: validOrderBody('T-1', { profileId: sandbox.profileId, testmode: true }),
    })
    expect(test.status).toBe(201)
    expect(test.json.mode).toBe('test')
    const live = await call('POST', '/v2/orders', {
      key: TOKEN,
      body: validOrderBody('T-2', { profileId: sandbox.profileId }),
    })
    expect(live.json.mode).toBe('live')
    // reads with a token: testmode (and, where given, profileId) as query parameters; more cases
    // in server.fidelity-fields.test.ts
    expectSpecError(await call('GET', `/v2/orders/${test.json.id}`, { key: TOKEN }), 404)
    const q = `profileId=${sandbox.profileId}`
    expect((await call('GET', `/v2/orders/${test.json.id}?${q}&testmode=true`, { key: TOKEN })).status).toBe(200)
    expect((await call('GET', `/v2/orders/${test.json.id}?${q}`, { key: TOKEN })).status).toBe(404)
    expect((await call('GET', `/v2/orders/${live.json.id}?${q}`, { key: TOKEN })).status).toBe(200)
    expect((await call('GET', `/v2/orders/${test.json.id}`, { key: TEST_KEY })).status).toBe(200)
    const list = await call('GET', `/v2/payments?${q}&testmode=true&limit=5`, { key: TOKEN })
    expect(list.status).toBe(200)
    expect(list.json._links.next.href).toContain(`profileId=${sandbox.profileId}`)
    expect(list.json._links.next.href).toContain('testmode=true')
  })
})

describe('idempotency', () => {
  // https://docs.mollie.com/overview/api-idempotency (more cases in server.fidelity.test.ts)
  it('replays the first response for the same key and body, 400 for another body', async () => {
    const key = 'idem-1'
    const body = validOrderBody('IDEM-1')
    const first = await call('POST', '/v2/orders', { body, headers: { 'Idempotency-Key': key } })
    expect(first.status).toBe(201)
    expect(first.headers.get('idempotent-replayed')).toBeNull()
    const second = await call('POST', '/v2/orders', { body, headers: { 'Idempotency-Key': key } })
    expect(second.status).toBe(201)
    expect(second.text).toBe(first.text)
    expect(second.headers.get('idempotent-replayed')).toBe('true')
    const other = await call('POST', '/v2/orders', {
      body: validOrderBody('IDEM-2'),
      headers: { 'Idempotency-Key': key },
    })
    expectSpecError(other, 400)
    const stats = await fetch(`${sandbox.origin}/__admin/stats`, {
      headers: { Authorization: `Bearer ${sandbox.adminToken}` },
    })
    const json = (await stats.json()) as { ordersByNumber: Record<string, number> }
    expect(json.ordersByNumber['IDEM-1']).toBe(1)
    expect(json.ordersByNumber['IDEM-2']).toBeUndefined()
  })

  it('keys are per mode: the same key in live mode is a new request', async () => {
    const body = validPaymentBody()
    const a = await call('POST', '/v2/payments', { body, headers: { 'Idempotency-Key': 'idem-mode' } })
    const b = await call('POST', '/v2/payments', { key: LIVE_KEY, body, headers: { 'Idempotency-Key': 'idem-mode' } })
    expect(a.status).toBe(201)
    expect(b.status).toBe(201)
    expect(b.json.id).not.toBe(a.json.id)
  })
})

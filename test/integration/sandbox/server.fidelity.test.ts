// The sandbox against the real service's public documentation (issue 14 items 8, 9, 14): orders,
// idempotency and small things. Each test names the page it follows; where the documentation is
// silent the choice is in docs/SANDBOX.md. Bodies and fields: server.fidelity-fields.test.ts.
import { describe, expect, it } from 'vitest'
import { validOrderBody, validPaymentBody } from '../../helpers/sandbox-fixtures'
import { fidelitySandbox, DOCS, LIVE_KEY, type Json } from '../helpers/fidelity-sandbox'

const { call, admin, choose, clock, sandbox } = fidelitySandbox()

describe(`an order is paid at most once (${DOCS}/reference/v2/orders-api/create-order-payment)`, () => {
  it('refuses a new payment while an earlier payment of the order is still open', async () => {
    const order = (await call('POST', '/v2/orders?embed=payments', { body: validOrderBody('ONCE-1') })).json
    const refused = await call('POST', `/v2/orders/${order.id}/payments`, { body: {} })
    expect(refused.status).toBe(422)
    expect(refused.json.detail).toMatch(/open/)
    // Once the first one failed, a new payment is fine (its status is expired, canceled or failed).
    expect(await choose(order._embedded.payments[0].id, 'failed')).toBe(303)
    const next = await call('POST', `/v2/orders/${order.id}/payments`, { body: {} })
    expect(next.status).toBe(201)
    expect((await call('POST', `/v2/orders/${order.id}/payments`, { body: {} })).status).toBe(422)
  })

  it('a paid order has no checkout link on the order or on any of its payments', async () => {
    const order = (await call('POST', '/v2/orders?embed=payments', { body: validOrderBody('ONCE-2') })).json
    expect(order._links.checkout.href).toContain('/checkout/')
    expect(await choose(order._embedded.payments[0].id, 'paid')).toBe(303)
    const paid = (await call('GET', `/v2/orders/${order.id}?embed=payments`)).json
    expect(paid.status).toBe('paid')
    expect(paid._links.checkout).toBeNull()
    for (const payment of paid._embedded.payments) expect(payment._links.checkout).toBeUndefined()
    expect((await call('POST', `/v2/orders/${order.id}/payments`, { body: {} })).status).toBe(422)
  })
})

describe(`idempotency (${DOCS}/overview/api-idempotency)`, () => {
  const key = (name: string) => ({ 'Idempotency-Key': `fidelity-${name}` })

  it('marks a replayed response with Idempotent-Replayed: true', async () => {
    const body = validPaymentBody({ description: 'idem replay' })
    const first = await call('POST', '/v2/payments', { body, headers: key('replay') })
    expect(first.status).toBe(201)
    expect(first.headers.get('idempotent-replayed')).toBeNull()
    const second = await call('POST', '/v2/payments', { body, headers: key('replay') })
    expect(second.status).toBe(201)
    expect(second.json.id).toBe(first.json.id)
    expect(second.headers.get('idempotent-replayed')).toBe('true')
  })

  it('compares bodies as parsed JSON, not bytes (key order and white space do not matter)', async () => {
    const body = validPaymentBody({ description: 'idem parsed' })
    const first = await call('POST', '/v2/payments', { body, headers: key('parsed') })
    const reordered = JSON.stringify(
      { redirectUrl: body.redirectUrl, description: body.description, amount: body.amount },
      null,
      2,
    )
    const second = await call('POST', '/v2/payments', {
      raw: reordered,
      headers: { ...key('parsed'), 'Content-Type': 'application/json' },
    })
    expect(second.status).toBe(201)
    expect(second.json.id).toBe(first.json.id)
    expect(second.headers.get('idempotent-replayed')).toBe('true')
  })

  it('the same key with different parameters is a 400', async () => {
    await call('POST', '/v2/payments', { body: validPaymentBody(), headers: key('params') })
    const other = await call('POST', '/v2/payments', {
      body: validPaymentBody({ amount: { currency: 'EUR', value: '10.01' } }),
      headers: key('params'),
    })
    expect(other.status).toBe(400)
    expect(other.json.detail).toMatch(/Idempotency-Key/)
    expect(other.headers.get('idempotent-replayed')).toBeNull()
  })

  it('the same key on another endpoint is a 400', async () => {
    await call('POST', '/v2/payments', { body: validPaymentBody(), headers: key('endpoint') })
    const order = await call('POST', '/v2/orders', { body: validOrderBody('IDEM-EP'), headers: key('endpoint') })
    expect(order.status).toBe(400)
    expect(order.json.detail).toMatch(/Idempotency-Key/)
    expect((await admin('/__admin/stats')).ordersByNumber['IDEM-EP']).toBeUndefined()
  })

  it('a duplicate arriving while the first is still processing is a 409', async () => {
    await admin('/__admin/faults', {
      method: 'POST',
      body: JSON.stringify({ path: '/v2/payments', method: 'POST', kind: 'latency', latencyMs: 1500, count: 1 }),
    })
    const body = validPaymentBody({ description: 'idem in flight' })
    const first = call('POST', '/v2/payments', { body, headers: key('flight') })
    // Wait (without a time limit) until the sandbox holds the first request.
    while ((await admin('/__admin/stats')).idempotencyInFlight < 1) await new Promise((r) => setTimeout(r, 10))
    const duplicate = await call('POST', '/v2/payments', { body, headers: key('flight') })
    expect(duplicate.status).toBe(409)
    expect(duplicate.json.detail).toMatch(/still being processed/)
    const done = await first
    expect(done.status).toBe(201)
    const after = await call('POST', '/v2/payments', { body, headers: key('flight') })
    expect(after.json.id).toBe(done.json.id)
    expect(after.headers.get('idempotent-replayed')).toBe('true')
  })

  it('keys are kept 24 hours; after that the same key is a new request', async () => {
    const body = validPaymentBody({ description: 'idem expiry' })
    const first = await call('POST', '/v2/payments', { body, headers: key('expiry') })
    clock.ms += 24 * 3600_000 - 1000
    const within = await call('POST', '/v2/payments', { body, headers: key('expiry') })
    expect(within.json.id).toBe(first.json.id)
    clock.ms += 2000
    const later = await call('POST', '/v2/payments', { body, headers: key('expiry') })
    expect(later.status).toBe(201)
    expect(later.json.id).not.toBe(first.json.id)
    expect(later.headers.get('idempotent-replayed')).toBeNull()
  })
})

describe('small things', () => {
  it(`timestamps as the service writes them: +00:00, no milliseconds (${DOCS}/reference/v2/payments-api/get-payment)`, async () => {
    const payment = (await call('POST', '/v2/payments', { body: validPaymentBody() })).json
    expect(payment.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/)
    const order = (await call('POST', '/v2/orders', { body: validOrderBody('TS-1') })).json
    expect(order.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/)
    expect(order.lines[0].createdAt).toMatch(/\+00:00$/)
    const list = (await call('GET', '/v2/payments?limit=250')).json
    for (const p of list._embedded.payments) {
      for (const field of ['createdAt', 'paidAt', 'authorizedAt', 'canceledAt', 'expiredAt', 'failedAt']) {
        if (p[field] !== undefined) expect(p[field], `${p.id} ${field}`).toMatch(/:\d\d\+00:00$/)
      }
    }
  })

  it(`405 and OPTIONS list every supported method in Allow (${DOCS}/overview/handling-errors)`, async () => {
    const wrong = await call('DELETE', '/v2/orders')
    expect(wrong.status).toBe(405)
    const allow = (wrong.headers.get('allow') ?? '').split(/,\s*/)
    expect(allow).toContain('POST')
    expect(allow).toContain('OPTIONS')
    const options = await call('OPTIONS', '/v2/orders')
    expect(options.headers.get('allow')).toBe(wrong.headers.get('allow'))
    const onPayment = await call('PUT', '/v2/payments/tr_x')
    expect((onPayment.headers.get('allow') ?? '').split(/,\s*/)).toEqual(
      expect.arrayContaining(['GET', 'HEAD', 'OPTIONS']),
    )
  })

  it('a body over the size limit is a 413 (choice: docs/SANDBOX.md)', async () => {
    const big = Buffer.alloc(1_000_001, 0x20)
    const result = await call('POST', '/v2/payments', { raw: big, headers: { 'Content-Type': 'application/json' } })
    expect(result.status).toBe(413)
    expect(result.json.status).toBe(413)
  })

  it(`private-network webhook URLs are refused like localhost (${DOCS}/reference/v2/payments-api/create-payment)`, async () => {
    for (const host of [
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.10',
      '169.254.169.254',
      '[fd00::1]',
      '[fe80::1]',
      '100.64.0.1',
    ]) {
      const result = await call('POST', '/v2/payments', {
        body: validPaymentBody({ webhookUrl: `https://${host}/hook` }),
      })
      expect(result.status, host).toBe(422)
      expect(result.json.field, host).toBe('webhookUrl')
    }
    const publicHost = await call('POST', '/v2/payments', {
      body: validPaymentBody({ webhookUrl: 'https://172.32.0.1/hook' }),
    })
    expect(publicHost.status).toBe(201)
  })

  it('error details carry no "(spec …)" references', async () => {
    await admin('/__admin/quotas', { method: 'PUT', body: JSON.stringify({ mode: 'live', read: { q: 1, burst: 1 } }) })
    await call('GET', '/v2/payments', { key: LIVE_KEY })
    const limited = await call('GET', '/v2/payments', { key: LIVE_KEY })
    expect(limited.status).toBe(429)
    expect(limited.json.detail).not.toMatch(/\(spec/i)
    const anonymous = await fetch(`${sandbox().origin}/v2/payments`)
    expect(((await anonymous.json()) as Json).detail).not.toMatch(/spec \d/i)
  })
})

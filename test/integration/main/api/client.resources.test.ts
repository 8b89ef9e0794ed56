// The API client against the sandbox over real HTTP: resources, credentials (spec 5), typed errors
// (spec 7), observability, and the origin rule for followed links.
import { describe, expect, it } from 'vitest'
import { createApiClient } from '../../../../src/main/api/client'
import { ApiError } from '../../../../src/main/api/call/errors'
import { validOrderBody, validPaymentBody } from '../../../helpers/sandbox-fixtures'
import type { BucketSnapshot } from '../../../../src/shared/api-events'
import {
  ORG_TOKEN,
  TEST_KEY,
  orgTokenCredential,
  recordingClient,
  rejection,
  sandboxForFile,
  startTinyServer,
} from '../../helpers/api-client'
import { present } from '../../../helpers/present'

const env = sandboxForFile({
  seedPayments: 300,
  quotas: {
    test: { read: { q: 500, burst: 500 }, write: { q: 500, burst: 500 } },
    live: { read: { q: 500, burst: 500 }, write: { q: 500, burst: 500 } },
  },
})

describe('resources', () => {
  it('iterates all payments page by page, in the sandbox order', async () => {
    const { client, events } = recordingClient(env.sb.baseUrl)
    const ids: string[] = []
    let pages = 0
    for await (const page of client.iteratePayments({ limit: 50 })) {
      pages++
      ids.push(...page._embedded.payments.map((p) => p.id))
    }
    expect(ids).toEqual(await env.admin.paymentIds('test', 'desc'))
    expect(pages).toBe(Math.ceil(ids.length / 50))
    expect(events.every((e) => e.outcome === 'success' && e.requestClass === 'read')).toBe(true)
    client.dispose()
  })

  it('creates and reads back an order and a payment', async () => {
    const { client, events } = recordingClient(env.sb.baseUrl)
    const order = await client.createOrder(validOrderBody('RES-1'), {
      embed: 'payments',
      origin: { screen: 'orders', action: 'create' },
    })
    expect(order.orderNumber).toBe('RES-1')
    expect((await client.getOrder(order.id)).id).toBe(order.id)
    const payment = await client.createPayment(validPaymentBody())
    expect((await client.getPayment(payment.id)).id).toBe(payment.id)
    const post = present(events.find((e) => e.method === 'POST' && e.url.includes('/orders')))
    expect(post.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/)
    expect(post.requestHeaders['idempotency-key']).toBe(post.idempotencyKey)
    expect(post.origin).toEqual({ screen: 'orders', action: 'create' })
    expect(post.rateLimit?.policy).toBe('post-v2-orders')
    expect(post.bucket).toBe('post-v2-orders')
    client.dispose()
  })

  it('adds profileId and testmode for an organization token', async () => {
    const { client, events } = recordingClient(env.sb.baseUrl, {}, orgTokenCredential(env.sb.profileId))
    const payment = await client.createPayment(validPaymentBody())
    expect(payment.mode).toBe('test')
    const fetched = await client.getPayment(payment.id)
    expect(fetched.id).toBe(payment.id)
    expect(JSON.parse(present(events[0]).requestBody ?? '')).toMatchObject({
      profileId: env.sb.profileId,
      testmode: true,
    })
    // Reading one payment takes testmode only (https://docs.mollie.com/reference/v2/payments-api/get-payment).
    expect(new URL(present(events[1]).url).searchParams.get('profileId')).toBeNull()
    expect(new URL(present(events[1]).url).searchParams.get('testmode')).toBe('true')
    client.dispose()
  })

  it('reads, lists and pays an order again with a token that has no profile (issue 14 item 7)', async () => {
    const withProfile = recordingClient(env.sb.baseUrl, {}, orgTokenCredential(env.sb.profileId))
    const order = await withProfile.client.createOrder(validOrderBody('ORG-CLIENT-1'), { embed: 'payments' })
    withProfile.client.dispose()
    const { client, events } = recordingClient(
      env.sb.baseUrl,
      {},
      { secret: ORG_TOKEN, kind: 'organization-token', testmode: true },
    )
    expect((await client.getOrder(order.id)).id).toBe(order.id)
    expect((await client.getPayment(present(present(present(order._embedded).payments)[0]).id)).orderId).toBe(order.id)
    expect((await client.listPayments({ limit: 2 }))._embedded.payments).toHaveLength(2)
    expect(events.every((e) => !new URL(e.url).searchParams.has('profileId'))).toBe(true)
    client.dispose()
  })

  it('strips profileId/testmode a caller put in the body when using an API key (the sandbox would 422)', async () => {
    const { client, events } = recordingClient(env.sb.baseUrl)
    const payment = await client.createPayment({ ...validPaymentBody(), profileId: 'pfl_other', testmode: true })
    expect(payment.resource).toBe('payment')
    expect(events[0]?.notes.join(' ')).toMatch(/profileId/)
    client.dispose()
  })
})

describe('typed errors (spec 7)', () => {
  it('a 422 carries title, detail, field and the documentation link, and is not retried', async () => {
    const { client, events } = recordingClient(env.sb.baseUrl)
    const e: ApiError = await rejection(
      client.createPayment(validPaymentBody({ amount: { currency: 'EUR', value: '2000000.00' } })),
    )
    expect(e).toBeInstanceOf(ApiError)
    expect(e.kind).toBe('http')
    expect(e.status).toBe(422)
    expect(e.field).toBe('amount')
    expect(e.title).toBeTruthy()
    expect(e.detail).toBeTruthy()
    expect(e.documentationUrl).toMatch(/^http/)
    expect(e.attempts).toHaveLength(1)
    expect(events).toHaveLength(1)
    expect(events[0]?.outcome).toBe('failed')
    const view = e.toView()
    expect(view.rateLimit?.policy).toBe('post-v2-payments')
    expect(view.idempotencyKey).toBe(present(events[0]).idempotencyKey)
    client.dispose()
  })

  it('a 404 is not retried', async () => {
    const { client, events } = recordingClient(env.sb.baseUrl)
    const e: ApiError = await rejection(client.getPayment('tr_doesNotExist01'))
    expect(e.status).toBe(404)
    expect(events.map((x) => x.outcome)).toEqual(['failed'])
    client.dispose()
  })

  it('invalid ids and parameters fail before anything is sent', async () => {
    const { client, events } = recordingClient(env.sb.baseUrl)
    const before = (await env.admin.stats()).requests
    for (const p of [
      client.getPayment('ord_abc'),
      client.getOrder('tr_abc'),
      client.getOrder('../admin'),
      client.listPayments({ limit: 251 }),
      client.listPayments({ from: 'x' }),
    ]) {
      expect((await rejection(p)).kind).toBe('invalid-request')
    }
    expect((await env.admin.stats()).requests).toBe(before)
    expect(events).toHaveLength(0)
    client.dispose()
  })

  it('never puts the secret in events or error views', async () => {
    const { client, events } = recordingClient(env.sb.baseUrl)
    await client.listPayments({ limit: 2 })
    const e: ApiError = await rejection(client.getPayment('tr_doesNotExist02'))
    const all = JSON.stringify(events) + JSON.stringify(e.toView()) + String(e) + e.stack
    expect(all).not.toContain(TEST_KEY)
    expect(events[0]?.requestHeaders.authorization).toBe('Bearer ***')
    client.dispose()
  })
})

describe('following links', () => {
  it('refuses a next link to another origin and sends nothing there', async () => {
    const foreign = await startTinyServer((_req, res) => res.end('{}'))
    // A service whose list page points its next link at the foreign server.
    const service = await startTinyServer((_req, res, origin) => {
      void origin
      res.setHeader('content-type', 'application/json')
      res.end(
        JSON.stringify({
          count: 0,
          _embedded: { payments: [] },
          _links: {
            self: { href: 'x', type: 'application/hal+json' },
            previous: null,
            next: { href: `${foreign.origin}/v2/payments?from=tr_1&limit=5`, type: 'application/hal+json' },
            documentation: { href: 'x', type: 'text/html' },
          },
        }),
      )
    })
    const { client } = recordingClient(`${service.origin}/v2`)
    const pages: unknown[] = []
    const e: ApiError = await rejection(
      (async () => {
        for await (const page of client.iteratePayments()) pages.push(page)
      })(),
    )
    expect(pages).toHaveLength(1)
    expect(e.kind).toBe('foreign-origin')
    expect(e.message).toContain(foreign.origin)
    expect((await rejection(client.listPayments({ link: `${foreign.origin}/v2/payments` }))).kind).toBe(
      'foreign-origin',
    )
    expect(foreign.requests).toHaveLength(0)
    expect(service.requests).toHaveLength(1)
    client.dispose()
    await Promise.all([foreign.close(), service.close()])
  })
})

describe('bucket observability', () => {
  it('reports learned buckets through onBucketChange and buckets()', async () => {
    const seen: BucketSnapshot[][] = []
    const { client } = recordingClient(env.sb.baseUrl, { onBucketChange: (s) => seen.push(s) })
    expect(client.buckets().every((b) => !b.learned)).toBe(true)
    await client.listPayments({ limit: 1 })
    await new Promise((r) => setImmediate(r))
    const read = present(client.buckets().find((b) => b.policy === 'get-v2-payments'))
    expect(read).toMatchObject({ class: 'read', capacity: 500, ratePerSecond: 500, learned: true, inFlight: 0 })
    expect(seen.some((s) => s.some((b) => b.policy === 'get-v2-payments'))).toBe(true)
    client.dispose()
  })
})

describe('bad credentials', () => {
  it('a malformed secret or a failing credential provider is a typed error, never an untyped throw', async () => {
    const bad = recordingClient(env.sb.baseUrl, {}, { secret: 'test_x\r\nX-Evil: 1', kind: 'api-key' })
    expect((await rejection(bad.client.listPayments())).kind).toBe('invalid-request')
    bad.client.dispose()
    const failing = createApiClient({
      baseUrl: env.sb.baseUrl,
      getCredential: () => Promise.reject(new Error('keychain locked')),
    })
    const e = await rejection(failing.listPayments())
    expect(e.kind).toBe('invalid-request')
    expect(e.message).toContain('keychain locked')
    failing.dispose()
  })
})

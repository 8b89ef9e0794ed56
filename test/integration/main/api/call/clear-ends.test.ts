// Issue 27 item 6: how the real client ends a call in the ways the plain status handling would
// leave vague or crash on, each against a tiny server of its own on 127.0.0.1.
import type http from 'node:http'
import { describe, expect, it } from 'vitest'
import { MAX_BUCKETS } from '../../../../../src/main/api/limiter/limiter'
import { validPaymentBody } from '../../../../helpers/sandbox-fixtures'
import { rejection, recordingClient, tinyServersPerTest } from '../../../helpers/api-client'

const serve = tinyServersPerTest()

const json = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/hal+json', ...headers })
  res.end(JSON.stringify(body))
}

const payment = (id: string, extra: Record<string, unknown> = {}) => ({
  resource: 'payment',
  id,
  status: 'open',
  amount: { currency: 'EUR', value: '10.00' },
  description: 'Order #12345',
  ...extra,
})

/** Reads the whole request body, then closes the socket without a byte of answer. */
function loseTheAnswer(req: http.IncomingMessage): void {
  req.resume()
  req.on('end', () => req.socket.destroy())
}

describe('clear ends of a call (issue 27 item 6)', () => {
  it('a Retry-After longer than what is left of the deadline fails at once and names the wait', async () => {
    const server = await serve((_req, res) =>
      json(res, 429, { status: 429, title: 'Too Many Requests' }, { 'retry-after': '8' }),
    )
    const { client } = recordingClient(`${server.origin}/v2`, { callDeadlineMs: 3000, maxRetryAfterMs: 120_000 })
    const e = await rejection(client.getPayment('tr_wait1'))
    client.dispose()
    expect(e.kind).toBe('http')
    expect(e.message).toContain('asks to wait 8 s')
    expect(e.message).not.toContain('No answer within')
    expect(server.requests).toHaveLength(1)
  }, 6_000)

  it('a payment create whose answer was lost says it may exist and offers to look it up', async () => {
    const server = await serve((req) => loseTheAnswer(req))
    const { client } = recordingClient(`${server.origin}/v2`, { retry: { maxAttempts: 2, baseDelayMs: 10 } })
    const body = validPaymentBody({ description: 'Lost answer 1', amount: { currency: 'EUR', value: '12.34' } })
    const e = await rejection(client.createPayment(body, { idempotencyKey: 'lost-key-1' }))
    client.dispose()
    expect(e.kind).toBe('network')
    expect(server.requests.map((r) => r.method)).toEqual(['POST', 'POST'])
    expect(e.message).toContain('the payment may have been created')
    expect(e.message).toContain('Look it up before sending it again')
    expect(e.message).toContain('lost-key-1')
    expect(e.lookup).toEqual({
      kind: 'payment',
      by: 'recent',
      description: 'Lost answer 1',
      amount: { currency: 'EUR', value: '12.34' },
    })
    expect(e.toView().lookup).toEqual(e.lookup)
  }, 6_000)

  it('a refund whose answer was lost offers the payment’s refunds to look at', async () => {
    const server = await serve((req) => loseTheAnswer(req))
    const { client } = recordingClient(`${server.origin}/v2`, { retry: { maxAttempts: 1 } })
    const e = await rejection(client.createRefund('tr_refund1', { amount: { currency: 'EUR', value: '1.00' } }))
    client.dispose()
    expect(e.message).toContain('the refund may have been created')
    expect(e.lookup).toEqual({ kind: 'refund', by: 'payment', paymentId: 'tr_refund1' })
  }, 6_000)

  it('a 3xx answer is not followed, and the message says so', async () => {
    const server = await serve((req, res) => {
      if (req.url?.startsWith('/v2/')) {
        res.writeHead(302, { location: `http://127.0.0.1:1/elsewhere${req.url}` })
        res.end()
      } else json(res, 200, payment('tr_followed'))
    })
    const { client } = recordingClient(`${server.origin}/v2`)
    const e = await rejection(client.getPayment('tr_redirect1'))
    client.dispose()
    expect(e.status).toBe(302)
    expect(e.message).toContain('does not follow redirects')
    expect(e.message).toContain('/elsewhere/v2/payments/tr_redirect1')
    expect(server.requests).toHaveLength(1)
  }, 6_000)

  it('an answer nested too deep is the typed malformed-response error, not a crash', async () => {
    const depth = 20_000
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/hal+json' })
      res.end(`${'['.repeat(depth)}${']'.repeat(depth)}`)
    })
    const { client } = recordingClient(`${server.origin}/v2`)
    const e = await rejection(client.getPayment('tr_deep1'))
    client.dispose()
    expect(e.kind).toBe('malformed-response')
    expect(e.message).toContain('nested deeper than 64 levels')
  }, 6_000)

  it('the per-policy bucket map stays bounded with many distinct policies', async () => {
    let n = 0
    const server = await serve((_req, res) => {
      const name = `policy-${++n}`
      json(res, 200, payment('tr_many1'), {
        'ratelimit-policy': `"${name}";q=100;w=1`,
        ratelimit: `"${name}";r=99;t=0`,
      })
    })
    const { client } = recordingClient(`${server.origin}/v2`)
    for (let i = 0; i < MAX_BUCKETS + 60; i++) await client.getPayment('tr_many1')
    const learned = client.buckets().filter((b) => b.learned)
    client.dispose()
    expect(n).toBe(MAX_BUCKETS + 60)
    expect(learned.length).toBeLessThanOrEqual(MAX_BUCKETS)
    // The newest policies are the ones kept.
    expect(learned.some((b) => b.policy === `policy-${n}`)).toBe(true)
  }, 20_000)

  it('a replayed answer naming another object than the first answer to its key is flagged', async () => {
    let creates = 0
    const server = await serve((req, res) => {
      req.resume()
      req.on('end', () => {
        creates++
        if (creates === 1) json(res, 201, payment('tr_first1'))
        else json(res, 201, payment('tr_other1'), { 'idempotent-replayed': 'true' })
      })
    })
    const { client, events } = recordingClient(`${server.origin}/v2`)
    await client.createPayment(validPaymentBody(), { idempotencyKey: 'replay-key-1' })
    const second = await client.createPayment(validPaymentBody(), { idempotencyKey: 'replay-key-1' })
    client.dispose()
    expect(second.id).toBe('tr_other1')
    const notes = events[1]?.notes.join(' ') ?? ''
    expect(notes).toContain('tr_first1')
    expect(notes).toContain('tr_other1')
    expect(notes).not.toContain('nothing was done twice')
    // A plain replay (the same object) still says nothing was done twice.
    expect(events[0]?.notes.join(' ')).not.toContain('tr_first1')
  }, 6_000)

  // https://docs.mollie.com/overview/api-idempotency: the service ignores keys on DELETE, so the
  // client sends none and reads the payment before it resends a cancel whose answer was lost.
  it('a cancel whose answer was lost is read first; resent only while still open, and "already canceled" then is canceled', async () => {
    let deletes = 0
    let gets = 0
    const server = await serve((req, res) => {
      if (req.method === 'DELETE') {
        deletes++
        if (deletes === 1) return loseTheAnswer(req)
        return json(res, 422, {
          status: 422,
          title: 'Unprocessable Entity',
          detail: 'The payment has already been canceled',
        })
      }
      gets++
      // The first read comes before the lost cancel got through; the second after.
      if (gets === 1) return json(res, 200, payment('tr_cancel1', { status: 'open' }))
      json(res, 200, payment('tr_cancel1', { status: 'canceled', canceledAt: '2026-01-01T00:00:00+00:00' }))
    })
    const { client } = recordingClient(`${server.origin}/v2`)
    const canceled = await client.cancelPayment('tr_cancel1')
    client.dispose()
    expect(canceled.id).toBe('tr_cancel1')
    expect(canceled.status).toBe('canceled')
    expect(server.requests.map((r) => r.method)).toEqual(['DELETE', 'GET', 'DELETE', 'GET'])
    expect(server.requests.some((r) => r.headers['idempotency-key'] !== undefined)).toBe(false)
  }, 6_000)
})

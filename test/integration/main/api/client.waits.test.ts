// Issue 46 items 3, 4 and 6: waits the client takes only when it can use them, measured on the
// service's clock, and outages without Retry-After outlasted for a bounded time; each against a
// tiny server of its own on 127.0.0.1.
import type http from 'node:http'
import { describe, expect, it } from 'vitest'
import { DEFAULT_RETRY_POLICY } from '../../../../src/main/api/call/retry'
import { rejection, recordingClient, tinyServersPerTest } from '../../helpers/api-client'

const serve = tinyServersPerTest()

const PAYMENT = JSON.stringify({ resource: 'payment', id: 'tr_wait1' })
const ok = (res: http.ServerResponse, headers: Record<string, string> = {}) => {
  res.writeHead(200, { 'content-type': 'application/json', ...headers })
  res.end(PAYMENT)
}
const refuse = (res: http.ServerResponse, status: number, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.end(JSON.stringify({ status, title: status === 429 ? 'Too Many Requests' : 'Service Unavailable' }))
}
const HOUR = 3_600_000

describe('no call waits longer than it can use (item 3)', () => {
  it('a lookup queued behind a 90 s pause, with 60 s to live, fails at once with the true reason', async () => {
    const server = await serve((_req, res, _o, i) => (i === 0 ? refuse(res, 429, { 'retry-after': '90' }) : ok(res)))
    const { client } = recordingClient(`${server.origin}/v2`, { callDeadlineMs: 60_000, maxRetryAfterMs: 120_000 })
    const first = await rejection(client.getPayment('tr_wait1'))
    expect(first.message).toContain('asks to wait 90 s')
    // The bucket is paused for 90 s: the next lookup cannot be sent within its 60 s.
    const second = await rejection(client.getPayment('tr_wait1'))
    client.dispose()
    // What is left of the 90 s pause, in whole seconds: 90, or a second or two less on a slow machine.
    expect(second.message).toMatch(/the service asked to wait \(its rate limit\), for another (8[89]|90) s;/)
    expect(second.message).toContain('this lookup gives up after 60 s')
    expect(second.message).toContain('Not sent')
    expect(second.kind).not.toBe('timeout')
    expect(server.requests).toHaveLength(1)
  }, 5_000)

  it('a call whose deadline outlasts the pause still waits for it and is sent', async () => {
    const server = await serve((_req, res, _o, i) => (i === 0 ? refuse(res, 429, { 'retry-after': '1' }) : ok(res)))
    const { client } = recordingClient(`${server.origin}/v2`, { callDeadlineMs: 10_000, pauseJitterMs: 0 })
    const [a, b] = await Promise.allSettled([client.getPayment('tr_wait1'), client.getPayment('tr_wait1')])
    client.dispose()
    expect([a.status, b.status]).toEqual(['fulfilled', 'fulfilled'])
  }, 8_000)
})

describe('waits measured on the service clock (item 4)', () => {
  // The server's clock is `skewMs` off ours; it refuses the first call until 2 s later by its clock.
  async function skewed(skewMs: number) {
    let retryAt = 0
    let early = 0
    const server = await serve((_req, res, _o, i) => {
      const serverNow = Date.now() + skewMs
      const date = new Date(serverNow).toUTCString()
      if (i === 0) {
        retryAt = Math.ceil((serverNow + 2000) / 1000) * 1000
        return refuse(res, 429, { date, 'retry-after': new Date(retryAt).toUTCString() })
      }
      if (serverNow < retryAt - 50) {
        early++
        return refuse(res, 429, { date, 'retry-after': new Date(retryAt).toUTCString() })
      }
      ok(res, { date })
    })
    return { server, early: () => early }
  }

  it('server 3 h ahead: the HTTP-date Retry-After is about 2 s, not "wait 4 h"', async () => {
    const { server, early } = await skewed(3 * HOUR)
    const { client } = recordingClient(`${server.origin}/v2`, { callDeadlineMs: 10_000 })
    const payment = await client.getPayment('tr_wait1')
    client.dispose()
    expect(payment.id).toBe('tr_wait1')
    expect(early()).toBe(0)
    expect(server.requests).toHaveLength(2)
  }, 8_000)

  it('server 3 h behind: the client still waits the 2 s the service asked for', async () => {
    const { server, early } = await skewed(-3 * HOUR)
    const { client } = recordingClient(`${server.origin}/v2`, { callDeadlineMs: 10_000 })
    await client.getPayment('tr_wait1')
    client.dispose()
    expect(early()).toBe(0)
    expect(server.requests).toHaveLength(2)
  }, 8_000)

  it('a Retry-After beyond the cap fails only its own call: the next one is sent at once', async () => {
    const server = await serve((_req, res, _o, i) => (i === 0 ? refuse(res, 429, { 'retry-after': '3600' }) : ok(res)))
    const { client } = recordingClient(`${server.origin}/v2`, { callDeadlineMs: 4_000, maxRetryAfterMs: 120_000 })
    const first = await rejection(client.getPayment('tr_wait1'))
    expect(first.message).toContain('asks to wait 60 min')
    const second = await client.getPayment('tr_wait1')
    client.dispose()
    expect(second.id).toBe('tr_wait1')
    expect(server.requests).toHaveLength(2)
  }, 6_000)
})

describe('outages without Retry-After (item 6)', () => {
  const GENEROUS = {
    'ratelimit-policy': '"p";q=1000;w=1;service-burst=1000',
    ratelimit: '"p";r=999;t=1;service-burst=0',
  }

  it('a 4 s 503 outage: all 60 lookups are answered with the retry policy as shipped', async () => {
    let downUntil = 0
    const server = await serve((_req, res) => {
      if (downUntil === 0) downUntil = Date.now() + 4000
      if (Date.now() < downUntil) refuse(res, 503, GENEROUS)
      else ok(res, GENEROUS)
    })
    const { client } = recordingClient(`${server.origin}/v2`, { retry: DEFAULT_RETRY_POLICY })
    const results = await Promise.allSettled(Array.from({ length: 60 }, () => client.getPayment('tr_wait1')))
    client.dispose()
    const failed = results.filter((r) => r.status === 'rejected')
    expect(failed).toEqual([])
  }, 20_000)

  it('a service that stays down: the call stops after its budget, then nothing is sent for the pause, and it says so', async () => {
    const server = await serve((_req, res) => refuse(res, 503, GENEROUS))
    const retry = {
      ...DEFAULT_RETRY_POLICY,
      baseDelayMs: 100,
      maxDelayMs: 400,
      readOutageMs: 1500,
      circuitPauseMs: 3000,
    }
    const { client } = recordingClient(`${server.origin}/v2`, { retry })
    const first = await rejection(client.getPayment('tr_wait1'))
    expect(first.status).toBe(503)
    expect(first.message).toContain('The service seems to be down')
    expect(first.message).toContain('Paydesk pauses sending to it for 3 s')
    const sent = server.requests.length
    expect(sent).toBeGreaterThan(3)
    const next = await Promise.all(Array.from({ length: 5 }, () => rejection(client.getPayment('tr_wait1'))))
    client.dispose()
    expect(server.requests.length).toBe(sent)
    for (const e of next) {
      expect(e.message).toContain('Not sent: the service has been down for')
      expect(e.message).toContain('status 503')
    }
  }, 10_000)
})

describe('a single endpoint down is not the service down (item 6)', () => {
  it('a write whose answers are lost for its whole budget leaves the agent’s look-ups going', async () => {
    const server = await serve((req, res) => {
      if (req.method === 'POST') return req.socket.destroy()
      ok(res)
    })
    const retry = { ...DEFAULT_RETRY_POLICY, baseDelayMs: 100, maxDelayMs: 400, writeOutageMs: 1200 }
    const { client } = recordingClient(`${server.origin}/v2`, { retry })
    const body = { amount: { currency: 'EUR', value: '1.00' }, description: 'x', redirectUrl: 'https://example.com/r' }
    const e = await rejection(client.createPayment(body))
    expect(e.message).toContain('may have been created')
    expect(e.message).not.toContain('pauses sending')
    const payment = await client.getPayment('tr_wait1')
    client.dispose()
    expect(payment.id).toBe('tr_wait1')
  }, 10_000)
})

describe('an open circuit lets one lookup probe it (item 6 review)', () => {
  const GENEROUS = {
    'ratelimit-policy': '"p";q=1000;w=1;service-burst=1000',
    ratelimit: '"p";r=999;t=1;service-burst=0',
  }
  const retry = { ...DEFAULT_RETRY_POLICY, baseDelayMs: 100, maxDelayMs: 400, readOutageMs: 1500 }
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

  it('the service back: the agent’s next lookup is answered at once, not after the 15 s pause', async () => {
    let up = false
    const server = await serve((_req, res) => (up ? ok(res, GENEROUS) : refuse(res, 503, GENEROUS)))
    const { client } = recordingClient(`${server.origin}/v2`, { retry })
    const first = await rejection(client.getPayment('tr_wait1'))
    expect(first.message).toContain('Paydesk pauses sending to it for 15 s')
    up = true
    await sleep(1100)
    const payment = await client.getPayment('tr_wait1')
    expect(payment.id).toBe('tr_wait1')
    // The probe's answer closed the circuit for everyone, the sync included.
    const page = await client.getPayment('tr_wait1', { priority: 'background' })
    client.dispose()
    expect(page.id).toBe('tr_wait1')
  }, 10_000)

  it('still down: one lookup probes (one request, failing at once), the others are not sent, the sync waits', async () => {
    const server = await serve((_req, res) => refuse(res, 503, GENEROUS))
    const { client } = recordingClient(`${server.origin}/v2`, { retry })
    await rejection(client.getPayment('tr_wait1'))
    await sleep(1100)
    const sent = server.requests.length
    const errors = await Promise.all(Array.from({ length: 5 }, () => rejection(client.getPayment('tr_wait1'))))
    const sync = await rejection(client.getPayment('tr_wait1', { priority: 'background' }))
    client.dispose()
    expect(server.requests.length).toBe(sent + 1)
    const probes = errors.filter((e) => e.message.includes('The service is still down'))
    expect(probes).toHaveLength(1)
    expect(probes[0]?.status).toBe(503)
    expect(errors.filter((e) => e.message.includes('Not sent: the service has been down for'))).toHaveLength(4)
    expect(sync.message).toContain('Not sent: the service has been down for')
  }, 10_000)
})

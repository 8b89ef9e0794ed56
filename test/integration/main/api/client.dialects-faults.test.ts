// Issue 15: the client against its OWN small servers (not the sandbox, which reads headers the way
// the client does): each speaks one rate-limit dialect or misbehaves in one way.
import type http from 'node:http'
import { describe, expect, it } from 'vitest'
import { present } from '../../../helpers/present'
import { rejection, recordingClient, tinyServersPerTest } from '../../helpers/api-client'

const serve = tinyServersPerTest()

const PAYMENT = (id: string) => JSON.stringify({ resource: 'payment', id })

/** A server-side token bucket: `rate` tokens per second, at most `capacity`. */
function bucket(rate: number, capacity: number) {
  let tokens = capacity
  let at = Date.now()
  return {
    take(): boolean {
      const now = Date.now()
      tokens = Math.min(capacity, tokens + ((now - at) / 1000) * rate)
      at = now
      if (tokens >= 1) {
        tokens -= 1
        return true
      }
      return false
    },
    remaining: () => Math.floor(tokens),
  }
}

function answer(res: http.ServerResponse, ok: boolean, headers: Record<string, string>) {
  res.writeHead(ok ? 200 : 429, { 'content-type': 'application/json', ...headers })
  res.end(ok ? PAYMENT('tr_x1') : JSON.stringify({ status: 429, title: 'Too Many Requests' }))
}

async function many(client: ReturnType<typeof recordingClient>['client'], n: number) {
  const results = await Promise.allSettled(Array.from({ length: n }, () => client.getPayment('tr_x1')))
  return results.filter((r) => r.status === 'rejected').length
}

describe('a read backlog never refuses a write', () => {
  it('1,000 background reads queued: 20 writes and a user read still go; the newest background read yields', async () => {
    // Reads are held until released and carry no rate-limit headers: the read class stays on its
    // one-at-a-time gate, so every read after the first waits in the queue. Writes answer at once.
    const held: http.ServerResponse[] = []
    const server = await serve((req, res) => {
      if (req.method === 'GET') held.push(res)
      else {
        res.writeHead(201, { 'content-type': 'application/json' })
        res.end(PAYMENT('tr_w1'))
      }
    })
    // random 0: no cold-start jitter, the first background read is sent at once (limiter.ts).
    const { client } = recordingClient(`${server.origin}/v2`, { maxQueue: 1000, random: () => 0 })
    const settle = (p: Promise<unknown>) =>
      p.then(
        () => 'ok',
        (e: { kind?: string }) => e.kind ?? 'error',
      )
    // One read in flight, 1,000 waiting: the background share of the read class is full.
    const background = Array.from({ length: 1001 }, (_, i) =>
      settle(client.getPayment(`tr_bg${i}`, { priority: 'background' })),
    )
    expect(await settle(client.getPayment('tr_bgover', { priority: 'background' }))).toBe('queue-full')
    const writes = await Promise.all(
      Array.from({ length: 20 }, () =>
        settle(
          client.createPayment({
            amount: { currency: 'EUR', value: '1.00' },
            description: 'x',
            redirectUrl: 'https://example.com/r',
          }),
        ),
      ),
    )
    expect(writes).toEqual(Array.from({ length: 20 }, () => 'ok'))
    expect(server.requests.filter((r) => r.method === 'POST').length).toBe(20)
    // A user read at the full read class: the newest background read gives way, the user read
    // queues and is the next read sent.
    const user = settle(client.getPayment('tr_user1'))
    expect(await present(background[1000])).toBe('queue-full')
    present(held[0]).writeHead(200, { 'content-type': 'application/json' }).end(PAYMENT('tr_bg0'))
    expect(await present(background[0])).toBe('ok')
    while (server.requests.filter((r) => r.method === 'GET').length < 2) await new Promise((r) => setTimeout(r, 5))
    expect(server.requests.filter((r) => r.method === 'GET').map((r) => r.url)).toEqual([
      '/v2/payments/tr_bg0',
      '/v2/payments/tr_user1',
    ])
    client.dispose()
    expect(await user).toBe('aborted')
  }, 20_000)
})

describe('RateLimit dialects', () => {
  it('IETF draft: q per window w (q=20;w=2 is 10/s, not 20/s): no 429', async () => {
    const b = bucket(10, 20)
    const server = await serve((_req, res) => {
      const ok = b.take()
      answer(res, ok, {
        'ratelimit-policy': '"default";q=20;w=2',
        ratelimit: `"default";r=${b.remaining()};t=2`,
        ...(ok ? {} : { 'retry-after': '1' }),
      })
    })
    const { client, events } = recordingClient(`${server.origin}/v2`)
    const failed = await many(client, 50)
    client.dispose()
    expect(failed).toBe(0)
    expect(events.filter((e) => e.status === 429).length).toBe(0)
  }, 20_000)

  it('legacy RateLimit-Limit/-Remaining/-Reset: learned (calls run in parallel), no 429', async () => {
    const windowMs = 1000
    let windowStart = Date.now()
    let used = 0
    let inFlight = 0
    let maxInFlight = 0
    const server = await serve((_req, res) => {
      const now = Date.now()
      if (now - windowStart >= windowMs) {
        windowStart = now
        used = 0
      }
      const ok = used < 10
      if (ok) used++
      inFlight++
      maxInFlight = Math.max(maxInFlight, inFlight)
      // The headers describe the window when this request was handled (a real server's order).
      const headers = {
        'ratelimit-limit': '10',
        'ratelimit-remaining': String(10 - used),
        'ratelimit-reset': String(Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000))),
        ...(ok ? {} : { 'retry-after': '1' }),
      }
      setTimeout(() => {
        inFlight--
        answer(res, ok, headers)
      }, 20)
    })
    const { client, events } = recordingClient(`${server.origin}/v2`)
    const failed = await many(client, 30)
    client.dispose()
    expect(failed).toBe(0)
    expect(maxInFlight).toBeGreaterThan(1)
    expect(events.filter((e) => e.status === 429).length).toBe(0)
  }, 20_000)

  it('X-RateLimit-Reset as epoch seconds (a timestamp, not a delta): waits for that moment, not decades', async () => {
    let windowStart = Date.now()
    let used = 0
    const server = await serve((_req, res) => {
      const now = Date.now()
      if (now - windowStart >= 1000) {
        windowStart = now
        used = 0
      }
      const ok = used < 5
      if (ok) used++
      answer(res, ok, {
        'x-ratelimit-limit': '5',
        'x-ratelimit-remaining': String(5 - used),
        'x-ratelimit-reset': String(Math.ceil((windowStart + 1000) / 1000)),
        ...(ok ? {} : { 'retry-after': '1' }),
      })
    })
    const { client } = recordingClient(`${server.origin}/v2`, { callDeadlineMs: 8000 })
    const failed = await many(client, 12)
    client.dispose()
    expect(failed).toBe(0)
  }, 20_000)

  for (const [format, date] of [
    [
      'RFC 850',
      (d: Date) =>
        d
          .toUTCString()
          .replace(
            /^(\w{3}), (\d{2}) (\w{3}) \d{2}(\d{2})/,
            (_m, wd, dd, mon, yy) =>
              `${({ Sun: 'Sunday', Mon: 'Monday', Tue: 'Tuesday', Wed: 'Wednesday', Thu: 'Thursday', Fri: 'Friday', Sat: 'Saturday' } as Record<string, string>)[wd]}, ${dd}-${mon}-${yy}`,
          ),
    ],
    [
      'asctime',
      (d: Date) => {
        const [weekday = '', , month, year, time] = d.toUTCString().split(' ')
        return `${weekday.slice(0, 3)} ${month} ${String(d.getUTCDate()).padStart(2, ' ')} ${time} ${year}`
      },
    ],
  ] as const) {
    it(`Retry-After as an ${format} date is honoured (never retried before it)`, async () => {
      let retryAt = 0
      const server = await serve((_req, res, _o, i) => {
        if (i === 0) {
          retryAt = Math.ceil((Date.now() + 2000) / 1000) * 1000
          res.writeHead(429, { 'content-type': 'application/json', 'retry-after': date(new Date(retryAt)) })
          res.end('{"status":429}')
        } else res.end(PAYMENT('tr_x1'))
      })
      const sentAt: number[] = []
      const { client } = recordingClient(`${server.origin}/v2`, {
        onAttempt: (e) => sentAt.push(e.startedAt),
        default429PauseMs: 10,
      })
      await client.getPayment('tr_x1')
      client.dispose()
      expect(sentAt.length).toBe(2)
      expect(sentAt[1]).toBeGreaterThanOrEqual(retryAt - 5)
    }, 10_000)
  }

  it('a quota lowered without notice (headers still say 20/s, the server allows 4/s) is learned from a few 429s', async () => {
    const b = bucket(4, 4)
    const server = await serve((_req, res) => {
      const ok = b.take()
      answer(res, ok, {
        'ratelimit-policy': '"p";q=20;w=1;service-burst=20',
        ratelimit: `"p";r=${Math.max(0, b.remaining())};t=1;service-burst=0`,
      })
    })
    const { client, events } = recordingClient(`${server.origin}/v2`, { default429PauseMs: 250 })
    await many(client, 40)
    client.dispose()
    // A few, not a flood. The count is not fixed: the rate falls to the refill measured from the
    // server's figures (issue 46 item 2), an estimate, so the saturated client meets 4/s from above
    // a few times; on a busy machine responses handled in one late batch can also send two requests
    // into the same empty bucket (one surprise, two 429s).
    const refused = events.filter((e) => e.status === 429).length
    expect(refused).toBeGreaterThan(0)
    expect(refused).toBeLessThanOrEqual(8)
    expect(events.filter((e) => e.status === 200).length).toBe(40)
  }, 30_000)
})

describe('every wait is bounded', () => {
  it('Retry-After: 3600 fails the call at once with "the service asks to wait 60 min"', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '3600' })
      res.end('{"status":429,"title":"Too Many Requests"}')
    })
    const { client } = recordingClient(`${server.origin}/v2`)
    const e = await rejection(client.getPayment('tr_x1'))
    client.dispose()
    expect(e.status).toBe(429)
    expect(e.message).toContain('asks to wait 60 min')
    expect(server.requests.length).toBe(1)
  }, 5_000)

  it('a Retry-After within the cap but past the call deadline fails at once, naming the wait', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '5' })
      res.end('{"status":429,"title":"Too Many Requests"}')
    })
    const { client } = recordingClient(`${server.origin}/v2`, { maxRetryAfterMs: 120_000, callDeadlineMs: 2000 })
    const e = await rejection(client.getPayment('tr_x1'))
    client.dispose()
    expect(e.status).toBe(429)
    expect(e.message).toContain('asks to wait 5 s')
    expect(e.message).toContain("left of this call's deadline")
    expect(server.requests.length).toBe(1)
  }, 5_000)

  it('a silent server ends in a timeout at the call deadline, not after 4 × the headers timeout', async () => {
    const server = await serve(() => {
      // never answers
    })
    const { client } = recordingClient(`${server.origin}/v2`, {
      timeouts: { connectMs: 1000, headersMs: 1500, bodyMs: 1500 },
      callDeadlineMs: 2000,
    })
    const e = await rejection(client.getPayment('tr_x1'))
    client.dispose()
    expect(e.kind).toBe('timeout')
    expect(e.message).toContain('overall deadline')
    expect(server.requests.length).toBeLessThanOrEqual(2)
  }, 5_000)
})

describe('small items', () => {
  it('more than 10 calls in flight: no "possible EventEmitter memory leak" warning', async () => {
    const warnings: string[] = []
    const onWarning = (w: Error) => warnings.push(`${w.name}: ${w.message}`)
    process.on('warning', onWarning)
    const server = await serve((_req, res) => setTimeout(() => res.end(PAYMENT('tr_x1')), 50))
    const { client } = recordingClient(`${server.origin}/v2`)
    // One caller signal shared by every call (a screen cancels all of its requests at once): each
    // call must not leave its own abort listener on it for longer than it runs, nor pile them up.
    const shared = new AbortController()
    const results = await Promise.allSettled(
      Array.from({ length: 25 }, () => client.getPayment('tr_x1', { signal: shared.signal })),
    )
    await new Promise((r) => setTimeout(r, 20))
    process.off('warning', onWarning)
    client.dispose()
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true)
    expect(warnings.filter((w) => /MaxListeners|memory leak/i.test(w))).toEqual([])
  }, 20_000)

  it('a Content-Length above the cap fails before the body is read', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(100 * 1024 * 1024) })
      res.write('{"resource":')
      // ...and then nothing more: only the declared size can end this call quickly.
    })
    const { client } = recordingClient(`${server.origin}/v2`, {
      maxResponseBytes: 1024,
      timeouts: { connectMs: 1000, headersMs: 1000, bodyMs: 30_000 },
    })
    const e = await rejection(client.getPayment('tr_x1'))
    client.dispose()
    expect(e.kind).toBe('malformed-response')
    expect(e.message).toContain('declared')
  }, 5_000)

  it('a POST without a caller key is retried only with the key the client generated and logged', async () => {
    const server = await serve((_req, res, _o, i) => {
      if (i === 0) {
        res.writeHead(503, { 'content-type': 'application/json' })
        res.end('{"status":503}')
      } else {
        res.writeHead(201, { 'content-type': 'application/json' })
        res.end(PAYMENT('tr_x2'))
      }
    })
    const { client, events } = recordingClient(`${server.origin}/v2`)
    await client.createPayment({
      amount: { currency: 'EUR', value: '1.00' },
      description: 'x',
      redirectUrl: 'https://example.com/r',
    })
    client.dispose()
    const keys = server.requests.map((r) => r.headers['idempotency-key'])
    expect(keys.length).toBe(2)
    expect(typeof keys[0]).toBe('string')
    expect(keys[1]).toBe(keys[0])
    expect(events.map((e) => e.idempotencyKey)).toEqual([keys[0], keys[0]])
    expect(events[0]?.requestHeaders['Idempotency-Key'] ?? events[0]?.requestHeaders['idempotency-key']).toBe(keys[0])
  }, 5_000)
})

// Issue 46 item 2: the bucket believes what the server shows over time, not the last header. Each
// server here is a real token bucket on 127.0.0.1 whose headers lie in one way; one client keeps
// it busy for a few seconds, and the 429s it meets and the calls it gets through are counted.
import type http from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { recordingClient, startTinyServer, type TinyServer } from '../../helpers/api-client'

const servers: TinyServer[] = []
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close()
})

/** A token bucket of `rate()` per second and `capacity` tokens, full at the start. */
function serverBucket(rate: () => number, capacity: number) {
  let tokens = capacity
  let at = Date.now()
  return {
    take(): boolean {
      const now = Date.now()
      tokens = Math.min(capacity, tokens + ((now - at) / 1000) * rate())
      at = now
      if (tokens < 1) return false
      tokens -= 1
      return true
    },
    remaining: () => Math.max(0, Math.floor(tokens)),
  }
}

async function serve(
  b: ReturnType<typeof serverBucket>,
  policy: (i: number) => { q: number; burst: number },
): Promise<TinyServer> {
  const s = await startTinyServer((_req: http.IncomingMessage, res: http.ServerResponse, _o, i) => {
    const ok = b.take()
    const { q, burst } = policy(i)
    res.writeHead(ok ? 200 : 429, {
      'content-type': 'application/json',
      'ratelimit-policy': `"p";q=${q};w=1;service-burst=${burst}`,
      ratelimit: `"p";r=${b.remaining()};t=1;service-burst=0`,
    })
    res.end(ok ? JSON.stringify({ resource: 'payment', id: 'tr_b1' }) : '{"status":429}')
  })
  servers.push(s)
  return s
}

/** Keeps `width` lookups in flight for `ms`; returns what the server answered, and when. */
async function saturate(origin: string, ms: number, width = 30) {
  const { client, events } = recordingClient(`${origin}/v2`, { default429PauseMs: 250, callDeadlineMs: 10_000 })
  const end = Date.now() + ms
  let failed = 0
  const worker = async () => {
    while (Date.now() < end) await client.getPayment('tr_b1').catch(() => failed++)
  }
  await Promise.all(Array.from({ length: width }, worker))
  client.dispose()
  return {
    refused: events.filter((e) => e.status === 429).length,
    accepted: events.filter((e) => e.status === 200).length,
    failed,
    events,
  }
}

describe('the bucket believes what the server shows over time (item 2)', () => {
  it('a hidden drop (policy says 100/s, the server gives 20/s): a handful of 429s in 5 s, not a flood', async () => {
    const server = await serve(
      serverBucket(() => 20, 100),
      () => ({ q: 100, burst: 100 }),
    )
    const r = await saturate(server.origin, 5000)
    // A guard, not a before/after check: here the old timer-recovered penalty met 11-22 × 429 and
    // this code 13-18 (the 30 concurrent calls meet each pause's end together).
    expect(r.refused).toBeLessThanOrEqual(30)
    // ... and the calls still go through at about the rate granted (20/s for 5 s, plus the burst).
    expect(r.accepted).toBeGreaterThanOrEqual(0.7 * (20 * 5 + 100))
  }, 20_000)

  it('a policy that flips between q=1 and q=1000 (the server gives 5/s): the client runs at about 5/s', async () => {
    const server = await serve(
      serverBucket(() => 5, 5),
      (i) => (i % 2 === 0 ? { q: 1, burst: 1 } : { q: 1000, burst: 1000 }),
    )
    const r = await saturate(server.origin, 6000, 10)
    // Measured: 0 failed, 7-16 × 429, 39-42 accepted (before: 6-10 accepted, 10 of 10 in flight
    // timed out unsent: a debt taken at 1000/s was repaid at 1/s).
    expect(r.failed).toBe(0)
    expect(r.refused).toBeLessThanOrEqual(25)
    expect(r.accepted).toBeGreaterThanOrEqual(0.7 * (5 * 6 + 5))
  }, 20_000)

  it('a pessimistic policy (says 5/s, the server gives 40/s and shows it): the client learns the faster rate', async () => {
    const server = await serve(
      serverBucket(() => 40, 40),
      () => ({ q: 5, burst: 40 }),
    )
    const r = await saturate(server.origin, 5000)
    // A guard: the server's remaining count already lifted the estimate before this change.
    expect(r.refused).toBeLessThanOrEqual(12)
    // At the policy's word it would get 5/s (25 + the burst of 40 in 5 s).
    expect(r.accepted).toBeGreaterThanOrEqual(0.6 * (40 * 5 + 40))
  }, 20_000)

  it('a quota that drops without a word and comes back (100/s, 20/s, 100/s): the client follows it both ways within seconds', async () => {
    const start = Date.now()
    const phase = () => Date.now() - start
    const server = await serve(
      serverBucket(() => (phase() < 3000 || phase() >= 9000 ? 100 : 20), 100),
      () => ({ q: 100, burst: 100 }),
    )
    const r = await saturate(server.origin, 14_000)
    const within = (from: number, to: number, status: number) =>
      r.events.filter((e) => e.status === status && e.startedAt - start >= from && e.startedAt - start < to).length
    // A guard, not a before/after check (main already follows the server's figures, issue 46 item 2;
    // measured here: 11-30 × 429 in the two seconds after the drop, 0-1 in the four after those, and
    // 190-203 calls in the two seconds after the quota is back).
    expect(within(5000, 9000, 429)).toBeLessThanOrEqual(4)
    expect(within(9000, 11_000, 200)).toBeGreaterThanOrEqual(0.7 * 100 * 2)
    expect(r.failed).toBe(0)
  }, 30_000)
})

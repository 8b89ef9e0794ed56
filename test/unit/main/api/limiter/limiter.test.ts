import { describe, expect, it } from 'vitest'
import { RateLimiter } from '../../../../../src/main/api/limiter/limiter'
import { present } from '../../../../helpers/present'
import { FakeClock, flush, headers, track, granted } from '../../../helpers/limiter-fixtures'

/** Moves the clock on step by step: after each step of `ms`, `count` of the entries are granted. */
async function grantsOverTime(
  clock: FakeClock,
  entries: Parameters<typeof granted>[0],
  steps: [ms: number, count: number][],
): Promise<void> {
  let at = 0
  for (const [ms, count] of steps) {
    at += ms
    await clock.advance(ms)
    expect(granted(entries), `granted ${at} ms on`).toBe(count)
  }
}

describe('RateLimiter before anything is learned', () => {
  it('lets one request per class fly until headers arrive; classes are independent', async () => {
    const clock = new FakeClock()
    const limiter = new RateLimiter({ clock, random: () => 0 })
    const r1 = track(limiter, { label: 'r1' })
    const r2 = track(limiter, { label: 'r2' })
    const w1 = track(limiter, { label: 'w1', cls: 'write', endpointKey: 'POST /orders' })
    await flush()
    expect(r1.permit).not.toBeNull()
    expect(r2.permit).toBeNull()
    expect(w1.permit).not.toBeNull()
    await clock.advance(10_000)
    expect(r2.permit).toBeNull()
    present(r1.permit).complete({ status: 200, headers: headers('get-v2-payments', 10, 5, 4) })
    await flush()
    expect(r2.permit?.bucket).toBe('get-v2-payments')
  })

  it('stays conservative when the headers are missing or garbage', async () => {
    const clock = new FakeClock()
    const limiter = new RateLimiter({ clock })
    const a = track(limiter, { label: 'a' })
    const b = track(limiter, { label: 'b' })
    const c = track(limiter, { label: 'c' })
    await flush()
    present(a.permit).complete({ status: 200, headers: { 'ratelimit-policy': 'nonsense', ratelimit: ';;;' } })
    await flush()
    expect(b.permit?.bucket).toBeNull()
    expect(c.permit).toBeNull()
    present(b.permit).fail()
    await flush()
    expect(c.permit).not.toBeNull()
  })
})

describe('RateLimiter token bucket', () => {
  async function learned(q: number, burst: number, r: number) {
    const clock = new FakeClock()
    const limiter = new RateLimiter({
      clock,
      random: () => 0.5,
      pauseJitterMs: 100,
      safetyMargin: false,
      slowStart: false,
    })
    const first = track(limiter, { label: 'first' })
    await flush()
    present(first.permit).complete({ status: 200, headers: headers('get-v2-payments', q, burst, r) })
    await flush()
    return { clock, limiter }
  }

  it('spends the r the server reported, then one token per 1/q seconds', async () => {
    const { clock, limiter } = await learned(10, 5, 4)
    const entries = Array.from({ length: 8 }, (_, i) => track(limiter, { label: `x${i}` }))
    await flush()
    expect(granted(entries)).toBe(4)
    await grantsOverTime(clock, entries, [
      [99, 4],
      [1, 5],
      [200, 7],
    ])
  })

  it('never exceeds the capacity after a long idle time', async () => {
    const { clock, limiter } = await learned(10, 5, 4)
    await clock.advance(60_000)
    const entries = Array.from({ length: 10 }, (_, i) => track(limiter, { label: `x${i}` }))
    await flush()
    expect(granted(entries)).toBe(5)
    expect(limiter.snapshots().find((s) => s.policy === 'get-v2-payments')).toMatchObject({
      remaining: 0,
      capacity: 5,
      ratePerSecond: 10,
      queued: 5,
      inFlight: 5,
      learned: true,
    })
  })

  it('background work leaves one token for the agent: a user request during a saturating sync goes at once', async () => {
    const { clock, limiter } = await learned(10, 10, 10)
    const sync = Array.from({ length: 200 }, (_, i) => track(limiter, { label: `bg${i}`, priority: 'background' }))
    await flush()
    // Ten tokens: the sync takes nine and leaves one.
    expect(granted(sync)).toBe(9)
    for (let second = 0; second < 5; second++) {
      await clock.advance(370) // between two refills
      const agent = track(limiter, { label: `agent${second}` })
      await flush()
      expect(agent.permit).not.toBeNull()
      await clock.advance(630)
    }
    // The sync still ran at the refill rate: 60 tokens in all, 5 to the agent, 1 kept back (±1 for
    // the refill in progress).
    expect(granted(sync)).toBeGreaterThanOrEqual(53)
  })

  it('does not double-count requests sent after the one answered (not in its r)', async () => {
    const { limiter } = await learned(10, 10, 9)
    const sent = Array.from({ length: 5 }, (_, i) => track(limiter, { label: `s${i}` }))
    await flush()
    expect(granted(sent)).toBe(5)
    // The first of the five was handled before the other four reached the server: r=8.
    present(sent[0]?.permit).complete({ status: 200, headers: headers('get-v2-payments', 10, 10, 8) })
    const more = Array.from({ length: 6 }, (_, i) => track(limiter, { label: `m${i}` }))
    await flush()
    // 9 − 5 = 4 left; r=8 minus the 4 unreflected ones agrees, so no extra tokens appear.
    expect(granted(more)).toBe(4)
  })

  it('does not trust an r from a request the server handled before others sent earlier (many sockets)', async () => {
    const { limiter } = await learned(10, 10, 9)
    const sent = Array.from({ length: 5 }, (_, i) => track(limiter, { label: `s${i}` }))
    await flush()
    // The last one sent overtook the other four on the server: r=8 does not include them.
    present(sent[4]?.permit).complete({ status: 200, headers: headers('get-v2-payments', 10, 10, 8) })
    const more = Array.from({ length: 8 }, (_, i) => track(limiter, { label: `m${i}` }))
    await flush()
    expect(granted(more)).toBe(4)
  })

  it('lowers the estimate when the server reports fewer tokens (another client shares the bucket)', async () => {
    const { clock, limiter } = await learned(10, 10, 9)
    const a = track(limiter, { label: 'a' })
    await flush()
    present(a.permit).complete({ status: 200, headers: headers('get-v2-payments', 10, 10, 1) })
    const more = Array.from({ length: 5 }, (_, i) => track(limiter, { label: `m${i}` }))
    await flush()
    expect(granted(more)).toBeLessThanOrEqual(2)
    const before = granted(more)
    await clock.advance(100)
    expect(granted(more)).toBe(before + 1)
  })

  it('raises the estimate when the server reports more tokens', async () => {
    const { limiter } = await learned(10, 10, 0)
    const a = track(limiter, { label: 'a' })
    await flush()
    expect(a.permit).toBeNull()
    // A different endpoint of the same policy is probed (one at a time) and reports a full bucket.
    const probe = track(limiter, { label: 'probe', endpointKey: 'GET /payments/:id' })
    await flush()
    expect(probe.permit?.bucket).toBeNull()
    present(probe.permit).complete({ status: 200, headers: headers('get-v2-payments', 10, 10, 9) })
    await flush()
    expect(a.permit).not.toBeNull()
  })

  it('keeps the last known bucket when a later response lacks headers', async () => {
    const { limiter } = await learned(10, 5, 4)
    const a = track(limiter, { label: 'a' })
    await flush()
    present(a.permit).complete({ status: 200, headers: {} })
    const more = Array.from({ length: 5 }, (_, i) => track(limiter, { label: `m${i}` }))
    await flush()
    expect(granted(more)).toBe(3)
    expect(present(present(more.find((m) => m.permit)).permit).bucket).toBe('get-v2-payments')
  })
})

describe('RateLimiter on 429 (spec 8.1)', () => {
  it('pauses the bucket for Retry-After plus jitter, once for many concurrent 429s, then resumes one at a time', async () => {
    const clock = new FakeClock()
    const limiter = new RateLimiter({ clock, random: () => 0.5, pauseJitterMs: 100, safetyMargin: false })
    const first = track(limiter, { label: 'first' })
    await flush()
    present(first.permit).complete({ status: 200, headers: headers('get-v2-payments', 10, 10, 9) })
    const flying = Array.from({ length: 9 }, (_, i) => track(limiter, { label: `f${i}` }))
    await flush()
    expect(granted(flying)).toBe(9)
    const waiting = Array.from({ length: 5 }, (_, i) => track(limiter, { label: `w${i}` }))
    await flush()
    const pauses: (number | null)[] = []
    for (const f of flying) {
      pauses.push(
        present(f.permit).complete({
          status: 429,
          headers: headers('get-v2-payments', 10, 10, 0, { 'retry-after': '2' }),
        }).pauseMs,
      )
      await clock.advance(3)
    }
    expect(limiter.pauseCount('get-v2-payments')).toBe(1)
    const pausedUntil = present(present(limiter.snapshots().find((s) => s.policy === 'get-v2-payments')).pausedUntil)
    // First 429 answered at t0; the pause ends at t0 + 2000 + jitter (0.5·100) and never earlier.
    expect(pauses[0]).toBe(2050)
    // Then one at a time at the rate the surprise cut to (half of 10/s: one per 200 ms).
    await grantsOverTime(clock, waiting, [
      [pausedUntil - clock.now() - 1, 0],
      [1, 1],
      [199, 1],
      [1, 2],
    ])
  })

  it('extends the pause when a later Retry-After ends later', async () => {
    const clock = new FakeClock()
    const limiter = new RateLimiter({ clock, random: () => 0, pauseJitterMs: 100 })
    const a = track(limiter, { label: 'a' })
    await flush()
    present(a.permit).complete({ status: 200, headers: headers('p', 10, 10, 9) })
    const [x, y] = [track(limiter, { label: 'x' }), track(limiter, { label: 'y' })]
    await flush()
    present(x.permit).complete({ status: 429, headers: headers('p', 10, 10, 0, { 'retry-after': '1' }) })
    expect(
      present(y.permit).complete({ status: 429, headers: headers('p', 10, 10, 0, { 'retry-after': '3' }) }).pauseMs,
    ).toBe(3000)
    expect(limiter.pauseCount('p')).toBe(1)
  })

  it('pauses for the default time when Retry-After is missing', async () => {
    const clock = new FakeClock()
    const limiter = new RateLimiter({ clock, random: () => 0, default429PauseMs: 700 })
    const a = track(limiter, { label: 'a' })
    await flush()
    expect(present(a.permit).complete({ status: 429, headers: {} }).pauseMs).toBe(700)
    const b = track(limiter, { label: 'b' })
    await clock.advance(699)
    expect(b.permit).toBeNull()
    await clock.advance(1)
    expect(b.permit).not.toBeNull()
  })
})

describe('RateLimiter queue', () => {
  async function blocked(maxQueue = 3) {
    const clock = new FakeClock()
    const limiter = new RateLimiter({ clock, maxQueue, slowStart: false })
    const head = track(limiter, { label: 'head' })
    await flush()
    return { clock, limiter, head }
  }

  it('serves user requests before background ones, FIFO within a priority', async () => {
    const { limiter, head } = await blocked(10)
    const order: string[] = []
    const labels = ['bg1', 'u1', 'bg2', 'u2']
    for (const label of labels) {
      void limiter
        .acquire({ cls: 'read', endpointKey: 'GET /payments', priority: label.startsWith('u') ? 'user' : 'background' })
        .then((p) => {
          order.push(label)
          p.fail()
        })
    }
    await flush()
    present(head.permit).fail()
    for (let i = 0; i < 10; i++) await flush()
    expect(order).toEqual(['u1', 'u2', 'bg1', 'bg2'])
  })

  it('puts a retry (original order key) ahead of newer requests', async () => {
    const { limiter, head } = await blocked()
    const order: string[] = []
    const take = (label: string, orderKey?: number) =>
      void limiter
        .acquire({
          cls: 'read',
          endpointKey: 'GET /payments',
          priority: 'user',
          orderKey,
          isRetry: orderKey !== undefined,
        })
        .then((p) => {
          order.push(label)
          p.fail()
        })
    take('new1')
    take('new2')
    take('retry', present(head.permit).orderKey)
    await flush()
    present(head.permit).fail()
    for (let i = 0; i < 10; i++) await flush()
    expect(order).toEqual(['retry', 'new1', 'new2'])
  })

  it('refuses new requests with queue-full at the bound, but admits retries', async () => {
    const { limiter } = await blocked()
    const queued = [1, 2, 3].map((i) => track(limiter, { label: `q${i}` }))
    const over = track(limiter, { label: 'over' })
    const retry = track(limiter, { label: 'retry', isRetry: true, orderKey: 0 })
    await flush()
    expect(over.error?.code).toBe('queue-full')
    expect(retry.error).toBeNull()
    expect(queued.every((q) => q.error === null)).toBe(true)
    expect(limiter.queuedCount()).toBe(4)
  })

  it('removes an aborted request from the queue without ever granting it', async () => {
    const { limiter, head } = await blocked()
    const ctrl = new AbortController()
    const aborted = track(limiter, { label: 'aborted', signal: ctrl.signal })
    const next = track(limiter, { label: 'next' })
    await flush()
    ctrl.abort()
    await flush()
    expect(aborted.error?.code).toBe('aborted')
    expect(limiter.queuedCount()).toBe(1)
    present(head.permit).fail()
    await flush()
    expect(aborted.permit).toBeNull()
    expect(next.permit).not.toBeNull()
  })

  it('rejects everything queued on dispose', async () => {
    const { limiter } = await blocked()
    const a = track(limiter, { label: 'a' })
    await flush()
    limiter.dispose()
    await flush()
    expect(a.error?.code).toBe('disposed')
    const late = track(limiter, { label: 'late' })
    await flush()
    expect(late.error?.code).toBe('disposed')
  })
})

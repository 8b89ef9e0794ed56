import { describe, expect, it } from 'vitest'
import type { Clock } from '../../../../src/main/api/clock'
import { RateLimiter, type AcquireRequest, type LimiterError, type Permit } from '../../../../src/main/api/limiter'
import { present } from '../../../helpers/present'

/** A clock whose timers fire only when the test advances time. */
class FakeClock implements Clock {
  t = 1_700_000_000_000
  private timers = new Map<number, { at: number; fn: () => void }>()
  private nextId = 1
  now = () => this.t
  setTimer = (fn: () => void, ms: number) => {
    const id = this.nextId++
    this.timers.set(id, { at: this.t + ms, fn })
    return id
  }
  clearTimer = (id: unknown) => {
    this.timers.delete(id as number)
  }
  async advance(ms: number): Promise<void> {
    const end = this.t + ms
    for (;;) {
      await flush()
      let next: [number, { at: number; fn: () => void }] | undefined
      for (const entry of this.timers) if (entry[1].at <= end && (!next || entry[1].at < next[1].at)) next = entry
      if (!next) break
      this.timers.delete(next[0])
      this.t = Math.max(this.t, next[1].at)
      next[1].fn()
    }
    this.t = end
    await flush()
  }
}

async function flush(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve()
}

const policy = (name: string, q: number, burst: number) =>
  `"${name}";q=${q};w=${Math.ceil(burst / q)};service-burst=${burst}`
const state = (name: string, r: number) => `"${name}";r=${r};t=1;service-burst=0`

function headers(name: string, q: number, burst: number, r: number, extra: Record<string, string> = {}) {
  return { 'ratelimit-policy': policy(name, q, burst), ratelimit: state(name, r), ...extra }
}

/** Tracks which acquisitions have been granted. */
function track(limiter: RateLimiter, req: Partial<AcquireRequest> & { label: string }) {
  const entry: { label: string; permit: Permit | null; error: LimiterError | null } = {
    label: req.label,
    permit: null,
    error: null,
  }
  limiter
    .acquire({ cls: 'read', endpointKey: 'GET /payments', priority: 'user', ...req })
    .then((p) => (entry.permit = p))
    .catch((e: LimiterError) => (entry.error = e))
  return entry
}

const granted = (entries: { permit: Permit | null }[]) => entries.filter((e) => e.permit).length

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
    const limiter = new RateLimiter({ clock, random: () => 0.5, pauseJitterMs: 100, safetyMargin: false })
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
    await clock.advance(99)
    expect(granted(entries)).toBe(4)
    await clock.advance(1)
    expect(granted(entries)).toBe(5)
    await clock.advance(200)
    expect(granted(entries)).toBe(7)
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
    await clock.advance(pausedUntil - clock.now() - 1)
    expect(granted(waiting)).toBe(0)
    await clock.advance(1)
    expect(granted(waiting)).toBe(1)
    // Then one at a time at the rate the surprise cut to (half of 10/s: one per 200 ms).
    await clock.advance(199)
    expect(granted(waiting)).toBe(1)
    await clock.advance(1)
    expect(granted(waiting)).toBe(2)
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
    const limiter = new RateLimiter({ clock, maxQueue })
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

describe('issue 15: bounds per class and priority', () => {
  it('a full read queue never refuses a write; at a full class the newest background request yields to a user one', async () => {
    const clock = new FakeClock()
    const limiter = new RateLimiter({ clock, maxQueue: 5 })
    const head = track(limiter, { label: 'head' })
    await flush()
    expect(head.permit).not.toBeNull()
    const bg = Array.from({ length: 5 }, (_, i) => track(limiter, { label: `bg${i}`, priority: 'background' }))
    const bgOver = track(limiter, { label: 'bg-over', priority: 'background' })
    const writes = Array.from({ length: 5 }, (_, i) =>
      track(limiter, { label: `w${i}`, cls: 'write', endpointKey: 'POST /payments' }),
    )
    const user = track(limiter, { label: 'user-read' })
    await flush()
    expect(bgOver.error?.code).toBe('queue-full')
    expect(writes.filter((w) => w.error !== null)).toEqual([])
    expect(user.error).toBeNull()
    // The newest background read gave way; the older ones still wait.
    expect(bg.map((b) => b.error?.code ?? null)).toEqual([null, null, null, null, 'queue-full'])
    // A user request with no background left to yield is refused at the class bound.
    const users = Array.from({ length: 5 }, (_, i) => track(limiter, { label: `u${i}` }))
    await flush()
    expect(users.map((u) => u.error?.code ?? null)).toEqual([null, null, null, null, 'queue-full'])
  })
})

describe('issue 15: bounded waits, lowered quotas, safety margin', () => {
  async function learnedWith(extra: Partial<ConstructorParameters<typeof RateLimiter>[0]>, r = 9) {
    const clock = new FakeClock()
    const limiter = new RateLimiter({ clock, random: () => 0, pauseJitterMs: 0, ...extra })
    const first = track(limiter, { label: 'first' })
    await flush()
    present(first.permit).complete({ status: 200, headers: headers('p', 10, 10, r) })
    await flush()
    return { clock, limiter }
  }

  it('a Retry-After beyond maxRetryAfterMs is reported as asked and pauses the bucket only the default 429 pause', async () => {
    const { limiter } = await learnedWith({ maxRetryAfterMs: 5000, safetyMargin: false, default429PauseMs: 700 })
    const x = track(limiter, { label: 'x' })
    await flush()
    const res = present(x.permit).complete({ status: 429, headers: headers('p', 10, 10, 0, { 'retry-after': '3600' }) })
    expect(res).toEqual({ pauseMs: 700, askedMs: 3_600_000 })
  })

  it('a pause longer than setTimeout can hold is re-armed, never a 1 ms loop', async () => {
    const { clock, limiter } = await learnedWith({ maxRetryAfterMs: Number.MAX_SAFE_INTEGER, safetyMargin: false })
    const x = track(limiter, { label: 'x' })
    await flush()
    const asked: number[] = []
    const setTimer = clock.setTimer
    clock.setTimer = (fn, ms) => {
      asked.push(ms)
      return setTimer(fn, ms)
    }
    present(x.permit).complete({ status: 429, headers: headers('p', 10, 10, 0, { 'retry-after': '9999999999' }) })
    track(limiter, { label: 'waiting' })
    await flush()
    expect(asked.length).toBeGreaterThan(0)
    expect(asked.every((ms) => ms >= 1000 && ms <= 2 ** 31 - 1)).toBe(true)
  })

  it('429s the estimate did not expect halve the rate (quota lowered without notice)', async () => {
    const { limiter } = await learnedWith({ safetyMargin: false })
    const before = present(limiter.snapshot('p')).ratePerSecond
    const x = track(limiter, { label: 'x' })
    await flush()
    present(x.permit).complete({ status: 429, headers: headers('p', 10, 10, 0, { 'retry-after': '1' }) })
    expect(present(limiter.snapshot('p')).ratePerSecond).toBe(before / 2)
  })

  it('keeps a margin in the bucket until the server shows its refill', async () => {
    const { clock, limiter } = await learnedWith({}, 4)
    const entries = Array.from({ length: 8 }, (_, i) => track(limiter, { label: `x${i}` }))
    await flush()
    // r=4: one token stays back as the margin.
    expect(granted(entries)).toBe(3)
    present(entries[0]?.permit).complete({ status: 200, headers: headers('p', 10, 10, 3) })
    await clock.advance(300)
    const before = granted(entries)
    // The server's r rose: the refill is seen, the margin is spent too.
    present(entries[1]?.permit).complete({ status: 200, headers: headers('p', 10, 10, 6) })
    await flush()
    expect(granted(entries)).toBeGreaterThan(before)
    expect(present(limiter.snapshot('p')).remaining).toBe(0)
  })
})

describe("issue 27: a bucket shared with a team and the merchant's shop", () => {
  async function learnedShared(r = 9, extra: Partial<ConstructorParameters<typeof RateLimiter>[0]> = {}) {
    const clock = new FakeClock()
    const limiter = new RateLimiter({ clock, random: () => 0, pauseJitterMs: 0, safetyMargin: false, ...extra })
    const first = track(limiter, { label: 'first' })
    await flush()
    present(first.permit).complete({ status: 200, headers: headers('p', 10, 10, r) })
    await flush()
    return { clock, limiter }
  }
  const view = (limiter: RateLimiter) => present(present(limiter.snapshot('p')).background)

  it('alone on the bucket, background work runs at full speed and says so', async () => {
    const { clock, limiter } = await learnedShared(10)
    expect(view(limiter)).toEqual({ configuredShare: 0.25, share: 1, othersActive: false, othersPerSecond: 0 })
    const sync = Array.from({ length: 60 }, (_, i) => track(limiter, { label: `bg${i}`, priority: 'background' }))
    await clock.advance(2000)
    // 10 tokens (one kept for the agent) + 2 s at q=10.
    expect(granted(sync)).toBeGreaterThanOrEqual(27)
  })

  it('others draining the bucket: background keeps to its share and waits while the bucket is low; user calls go at once', async () => {
    const { clock, limiter } = await learnedShared(9)
    const a = track(limiter, { label: 'a' })
    await flush()
    // Estimate 8, the server says 2: six tokens went to someone else.
    present(a.permit).complete({ status: 200, headers: headers('p', 10, 10, 2) })
    await flush()
    // The bucket is below half: the background rate was cut below the configured share at once.
    expect(view(limiter)).toMatchObject({ configuredShare: 0.25, othersActive: true })
    expect(view(limiter).share).toBeLessThan(0.25)
    expect(view(limiter).share).toBeGreaterThan(0)
    const sync = Array.from({ length: 20 }, (_, i) => track(limiter, { label: `bg${i}`, priority: 'background' }))
    await flush()
    expect(granted(sync)).toBe(0) // 2 tokens < half the capacity
    const agent = track(limiter, { label: 'agent' })
    await flush()
    expect(agent.permit).not.toBeNull()
    await clock.advance(2000)
    // At most its share of the quota: 0.25 · 10/s · 2 s, plus one allowance token.
    expect(granted(sync)).toBeGreaterThanOrEqual(1)
    expect(granted(sync)).toBeLessThanOrEqual(6)
  })

  it('with others, the background rate halves while the bucket shows less than half, and climbs only slowly while it shows more', async () => {
    const { clock, limiter } = await learnedShared(9)
    const answer = async (r: number) => {
      const x = track(limiter, { label: `x${r}` })
      await flush()
      present(x.permit).complete({ status: 200, headers: headers('p', 10, 10, r) })
      await flush()
    }
    await answer(2) // estimate 8, server 2: others seen; the bucket is low
    const first = view(limiter).share
    await clock.advance(1000)
    await answer(1)
    await clock.advance(1000)
    await answer(0)
    // Three low readings a second apart: three halvings, never below the floor.
    expect(view(limiter).share).toBeCloseTo(first / 4, 2)
    expect(view(limiter).share).toBeGreaterThan(0)
    const low = view(limiter).share
    // The bucket shows 6 of 10 for the next ten seconds (others still spending): the rate climbs by
    // 1 % of the quota per second, up to the configured share and never beyond it.
    for (let i = 0; i < 10; i++) {
      await clock.advance(1000)
      await answer(6)
      expect(view(limiter).othersActive).toBe(true)
    }
    expect(view(limiter).share).toBeCloseTo(low + 0.1, 2)
    for (let i = 0; i < 30; i++) {
      await clock.advance(1000)
      await answer(6)
    }
    expect(view(limiter).share).toBe(0.25)
  })

  it('a bucket drained to zero by others is still seen as shared when the own estimate is zero too', async () => {
    // Capacity 10 at 10/s: alone, the bucket would hold at least 10 minus what this instance sent in
    // the last second. It sends one request a second and the server keeps answering r = 0.
    const { clock, limiter } = await learnedShared(0)
    for (let i = 0; i < 8; i++) {
      await clock.advance(1000)
      const x = track(limiter, { label: `x${i}`, priority: 'user' })
      await flush()
      present(x.permit).complete({ status: 200, headers: headers('p', 10, 10, 0) })
      await flush()
    }
    // More than the 3 s window after the start: the estimate comparison alone would have said "alone".
    expect(view(limiter).othersActive).toBe(true)
    expect(view(limiter).share).toBeLessThan(0.25)
  })

  it('alone, a bucket this instance drained itself is not mistaken for a shared one', async () => {
    const { clock, limiter } = await learnedShared(10)
    // Ten background requests at once take the whole bucket; the server says r = 0 to the last.
    const sync = Array.from({ length: 10 }, (_, i) => track(limiter, { label: `bg${i}`, priority: 'background' }))
    await clock.advance(100)
    const sent = sync.filter((e) => e.permit !== null)
    for (const [i, e] of sent.entries())
      present(e.permit).complete({ status: 200, headers: headers('p', 10, 10, Math.max(0, 9 - i - 1)) })
    await flush()
    expect(sent.length).toBeGreaterThan(5)
    expect(view(limiter).othersActive).toBe(false)
    expect(view(limiter).share).toBe(1)
  })

  it("a 429 to the instance's background work pauses the background, not the agent's next call", async () => {
    const { clock, limiter } = await learnedShared(9)
    const a = track(limiter, { label: 'a' })
    await flush()
    present(a.permit).complete({ status: 200, headers: headers('p', 10, 10, 6) }) // others seen
    await clock.advance(3000)
    const bg = track(limiter, { label: 'bg', priority: 'background' })
    await clock.advance(2000)
    present(bg.permit).complete({ status: 429, headers: headers('p', 10, 10, 0, { 'retry-after': '2' }) })
    await flush()
    const agent = track(limiter, { label: 'agent' })
    const later = track(limiter, { label: 'later-bg', priority: 'background' })
    // The next slot opens within a tenth of a second at q = 10/s (a fifth at the rate halved by the
    // surprise): the agent goes then, not after the 2 s the sync was asked to wait.
    await clock.advance(250)
    expect(agent.permit).not.toBeNull()
    expect(later.permit).toBeNull()
    await clock.advance(1500)
    expect(later.permit).toBeNull() // the background keeps the whole Retry-After
  })

  it("a 429 to the agent's own call pauses the agent's calls for the whole Retry-After", async () => {
    const { clock, limiter } = await learnedShared(9)
    const a = track(limiter, { label: 'a' })
    await flush()
    present(a.permit).complete({ status: 429, headers: headers('p', 10, 10, 0, { 'retry-after': '2' }) })
    await flush()
    const agent = track(limiter, { label: 'agent' })
    await clock.advance(1900)
    expect(agent.permit).toBeNull()
    await clock.advance(200)
    expect(agent.permit).not.toBeNull()
  })

  it('after the others stop, background work returns to full speed', async () => {
    const { clock, limiter } = await learnedShared(9)
    const a = track(limiter, { label: 'a' })
    await flush()
    present(a.permit).complete({ status: 200, headers: headers('p', 10, 10, 2) })
    await clock.advance(5000)
    expect(view(limiter).share).toBe(1)
  })

  it("a 429 while others drain the bucket does not sink the rate: the server's r lifts the estimate at once", async () => {
    const { clock, limiter } = await learnedShared(9)
    const a = track(limiter, { label: 'a' })
    const b = track(limiter, { label: 'b' })
    await flush()
    present(a.permit).complete({ status: 200, headers: headers('p', 10, 10, 1) })
    present(b.permit).complete({ status: 429, headers: headers('p', 10, 10, 0, { 'retry-after': '1' }) })
    await clock.advance(1000)
    // The refill assumed between responses was halved once, never further.
    expect(present(limiter.snapshot('p')).ratePerSecond).toBeGreaterThanOrEqual(5)
    // The server shows 9 tokens (the others paused): nine user calls go now, not at the halved rate.
    // (answered on another endpoint of the same policy, whose first request goes unqueued)
    const probe = track(limiter, { label: 'probe', endpointKey: 'GET /payments/:id' })
    await flush()
    present(probe.permit).complete({ status: 200, headers: headers('p', 10, 10, 9) })
    const agents = Array.from({ length: 12 }, (_, i) => track(limiter, { label: `ag${i}` }))
    await flush()
    expect(granted(agents)).toBe(9)
  })

  it('the rate lowered by surprising 429s stops at a sixteenth of the policy', async () => {
    const { clock, limiter } = await learnedShared(9)
    for (let i = 0; i < 8; i++) {
      const x = track(limiter, { label: `x${i}` })
      await clock.advance(2000)
      // A 429 without a RateLimit figure: nothing explains it but a lower quota.
      present(x.permit).complete({ status: 429, headers: { 'retry-after': '1' } })
      await clock.advance(1100)
    }
    const low = present(limiter.snapshot('p')).ratePerSecond
    expect(low).toBeLessThan(2)
    expect(low).toBeGreaterThanOrEqual(10 / 16)
    // It rises again only on the server's evidence (limiter-learn.test.ts), never on a timer alone.
  })

  it("a user call never waits behind the instance's own background probe of an unlearned endpoint", async () => {
    const clock = new FakeClock()
    const limiter = new RateLimiter({ clock, random: () => 0 })
    const sync = track(limiter, { label: 'sync', priority: 'background' })
    const agent = track(limiter, { label: 'agent', endpointKey: 'GET /payments/:id' })
    const agent2 = track(limiter, { label: 'agent2', endpointKey: 'GET /payments/:id' })
    await flush()
    expect(sync.permit).not.toBeNull()
    expect(agent.permit).not.toBeNull()
    // Still one at a time among user calls.
    expect(agent2.permit).toBeNull()
  })

  it("while others drain the bucket, a user call counts on the whole refill since the server's last figure", async () => {
    const { clock, limiter } = await learnedShared(9)
    const a = track(limiter, { label: 'a' })
    await flush()
    // The server shows 0 where the estimate had 8: others are spending (the estimate refills slower).
    present(a.permit).complete({ status: 200, headers: headers('p', 10, 10, 0) })
    const sync = track(limiter, { label: 'bg', priority: 'background' })
    const agent = track(limiter, { label: 'agent' })
    await flush()
    expect(agent.permit).toBeNull()
    await clock.advance(100) // one token at q=10/s
    expect(agent.permit).not.toBeNull()
    expect(sync.permit).toBeNull()
  })

  it('the share is configurable', async () => {
    const { limiter } = await learnedShared(9, { backgroundShare: 0.1 })
    expect(view(limiter).configuredShare).toBe(0.1)
  })
})

describe('issue 27: headers that cannot be true are not trusted', () => {
  async function afterFirst(h: Record<string, string>) {
    const clock = new FakeClock()
    const limiter = new RateLimiter({ clock, random: () => 0, pauseJitterMs: 0 })
    const first = track(limiter, { label: 'first' })
    await flush()
    present(first.permit).complete({ status: 200, headers: h })
    const more = Array.from({ length: 20 }, (_, i) => track(limiter, { label: `m${i}` }))
    await flush()
    return { limiter, more }
  }

  it('a remaining of 1,000 on a bucket of 10 is ignored: one request at a time, no flood', async () => {
    const { limiter, more } = await afterFirst(headers('p', 10, 10, 1000))
    expect(granted(more)).toBe(1)
    expect(limiter.snapshot('p')).toBeNull()
  })

  it('a quota of 15 digits is ignored', async () => {
    const { more } = await afterFirst(headers('p', 999_999_999_999_999, 999_999_999_999_999, 5))
    expect(granted(more)).toBe(1)
  })

  it('a legacy reset longer than a day is ignored (no pause of years, no guessed window)', async () => {
    const { limiter, more } = await afterFirst({
      'x-ratelimit-limit': '10',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': '99999999',
    })
    expect(granted(more)).toBe(1)
    expect(limiter.snapshots().every((s) => s.pausedUntil === null)).toBe(true)
  })

  it('a remaining above a capacity learned earlier is ignored', async () => {
    const clock = new FakeClock()
    const limiter = new RateLimiter({ clock, random: () => 0, pauseJitterMs: 0, safetyMargin: false })
    const first = track(limiter, { label: 'first' })
    await flush()
    present(first.permit).complete({ status: 200, headers: headers('p', 10, 10, 0) })
    const a = track(limiter, { label: 'a', endpointKey: 'GET /payments/:id' })
    await flush()
    present(a.permit).complete({ status: 200, headers: { ratelimit: state('p', 1000) } })
    const more = Array.from({ length: 20 }, (_, i) => track(limiter, { label: `m${i}` }))
    await flush()
    expect(granted(more)).toBe(0)
  })
})

// Issue 27: a bucket shared with a team and the merchant's shop, and headers that cannot be true.
import { describe, expect, it } from 'vitest'
import { RateLimiter } from '../../../../../src/main/api/limiter/limiter'
import { present } from '../../../../helpers/present'
import { FakeClock, flush, state, headers, track, granted } from '../../../helpers/limiter-fixtures'

describe("issue 27: a bucket shared with a team and the merchant's shop", () => {
  async function learnedShared(r = 9, extra: Partial<ConstructorParameters<typeof RateLimiter>[0]> = {}) {
    const clock = new FakeClock()
    const limiter = new RateLimiter({
      clock,
      random: () => 0,
      pauseJitterMs: 0,
      safetyMargin: false,
      slowStart: false,
      ...extra,
    })
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

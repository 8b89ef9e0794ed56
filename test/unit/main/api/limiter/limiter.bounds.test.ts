// Issue 15: the limiter's bounds per class and priority, bounded waits, lowered quotas, safety margin.
import { describe, expect, it } from 'vitest'
import { RateLimiter } from '../../../../../src/main/api/limiter/limiter'
import { present } from '../../../../helpers/present'
import { FakeClock, flush, headers, track, granted } from '../../../helpers/limiter-fixtures'

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

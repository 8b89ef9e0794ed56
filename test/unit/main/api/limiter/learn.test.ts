// Issue 46 item 2: what the server shows over time moves the bucket, not a timer or the last header.
import { describe, expect, it } from 'vitest'
import { RateLimiter, type Permit } from '../../../../../src/main/api/limiter/limiter'
import { present } from '../../../../helpers/present'
import { FakeClock, flush } from '../../../helpers/limiter-fixtures'

const headers = (q: number, burst: number, r: number, extra: Record<string, string> = {}) => ({
  'ratelimit-policy': `"p";q=${q};w=1;service-burst=${burst}`,
  ratelimit: `"p";r=${r};t=1;service-burst=0`,
  ...extra,
})

function acquire(limiter: RateLimiter): { permit: Permit | null } {
  const entry: { permit: Permit | null } = { permit: null }
  void limiter.acquire({ cls: 'read', endpointKey: 'GET /payments', priority: 'user' }).then((p) => (entry.permit = p))
  return entry
}

async function learned(clock: FakeClock, q: number, burst: number, r: number): Promise<RateLimiter> {
  const limiter = new RateLimiter({ clock, random: () => 0, pauseJitterMs: 0, safetyMargin: false })
  const first = acquire(limiter)
  await flush()
  present(first.permit).complete({ status: 200, headers: headers(q, burst, r) })
  await flush()
  return limiter
}

const rate = (limiter: RateLimiter) => present(limiter.snapshot('p')).ratePerSecond

/** A bucket learned at `q` a second, then cut by a 429 while the server showed 9 left. */
async function cutBySurprise(clock: FakeClock, q: number, burst: number) {
  const limiter = await learned(clock, q, burst, 9)
  const x = acquire(limiter)
  await flush()
  present(x.permit).complete({ status: 429, headers: headers(q, burst, 0) })
  const cut = rate(limiter)
  expect(cut).toBeLessThan(q)
  return { limiter, cut }
}

describe('the bucket believes the server over time (issue 46 item 2)', () => {
  it('a rate cut by a surprising 429 does not recover on a timer alone', async () => {
    const clock = new FakeClock()
    const { limiter, cut } = await cutBySurprise(clock, 10, 10)
    // 30 s later the server still shows an empty bucket: nothing says the quota is back.
    await clock.advance(30_000)
    const y = acquire(limiter)
    await clock.advance(1)
    present(y.permit).complete({ status: 200, headers: headers(10, 10, 0) })
    expect(rate(limiter)).toBe(cut)
  })

  it('the rate rises again when the server shows it refills faster than believed', async () => {
    const clock = new FakeClock()
    const { limiter, cut } = await cutBySurprise(clock, 10, 40)
    // After the pause the server's remaining count climbs by 20 a second (it refills at 20/s).
    await clock.advance(1000)
    for (let i = 0; i < 3; i++) {
      const y = acquire(limiter)
      await clock.advance(1)
      present(y.permit).complete({ status: 200, headers: headers(10, 40, 20 * (1 + i / 2) - (i + 1)) })
      await clock.advance(499)
    }
    // It rises to the refill the server showed (20/s), above even the policy's word.
    expect(rate(limiter)).toBeGreaterThan(cut)
    expect(rate(limiter)).toBeCloseTo(20, 0)
  })
})

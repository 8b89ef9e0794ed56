// Issue 46 item 7: main names an overloaded bucket (others spend from it and a lookup would wait a
// second or more); the words are the renderer's (lib/rate-limits.ts).
import { describe, expect, it } from 'vitest'
import type { Clock } from '../../../../../src/main/api/clock'
import { RateLimiter, type Permit } from '../../../../../src/main/api/limiter/limiter'
import { present } from '../../../../helpers/present'
import { flush } from '../../../helpers/limiter-fixtures'

const T0 = 1_700_000_000_000
const clock: Clock & { t: number } = { t: T0, now: () => clock.t, setTimer: () => 0, clearTimer: () => undefined }

const headers = (r: number) => ({
  'ratelimit-policy': '"p";q=10;w=1;service-burst=10',
  ratelimit: `"p";r=${r};t=1;service-burst=0`,
})

function lookup(limiter: RateLimiter): { permit: Permit | null } {
  const entry: { permit: Permit | null } = { permit: null }
  void limiter.acquire({ cls: 'read', endpointKey: 'GET /payments', priority: 'user' }).then((p) => (entry.permit = p))
  return entry
}

async function learned(firstR: number, secondR: number): Promise<RateLimiter> {
  clock.t = T0
  const limiter = new RateLimiter({ clock, random: () => 0, pauseJitterMs: 0, safetyMargin: false })
  const a = lookup(limiter)
  await flush()
  present(a.permit).complete({ status: 200, headers: headers(firstR) })
  const b = lookup(limiter)
  await flush()
  present(b.permit).complete({ status: 200, headers: headers(secondR) })
  await flush()
  return limiter
}

describe('over the quota, main says so (issue 46 item 7)', () => {
  it('others drain the bucket and lookups queue: the snapshot names the wait a lookup meets', async () => {
    // The estimate held 8, the server says 0: someone else took them.
    const limiter = await learned(9, 0)
    for (let i = 0; i < 20; i++) lookup(limiter)
    await flush()
    const snap = present(limiter.snapshot('p'))
    expect(snap.background?.othersActive).toBe(true)
    expect(present(snap.overload).lookupWaitMs).toBeGreaterThanOrEqual(1000)
  })

  it('alone, a queue of its own is no overload', async () => {
    const limiter = await learned(9, 8)
    for (let i = 0; i < 30; i++) lookup(limiter)
    await flush()
    const snap = present(limiter.snapshot('p'))
    expect(snap.background?.othersActive).toBe(false)
    expect(snap.overload).toBeUndefined()
  })
})

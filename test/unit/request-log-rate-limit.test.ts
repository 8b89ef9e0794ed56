import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createRateLimitFeed } from '../../src/main/services/request-log-rate-limit'
import type { BucketSnapshot } from '../../src/shared/api-events'

const bucket = (policy: string, remaining: number): BucketSnapshot => ({
  policy,
  class: 'read',
  remaining,
  capacity: 50,
  ratePerSecond: 25,
  queued: 0,
  inFlight: 0,
  pausedUntil: null,
  learned: true,
})

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('rate-limit feed', () => {
  it('pushes only the active connection, at most once per interval, always ending on the latest state', () => {
    const pushed: BucketSnapshot[][] = []
    const feed = createRateLimitFeed({ emit: (s) => pushed.push(s), intervalMs: 100, now: () => Date.now() })
    feed.setActive('a')
    expect(pushed).toEqual([[]]) // switching shows the (empty) state at once
    feed.update('b', [bucket('get-v2-payments', 1)])
    expect(pushed).toHaveLength(1)
    for (let r = 50; r > 40; r--) feed.update('a', [bucket('get-v2-payments', r)])
    vi.advanceTimersByTime(100)
    expect(pushed.length).toBeLessThanOrEqual(3)
    expect(pushed[pushed.length - 1][0].remaining).toBe(41)
    expect(feed.state()[0].remaining).toBe(41)
    feed.setActive('b')
    expect(pushed[pushed.length - 1][0].remaining).toBe(1)
    feed.dispose()
  })
})

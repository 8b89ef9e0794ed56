import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createRateLimitFeed } from '../../../../../src/main/services/request-log/rate-limit'
import type { BucketSnapshot } from '../../../../../src/shared/api-events'
import { bucketSnapshot } from '../../../helpers/bucket-snapshot'

const bucket = (policy: string, remaining: number): BucketSnapshot => bucketSnapshot({ policy, remaining })

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
    expect(pushed.at(-1)?.[0]?.remaining).toBe(41)
    expect(feed.state()[0]?.remaining).toBe(41)
    feed.setActive('b')
    expect(pushed.at(-1)?.[0]?.remaining).toBe(1)
    feed.dispose()
  })

  it('re-reads idle buckets as they refill and pushes until they are full, then stops reading', () => {
    const pushed: BucketSnapshot[][] = []
    const feed = createRateLimitFeed({ emit: (s) => pushed.push(s), intervalMs: 100, refreshMs: 1000 })
    feed.setActive('a')
    let tokens = 0
    let reads = 0
    const read = () => {
      reads++
      return [bucket('get-v2-payments', tokens)]
    }
    feed.update('a', [bucket('get-v2-payments', 0)], read)
    vi.advanceTimersByTime(100)
    expect(pushed.at(-1)?.[0]?.remaining).toBe(0)
    tokens = 25
    vi.advanceTimersByTime(1000)
    vi.advanceTimersByTime(100)
    expect(pushed.at(-1)?.[0]?.remaining).toBe(25)
    tokens = 50
    vi.advanceTimersByTime(1100)
    expect(pushed.at(-1)?.[0]?.remaining).toBe(50)
    expect(feed.state()[0]?.remaining).toBe(50)
    const readsWhenFull = reads
    const pushesWhenFull = pushed.length
    vi.advanceTimersByTime(10_000)
    expect(reads).toBe(readsWhenFull)
    expect(pushed).toHaveLength(pushesWhenFull)
    feed.dispose()
  })

  it('re-reads a paused bucket until its pause is over, and reads only the active connection', () => {
    const pushed: BucketSnapshot[][] = []
    const feed = createRateLimitFeed({ emit: (s) => pushed.push(s), intervalMs: 100, refreshMs: 1000 })
    feed.setActive('a')
    const full = bucket('get-v2-payments', 50)
    let paused: number | null = Date.now() + 1500
    let readsB = 0
    feed.update('b', [bucket('get-v2-payments', 0)], () => {
      readsB++
      return [bucket('get-v2-payments', 0)]
    })
    feed.update('a', [{ ...full, pausedUntil: paused }], () => [{ ...full, pausedUntil: paused }])
    vi.advanceTimersByTime(100)
    expect(pushed.at(-1)?.[0]?.pausedUntil).not.toBeNull()
    paused = null
    vi.advanceTimersByTime(2200)
    expect(pushed.at(-1)?.[0]?.pausedUntil).toBeNull()
    expect(readsB).toBe(0)
    feed.dispose()
  })

  it('a bucket over its quota names the team’s other desks online, counted again at most every 30 s (issue 46 item 7)', async () => {
    const pushed: BucketSnapshot[][] = []
    const feed = createRateLimitFeed({ emit: (s) => pushed.push(s), intervalMs: 100, now: () => Date.now() })
    let online: number | null = 19
    let asked = 0
    feed.countOtherDesks(async () => {
      asked++
      return online
    })
    feed.setActive('a')
    feed.update('a', [bucket('get-v2-payments', 3)])
    vi.advanceTimersByTime(100)
    expect(asked).toBe(0) // nothing over the quota: nobody counted
    const over = bucketSnapshot({ policy: 'get-v2-payments', remaining: 0, overload: { lookupWaitMs: 12_000 } })
    feed.update('a', [over])
    vi.advanceTimersByTime(100)
    await vi.advanceTimersByTimeAsync(100)
    expect(pushed.at(-1)?.[0]?.overload).toEqual({ lookupWaitMs: 12_000, otherDesks: 19 })
    online = null // the desk left its team: main cannot know who else uses the key
    feed.update('a', [{ ...over }])
    await vi.advanceTimersByTimeAsync(200)
    expect(asked).toBe(1)
    await vi.advanceTimersByTimeAsync(30_000)
    feed.update('a', [{ ...over, remaining: 1 }])
    await vi.advanceTimersByTimeAsync(200)
    expect(asked).toBe(2)
    expect(pushed.at(-1)?.[0]?.overload).toEqual({ lookupWaitMs: 12_000 })
    feed.dispose()
  })
})

import type { BucketSnapshot } from '../../../src/shared/api-events'

/** A learned READ bucket with 40 of 50 tokens, idle and not paused, changed by `overrides`. */
export function bucketSnapshot(overrides: Partial<BucketSnapshot> = {}): BucketSnapshot {
  return {
    policy: 'read',
    class: 'read',
    remaining: 40,
    capacity: 50,
    ratePerSecond: 25,
    queued: 0,
    inFlight: 0,
    pausedUntil: null,
    learned: true,
    ...overrides,
  }
}

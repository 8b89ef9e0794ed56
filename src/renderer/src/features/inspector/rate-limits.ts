// Bucket summaries for the status bar and the panel (pure).
import type { BucketSnapshot, RequestClass } from '../../../../shared/api-events'

/** Below this share of capacity a bucket shows amber (spec 8.1.8: slow down as capacity drops). */
export const LOW_SHARE = 0.2

export function isLow(bucket: BucketSnapshot, now: number): boolean {
  return isPaused(bucket, now) || bucket.remaining <= Math.floor(bucket.capacity * LOW_SHARE)
}

export function isPaused(bucket: BucketSnapshot, now: number): boolean {
  return bucket.pausedUntil !== null && bucket.pausedUntil > now
}

/** The most constrained bucket of a class: paused first, then the lowest share left. */
export function tightestBucket(buckets: BucketSnapshot[], cls: RequestClass, now: number): BucketSnapshot | null {
  let best: BucketSnapshot | null = null
  let bestScore = Infinity
  for (const b of buckets) {
    if (b.class !== cls) continue
    const score = isPaused(b, now) ? -1 : b.capacity > 0 ? b.remaining / b.capacity : 1
    if (score < bestScore) {
      best = b
      bestScore = score
    }
  }
  return best
}

export function pausedSeconds(bucket: BucketSnapshot, now: number): number {
  return bucket.pausedUntil === null ? 0 : Math.max(0, Math.ceil((bucket.pausedUntil - now) / 1000))
}

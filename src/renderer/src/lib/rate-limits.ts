// One reading of the rate limits for every place that shows them (status bar, Payments header,
// Inspector panel): the same buckets (main's rateLimit.state / rateLimit.changed, kept in the
// inspector store), the same choice of bucket per class and the same words and numbers.
import type { BucketSnapshot, RequestClass } from '../../../shared/api-events'

/** Below this share of capacity a bucket shows amber (spec 8.1.8: slow down as capacity drops). */
const LOW_SHARE = 0.2

export function isLow(bucket: BucketSnapshot, now: number): boolean {
  return isPaused(bucket, now) || bucket.remaining <= Math.floor(bucket.capacity * LOW_SHARE)
}

export function isPaused(bucket: BucketSnapshot, now: number): boolean {
  return bucket.pausedUntil !== null && bucket.pausedUntil > now
}

/**
 * The buckets worth showing: a class's conservative first gate (before the service named its
 * policy) says nothing while it is idle, so "WRITE 1/1" never shows before any write.
 */
export function shownBuckets(buckets: readonly BucketSnapshot[]): BucketSnapshot[] {
  return buckets.filter((b) => b.learned || b.inFlight > 0 || b.queued > 0)
}

/** The most constrained shown bucket of a class: paused first, then the lowest share left. */
export function tightestBucket(
  buckets: readonly BucketSnapshot[],
  cls: RequestClass,
  now: number,
): BucketSnapshot | null {
  let best: BucketSnapshot | null = null
  let bestScore = Infinity
  for (const b of shownBuckets(buckets)) {
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

/** "38/50": the numbers every view shows for a bucket. */
export function bucketNumbers(bucket: BucketSnapshot): string {
  return `${bucket.remaining}/${Math.round(bucket.capacity * 1000) / 1000}`
}

type BucketActivity = 'paused' | 'waiting' | 'sending' | 'idle'

/** What the bucket is doing now, in the agent's words. */
export function bucketActivity(bucket: BucketSnapshot, now: number): BucketActivity {
  if (isPaused(bucket, now)) return 'paused'
  if (bucket.queued > 0) return 'waiting'
  if (bucket.inFlight > 0) return 'sending'
  return 'idle'
}

export function activityText(bucket: BucketSnapshot, now: number): string {
  switch (bucketActivity(bucket, now)) {
    case 'paused':
      return `paused ${pausedSeconds(bucket, now)} s`
    case 'waiting':
      return `${bucket.queued} waiting`
    case 'sending':
      return 'sending'
    case 'idle':
      return 'idle'
  }
}

/**
 * Seconds until a waiting request may go: the pause after a 429 (Retry-After), or, when requests
 * are merely queued, the time for the bucket to refill one token. null when nothing waits.
 */
export function waitSeconds(bucket: BucketSnapshot | null, nowMs: number): number | null {
  if (!bucket) return null
  if (bucket.pausedUntil !== null && bucket.pausedUntil > nowMs)
    return Math.max(1, Math.ceil((bucket.pausedUntil - nowMs) / 1000))
  if (bucket.queued > 0) {
    const missing = Math.max(0, 1 - bucket.remaining)
    return Math.max(1, Math.ceil(bucket.ratePerSecond > 0 ? missing / bucket.ratePerSecond : 1))
  }
  return null
}

/** "7.8", "12", "0.4": a rate as an agent reads it. */
function perSecond(n: number): string {
  return n >= 10 ? String(Math.round(n)) : String(Math.round(n * 10) / 10)
}

/**
 * What the background sync takes of a bucket shared with others (main's BackgroundShareView), in
 * plain words; null for a bucket without one (not yet learned, or a write bucket the sync never uses).
 */
/** The part the sync takes now, in words: "about 3 %" ("under 1 %" when it is nearly paused). */
function nowShare(share: number): string {
  return share < 0.01 ? 'under 1 %' : `about ${Math.round(share * 100)} %`
}

export function backgroundShareText(bucket: BucketSnapshot): string | null {
  const view = bucket.background
  if (!view) return null
  const quota = `this connection's ${bucket.class === 'read' ? 'read' : 'write'} quota`
  const share = `${Math.round(view.configuredShare * 100)} %`
  const rule = `Background sync uses up to ${share} of ${quota} while others (your team, your shop) use it; it runs at full speed when nobody else does.`
  if (view.startingUp && !view.othersActive)
    return `${rule} Starting up: until the service's figures show whether others use it, the sync takes ${nowShare(view.share)} and speeds up every half second while the bucket stays above half.`
  return view.othersActive
    ? `${rule} Others now: about ${perSecond(view.othersPerSecond)} requests/s, so the sync takes ${nowShare(view.share)} now; it slows down further while the bucket is low.`
    : `${rule} Nobody else is using it now, so the sync may run at full speed.`
}

/**
 * Who else spends from the merchant's bucket, as far as main knows: the team's other desks online
 * (counted by main from the team database) and the merchant's other apps; "other apps" alone when
 * this desk is not on a team (main cannot know who else holds a key of the merchant).
 */
function whoElse(otherDesks: number | undefined): string {
  if (otherDesks === undefined) return "other apps on the merchant's account (other desks, the shop)"
  if (otherDesks === 0) return "the merchant's other apps (the shop; none of your team's other desks is online)"
  return `this desk, ${otherDesks} other ${otherDesks === 1 ? 'desk' : 'desks'} of your team and the merchant's other apps (the shop)`
}

/**
 * The merchant's quota is used up (main's `overload`: others spend from the bucket and a lookup
 * would wait a second or more), in words; null otherwise.
 */
export function overloadText(bucket: BucketSnapshot): string | null {
  if (!bucket.overload) return null
  const limit = `The merchant's ${bucket.class === 'read' ? 'read' : 'write'} limit`
  const who = whoElse(bucket.overload.otherDesks)
  const others = bucket.background?.othersActive
    ? `${who}; besides this desk about ${perSecond(bucket.background.othersPerSecond)} requests/s`
    : who
  const wait = Math.max(1, Math.round(bucket.overload.lookupWaitMs / 1000))
  return `${limit} is used up by ${others}: lookups wait about ${wait} s. Your lookups still go before the background sync, which waits.`
}

/** The status bar's short form: "limit used up", with the team's desks when main counted them. */
export function overloadTag(bucket: BucketSnapshot): string | null {
  if (!bucket.overload) return null
  const n = bucket.overload.otherDesks
  return n === undefined || n === 0 ? 'limit used up' : `limit used up by ${n + 1} desks and other apps`
}

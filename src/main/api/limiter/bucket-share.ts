// A bucket shared with others (spec 8.1: every key and app of one merchant draws from one bucket):
// the other Paydesk instances of a support team, and the merchant's own shop. What this instance
// knows of them comes only from the server's remaining counts: tokens missing from the bucket that
// this instance did not spend were spent by someone else. From that it keeps
//   - an estimate of the others' spending per second (so the local estimate refills at what is left
//     for this instance, not at the whole quota), and
//   - whether others are active now (spending seen within the last few seconds).
// While others are active, background work (the sync) is a good citizen: it takes at most
// `backgroundShare` of the quota, and nothing while the bucket is below `lowWater` of its capacity.
// Within that cap its rate adapts like a congestion window (additive increase, multiplicative
// decrease): it halves when the server's remaining count shows the bucket below the low-water mark
// or a request meets a 429, and climbs slowly while the bucket stays above it. Twenty instances
// that each took a fixed quarter would ask for five buckets' worth; adapting to what the bucket
// shows, they share what the agents and the shop leave, without knowing how many they are.
// With nobody else seen it runs at full speed. User requests are never held by these rules.
//
// A cold start (issue 46 item 1): while this instance does not know the bucket's state (its policy
// just learned, or no figure from the server for longer than the bucket takes to refill: a first
// start, or a network drop) it cannot tell whether twenty desks are starting with it. Assuming it
// is alone, each would spend the bucket they all believe full at once. So background work starts
// slowly: at SLOW_START_SHARE of the quota, its first request after a random part of one interval
// (desks started together spread out), the share doubling every half second while the server's figures
// show the bucket above low water (halving when they do not), until it is the whole quota (alone:
// full speed after about 2.5 s) or others are seen (the congestion window above takes over
// from the share reached). The agent's calls are never held by it.

import type { BackgroundShareView } from '../../../shared/api-events'

export interface ShareOptions {
  /** Largest part of the quota this instance's background work takes while others use the bucket. */
  backgroundShare: number
  /** Background work waits while the bucket holds less than this part of its capacity (others active). */
  lowWater: number
  /** Others count as active this long after their spending was last seen (ms). */
  othersWindowMs: number
}

const DEFAULT_SHARE_OPTIONS: ShareOptions = { backgroundShare: 0.25, lowWater: 0.5, othersWindowMs: 3000 }

/** The limiter's options for a shared bucket, each within its sensible range (types.ts). */
export function shareOptionsOf(options: { backgroundShare?: number; lowWater?: number }): ShareOptions {
  const share = options.backgroundShare ?? DEFAULT_SHARE_OPTIONS.backgroundShare
  return {
    ...DEFAULT_SHARE_OPTIONS,
    backgroundShare: Number.isFinite(share)
      ? Math.min(1, Math.max(0.05, share))
      : DEFAULT_SHARE_OPTIONS.backgroundShare,
    lowWater: Math.min(0.9, Math.max(0, options.lowWater ?? DEFAULT_SHARE_OPTIONS.lowWater)),
  }
}

/** Additive increase of the background rate per second while the bucket stays above low water (part of the quota). */
const BACKGROUND_INCREASE_PER_S = 0.01
/** Slowest background rate while others are active (part of the quota): the sync still progresses. */
const BACKGROUND_FLOOR = 0.005
/** Two cuts of the background rate are at least this far apart (one crowded moment counts once). */
const CUT_SPACING_MS = 1000

/** The part of the quota background work starts at while the bucket's state is unknown (slow start). */
const SLOW_START_SHARE = 1 / 32
/** ... and its share doubles every this many ms while the bucket stays above low water. */
const SLOW_DOUBLING_MS = 500

/** Tokens missing beyond this are someone else's spending, not clock rounding. */
const FOREIGN_MIN_TOKENS = 0.5
/** How fast the estimate of the others' rate follows what the remaining counts show. */
const GAIN = 0.25
/** Shortest interval the others' rate is computed over (one response alone says little). */
const MIN_INTERVAL_S = 1

export interface ShareState {
  /** Last time someone else's spending was seen (epoch ms), or null. */
  othersSeenAt: number | null
  /** Estimated tokens per second spent by others. */
  othersRate: number
  /** Time of the last correction that fed the estimate. */
  lastFedAt: number | null
  /** The background allowance: tokens at `bgShare` of the quota, capacity one. */
  bgTokens: number
  bgUpdatedAt: number
  /** The part of the quota background work may take now while others are active (≤ backgroundShare). */
  bgShare: number
  /** Last time bgShare was raised or cut. */
  bgShareAt: number
  lastCutAt: number | null
  /** Slow start (cold bucket): the part of the quota background work may take now, or null when over. */
  slow: number | null
  /** When the slow start's share last grew or was cut. */
  slowAt: number
}

/** A bucket first seen shared starts its background at a quarter of the share and climbs from there. */
export function newShareState(now: number, o: ShareOptions = DEFAULT_SHARE_OPTIONS): ShareState {
  return {
    othersSeenAt: null,
    othersRate: 0,
    lastFedAt: null,
    bgTokens: 1,
    bgUpdatedAt: now,
    bgShare: o.backgroundShare / 4,
    bgShareAt: now,
    lastCutAt: null,
    slow: null,
    slowAt: now,
  }
}

/**
 * The bucket's state is unknown (just learned, or no figure for longer than it takes to refill):
 * background work starts slowly, its first request after a random part (`jitter` in [0, 1)) of one
 * interval at the slow start's rate, or of a second when that is longer.
 */
export function startSlow(s: ShareState, rate: number, now: number, jitter: number): void {
  s.slow = SLOW_START_SHARE
  s.slowAt = now
  s.bgTokens = 1 - Math.min(1, Math.max(0, jitter)) * Math.min(1, rate * SLOW_START_SHARE)
  s.bgUpdatedAt = now
}

/**
 * A figure from the server during a slow start: above low water the share doubles per second since
 * the last step (the whole quota ends it), below it halves (at most once per CUT_SPACING_MS). Others
 * seen end it too: the congestion window goes on from the share reached.
 */
function stepSlow(
  s: ShareState,
  level: { remaining: number; capacity: number } | null,
  now: number,
  o: ShareOptions,
): void {
  if (s.slow === null) return
  if (othersActive(s, now, o)) {
    s.bgShare = Math.min(o.backgroundShare, s.bgShare, s.slow)
    s.bgShareAt = now
    s.slow = null
    return
  }
  if (level !== null && level.remaining < o.lowWater * level.capacity) {
    if (now - s.slowAt >= CUT_SPACING_MS) {
      s.slow = Math.max(BACKGROUND_FLOOR, s.slow / 2)
      s.slowAt = now
    }
    return
  }
  if (level === null) return
  s.slow *= 2 ** (Math.max(0, now - s.slowAt) / SLOW_DOUBLING_MS)
  s.slowAt = now
  if (s.slow >= 1) s.slow = null
}

/** A 429 during a slow start: the share halves (the bucket is busier than its figures said). */
export function cutSlow(s: ShareState, now: number): void {
  if (s.slow === null) return
  s.slow = Math.max(BACKGROUND_FLOOR, s.slow / 2)
  s.slowAt = now
}

/** The part of the quota background work may take now: the slow start's, the share's, or all of it. */
function allowedShare(s: ShareState, now: number, o: ShareOptions): number | null {
  if (s.slow !== null) return s.slow
  return othersActive(s, now, o) ? Math.min(s.bgShare, o.backgroundShare) : null
}

/** Halves the background rate (a crowded bucket or a 429), at most once per CUT_SPACING_MS. */
export function cutBackground(s: ShareState, now: number): void {
  if (s.lastCutAt !== null && now - s.lastCutAt < CUT_SPACING_MS) return
  s.bgShare = Math.max(BACKGROUND_FLOOR, s.bgShare / 2)
  s.bgShareAt = now
  s.lastCutAt = now
}

/**
 * The server's remaining count, read from a response: below the low-water mark the background rate
 * is cut; above it, it climbs by BACKGROUND_INCREASE_PER_S of the quota per second, up to the share.
 */
export function observeLevel(
  s: ShareState,
  bucket: { remaining: number; capacity: number },
  now: number,
  o: ShareOptions,
): void {
  stepSlow(s, bucket, now, o)
  if (!othersActive(s, now, o)) return
  if (bucket.remaining < o.lowWater * bucket.capacity) {
    cutBackground(s, now)
    return
  }
  const seconds = Math.max(0, now - s.bgShareAt) / 1000
  s.bgShare = Math.min(o.backgroundShare, s.bgShare + BACKGROUND_INCREASE_PER_S * seconds)
  s.bgShareAt = now
}

export function othersActive(s: ShareState, now: number, o: ShareOptions): boolean {
  return s.othersSeenAt !== null && now - s.othersSeenAt <= o.othersWindowMs
}

/**
 * Tokens per second left for this instance's own estimate: the quota minus what others are seen to
 * take (that estimate falls again by itself when the server shows more tokens than assumed).
 */
export function ownRefillRate(s: ShareState, rate: number): number {
  // Never below a tenth: the next response corrects the estimate anyway.
  return Math.max(rate * 0.1, rate - s.othersRate)
}

/**
 * Feeds one comparison of the local estimate with the server's remaining count. `certain`: tokens
 * the estimate held beyond anything the server can have (only others' spending explains them).
 * `likely`: the estimate minus the server's likeliest level (> 0: others spend more than assumed,
 * < 0: less); it moves the others' rate, so noise averages out.
 */
export function feedObservation(
  s: ShareState,
  o: { certain: number; likely: number; rate: number; now: number },
): void {
  if (o.certain >= FOREIGN_MIN_TOKENS) s.othersSeenAt = o.now
  const interval = Math.max(MIN_INTERVAL_S, s.lastFedAt === null ? 1 : (o.now - s.lastFedAt) / 1000)
  s.lastFedAt = o.now
  s.othersRate = Math.min(o.rate, Math.max(0, s.othersRate + (GAIN * o.likely) / interval))
}

/**
 * A second sign of others that needs no estimate: with nobody else spending, a bucket holds at least
 * its capacity minus what this instance sent in the last capacity/rate seconds (the refill would
 * have filled it otherwise). The server's remaining count below that means someone else spent
 * tokens, even when this instance's own estimate has fallen just as low (a drained bucket, where the
 * estimate comparison in feedObservation sees nothing).
 */
export function noteLevelBelowOwnUse(
  s: ShareState,
  o: { remaining: number; capacity: number; ownSends: number; unreflected: number; now: number },
): void {
  if (o.remaining + 1 + o.unreflected < o.capacity - o.ownSends) s.othersSeenAt = o.now
}

/** A 429 this instance's estimate did not expect while others are active: they spend more than assumed. */
export function noteForeign429(s: ShareState, rate: number, now: number): void {
  s.othersSeenAt = now
  s.othersRate = Math.min(rate, s.othersRate + 0.25 * rate)
  cutBackground(s, now)
}

function refillAllowance(s: ShareState, rate: number, now: number, o: ShareOptions): void {
  const share = allowedShare(s, now, o) ?? Math.min(s.bgShare, o.backgroundShare)
  if (now > s.bgUpdatedAt) s.bgTokens = Math.min(1, s.bgTokens + ((now - s.bgUpdatedAt) / 1000) * rate * share)
  s.bgUpdatedAt = now
}

/**
 * Extra wait (ms) for a background request while others use the bucket or its state is unknown (slow
 * start): until the bucket holds its low-water mark and until this instance's share allows one more.
 * 0 when the bucket is otherwise idle.
 */
export function backgroundWaitMs(
  s: ShareState,
  bucket: { tokens: number; capacity: number; rate: number; ownRate: number },
  now: number,
  o: ShareOptions,
): number {
  stepSlow(s, null, now, o)
  refillAllowance(s, bucket.rate, now, o)
  const share = allowedShare(s, now, o)
  if (share === null) return 0
  const low = o.lowWater * bucket.capacity
  const lowWait = bucket.tokens >= low ? 0 : ((low - bucket.tokens) / Math.max(bucket.ownRate, 1e-6)) * 1000
  const shareRate = bucket.rate * share
  const shareWait = s.bgTokens >= 1 - 1e-9 ? 0 : ((1 - s.bgTokens) / Math.max(shareRate, 1e-6)) * 1000
  return Math.max(lowWait, shareWait)
}

/** A background request was sent: it spends from the share allowance (counted while others are active or in a slow start). */
export function spendBackground(s: ShareState, rate: number, now: number, o: ShareOptions): void {
  refillAllowance(s, rate, now, o)
  if (allowedShare(s, now, o) !== null) s.bgTokens -= 1
}

/** What the connection shows: the share background work may take now, and why. */
export function shareView(s: ShareState, rate: number, now: number, o: ShareOptions): BackgroundShareView {
  const active = othersActive(s, now, o)
  return {
    configuredShare: o.backgroundShare,
    share: Math.round((allowedShare(s, now, o) ?? 1) * 1000) / 1000,
    othersActive: active,
    othersPerSecond: active ? Math.round(Math.min(rate, s.othersRate) * 10) / 10 : 0,
    ...(s.slow !== null ? { startingUp: true as const } : {}),
  }
}

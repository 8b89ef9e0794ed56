// One bucket as this instance sees it (limiter.ts): the estimate of its tokens, its pauses, what
// the server's figures taught, and the arithmetic on it. Pure functions over the Gate record.

import type { BucketSnapshot, RequestClass, RequestPriority } from '../../../shared/api-events'
import { newShareState, ownRefillRate, shareView, type ShareOptions, type ShareState } from './bucket-share'
import { newProbe, probedRate, type ProbeState } from './probe'
import type { BucketShape } from './rate-limit-dialects'

export const EPSILON = 1e-9
/** Entries kept in a gate's send and settle logs. */
const MAX_LOG = 4096

/** Slowest rate (part of the policy's) one surprise 429 without a measured refill cuts a bucket to. */
export const PENALTY_FLOOR = 1 / 16
/** The server's refill is measured over this window of its remaining counts (ms). */
const REFILL_WINDOW_MS = 5000
/** ... and over no less than this span (one response alone says little). */
export const MIN_REFILL_SPAN_MS = 1500
/** Samples of the server's remaining count kept per bucket. */
const MAX_SAMPLES = 256

export interface Gate {
  name: string
  cls: RequestClass
  learned: boolean
  capacity: number
  rate: number
  tokens: number
  updatedAt: number
  /** Pause of the bucket's background work (and of every request on an unlearned gate). */
  pausedUntil: number | null
  /**
   * Pause of user requests: set by a 429 to a user request (its Retry-After) or a fixed window at
   * zero. A 429 to the instance's own background work pauses only the background: an agent's call
   * then waits for the next slot the server's refill opens, not behind the sync's Retry-After.
   */
  userPausedUntil: number | null
  inFlight: number
  /** User requests among those in flight (the unlearned gate lets one pass a background probe). */
  userInFlight: number
  /** Global event numbers at which requests of this gate got their response or failed (ascending). */
  settleLog: number[]
  /** When this instance sent its requests through this gate (ms, ascending; the last few seconds). */
  sendLog: number[]
  /** Sequence of the newest request whose RateLimit was applied. */
  lastCorrectionSeq: number
  pauses: number
  /** Dialect that taught this bucket (null for the unlearned gates). */
  dialect: BucketShape['dialect'] | null
  /**
   * What the server was seen to grant, in requests per second, whatever its policy header says
   * (a policy that flips, lies or drops without saying so): `ceiling` is set by a 429 the estimate
   * did not expect while nobody else was seen using the bucket (to the refill measured over the
   * last seconds); `floor` by a measured refill clearly above the rate believed. Each moves only
   * on the server's own evidence, never on a timer. A 429 while others are active is their
   * spending (bucket-share.ts), not a lower quota.
   */
  ceiling: number | null
  floor: number | null
  /** When the ceiling was last lowered: a refill measured for a lift starts after it. */
  loweredAt: number
  /** Accepted (non-429) responses of this bucket so far. */
  accepted: number
  /** The server's remaining counts (`r`) over time, with `accepted` then: the refill is measured from them. */
  samples: { at: number; r: number; accepted: number }[]
  /** What this instance knows of the others sharing the bucket (bucket-share.ts). */
  share: ShareState
  /** The server's r rose between two responses: its refill is observed, the safety margin ends. */
  refillSeen: boolean
  lastR: number | null
  /** When the server's r last corrected the estimate. */
  correctedAt: number
  /** Background requests wait until then (an unlearned gate's cold-start jitter). */
  backgroundFrom: number
  /** A policy that shows no remaining count, questioned by trying a little more (probe.ts). */
  probe: ProbeState
}

/** A gate that knows nothing yet (unlearned: one at a time) or a bucket learned from a policy. */
export function newGate(
  init: { name: string; cls: RequestClass; learned: boolean; capacity: number; rate: number; tokens: number },
  dialect: BucketShape['dialect'] | null,
  now: number,
  o: ShareOptions,
): Gate {
  return {
    ...init,
    updatedAt: now,
    pausedUntil: null,
    userPausedUntil: null,
    inFlight: 0,
    userInFlight: 0,
    settleLog: [],
    sendLog: [],
    lastCorrectionSeq: 0,
    pauses: 0,
    dialect,
    ceiling: null,
    floor: null,
    loweredAt: -Infinity,
    accepted: 0,
    samples: [],
    share: newShareState(now, o),
    refillSeen: false,
    lastR: null,
    correctedAt: now,
    backgroundFrom: -Infinity,
    probe: newProbe(now),
  }
}

/** The end of the pause a request of this priority waits behind at `g`, or null. */
export function pauseEnd(g: Gate, priority: RequestPriority, now: number): number | null {
  const until = g.learned && priority === 'user' ? g.userPausedUntil : g.pausedUntil
  return until !== null && until > now ? until : null
}

/** A bucket whose state is unknown this long (ms, or its refill time if longer) starts cold again. */
const COLD_GAP_MIN_MS = 3000

/**
 * A learned bucket with no figure from the server for longer than it takes to refill (a network
 * drop, a laptop asleep): what it holds now is unknown, and every desk of the team may be coming
 * back at once. Background work starts slowly again (bucket-share.ts, startSlow).
 */
export function isCold(g: Gate, now: number): boolean {
  if (!g.learned || g.share.slow !== null) return false
  return now - g.correctedAt > Math.max(COLD_GAP_MIN_MS, (g.capacity / Math.max(rateOf(g), 1e-6)) * 1000)
}

export function refill(g: Gate, now: number): void {
  if (!g.learned) return
  // The refill stops at the (penalized) capacity but never cuts tokens the server's r vouched for.
  const cap = capacityOf(g)
  if (now > g.updatedAt && g.tokens < cap) {
    g.tokens = Math.min(cap, g.tokens + ((now - g.updatedAt) / 1000) * ownRate(g))
  }
  g.updatedAt = now
}

/** The rate believed: the policy's, within what the server was seen to grant. */
export function believedRate(g: Gate): number {
  let rate = g.rate
  if (g.floor !== null) rate = Math.max(rate, g.floor)
  if (g.ceiling !== null) rate = Math.min(rate, g.ceiling)
  return rate
}

/** The rate used: the one believed, or the probe's above it (probe.ts). */
export function rateOf(g: Gate): number {
  return probedRate(g.probe, believedRate(g))
}

/** Notes the server's `r` (after this response; `accepted`: whether it took a token). */
export function sampleRemaining(g: Gate, r: number, accepted: boolean, now: number): void {
  if (accepted) g.accepted++
  g.samples.push({ at: now, r, accepted: g.accepted })
  while (g.samples.length > MAX_SAMPLES || (g.samples[0] && g.samples[0].at < now - REFILL_WINDOW_MS)) g.samples.shift()
}

/**
 * The server's refill over the last seconds, from its own figures: what its remaining count rose
 * by plus what it accepted meanwhile, per second. Others' spending only lowers it (it is the
 * refill left for this instance); a full bucket's refill is not seen. Null over too short a span.
 */
export function measuredRefill(g: Gate, since = -Infinity): number | null {
  // From the newest figure at or before `since` (the one that cut the rate), else the oldest kept.
  let first = g.samples[0]
  for (const x of g.samples) if (x.at <= since) first = x
  const last = g.samples[g.samples.length - 1]
  if (!first || !last || last.at - first.at < MIN_REFILL_SPAN_MS) return null
  return Math.max(0, (last.r - first.r + last.accepted - first.accepted) / ((last.at - first.at) / 1000))
}

/** The refill this instance can count on: the rate minus what others are seen to spend. */
export function ownRate(g: Gate): number {
  return ownRefillRate(g.share, rateOf(g))
}

export function capacityOf(g: Gate): number {
  return Math.max(1, g.capacity * Math.min(1, rateOf(g) / Math.max(g.rate, 1e-9)))
}

/** Tokens held back until the refill is observed: a tenth of a second's quota, at least one. */
export function margin(g: Gate): number {
  return Math.min(Math.max(1, 0.1 * rateOf(g)), Math.max(0, capacityOf(g) - 1))
}

/**
 * A request leaves through `g` (`user`: an agent's call): it takes a token and is in flight.
 * Returns whether the estimate expected the server to accept it (it had a token to spare; a user
 * call is always sent expecting one: admission.ts), so a 429 to it is a surprise.
 */
export function noteSent(g: Gate, now: number, user: boolean): boolean {
  const expected = g.learned && (g.tokens >= 1 - EPSILON || user)
  if (g.learned) {
    g.tokens -= 1
    g.sendLog.push(now)
    if (g.sendLog.length > MAX_LOG) g.sendLog.splice(0, MAX_LOG / 2)
  }
  g.inFlight++
  if (user) g.userInFlight++
  return expected
}

/** A request of `g` got its answer or failed, as event `seq` (the order answers teach in). */
export function noteSettled(g: Gate, seq: number, user: boolean): void {
  g.inFlight = Math.max(0, g.inFlight - 1)
  if (user) g.userInFlight = Math.max(0, g.userInFlight - 1)
  g.settleLog.push(seq)
  if (g.settleLog.length > MAX_LOG) g.settleLog.splice(0, MAX_LOG / 2)
}

/** How many entries of an ascending log come after `bound` (`inclusive`: entries equal to it count too). */
function countAfter(log: readonly number[], bound: number, inclusive: boolean): number {
  let lo = 0
  let hi = log.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    const v = log[mid] ?? Infinity
    if (inclusive ? v < bound : v <= bound) lo = mid + 1
    else hi = mid
  }
  return log.length - lo
}

/** Requests this instance sent through `g` at or after `since` (ms). */
export function sentSince(g: Gate, since: number): number {
  return countAfter(g.sendLog, since, true)
}

/** Requests of `g` that settled after event `seq`. */
export function settledAfter(g: Gate, seq: number): number {
  return countAfter(g.settleLog, seq, false)
}

export function snapshotOf(g: Gate, now: number, queued: number, o: ShareOptions): BucketSnapshot {
  refill(g, now)
  return {
    policy: g.name,
    class: g.cls,
    remaining: g.learned ? Math.max(0, Math.floor(g.tokens + EPSILON)) : g.inFlight > 0 ? 0 : 1,
    capacity: g.learned ? Math.round(capacityOf(g) * 1000) / 1000 : g.capacity,
    ratePerSecond: rateOf(g),
    queued,
    inFlight: g.inFlight,
    pausedUntil: g.pausedUntil !== null && g.pausedUntil > now ? g.pausedUntil : null,
    learned: g.learned,
    ...(g.learned ? { background: shareView(g.share, rateOf(g), now, o) } : {}),
    ...(g.probe.level !== null || g.probe.refused > 0
      ? { probe: { ratePerSecond: rateOf(g), refused: g.probe.refused } }
      : {}),
  }
}

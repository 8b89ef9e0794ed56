// What one response teaches about a bucket (limiter.ts): the server's remaining count corrects the
// estimate and reveals others sharing the bucket (spec 8.1.5).

import type { RequestPriority } from '../../../shared/api-events'
import {
  cutBackground,
  cutSlow,
  feedObservation,
  noteForeign429,
  noteLevelBelowOwnUse,
  observeLevel,
  othersActive,
  type ShareOptions,
} from './bucket-share'
import {
  believedRate,
  capacityOf,
  measuredRefill,
  MIN_REFILL_SPAN_MS,
  ownRate,
  PENALTY_FLOOR,
  rateOf,
  refill,
  sampleRemaining,
  sentSince,
  settledAfter,
  type Gate,
} from './gate'
import { endProbe, probeRefused, stepProbe } from './probe'
import type { ObservedRemaining } from './rate-limit-dialects'

/**
 * The server's RateLimit r for a request of `via` corrects the estimate of `g`: raised to what is
 * certain, lowered to what is possible; what is missing was spent by others.
 */
export function correctEstimate(
  g: Gate,
  via: Gate,
  state: ObservedRemaining,
  at: { seq: number; sentAt: number; now: number; refused: boolean },
  o: ShareOptions,
): void {
  const { seq, sentAt, now } = at
  // A newer response already corrected the estimate; this one only knows less.
  if (seq < g.lastCorrectionSeq) return
  // More tokens than the bucket holds cannot be true (the capacity came from an earlier response).
  if (state.r > g.capacity) return
  g.lastCorrectionSeq = seq
  g.correctedAt = now
  refill(g, now)
  // The server's r grew between two responses: its refill is seen, the safety margin can go.
  if (g.lastR !== null && state.r > g.lastR) g.refillSeen = true
  g.lastR = state.r
  // Which of our other requests may the server have handled after this one (so their tokens are
  // not in its r)? Any not answered before this one was sent: still in flight, or answered since.
  // Several sockets mean the server's order need not be our sending order.
  const maybeUnreflected = g.inFlight + settledAfter(g, seq) - (via === g ? 1 : 0)
  // The server had r ≤ x < r+1 tokens when it handled the request (between sending and now):
  // now it has at least r − maybeUnreflected, and at most r + 1 + rate·(now − sentAt).
  const lower = state.r - maybeUnreflected
  const upper = state.r + 1 + ((now - sentAt) / 1000) * rateOf(g)
  // Raise a too-low estimate only to what is certain; an estimate above what is possible means
  // someone else shares the bucket (spec 8.1.5): drop to the certain level.
  // (A hundredth of a token of slack absorbs clock rounding between us and the server.)
  // A fixed window (legacy headers) at zero opens again only at its reset, whatever the refill
  // estimate says: wait for it like for a Retry-After.
  if (state.r === 0 && state.resetSeconds !== undefined && g.dialect === 'legacy') {
    const until = now + state.resetSeconds * 1000
    if (g.pausedUntil === null || g.pausedUntil < until) g.pausedUntil = until
    if (g.userPausedUntil === null || g.userPausedUntil < until) g.userPausedUntil = until
  }
  sampleRemaining(g, state.r, !at.refused, now)
  liftOnEvidence(g)
  // Tokens the estimate held but the server cannot have were spent by others (spec 8.1.5); the
  // gap to the server's likeliest level now teaches how much the others spend per second.
  const likely = state.r + 0.5 + (((now - sentAt) / 1000) * ownRate(g)) / 2 - maybeUnreflected
  feedObservation(g.share, {
    certain: Math.max(0, g.tokens - upper),
    // A 429 took no token, nor will the others refused with it: their count would mislead.
    likely: g.tokens >= 0 && !at.refused ? g.tokens - likely : 0,
    rate: rateOf(g),
    now,
  })
  // A bucket lower than this instance's own sending can explain is shared (bucket-share.ts).
  const window = (g.capacity / Math.max(rateOf(g), 1e-6)) * 1000
  noteLevelBelowOwnUse(g.share, {
    remaining: state.r,
    capacity: g.capacity,
    ownSends: sentSince(g, sentAt - window),
    unreflected: Math.max(0, maybeUnreflected),
    now,
  })
  // While others use the bucket (or in a slow start), its level paces the background rate (bucket-share.ts).
  observeLevel(g.share, { remaining: state.r, capacity: g.capacity }, now, o)
  // The server's r is the truth about the others: what it certainly holds is usable now, whatever
  // the penalty (a penalized capacity would queue agents while the bucket has tokens).
  if (g.tokens < lower) g.tokens = Math.min(g.capacity, lower)
  else if (g.tokens > upper + 0.01) g.tokens = lower
}

/**
 * A 429 arrived for a request sent through `via` (`bucket`: the policy's bucket when known):
 * starts or extends the pause and returns when it ends. Spec 8.1: Retry-After wins (`pauseMs`).
 */
export function pauseAfter429(
  gates: { gate: Gate; bucket: Gate | null; via: Gate },
  at: { priority: RequestPriority; expected: boolean; now: number; pauseMs: number; jitterMs: number },
  o: ShareOptions,
): number {
  const { gate, bucket, via } = gates
  const { expected, now, pauseMs } = at
  const wasPaused = gate.pausedUntil !== null && gate.pausedUntil > now
  // A 429 the estimate did not expect (it had a token to spend): alone on the bucket, the server
  // grants less than its headers say; the rate falls to the refill measured from its figures
  // (lowerOnSurprise) and rises only when they show more (liftOnEvidence). Shared, it is the
  // others' spending (bucket-share.ts). Concurrent 429s of one pause count once. The server's r
  // still lifts the estimate at once (correctEstimate): a 429 never leaves agents queued behind
  // a sunk rate while the bucket has tokens.
  const crowded = gate.learned && othersActive(gate.share, now, o)
  // A 429 to a rate tried above the policy's (probe.ts) only ends the probe's growth.
  const probed =
    bucket !== null && bucket === via && !wasPaused && probeRefused(bucket.probe, believedRate(bucket), now)
  if (bucket && bucket === via && expected && !wasPaused) {
    refill(bucket, now)
    if (crowded) noteForeign429(bucket.share, rateOf(bucket), now)
    // A fixed window (legacy headers) refuses at its end by design and reopens at its reset.
    if (bucket.dialect !== 'legacy' && !probed) lowerOnSurprise(bucket, now, crowded)
    bucket.tokens = Math.min(bucket.tokens, capacityOf(bucket))
  }
  // Any 429 while others use the bucket, or in a slow start: the background rate halves (bucket-share.ts).
  if (crowded) cutBackground(gate.share, now)
  if (gate.learned) cutSlow(gate.share, now)
  // Concurrent 429s of one bucket share one pause: it is only extended when this response's
  // Retry-After ends later than the pause already running.
  if (!wasPaused || now + pauseMs > (gate.pausedUntil ?? -Infinity)) {
    gate.pausedUntil = now + pauseMs + at.jitterMs
    if (!wasPaused) gate.pauses++
  }
  const pausedUntil = gate.pausedUntil ?? now + pauseMs
  const userCall = at.priority === 'user' || !gate.learned
  if (userCall) gate.userPausedUntil = Math.max(gate.userPausedUntil ?? -Infinity, pausedUntil)
  if (gate.learned) {
    refill(gate, now)
    // Exactly one slot when the pause ends (spec 8.1: "until the next request slot opens"). A 429
    // to background work in a crowded bucket only empties the estimate: the agents' next call
    // waits for the next slot at the server's refill, the background for the whole pause.
    gate.tokens =
      userCall || !crowded
        ? Math.min(gate.tokens, 1 - ((pausedUntil - now) / 1000) * ownRate(gate))
        : Math.min(gate.tokens, 0)
  }
  return pausedUntil
}

/**
 * An accepted answer of a learned bucket: without a remaining count the rate believed is
 * questioned by the probe (probe.ts); a server that shows what is left, or a fixed
 * window, is not probed (its figures decide).
 */
export function probeAfterAnswer(g: Gate, now: number): void {
  if (g.probe.ended) return
  if (g.lastR !== null || g.dialect === 'legacy') endProbe(g.probe)
  else
    stepProbe(g.probe, { believed: believedRate(g), policyRate: g.rate, sentInStep: sentSince(g, g.probe.stepAt), now })
}

/**
 * The server refills clearly faster than the rate believed (a pessimistic policy, or a quota back
 * up after a drop): the measured refill becomes the floor, and lifts a ceiling below it. Only the
 * server's own figures move it (with others active they spend part of the refill: not used).
 */
function liftOnEvidence(g: Gate): void {
  if (g.dialect === 'legacy') return
  // Only what the server showed since the last cut counts (the drain before it would lift it back).
  const measured = measuredRefill(g, g.loweredAt)
  if (measured === null) return
  const believed = rateOf(g)
  if (measured - believed < Math.max(0.25 * believed, 1)) return
  if (g.ceiling !== null && g.ceiling < measured) g.ceiling = measured
  g.floor = measured > g.rate ? measured : null
}

/**
 * A 429 the estimate did not expect: the server grants less than believed. Alone on the bucket and
 * busy over the last seconds, the rate falls to the refill measured from the server's figures;
 * otherwise (too little seen, or others spending part of it) it halves. Never below PENALTY_FLOOR
 * of the policy's rate; it rises again only on evidence (liftOnEvidence).
 */
function lowerOnSurprise(g: Gate, now: number, crowded: boolean): void {
  const believed = rateOf(g)
  const first = g.samples[0]
  const spanS = first ? (now - first.at) / 1000 : 0
  // Busy: this instance sent at least half the believed rate over the span (else an idle, full
  // bucket hides the refill and the measure says nothing).
  const busy = first !== undefined && sentSince(g, first.at) >= 0.5 * believed * spanS
  // The refill of the last seconds, and of the shortest span that says something: a quota that
  // just dropped shows in the recent figures first (the older ones still carry the old refill).
  const recent = !crowded && busy ? measuredRefill(g, now - MIN_REFILL_SPAN_MS) : null
  const whole = !crowded && busy ? measuredRefill(g) : null
  const measured = recent !== null && whole !== null ? Math.min(recent, whole) : whole
  // Too little seen to measure: half of what was being sent (a pessimistic policy of the moment
  // must not sink the rate below what the server was just accepting).
  const sending = Math.max(believed, sentSince(g, now - 1000))
  const next = measured !== null && measured < believed ? measured : sending / 2
  g.ceiling = Math.max(next, g.rate * PENALTY_FLOOR, 0.05)
  g.loweredAt = now
  if (g.floor !== null && g.floor > g.ceiling) g.floor = g.ceiling
}

// The rate believed questioned when the server shows no remaining count (issue 46 item 2): a
// policy that states q=20/s while the server grants 100/s, or a quota that came back after a
// drop, shows nothing without a RateLimit header (with one, the measured refill moves the rate:
// learn.ts). So the bucket tries a little more than it believes, only while calls wait
// for its tokens, and believes what the server accepts (additive-increase/multiplicative-decrease
// in spirit, as TCP probes a path):
//   - each second in which requests waited for a token, the bucket sent at least PROBE_BUSY of its
//     rate and every call was accepted, the rate tried grows by half up to the threshold (0.9 × a
//     rate refused before), by a tenth above it (TCP's slow start and congestion avoidance);
//   - a 429 to a rate tried above the one believed sets it back to 0.9 × the last rate that held a
//     whole second (0.7 × what it tried when it had not grown); any 429 holds the growth for
//     PROBE_HOLD_MS;
//   - the probe costs at most PROBE_MAX_REFUSALS 429 pauses, and one more per PROBE_CREDIT_MS
//     after that: the merchant's shop, sharing the bucket, pays a bounded and counted price
//     (`refused`, in the bucket's snapshot).
// Why a stated policy may be wrong at all: limits are computed dynamically from observed traffic
// (spec 8.1.1; https://docs.mollie.com/reference/rate-limiting), so what a header says can lag
// what the service grants; spec 8.1.8 asks clients to avoid repeated bursts, hence the bounds.
// Pure functions over the ProbeState record the gate owns.

/** One step of the probe (ms): the rate tried holds this long before it grows. */
const PROBE_STEP_MS = 1000
/** Growth per step while every call is accepted, below the threshold and above it. */
const PROBE_GROWTH = 1.5
const PROBE_GROWTH_ABOVE_THRESHOLD = 1.1
/** The probe never tries more than this many times the policy's rate. */
const PROBE_MAX_FACTOR = 10
/** A step counts only when the bucket sent at least this part of the rate tried (it was the limit). */
const PROBE_BUSY = 0.8
/** After any 429 the probe does not grow for this long (ms). */
const PROBE_HOLD_MS = 10_000
/** 429s the probe may cost at once, and how often (ms) it may cost one more. */
const PROBE_MAX_REFUSALS = 3
const PROBE_CREDIT_MS = 60_000

export interface ProbeState {
  /** The rate tried above the one believed (req/s), or null: the rate believed holds. */
  level: number | null
  /** The last rate tried that held a whole step with every call accepted. */
  good: number | null
  /** Growth slows above this: 0.9 × the rate believed when last refused, or the probe's rate after its last 429. */
  threshold: number | null
  /** When the current step began. */
  stepAt: number
  /** Requests waited for a token during this step (the bucket's rate was the limit). */
  demandAt: number | null
  /** No growth before this (the last 429 plus PROBE_HOLD_MS). */
  holdUntil: number
  /** 429s met above the rate believed (the probe's cost), and when the probe began. */
  refused: number
  since: number
  /** The server shows what is left: its figures decide, the probe is over for good. */
  ended: boolean
}

export function newProbe(now: number): ProbeState {
  return {
    level: null,
    good: null,
    threshold: null,
    stepAt: now,
    demandAt: null,
    holdUntil: -Infinity,
    refused: 0,
    since: now,
    ended: false,
  }
}

/** The rate to use: the one believed, or the probe's when above it. */
export function probedRate(p: ProbeState, believed: number): number {
  return p.level !== null && p.level > believed ? p.level : believed
}

/** A request waited for a token of this bucket (not for a pause): there is demand above its rate. */
export function noteDemand(p: ProbeState, now: number): void {
  p.demandAt = now
}

/** The server shows what is left (or is a fixed window): its own figures decide, no probe. */
export function endProbe(p: ProbeState): void {
  p.level = null
  p.ended = true
}

/**
 * An accepted call of the bucket: after a whole step in which requests waited, the bucket sent at
 * least PROBE_BUSY of the rate tried and nothing was refused, the rate tried grows (within the
 * probe's budget of 429s).
 */
export function stepProbe(
  p: ProbeState,
  at: { believed: number; policyRate: number; sentInStep: number; now: number },
): void {
  const { believed, now } = at
  if (p.ended || now - p.stepAt < PROBE_STEP_MS) return
  const current = probedRate(p, believed)
  const busy = at.sentInStep >= PROBE_BUSY * current * ((now - p.stepAt) / 1000)
  const demand = p.demandAt !== null && p.demandAt >= p.stepAt
  if (busy && demand && withinBudget(p, now) && now >= p.holdUntil) {
    p.good = current
    const growth = p.threshold === null || current < p.threshold ? PROBE_GROWTH : PROBE_GROWTH_ABOVE_THRESHOLD
    p.level = Math.min(current * growth, at.policyRate * PROBE_MAX_FACTOR)
  }
  p.stepAt = now
}

/**
 * A 429 to the bucket (one per pause). Returns true when it was the probe's (the rate tried was
 * above the one believed): the probe backs off and counts it; false otherwise (the ordinary rules
 * apply). Either way the growth holds for PROBE_HOLD_MS.
 */
export function probeRefused(p: ProbeState, believed: number, now: number): boolean {
  p.holdUntil = now + PROBE_HOLD_MS
  p.stepAt = now
  if (p.level === null || p.level <= believed) {
    // The rate believed was refused (a quota dropped): regrowing fast up to just below it is safe.
    p.threshold = Math.max(p.threshold ?? 0, 0.9 * believed)
    p.level = null
    return false
  }
  p.refused++
  p.level = p.good !== null && p.level > p.good ? 0.9 * p.good : 0.7 * p.level
  p.good = p.level
  p.threshold = p.level
  // Its budget spent, the probe gives up until it has credit again: the rate believed holds.
  if (p.level <= believed || !withinBudget(p, now)) p.level = null
  return true
}

/** The probe may still cost a 429: fewer than PROBE_MAX_REFUSALS, plus one per PROBE_CREDIT_MS. */
function withinBudget(p: ProbeState, now: number): boolean {
  return p.refused < PROBE_MAX_REFUSALS + Math.floor((now - p.since) / PROBE_CREDIT_MS)
}

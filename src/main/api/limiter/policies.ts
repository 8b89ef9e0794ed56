// The policies the limiter has learned (limiter.ts): one bucket per policy name, the endpoints
// mapped to them, bounded in number, and how a policy header updates its bucket.

import type { RequestClass } from '../../../shared/api-events'
import type { ShareOptions } from './bucket-share'
import { newGate, rateOf, refill, type Gate } from './gate'
import type { BucketShape } from './rate-limit-dialects'

/** Policies kept at once: a server naming a new policy on every answer must not grow memory without end. */
export const MAX_BUCKETS = 256

export interface Policies {
  buckets: Map<string, Gate>
  /** `${cls} ${endpointKey}` → policy name, as learned. */
  endpointPolicy: Map<string, string>
}

/** The bucket of a policy, created or updated from the policy header just read. */
export function bucketFromShape(
  p: Policies,
  shape: BucketShape,
  at: { name: string; cls: RequestClass; now: number },
  o: ShareOptions,
): Gate {
  const { name, cls, now } = at
  let g = p.buckets.get(name)
  if (!g) {
    if (p.buckets.size >= MAX_BUCKETS) evictIdleBucket(p)
    // Nothing else known yet: the correction from r lifts it; without r start empty.
    const init = { name, cls, learned: true, capacity: shape.capacity, rate: shape.ratePerSecond, tokens: 0 }
    g = newGate(init, shape.dialect, now, o)
    p.buckets.set(name, g)
    return g
  }
  // Limits are computed dynamically (spec 8.1.1): follow the latest policy. A legacy window
  // guessed from RateLimit-Reset only ever slows the estimate (the slowest rate seen wins).
  refill(g, now)
  const before = rateOf(g)
  g.rate =
    shape.dialect === 'legacy' && !shape.windowStated ? Math.min(g.rate, shape.ratePerSecond) : shape.ratePerSecond
  g.capacity = shape.capacity
  // A debt (tokens below zero) is time until the next slot: the same time at the new rate, not
  // the same count (a policy flipping from 1000/s to 1/s turned 0.3 s into 5 min).
  if (g.tokens < 0 && before > 0) g.tokens *= rateOf(g) / before
  g.dialect = shape.dialect
  g.tokens = Math.min(g.tokens, g.capacity)
  return g
}

/** Forgets the oldest policy with nothing in flight (its endpoints are learned again when next used). */
function evictIdleBucket(p: Policies): void {
  for (const [name, b] of p.buckets) {
    if (b.inFlight > 0) continue
    p.buckets.delete(name)
    for (const [key, policy] of p.endpointPolicy) if (policy === name) p.endpointPolicy.delete(key)
    return
  }
}

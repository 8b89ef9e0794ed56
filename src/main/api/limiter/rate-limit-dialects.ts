// Which rate-limit header dialect a response speaks, and what it means for the local bucket.
// Only the spec's grammar (spec 8.1) is the service's rule; the other dialects are this client's
// own knowledge, for servers and proxies that speak the IETF drafts or the older X-/RateLimit-*
// headers. Each reading ends in the same two facts: a bucket shape (rate per second, capacity)
// and an observed remaining count.
//
// Telling the spec's dialect from the IETF one. Both use `RateLimit-Policy: "name";q=…;w=…` and
// `RateLimit: "name";r=…;t=…`, but `q` means different things: requests per SECOND in the spec
// (8.1: "q=<int> (quota in requests per second)"), requests per WINDOW `w` in the IETF drafts.
// The spec's table puts `service-burst` on every RateLimit-Policy and RateLimit the service
// sends; no IETF draft defines that parameter. So:
//   - `service-burst` present on either header        → spec: rate = q/s, capacity = service-burst
//   - RateLimit-Policy / RateLimit without it           → IETF: rate = q/w per second, capacity = q
//   - only RateLimit-Limit / -Remaining / -Reset        → legacy fixed window
// A misreading in this direction is safe: a spec server that drops `service-burst` is read as IETF,
// which is never faster than the spec reading (q/w ≤ q, capacity q ≤ q·w), so it costs throughput,
// never 429s; the remaining counts (`r`) lift a too-low estimate on every response anyway.

import { parseRateLimit, parseRateLimitPolicy } from './rate-limit-headers'

type RateLimitDialect = 'spec' | 'ietf' | 'legacy'

export interface BucketShape {
  dialect: RateLimitDialect
  /** Policy name, or null when the dialect names none (legacy: the limiter names it per class). */
  name: string | null
  ratePerSecond: number
  capacity: number
  /** Legacy only: the window was stated (`;w=`), not guessed from RateLimit-Reset. */
  windowStated: boolean
}

export interface ObservedRemaining {
  name: string | null
  r: number
  /** Legacy only: seconds until the fixed window resets (RateLimit-Reset). */
  resetSeconds?: number
}

export interface RateLimitReading {
  dialect: RateLimitDialect | null
  shape: BucketShape | null
  state: ObservedRemaining | null
}

type Headers = Record<string, string | string[] | undefined>

/** Legacy headers are read without a window unless `RateLimit-Limit: 100, 100;w=60` states one. */
const LEGACY_DEFAULT_WINDOW_S = 60

/**
 * A Reset this large is a moment, not a wait: `X-RateLimit-Reset` is epoch seconds on many servers
 * (no window lasts 31 years). Such a value is read as the seconds from now until that moment.
 */
const EPOCH_RESET_MIN = 1_000_000_000

function first(h: string | string[] | undefined): string | null {
  if (h === undefined) return null
  const v = Array.isArray(h) ? h[0] : h
  return typeof v === 'string' ? v : null
}

function hasServiceBurst(h: string | string[] | undefined): boolean {
  const v = first(h)
  return v !== null && /;\s*service-burst\s*=/i.test(v)
}

function legacyInt(h: string | string[] | undefined): number | null {
  const v = first(h)?.split(',')[0]?.trim()
  return v !== undefined && /^\d{1,15}$/.test(v) ? Number(v) : null
}

export function readRateLimitHeaders(headers: Headers, nowMs: number = Date.now()): RateLimitReading {
  const policyHeader = headers['ratelimit-policy']
  const stateHeader = headers['ratelimit']
  if (policyHeader !== undefined || stateHeader !== undefined) {
    const dialect: RateLimitDialect = hasServiceBurst(policyHeader) || hasServiceBurst(stateHeader) ? 'spec' : 'ietf'
    const policy = parseRateLimitPolicy(policyHeader)
    const state = parseRateLimit(stateHeader)
    let shape: BucketShape | null = null
    if (policy) {
      if (dialect === 'spec') {
        const capacity = policy.burst ?? (policy.w !== null ? policy.q * policy.w : policy.q)
        shape = {
          dialect,
          name: policy.policy,
          ratePerSecond: policy.q,
          capacity: Math.max(1, capacity),
          windowStated: true,
        }
      } else {
        // IETF: q requests per window of w seconds (a missing w is read as one second).
        const w = policy.w ?? 1
        shape = {
          dialect,
          name: policy.policy,
          ratePerSecond: policy.q / w,
          capacity: Math.max(1, policy.q),
          windowStated: true,
        }
      }
    }
    return { dialect, shape, state: state ? { name: state.policy, r: state.r } : null }
  }
  const limitHeader = headers['ratelimit-limit'] ?? headers['x-ratelimit-limit']
  const limit = legacyInt(limitHeader)
  const remaining = legacyInt(headers['ratelimit-remaining'] ?? headers['x-ratelimit-remaining'])
  if (limit === null && remaining === null) return { dialect: null, shape: null, state: null }
  let shape: BucketShape | null = null
  const resetValue = legacyInt(headers['ratelimit-reset'] ?? headers['x-ratelimit-reset'])
  const reset =
    resetValue !== null && resetValue >= EPOCH_RESET_MIN
      ? Math.max(0, Math.ceil(resetValue - nowMs / 1000))
      : resetValue
  if (limit !== null && limit > 0) {
    const stated = /;\s*w\s*=\s*(\d{1,9})/i.exec(first(limitHeader) ?? '')
    // Without a stated window the Reset (seconds left in this window) is a lower bound of the
    // window; the limiter keeps the slowest rate seen, so the estimate converges from below.
    const window = stated ? Number(stated[1]) : reset !== null && reset > 0 ? reset : LEGACY_DEFAULT_WINDOW_S
    shape = {
      dialect: 'legacy',
      name: null,
      ratePerSecond: limit / Math.max(1, window),
      capacity: limit,
      windowStated: stated !== null,
    }
  }
  const state: ObservedRemaining | null = remaining !== null ? { name: null, r: remaining } : null
  if (state && reset !== null) state.resetSeconds = reset
  return { dialect: 'legacy', shape, state }
}

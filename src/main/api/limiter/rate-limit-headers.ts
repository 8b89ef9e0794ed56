// The client's reading of the rate-limit headers (spec 8.1). Anything malformed yields null (or a
// null field) so the limiter falls back to its conservative or last known behaviour; never throws.

import type { RateLimitInfo } from '../../../shared/api-events'
import {
  firstHeaderValue,
  parseHttpDate,
  parseRateLimit,
  parseRateLimitPolicy,
  parseRetryAfter,
  type RateLimitPolicy,
} from '../../../shared/service/rate-limit'

// The grammar itself (parse and format) is the spec module's: src/shared/service/rate-limit.ts.
export {
  parseHttpDate,
  parseRateLimit,
  parseRateLimitPolicy,
  parseRetryAfter,
  type RateLimitPolicy,
  type RateLimitState,
} from '../../../shared/service/rate-limit'

/** Capacity of a bucket from its policy: service-burst, else q·w, else q (one second's quota). */
export function policyCapacity(policy: RateLimitPolicy): number {
  if (policy.burst !== null) return Math.max(1, policy.burst)
  if (policy.w !== null) return Math.max(1, policy.q * policy.w)
  return Math.max(1, policy.q)
}

export function decodeRateLimitHeaders(headers: Record<string, string | string[] | undefined>): RateLimitInfo {
  const policy = parseRateLimitPolicy(headers['ratelimit-policy'])
  const state = parseRateLimit(headers['ratelimit'])
  return {
    policy: policy?.policy ?? state?.policy ?? null,
    q: policy?.q ?? null,
    w: policy?.w ?? null,
    burst: policy?.burst ?? null,
    r: state?.r ?? null,
    t: state?.t ?? null,
    serviceBurst: state?.serviceBurst ?? null,
    retryAfter: retryAfterSeconds(headers, Date.now()),
  }
}

type Headers = Record<string, string | string[] | undefined>

/**
 * Seconds a response's `Retry-After` asks to wait, or null. An HTTP-date is a moment on the
 * service's clock: it is measured against the same response's `Date` header (RFC 9110 10.2.3,
 * 6.6.1), so a local clock hours off neither fails every call nor retries at once. Only without a
 * usable `Date` is the local clock (`nowMs`) the reference.
 */
export function retryAfterSeconds(headers: Headers, nowMs: number): number | null {
  const raw = firstHeaderValue(headers['retry-after'])?.trim()
  if (!raw) return null
  const sent = firstHeaderValue(headers.date)?.trim()
  const serverNow = sent ? parseHttpDate(sent, nowMs) : null
  return parseRetryAfter(raw, serverNow ?? nowMs)
}

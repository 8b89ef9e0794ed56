// The client's reading of the rate-limit headers (spec 8.1). Anything malformed yields null (or a
// null field) so the limiter falls back to its conservative or last known behaviour; never throws.

import type { RateLimitInfo } from '../../shared/api-events'
import {
  parseRateLimit,
  parseRateLimitPolicy,
  parseRetryAfter,
  type RateLimitPolicy,
} from '../../shared/service/rate-limit'

// The grammar itself (parse and format) is the spec module's: src/shared/service/rate-limit.ts.
export {
  parseHttpDate,
  parseRateLimit,
  parseRateLimitPolicy,
  parseRetryAfter,
  type RateLimitPolicy,
  type RateLimitState,
} from '../../shared/service/rate-limit'

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
    retryAfter: parseRetryAfter(headers['retry-after']),
  }
}

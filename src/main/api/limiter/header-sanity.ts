// Rate-limit headers that cannot be true are not trusted (issue 27 item 5). A remaining count above
// the capacity announced in the same response, a quota or capacity no real service has, or a reset
// that is negative or longer than a day: one of the figures lies, so none of them is used. The
// limiter then treats the endpoint as it does before anything is learned (one request at a time per
// class, 429s pause it for their Retry-After), never as a bucket with room for everything.

import type { RateLimitReading } from './rate-limit-dialects'

/** Requests per second above this are not a quota (a "quota" of 15 digits is a bug or a lie). */
const MAX_SANE_RATE = 100_000
/** Bucket capacities and remaining counts above this are not believed. */
const MAX_SANE_TOKENS = 1_000_000
/** A fixed window resetting further away than a day is not believed. */
const MAX_SANE_RESET_S = 86_400

interface SaneReading {
  reading: RateLimitReading
  /** Why the headers were set aside, or null when they were used. */
  distrusted: string | null
}

const IGNORED: RateLimitReading = { dialect: null, shape: null, state: null }

export function saneReading(reading: RateLimitReading): SaneReading {
  const why = implausible(reading)
  return why === null ? { reading, distrusted: null } : { reading: IGNORED, distrusted: why }
}

function implausible({ shape, state }: RateLimitReading): string | null {
  if (shape) {
    if (!Number.isFinite(shape.ratePerSecond) || shape.ratePerSecond <= 0 || shape.ratePerSecond > MAX_SANE_RATE)
      return `a quota of ${shape.ratePerSecond} requests per second`
    if (!Number.isFinite(shape.capacity) || shape.capacity > MAX_SANE_TOKENS) return `a capacity of ${shape.capacity}`
  }
  if (state) {
    if (!Number.isFinite(state.r) || state.r < 0 || state.r > MAX_SANE_TOKENS) return `a remaining count of ${state.r}`
    if (shape && state.r > shape.capacity) return `a remaining count of ${state.r} above the capacity ${shape.capacity}`
    const reset = state.resetSeconds
    if (reset !== undefined && (!Number.isFinite(reset) || reset < 0 || reset > MAX_SANE_RESET_S))
      return `a reset in ${reset} s`
  }
  return null
}

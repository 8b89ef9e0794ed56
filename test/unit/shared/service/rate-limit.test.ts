// The rate-limit header grammar is shared by the two sides of the HTTP boundary (issue 12 items 1
// and 3): the sandbox formats with it, the client parses with it. Whatever one side writes, the
// other reads back unchanged, including policy names that need quoting.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  formatRateLimit,
  formatRateLimitPolicy,
  formatRetryAfter,
  parseRateLimit,
  parseRateLimitPolicy,
  parseRetryAfter,
  type RateLimitPolicy,
  type RateLimitState,
} from '../../../../src/shared/service'
import { present } from '../../../helpers/present'

/** Printable names, with the characters a careless formatter gets wrong: quotes, backslashes, commas, semicolons. */
const name = fc
  .array(fc.constantFrom(...'abcXYZ09-_.:/'.split(''), '"', '\\', ',', ';', ' ', '='), { minLength: 1, maxLength: 30 })
  .map((cs) => cs.join(''))
const positive = fc.integer({ min: 1, max: 1_000_000 })
const count = fc.integer({ min: 0, max: 1_000_000 })

describe('rate-limit header grammar (spec 8.1): format and parse are one grammar', () => {
  it('RateLimit-Policy reads back what was written', () => {
    fc.assert(
      fc.property(name, positive, fc.option(positive), fc.option(positive), (policy, q, w, burst) => {
        const written: RateLimitPolicy = { policy, q, w, burst }
        expect(parseRateLimitPolicy(formatRateLimitPolicy(written))).toEqual(written)
      }),
    )
  })

  it('RateLimit reads back what was written', () => {
    fc.assert(
      fc.property(name, count, fc.option(count), fc.option(count), (policy, r, t, serviceBurst) => {
        const written: RateLimitState = { policy, r, t, serviceBurst }
        expect(parseRateLimit(formatRateLimit(written))).toEqual(written)
      }),
    )
  })

  it('Retry-After is whole seconds, at least 1, never shorter than asked', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 86_400, noNaN: true }), (seconds) => {
        const read = parseRetryAfter(formatRetryAfter(seconds))
        expect(read).not.toBeNull()
        expect(Number.isInteger(read)).toBe(true)
        expect(present(read)).toBeGreaterThanOrEqual(Math.max(1, seconds))
        expect(present(read) - Math.max(1, seconds)).toBeLessThan(1)
      }),
    )
  })

  it('a comma or semicolon inside a quoted name separates nothing', () => {
    expect(parseRateLimitPolicy('"get;v2";q=5;w=2')).toEqual({ policy: 'get;v2', q: 5, w: 2, burst: null })
    expect(parseRateLimit('"a,b";r=3')).toEqual({ policy: 'a,b', r: 3, t: null, serviceBurst: null })
    expect(parseRateLimitPolicy('"get";q=0')).toBeNull()
  })
})

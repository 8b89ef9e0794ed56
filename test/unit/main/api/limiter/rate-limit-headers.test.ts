import { describe, expect, it } from 'vitest'
import {
  decodeRateLimitHeaders,
  parseRateLimit,
  parseRateLimitPolicy,
  parseRetryAfter,
  policyCapacity,
} from '../../../../../src/main/api/limiter/rate-limit-headers'

describe('parseRateLimitPolicy (spec 8.1)', () => {
  it('reads a quoted policy name and its parameters', () => {
    expect(parseRateLimitPolicy('"get-v2-payments";q=20;w=2;service-burst=40')).toEqual({
      policy: 'get-v2-payments',
      q: 20,
      w: 2,
      burst: 40,
    })
  })

  it('tolerates whitespace, upper-case keys and an unquoted token name', () => {
    expect(parseRateLimitPolicy('  post-v2-orders ; q = 5 ;W=2;  service-burst=10 ')).toEqual({
      policy: 'post-v2-orders',
      q: 5,
      w: 2,
      burst: 10,
    })
  })

  it('keeps the last of duplicate parameters (RFC 8941) and ignores unknown ones', () => {
    expect(parseRateLimitPolicy('"p";q=1;q=7;x=abc;w=3')).toEqual({ policy: 'p', q: 7, w: 3, burst: null })
  })

  it('uses only the first member of a list and of repeated headers', () => {
    expect(parseRateLimitPolicy('"a,b";q=3, "c";q=9')?.policy).toBe('a,b')
    expect(parseRateLimitPolicy(['"first";q=3', '"second";q=4'])?.policy).toBe('first')
  })

  it('rejects missing, empty, garbage and unusable quotas', () => {
    for (const bad of [
      undefined,
      null,
      '',
      ';q=5',
      '"unterminated;q=5',
      '"";q=5',
      '"p"',
      '"p";q=0',
      '"p";q=-3',
      '"p";q=NaN',
      '"p";q=2.5',
      '"p";q=1e3',
      '"p";q=9999999999999999999',
      'has space;q=5',
      '\u0000;q=1',
    ]) {
      expect(parseRateLimitPolicy(bad as string | undefined)).toBeNull()
    }
  })

  it('drops a bad w or burst but keeps the policy', () => {
    expect(parseRateLimitPolicy('"p";q=4;w=-1;service-burst=abc')).toEqual({ policy: 'p', q: 4, w: null, burst: null })
  })

  it('sizes the bucket from service-burst, else q·w, else q', () => {
    expect(policyCapacity({ policy: 'p', q: 20, w: 2, burst: 40 })).toBe(40)
    expect(policyCapacity({ policy: 'p', q: 20, w: 3, burst: null })).toBe(60)
    expect(policyCapacity({ policy: 'p', q: 20, w: null, burst: null })).toBe(20)
  })
})

describe('parseRateLimit (spec 8.1)', () => {
  it('reads r, t and service-burst', () => {
    expect(parseRateLimit('"get-v2-payments";r=19;t=1;service-burst=0')).toEqual({
      policy: 'get-v2-payments',
      r: 19,
      t: 1,
      serviceBurst: 0,
    })
  })

  it('accepts any t (spec 8.1: its range must not be relied on) and a missing t', () => {
    expect(parseRateLimit('"p";r=3;t=2')?.t).toBe(2)
    expect(parseRateLimit('"p";r=3;t=86400')?.t).toBe(86400)
    expect(parseRateLimit('"p";r=3')).toEqual({ policy: 'p', r: 3, t: null, serviceBurst: null })
  })

  it('returns null without a usable r', () => {
    expect(parseRateLimit('"p";t=1')).toBeNull()
    expect(parseRateLimit('"p";r=-1')).toBeNull()
    expect(parseRateLimit('"p";r=')).toBeNull()
    expect(parseRateLimit('"p";r=12345678901234567')).toBeNull()
    expect(parseRateLimit('garbage garbage')).toBeNull()
  })
})

describe('parseRetryAfter', () => {
  it('reads integer seconds and tolerates fractions', () => {
    expect(parseRetryAfter('3')).toBe(3)
    expect(parseRetryAfter(' 0 ')).toBe(0)
    expect(parseRetryAfter('1.5')).toBe(1.5)
  })

  it('reads an HTTP date relative to now', () => {
    const now = Date.parse('2026-01-01T00:00:00Z')
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:04 GMT', now)).toBe(4)
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:59:00 GMT', now)).toBe(0)
  })

  it('rejects negatives and garbage', () => {
    for (const bad of ['-1', 'soon', '', 'NaN', '1e9', undefined]) expect(parseRetryAfter(bad)).toBeNull()
  })
})

describe('decodeRateLimitHeaders', () => {
  it('combines the three headers into one record for events', () => {
    expect(
      decodeRateLimitHeaders({
        'ratelimit-policy': '"get-v2-orders";q=10;w=1;service-burst=10',
        ratelimit: '"get-v2-orders";r=0;t=1;service-burst=0',
        'retry-after': '2',
      }),
    ).toEqual({ policy: 'get-v2-orders', q: 10, w: 1, burst: 10, r: 0, t: 1, serviceBurst: 0, retryAfter: 2 })
  })

  it('gives nulls when headers are absent', () => {
    expect(decodeRateLimitHeaders({})).toEqual({
      policy: null,
      q: null,
      w: null,
      burst: null,
      r: null,
      t: null,
      serviceBurst: null,
      retryAfter: null,
    })
  })
})

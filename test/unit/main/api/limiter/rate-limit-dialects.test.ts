import { describe, expect, it } from 'vitest'
import { readRateLimitHeaders } from '../../../../../src/main/api/limiter/rate-limit-dialects'
import { parseHttpDate, parseRetryAfter } from '../../../../../src/main/api/limiter/rate-limit-headers'

describe('readRateLimitHeaders: which dialect, and what q means', () => {
  it('spec dialect (service-burst present): q per second, capacity = service-burst', () => {
    const r = readRateLimitHeaders({
      'ratelimit-policy': '"get-v2-payments";q=20;w=2;service-burst=40',
      ratelimit: '"get-v2-payments";r=39;t=1;service-burst=20',
    })
    expect(r).toEqual({
      dialect: 'spec',
      shape: { dialect: 'spec', name: 'get-v2-payments', ratePerSecond: 20, capacity: 40, windowStated: true },
      state: { name: 'get-v2-payments', r: 39 },
    })
  })

  it('IETF draft dialect (no service-burst): q per window w, capacity q', () => {
    const r = readRateLimitHeaders({ 'ratelimit-policy': '"default";q=100;w=60', ratelimit: '"default";r=50;t=30' })
    expect(r.dialect).toBe('ietf')
    expect(r.shape?.ratePerSecond).toBeCloseTo(100 / 60)
    expect(r.shape?.capacity).toBe(100)
    expect(r.state).toEqual({ name: 'default', r: 50 })
  })

  it('service-burst on RateLimit alone is enough to mark the spec dialect', () => {
    const r = readRateLimitHeaders({ 'ratelimit-policy': '"p";q=5;w=1', ratelimit: '"p";r=4;t=1;service-burst=0' })
    expect(r.dialect).toBe('spec')
    expect(r.shape?.ratePerSecond).toBe(5)
  })

  it('legacy RateLimit-Limit/-Remaining/-Reset (and X- prefixed), window stated or guessed from Reset', () => {
    const stated = readRateLimitHeaders({
      'ratelimit-limit': '100, 100;w=60',
      'ratelimit-remaining': '42',
      'ratelimit-reset': '10',
    })
    expect(stated.dialect).toBe('legacy')
    expect(stated.shape).toMatchObject({ name: null, capacity: 100, windowStated: true })
    expect(stated.shape?.ratePerSecond).toBeCloseTo(100 / 60)
    expect(stated.state).toEqual({ name: null, r: 42, resetSeconds: 10 })
    const guessed = readRateLimitHeaders({
      'x-ratelimit-limit': '30',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': '3',
    })
    expect(guessed.shape).toMatchObject({ capacity: 30, ratePerSecond: 10, windowStated: false })
  })

  it('a Reset in epoch seconds (X-RateLimit-Reset on many servers) is read as the seconds until that moment', () => {
    const now = Date.parse('2026-01-01T00:00:00Z')
    const reading = readRateLimitHeaders(
      { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(now / 1000 + 30) },
      now,
    )
    expect(reading.state).toEqual({ name: null, r: 0, resetSeconds: 30 })
    expect(reading.shape).toMatchObject({ capacity: 60, ratePerSecond: 2, windowStated: false })
    // A moment already past is no wait at all.
    const past = readRateLimitHeaders({ 'ratelimit-remaining': '0', 'ratelimit-reset': String(now / 1000 - 5) }, now)
    expect(past.state?.resetSeconds).toBe(0)
  })

  it('nothing usable gives nulls, never a throw', () => {
    expect(readRateLimitHeaders({})).toEqual({ dialect: null, shape: null, state: null })
    expect(readRateLimitHeaders({ 'ratelimit-limit': 'lots', 'ratelimit-remaining': '-1' })).toEqual({
      dialect: null,
      shape: null,
      state: null,
    })
    expect(readRateLimitHeaders({ 'ratelimit-policy': 'garbage garbage' }).shape).toBeNull()
  })
})

describe('Retry-After as an HTTP-date in all three formats (RFC 9110 5.6.7)', () => {
  const now = Date.parse('2026-01-01T00:00:00Z')
  it('IMF-fixdate, RFC 850 and asctime, all GMT', () => {
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:04 GMT', now)).toBe(4)
    expect(parseRetryAfter('Thursday, 01-Jan-26 00:00:05 GMT', now)).toBe(5)
    expect(parseRetryAfter('Thu Jan  1 00:00:06 2026', now)).toBe(6)
    expect(parseRetryAfter('Thu Jan 01 00:01:00 2026', now)).toBe(60)
  })
  it('an RFC 850 year more than 50 years ahead is the past century', () => {
    expect(parseHttpDate('Sunday, 06-Nov-94 08:49:37 GMT', now)).toBe(Date.UTC(1994, 10, 6, 8, 49, 37))
  })
  it('delta-seconds of any size; garbage is null', () => {
    expect(parseRetryAfter('3600')).toBe(3600)
    expect(parseRetryAfter('99999999999')).toBe(99999999999)
    for (const bad of ['Thu, 01 Foo 2026 00:00:04 GMT', 'Thu Jan  1 00:00:06', 'tomorrow'])
      expect(parseRetryAfter(bad, now)).toBeNull()
  })
})

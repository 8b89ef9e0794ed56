// The bucket model of spec 8.1 as the sandbox fixes it (rate-limit.ts, docs/SANDBOX.md).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  policyClassOf,
  policyNameOf,
  RateLimitBucket,
  SandboxRateLimiter,
  rateLimitHeaders,
} from '../../../src/sandbox/rate-limit'
import { present } from '../../helpers/present'

function parse(header: string | undefined) {
  const [name = '', ...pairs] = present(header, 'the header').split(';')
  const values: Record<string, number> = {}
  for (const pair of pairs) {
    const [k = '', v] = pair.split('=')
    values[k] = Number(v)
  }
  return { name: JSON.parse(name) as string, values }
}

describe('policy names and classes (spec 8.1.4)', () => {
  // The bucket is named after method, version and resource.
  const NAMES: [method: string, path: string, policy: string][] = [
    ['GET', '/v2/payments', 'get-v2-payments'],
    ['GET', '/v2/payments/tr_abc', 'get-v2-payments'],
    ['HEAD', '/v2/payments/tr_abc', 'get-v2-payments'],
    ['POST', '/v2/orders', 'post-v2-orders'],
    ['POST', '/v2/orders/ord_x/payments', 'post-v2-orders'],
    ['GET', '/v2/orders/ord_x', 'get-v2-orders'],
  ]
  it.each(NAMES)('names the bucket of %s %s %s', (method, path, policy) => {
    expect(policyNameOf(method, path)).toBe(policy)
  })

  it('GET, HEAD and OPTIONS read; the rest write', () => {
    expect(['GET', 'HEAD', 'OPTIONS'].map(policyClassOf)).toEqual(['read', 'read', 'read'])
    expect(['POST', 'PUT', 'PATCH', 'DELETE'].map(policyClassOf)).toEqual(['write', 'write', 'write', 'write'])
  })
})

describe('RateLimitBucket', () => {
  it('starts full, takes one token per request and refuses below one token', () => {
    const bucket = new RateLimitBucket({ q: 2, burst: 4 }, 0)
    const results = Array.from({ length: 5 }, () => bucket.take(0).allowed)
    expect(results).toEqual([true, true, true, true, false])
    // 499 ms refill 0.998 tokens: still refused; at 500 ms one token is back
    expect(bucket.take(499).allowed).toBe(false)
    expect(bucket.take(500).allowed).toBe(true)
    expect(bucket.take(500).allowed).toBe(false)
  })

  it('never refills above capacity', () => {
    const bucket = new RateLimitBucket({ q: 10, burst: 3 }, 0)
    bucket.take(0)
    expect(bucket.level(60_000)).toBe(3)
  })
})

describe('headers', () => {
  it('policy header carries q, w = ceil(B/q) and the burst', () => {
    const h = rateLimitHeaders('get-v2-payments', { q: 20, burst: 40 }, 39_000, false)
    expect(h['RateLimit-Policy']).toBe('"get-v2-payments";q=20;w=2;service-burst=40')
    expect(h.RateLimit).toBe('"get-v2-payments";r=39;t=1;service-burst=19')
    expect(h['Retry-After']).toBeUndefined()
    expect(rateLimitHeaders('x', { q: 3, burst: 10 }, 0, true)['RateLimit-Policy']).toBe('"x";q=3;w=4;service-burst=10')
  })

  it('Retry-After is at least one second and covers the wait for one token', () => {
    expect(rateLimitHeaders('x', { q: 5, burst: 10 }, 900, true)['Retry-After']).toBe('1')
    expect(rateLimitHeaders('x', { q: 1, burst: 10 }, 0, true)['Retry-After']).toBe('1')
    // q=1 with 0.2 tokens: 0.8 s → 1
    expect(rateLimitHeaders('x', { q: 1, burst: 10 }, 200, true)['Retry-After']).toBe('1')
  })

  it('tell the truth for any quota and request pattern (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 1, max: 100 }),
        fc.array(fc.integer({ min: 0, max: 3000 }), { maxLength: 40 }),
        (q, burst, gaps) => {
          let now = 1_000_000
          const limiter = new SandboxRateLimiter(() => now, { test: { read: { q, burst } } })
          for (const gap of gaps) {
            now += gap
            limiter.take('p', 'test', 'GET', '/v2/payments')
          }
          const first = limiter.take('p', 'test', 'GET', '/v2/payments')
          const rl = parse(first.headers.RateLimit).values
          const policy = parse(first.headers['RateLimit-Policy']).values
          expect(policy).toEqual({ q, w: Math.ceil(burst / q), 'service-burst': burst })
          expect(rl['service-burst']).toBe(Math.max(0, present(rl.r) - q))
          if (!first.allowed) {
            const retry = Number(first.headers['Retry-After'])
            expect(retry).toBeGreaterThanOrEqual(1)
            now += retry * 1000
            expect(limiter.take('p', 'test', 'GET', '/v2/payments').allowed).toBe(true)
            return
          }
          // exactly r immediate requests succeed, the next one is refused
          for (let i = 0; i < present(rl.r); i++)
            expect(limiter.take('p', 'test', 'GET', '/v2/payments').allowed).toBe(true)
          const refused = limiter.take('p', 'test', 'GET', '/v2/payments')
          expect(refused.allowed).toBe(false)
          // after t seconds (of the latest reading, with no requests meanwhile) the bucket is full again
          now += present(parse(refused.headers.RateLimit).values.t) * 1000
          const after = limiter.take('p', 'test', 'GET', '/v2/payments')
          expect(after.allowed).toBe(true)
          expect(parse(after.headers.RateLimit).values.r).toBe(burst - 1)
        },
      ),
      { numRuns: 300 },
    )
  })
})

describe('SandboxRateLimiter', () => {
  it('keeps separate buckets per policy, mode and scope; setQuotas resets', () => {
    const limiter = new SandboxRateLimiter(() => 0, {
      test: { read: { q: 1, burst: 1 }, write: { q: 1, burst: 2 } },
      live: { read: { q: 1, burst: 1 } },
    })
    expect(limiter.take('p', 'test', 'GET', '/v2/payments').allowed).toBe(true)
    expect(limiter.take('p', 'test', 'GET', '/v2/payments').allowed).toBe(false)
    expect(limiter.take('p', 'test', 'GET', '/v2/orders/ord_1').allowed).toBe(true)
    expect(limiter.take('p', 'live', 'GET', '/v2/payments').allowed).toBe(true)
    expect(limiter.take('q', 'test', 'GET', '/v2/payments').allowed).toBe(true)
    expect(limiter.take('p', 'test', 'POST', '/v2/payments').headers['RateLimit-Policy']).toBe(
      '"post-v2-payments";q=1;w=2;service-burst=2',
    )
    limiter.setQuotas({ test: { read: { q: 5, burst: 5 } } })
    const after = limiter.take('p', 'test', 'GET', '/v2/payments')
    expect(after.allowed).toBe(true)
    expect(after.headers.RateLimit).toBe('"get-v2-payments";r=4;t=1;service-burst=0')
  })

  it('refuses invalid quotas', () => {
    expect(() => new SandboxRateLimiter(() => 0, { test: { read: { q: 0, burst: 1 } } })).toThrow()
    expect(() => new SandboxRateLimiter(() => 0, { live: { write: { q: 1, burst: 1.5 } } })).toThrow()
  })
})

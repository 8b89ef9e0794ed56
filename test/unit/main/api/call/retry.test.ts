import { describe, expect, it } from 'vitest'
import {
  backoffDelayMs,
  DEFAULT_RETRY_POLICY,
  isOutage,
  outageDelayMs,
  shouldRetry,
  type RetryPolicy,
} from '../../../../../src/main/api/call/retry'

const policy: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 250,
  maxDelayMs: 8000,
  retry500: true,
  readOutageMs: 20_000,
  writeOutageMs: 10_000,
  circuitPauseMs: 15_000,
}

describe('backoffDelayMs (full jitter)', () => {
  it('stays within [0, min(cap, base·2^(n−1))) for any random value', () => {
    for (let n = 1; n <= 12; n++) {
      const ceiling = Math.min(8000, 250 * 2 ** (n - 1))
      for (const r of [0, 0.25, 0.5, 0.999999, 1]) {
        const d = backoffDelayMs(n, policy, () => r)
        expect(d).toBeGreaterThanOrEqual(0)
        expect(d).toBeLessThan(ceiling)
      }
      expect(backoffDelayMs(n, policy, () => 0)).toBe(0)
    }
  })

  it('grows exponentially until the cap', () => {
    const half = () => 0.5
    expect(backoffDelayMs(1, policy, half)).toBe(125)
    expect(backoffDelayMs(2, policy, half)).toBe(250)
    expect(backoffDelayMs(3, policy, half)).toBe(500)
    expect(backoffDelayMs(10, policy, half)).toBe(4000)
    expect(backoffDelayMs(1000, policy, half)).toBe(4000)
  })

  it('defaults to base 250 ms, cap 8 s, 12 attempts; outages outlasted 20 s (reads), 10 s (writes)', () => {
    expect(DEFAULT_RETRY_POLICY).toMatchObject({
      baseDelayMs: 250,
      maxDelayMs: 8000,
      maxAttempts: 12,
      readOutageMs: 20_000,
      writeOutageMs: 10_000,
    })
  })
})

describe('outageDelayMs (equal jitter)', () => {
  it('stays within [c/2, c) for c = min(cap, base·2^(n−1)), so the waits add up', () => {
    for (let n = 1; n <= 12; n++) {
      const ceiling = Math.min(8000, 250 * 2 ** (n - 1))
      for (const r of [0, 0.5, 0.999999, 1]) {
        const d = outageDelayMs(n, policy, () => r)
        expect(d).toBeGreaterThanOrEqual(ceiling / 2)
        expect(d).toBeLessThan(ceiling)
      }
    }
    // Even with the shortest draws, nine waits outlast a 19 s outage (full jitter could wait ~0).
    let total = 0
    for (let n = 1; n <= 9; n++) total += outageDelayMs(n, policy, () => 0)
    expect(total).toBeGreaterThanOrEqual(19_000)
  })

  it('an outage is a 502/503/504, a network fault or a timeout; never a 500 or a 4xx', () => {
    for (const status of [502, 503, 504]) expect(isOutage({ type: 'status', status })).toBe(true)
    for (const status of [500, 429, 409, 400]) expect(isOutage({ type: 'status', status })).toBe(false)
    expect(isOutage({ type: 'network', code: 'ECONNREFUSED' })).toBe(true)
    expect(isOutage({ type: 'timeout', phase: 'headers' })).toBe(true)
  })
})

describe('shouldRetry (spec 7)', () => {
  const get = { method: 'GET', hasIdempotencyKey: false, attempt: 1, policy }
  const postKeyed = { method: 'POST', hasIdempotencyKey: true, attempt: 1, policy }
  const postBare = { method: 'POST', hasIdempotencyKey: false, attempt: 1, policy }

  it('retries GET on 429/500/502/503/504, network errors and timeouts', () => {
    for (const status of [429, 500, 502, 503, 504])
      expect(shouldRetry({ type: 'status', status }, get).retry).toBe(true)
    expect(shouldRetry({ type: 'network', code: 'ECONNRESET' }, get)).toEqual({
      retry: true,
      reason: 'network error (ECONNRESET)',
    })
    expect(shouldRetry({ type: 'timeout', phase: 'headers' }, get)).toEqual({
      retry: true,
      reason: 'timeout (headers)',
    })
  })

  it('never retries other 4xx', () => {
    for (const status of [400, 401, 403, 404, 405, 409, 410, 415, 422]) {
      expect(shouldRetry({ type: 'status', status }, get).retry).toBe(false)
      if (status !== 409) expect(shouldRetry({ type: 'status', status }, postKeyed).retry).toBe(false)
    }
    expect(shouldRetry({ type: 'status', status: 409 }, postBare).retry).toBe(false)
  })

  // https://docs.mollie.com/overview/api-idempotency: 409 = the first request with this key is
  // still being processed; the same key later replays its result.
  it('retries a 409 of a POST with an Idempotency-Key', () => {
    expect(shouldRetry({ type: 'status', status: 409 }, postKeyed)).toEqual({ retry: true, reason: 'status 409' })
    expect(shouldRetry({ type: 'status', status: 409 }, { ...postKeyed, attempt: 4 }).retry).toBe(false)
  })

  it('retries a POST only with an Idempotency-Key', () => {
    expect(shouldRetry({ type: 'status', status: 503 }, postKeyed).retry).toBe(true)
    expect(shouldRetry({ type: 'network' }, postKeyed).retry).toBe(true)
    expect(shouldRetry({ type: 'status', status: 503 }, postBare).retry).toBe(false)
    expect(shouldRetry({ type: 'timeout', phase: 'body' }, postBare).retry).toBe(false)
    // A 429 was refused before anything ran (spec 8.1.7): safe for any method.
    expect(shouldRetry({ type: 'status', status: 429 }, postBare).retry).toBe(true)
    expect(shouldRetry({ type: 'status', status: 429 }, { ...postBare, method: 'PATCH' }).retry).toBe(true)
  })

  it('stops at maxAttempts', () => {
    expect(shouldRetry({ type: 'status', status: 503 }, { ...get, attempt: 3 }).retry).toBe(true)
    expect(shouldRetry({ type: 'status', status: 503 }, { ...get, attempt: 4 }).retry).toBe(false)
  })

  it('does not retry 500 when turned off', () => {
    expect(shouldRetry({ type: 'status', status: 500 }, { ...get, policy: { ...policy, retry500: false } }).retry).toBe(
      false,
    )
  })
})

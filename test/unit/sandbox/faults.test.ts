// Fault specs and matching (faults.ts), and credential prefixes (server.ts).
import { describe, expect, it } from 'vitest'
import { FaultRegistry, parseFaultSpec } from '../../../src/sandbox/faults'
import { parseCredential } from '../../../src/sandbox/context'

describe('parseFaultSpec', () => {
  it('accepts the documented shape and upper-cases the method', () => {
    expect(
      parseFaultSpec({ path: '/v2/payments', method: 'get', kind: 'status', status: 503, count: 2, fraction: 0.5 }),
    ).toEqual({
      spec: { path: '/v2/payments', method: 'GET', kind: 'status', status: 503, count: 2, fraction: 0.5 },
    })
  })

  it.each([
    [null, 'body'],
    [{ kind: 'latency' }, 'path'],
    [{ path: '/v2', kind: 'boom' }, 'kind'],
    [{ path: '/v2', kind: 'status' }, 'status'],
    [{ path: '/v2', kind: 'status', status: 404 }, 'status'],
    [{ path: '/v2', kind: 'latency', latencyMs: -1 }, 'latencyMs'],
    [{ path: '/v2', kind: 'latency', count: 1.5 }, 'count'],
    [{ path: '/v2', kind: 'latency', fraction: 2 }, 'fraction'],
    [{ path: '/v2', kind: 'latency', method: 'G E T' }, 'method'],
  ])('refuses %j (field %s)', (body, field) => {
    const result = parseFaultSpec(body)
    expect('error' in result && result.field).toBe(field)
  })
})

describe('FaultRegistry', () => {
  it('matches by path prefix and method, counting down', () => {
    const faults = new FaultRegistry(1)
    faults.add({ path: '/v2/orders', method: 'POST', kind: 'latency', count: 2 })
    expect(faults.match('GET', '/v2/orders/ord_1')).toBeUndefined()
    expect(faults.match('POST', '/v2/payments')).toBeUndefined()
    expect(faults.match('POST', '/v2/orders')?.remaining).toBe(1)
    expect(faults.match('post', '/v2/orders/ord_1/payments')?.remaining).toBe(0)
    expect(faults.match('POST', '/v2/orders')).toBeUndefined()
    expect(faults.list()[0]).toMatchObject({ remaining: 0, hits: 2 })
  })

  it('without count a fault stays until cleared; the first live match wins', () => {
    const faults = new FaultRegistry(1)
    faults.add({ path: '/v2', kind: 'status', status: 500, count: 1 })
    faults.add({ path: '/v2', kind: 'latency' })
    expect(faults.match('GET', '/v2/payments')?.kind).toBe('status')
    for (let i = 0; i < 5; i++) expect(faults.match('GET', '/v2/payments')?.kind).toBe('latency')
    faults.clear()
    expect(faults.match('GET', '/v2/payments')).toBeUndefined()
  })

  it('fires a fraction of matching requests, deterministically per seed', () => {
    const run = (seed: number) => {
      const faults = new FaultRegistry(seed)
      faults.add({ path: '/v2', kind: 'latency', fraction: 0.3 })
      return Array.from({ length: 1000 }, () => faults.match('GET', '/v2/payments') !== undefined)
    }
    const fired = run(5).filter(Boolean).length
    expect(fired).toBeGreaterThan(200)
    expect(fired).toBeLessThan(400)
    expect(run(5)).toEqual(run(5))
  })
})

describe('parseCredential (spec 5)', () => {
  it('reads kind and mode from the prefix', () => {
    expect(parseCredential('test_a1')).toEqual({ secret: 'test_a1', kind: 'api-key', mode: 'test' })
    expect(parseCredential('live_a1')).toEqual({ secret: 'live_a1', kind: 'api-key', mode: 'live' })
    expect(parseCredential('access_a1')).toEqual({ secret: 'access_a1', kind: 'organization-token' })
    // The characters the app accepts after the prefix (connection-rules), so a key added there works here.
    expect(parseCredential('test_my_key-1')).toMatchObject({ kind: 'api-key', mode: 'test' })
    for (const bad of ['sk_a1', 'test_', 'test_a 1', 'test_a.1', 'TEST_a1'])
      expect(() => parseCredential(bad)).toThrow()
  })
})

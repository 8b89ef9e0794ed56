// Issue 46 item 2: a policy without a remaining count is questioned by a bounded probe
// (src/main/api/limiter-probe.ts): it grows only while calls wait and are all accepted, backs off
// at once on a 429, and costs a bounded number of 429s.
import { describe, expect, it } from 'vitest'
import {
  newProbe,
  noteDemand,
  probedRate,
  probeRefused,
  stepProbe,
  type ProbeState,
} from '../../../../../src/main/api/limiter/probe'

/** One second of the probe at `policy` req/s: `demand` waited, the bucket sent at its whole rate. */
function second(p: ProbeState, now: number, policy: number, demand = true): number {
  if (demand) noteDemand(p, now + 500)
  const rate = probedRate(p, policy)
  stepProbe(p, { believed: policy, policyRate: policy, sentInStep: demand ? rate : 0, now: now + 1000 })
  return now + 1000
}

describe('the probe of a pessimistic policy without a remaining count', () => {
  it('grows while calls wait and are accepted, and not without demand', () => {
    const p = newProbe(0)
    let t = second(p, 0, 20, false)
    expect(probedRate(p, 20)).toBe(20)
    t = second(p, t, 20)
    expect(probedRate(p, 20)).toBe(30)
    t = second(p, t, 20)
    second(p, t, 20)
    expect(probedRate(p, 20)).toBeCloseTo(67.5)
  })

  it('a 429 above the rate believed sets it back below the last rate that held, and holds the growth', () => {
    const p = newProbe(0)
    let t = 0
    for (let i = 0; i < 4; i++) t = second(p, t, 20)
    expect(probedRate(p, 20)).toBeCloseTo(101.25)
    expect(probeRefused(p, 20, t + 100)).toBe(true)
    expect(probedRate(p, 20)).toBeCloseTo(0.9 * 67.5)
    // Held for 10 s: demand and acceptance do not grow it meanwhile.
    for (let i = 0; i < 5; i++) t = second(p, t, 20)
    expect(probedRate(p, 20)).toBeCloseTo(0.9 * 67.5)
  })

  it('a 429 at the rate believed is not the probe’s: the ordinary rules apply', () => {
    const p = newProbe(0)
    expect(probeRefused(p, 20, 10)).toBe(false)
    expect(p.refused).toBe(0)
  })

  it('costs at most three 429s in its first minute, however often it is refused', () => {
    const p = newProbe(0)
    let t = 0
    for (let round = 0; round < 20; round++) {
      for (let i = 0; i < 12; i++) t = second(p, t, 20)
      if (probedRate(p, 20) > 20) probeRefused(p, 20, t)
    }
    // 20 rounds of 12 s: 240 s, so 3 + 4 credits at most.
    expect(p.refused).toBeLessThanOrEqual(3 + 4)
    const early = newProbe(0)
    t = 0
    for (let round = 0; round < 5; round++) {
      for (let i = 0; i < 11; i++) t = second(early, t, 20)
      if (probedRate(early, 20) > 20) probeRefused(early, 20, t)
    }
    expect(early.refused).toBeLessThanOrEqual(3)
  })

  it('after the rate believed is refused (a quota dropped) it regrows fast up to just below that rate, then slowly', () => {
    const p = newProbe(0)
    // 40/s was refused and cut to 10/s by the ordinary rules; the growth holds 10 s.
    expect(probeRefused(p, 40, 0)).toBe(false)
    let t = 0
    for (let i = 0; i < 9; i++) t = second(p, t, 10)
    expect(probedRate(p, 10)).toBe(10)
    const rates: number[] = []
    for (let i = 0; i < 6; i++) {
      t = second(p, t, 10)
      rates.push(Math.round(probedRate(p, 10) * 10) / 10)
    }
    // × 1.5 up to 36/s (0.9 × the rate refused), × 1.1 above it.
    expect(rates).toEqual([15, 22.5, 33.8, 50.6, 55.7, 61.3])
  })
})

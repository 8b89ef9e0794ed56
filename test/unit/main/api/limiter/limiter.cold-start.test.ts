// Issue 46 item 1: a team's cold start. While this instance does not know a bucket's state (just
// learned, or no figure for longer than it takes to refill) its background work starts slowly and
// spread out; the agent's calls never wait for it.
import { describe, expect, it } from 'vitest'
import { RateLimiter } from '../../../../../src/main/api/limiter/limiter'
import { present } from '../../../../helpers/present'
import { FakeClock, flush, granted, headers, track } from '../../../helpers/limiter-fixtures'

type Entry = ReturnType<typeof track>

async function learnedNow(random = 0.5) {
  const clock = new FakeClock()
  const limiter = new RateLimiter({ clock, random: () => random, pauseJitterMs: 0, safetyMargin: false })
  const first = track(limiter, { label: 'first' })
  await flush()
  present(first.permit).complete({ status: 200, headers: headers('p', 10, 10, 10) })
  await flush()
  return { clock, limiter }
}

/** Answers every granted, unanswered request with the server's figure `r` (a bucket nobody else uses). */
function answerAll(entries: Entry[], done: Set<Entry>, r: number): void {
  for (const e of entries) {
    if (!e.permit || done.has(e)) continue
    done.add(e)
    e.permit.complete({ status: 200, headers: headers('p', 10, 10, r) })
  }
}

describe("a team's cold start (issue 46 item 1)", () => {
  it('a bucket just learned: the sync does not spend the whole bucket at once, and alone reaches full speed within seconds', async () => {
    const { clock, limiter } = await learnedNow()
    const sync = Array.from({ length: 200 }, (_, i) => track(limiter, { label: `bg${i}`, priority: 'background' }))
    await flush()
    // Assuming it was alone, it took 9 of the 10 tokens at once (twenty desks: 180 of one bucket).
    expect(granted(sync)).toBeLessThanOrEqual(1)
    expect(present(present(limiter.snapshot('p')).background)).toMatchObject({ share: 0.031, startingUp: true })
    const agent = track(limiter, { label: 'agent' })
    await flush()
    expect(agent.permit).not.toBeNull()
    const done = new Set<Entry>()
    for (let t = 0; t < 4000; t += 100) {
      await clock.advance(100)
      answerAll(sync, done, 9) // the server shows the bucket full: nobody else
      await flush()
    }
    const after4s = granted(sync)
    await clock.advance(1000)
    answerAll(sync, done, 9)
    await flush()
    await clock.advance(1000)
    // Full speed again: the quota (10/s) per second, not the slow start's share of it.
    expect(granted(sync) - after4s).toBeGreaterThanOrEqual(15)
    expect(present(present(limiter.snapshot('p')).background)).toEqual({
      configuredShare: 0.25,
      share: 1,
      othersActive: false,
      othersPerSecond: 0,
    })
  })

  it('a bucket not heard from for longer than it takes to refill (a network drop): queued sync work starts slowly again', async () => {
    const { clock, limiter } = await learnedNow()
    const warm = Array.from({ length: 100 }, (_, i) => track(limiter, { label: `w${i}`, priority: 'background' }))
    const done = new Set<Entry>()
    for (let t = 0; t < 5000; t += 100) {
      await clock.advance(100)
      answerAll(warm, done, 9)
      await flush()
    }
    answerAll(warm, done, 9)
    // No figure for 10 s (a network drop): the estimate refilled to the whole bucket, which every
    // desk of the team now believes; their syncs come back with work queued.
    await clock.advance(10_000)
    const back = Array.from({ length: 30 }, (_, i) => track(limiter, { label: `b${i}`, priority: 'background' }))
    await flush()
    expect(granted(back)).toBeLessThanOrEqual(1)
    const agent = track(limiter, { label: 'agent' })
    await flush()
    expect(agent.permit).not.toBeNull()
  })

  it("a gate not yet learned holds the first background request a random part of a second; the agent's goes at once", async () => {
    const clock = new FakeClock()
    const limiter = new RateLimiter({ clock, random: () => 0.5 })
    const bg = track(limiter, { label: 'bg', priority: 'background' })
    const agent = track(limiter, { label: 'agent' })
    await flush()
    expect(agent.permit).not.toBeNull()
    expect(bg.permit).toBeNull()
    present(agent.permit).fail()
    await clock.advance(499)
    expect(bg.permit).toBeNull()
    await clock.advance(2)
    expect(bg.permit).not.toBeNull()
  })

  it('a server that names its policy but never what is left: no slow start that could never grow', async () => {
    const clock = new FakeClock()
    const limiter = new RateLimiter({ clock, random: () => 0.5, pauseJitterMs: 0, safetyMargin: false })
    const policyOnly = { 'ratelimit-policy': headers('p', 10, 10, 0)['ratelimit-policy'] }
    const first = track(limiter, { label: 'first' })
    await flush()
    present(first.permit).complete({ status: 200, headers: policyOnly })
    const sync = Array.from({ length: 100 }, (_, i) => track(limiter, { label: `bg${i}`, priority: 'background' }))
    const done = new Set<Entry>()
    for (let t = 0; t < 3000; t += 100) {
      await clock.advance(100)
      for (const e of sync) {
        if (!e.permit || done.has(e)) continue
        done.add(e)
        e.permit.complete({ status: 200, headers: policyOnly })
      }
      await flush()
    }
    // The policy's 10/s (less the token kept for the agent), not a thirty-second of it.
    expect(granted(sync)).toBeGreaterThanOrEqual(20)
  })
})

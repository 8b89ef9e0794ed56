// A deterministic model of bench:team (issue 27): N of Paydesk's real rate limiters (src/main/api/
// limiter.ts) on one simulated READ bucket (the sandbox's own bucket and headers, src/sandbox/
// rate-limit.ts), in virtual time, so the limiter's policy can be judged apart from CPU noise.
// Each instance runs a sync (one page request after another, a little work between pages) and an
// agent lookup every 2 s; a shop reads at 30 % of the quota and never retries. What it leaves out:
// the CPU (22 processes on 2 cores in the real bench), sockets, the client's other retries.
//   npx tsx bench/team/sim.ts [--ns 1,5,10,20] [--seconds 20] [--seeds 3]
// Prints one line per N and seed; the last line is one JSON object.

import { RateLimiter, type Permit } from '../../src/main/api/limiter/limiter'
import type { Clock } from '../../src/main/api/clock'
import { RateLimitBucket, rateLimitHeaders } from '../../src/sandbox/rate-limit'
import { numberOption, numbersOption } from '../lib/args'
import { percentile, round } from '../lib/stats'

const NS = numbersOption('ns', '1,5,10,20')
const T = numberOption('seconds', 20) * 1000
const SEEDS = numberOption('seeds', 3)
/**
 * Mean extra delay (ms, exponential) before a busy process sees an answer or a timer: the real
 * bench runs 22+ processes on 2 cores, where event loops run late by tens to hundreds of ms.
 */
const STALL = numberOption('stall', 0)
const QUOTA = { q: 26, burst: 52 }
const SHOP_RATE = 0.3 * QUOTA.q
const POLICY = 'get-v2-payments'

/** A small seeded generator (mulberry32): the same seed gives the same run. */
function rng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

interface Event {
  at: number
  seq: number
  fn: () => void
  cancelled: boolean
}

class World {
  now = 0
  private seq = 0
  /** Pending events in time order (few at a time: a handful per instance). */
  private queue: Event[] = []
  at(ms: number, fn: () => void): Event {
    const e: Event = { at: this.now + Math.max(0, ms), seq: this.seq++, fn, cancelled: false }
    const i = this.queue.findIndex((x) => x.at > e.at)
    if (i < 0) this.queue.push(e)
    else this.queue.splice(i, 0, e)
    return e
  }
  /** Runs events in time order; the limiter answers through promises, so each event's microtasks run before the next. */
  async run(until: number): Promise<void> {
    for (let e = this.queue.shift(); e !== undefined && e.at <= until; e = this.queue.shift()) {
      this.now = e.at
      if (e.cancelled) continue
      e.fn()
      await new Promise<void>((resolve) => setImmediate(resolve))
    }
  }
  clock(stall: () => number = () => 0): Clock {
    return {
      now: () => this.now,
      setTimer: (fn, ms) => this.at(ms + stall(), fn),
      clearTimer: (h) => {
        ;(h as Event).cancelled = true
      },
    }
  }
}

interface Tally {
  accepted: number
  lookupMs: number[]
  lookup429: number
  sync429: number
  syncPages: number
  shop: number
  shop429: number
}

async function simulate(n: number, seed: number, withShop: boolean): Promise<Tally> {
  const world = new World()
  const random = rng(seed)
  const bucket = new RateLimitBucket(QUOTA, 0)
  const tally: Tally = { accepted: 0, lookupMs: [], lookup429: 0, sync429: 0, syncPages: 0, shop: 0, shop429: 0 }
  const latency = () => 5 + random() * 35
  const stall = () => (STALL > 0 ? -STALL * Math.log(1 - random()) : 0)
  /** The server handles a request (mid-way) and answers (at the end). */
  const send = (answer: (status: number, headers: Record<string, string>) => void) => {
    const l = latency()
    world.at(l / 2, () => {
      const taken = bucket.take(world.now)
      if (taken.allowed && world.now <= T) tally.accepted++
      // As node's http hands them over: names in lower case.
      const headers = Object.fromEntries(
        Object.entries(rateLimitHeaders(POLICY, QUOTA, taken.milliTokens, !taken.allowed)).map(([k, v]) => [
          k.toLowerCase(),
          v,
        ]),
      )
      world.at(l / 2 + stall(), () => answer(taken.allowed ? 200 : 429, headers))
    })
  }
  for (let i = 0; i < n; i++) {
    const limiter = new RateLimiter({ clock: world.clock(stall), random })
    // One request through the limiter, retried after the pause a 429 imposes.
    const call = (priority: 'user' | 'background', done: (rejections: number) => void, rejections = 0) => {
      void limiter
        .acquire({ cls: 'read', endpointKey: 'GET /payments', priority, isRetry: rejections > 0 })
        .then((permit: Permit) =>
          send((status, headers) => {
            const { pauseMs } = permit.complete({ status, headers })
            if (status === 429) world.at(pauseMs ?? 0, () => call(priority, done, rejections + 1))
            else done(rejections)
          }),
        )
    }
    const syncStep = () =>
      call('background', (rejections) => {
        tally.sync429 += rejections
        tally.syncPages++
        if (world.now < T) world.at(5 + random() * 15, syncStep)
      })
    world.at(random() * 200, syncStep)
    const lookup = () => {
      const start = world.now
      call('user', (rejections) => {
        tally.lookup429 += rejections
        if (start <= T) tally.lookupMs.push(world.now - start)
      })
      if (world.now + 2000 < T) world.at(2000, lookup)
    }
    world.at(1000 + random() * 2000, lookup)
    if (process.env.SIM_DEBUG && i === 0) {
      const show = () => {
        const snap = limiter.snapshots().find((b) => b.policy === POLICY)
        console.log(
          `  t=${world.now} server=${bucket.level(world.now).toFixed(1)} est=${snap?.remaining} bg=${JSON.stringify(snap?.background)} paused=${snap?.pausedUntil}`,
        )
        if (world.now < T) world.at(1000, show)
      }
      world.at(500, show)
    }
  }
  if (withShop) {
    const shopRead = () => {
      send((status) => {
        tally.shop++
        if (status === 429) tally.shop429++
      })
      if (world.now + 1000 / SHOP_RATE < T) world.at(1000 / SHOP_RATE, shopRead)
    }
    world.at(0, shopRead)
  }
  await world.run(T + 60_000)
  return tally
}

const rows: Record<string, unknown>[] = []
for (const n of NS) {
  for (let s = 1; s <= SEEDS; s++) {
    const t = await simulate(n, s, true)
    const use = t.accepted / ((QUOTA.q * T) / 1000 + QUOTA.burst)
    const row = {
      n,
      seed: s,
      lookupP50: round(percentile(t.lookupMs, 50)),
      lookupP95: round(percentile(t.lookupMs, 95)),
      lookupMax: round(Math.max(0, ...t.lookupMs)),
      lookups: t.lookupMs.length,
      lookup429: t.lookup429,
      shop429: t.shop429,
      sync429: t.sync429,
      syncPages: t.syncPages,
      readUse: Math.round(use * 1000) / 1000,
    }
    rows.push(row)
    console.log(
      `N=${n} seed ${s}: lookup p50/p95/max ${row.lookupP50}/${row.lookupP95}/${row.lookupMax} ms (${row.lookups}, ${t.lookup429} × 429) · shop 429s ${t.shop429}/${t.shop} · sync pages ${t.syncPages} (${t.sync429} × 429) · READ use ${row.readUse}`,
    )
  }
}
console.log(JSON.stringify({ bench: 'team-sim', seconds: T / 1000, quota: QUOTA, shopRate: SHOP_RATE, rows }))

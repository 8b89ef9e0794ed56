// Client-side rate limiting (spec 8.1): one token bucket per policy name learned from the
// RateLimit-Policy header, READ and WRITE kept apart (8.1.4), a bounded priority queue in front,
// and a conservative one-at-a-time gate per class for endpoints whose policy is not yet known.
//
// The local bucket is an estimate. After every response it is clamped into the interval the
// server's `RateLimit: r` allows, counting our requests sent after the one answered (their
// tokens are not in that r). `t` is never used (spec 8.1: its range must not be relied on).

import type { BucketSnapshot, RequestClass, RequestPriority } from '../../shared/api-events'
import type { Clock } from './clock'
import {
  backgroundWaitMs,
  othersActive,
  shareOptionsOf,
  spendBackground,
  startSlow,
  type ShareOptions,
} from './bucket-share'
import { saneReading } from './header-sanity'
import {
  capacityOf,
  EPSILON,
  isCold,
  margin,
  MAX_LOG,
  newGate,
  ownRate,
  pauseEnd,
  rateOf,
  refill,
  snapshotOf,
  type Gate,
} from './limiter-gate'
import { correctEstimate, pauseAfter429, probeAfterAnswer } from './limiter-learn'
import { noteDemand } from './limiter-probe'
import {
  BACKGROUND_RESERVE,
  LimiterError,
  MAX_TIMER_MS,
  type AcquireRequest,
  type LimiterOptions,
  type Permit,
  type ResponseReport,
  type Waiter,
} from './limiter-types'
import { bucketFromShape, type Policies } from './limiter-policies'
import { readRateLimitHeaders } from './rate-limit-dialects'
import { retryAfterSeconds } from './rate-limit-headers'

export { MAX_BUCKETS } from './limiter-policies'
export {
  BACKGROUND_RESERVE,
  LimiterError,
  MAX_TIMER_MS,
  type AcquireRequest,
  type LimiterErrorCode,
  type LimiterOptions,
  type Permit,
  type ResponseReport,
} from './limiter-types'

/** An unlearned gate's first background request waits a random part of this (ms): desks started together spread out. */
const COLD_JITTER_MS = 1000
/** A shared bucket counts as over its quota when a lookup would wait this long (ms). */
const OVERLOAD_WAIT_MS = 1000

export class RateLimiter {
  private readonly clock: Clock
  private readonly random: () => number
  private readonly maxQueue: number
  private readonly maxRetryAfterMs: number
  private readonly safetyMargin: boolean
  private readonly slowStart: boolean
  private readonly pauseJitterMs: number
  private readonly default429PauseMs: number
  private readonly onChange?: () => void
  private readonly shareOptions: ShareOptions
  private readonly buckets = new Map<string, Gate>()
  /** `${cls} ${endpointKey}` → policy name, as learned. */
  private readonly endpointPolicy = new Map<string, string>()
  private readonly policies: Policies = { buckets: this.buckets, endpointPolicy: this.endpointPolicy }
  private readonly probes: Record<RequestClass, Gate>
  private readonly queues: Record<RequestPriority, Waiter[]> = { user: [], background: [] }
  /** Waiting requests that count toward a bound, per `${cls}` and `${cls} background`. */
  private readonly bounded = new Map<string, number>()
  private nextOrderKey = 1
  private nextSeq = 1
  private timer: unknown = null
  private timerAt = Infinity
  private disposed = false
  private changeScheduled = false

  constructor(options: LimiterOptions) {
    this.clock = options.clock
    this.random = options.random ?? Math.random
    this.maxQueue = options.maxQueue ?? 1000
    this.maxRetryAfterMs = options.maxRetryAfterMs ?? 120_000
    this.safetyMargin = options.safetyMargin ?? true
    this.slowStart = options.slowStart ?? true
    this.pauseJitterMs = options.pauseJitterMs ?? 100
    this.default429PauseMs = options.default429PauseMs ?? 1000
    this.onChange = options.onChange
    this.shareOptions = shareOptionsOf(options)
    this.probes = { read: this.newProbe('read'), write: this.newProbe('write') }
  }

  /** An unlearned gate: its first background request waits a random part of COLD_JITTER_MS (a team's cold start). */
  private newProbe(cls: RequestClass): Gate {
    const init = { name: `unlearned-${cls}`, cls, learned: false, capacity: 1, rate: 0, tokens: 1 }
    const g = newGate(init, null, this.clock.now(), this.shareOptions)
    if (this.slowStart) g.backgroundFrom = this.clock.now() + this.random() * COLD_JITTER_MS
    return g
  }

  acquire(req: AcquireRequest): Promise<Permit> {
    if (this.disposed) return Promise.reject(new LimiterError('disposed', 'The API client was closed.'))
    if (req.signal?.aborted) return Promise.reject(new LimiterError('aborted', 'Cancelled before it was sent.'))
    const countsTowardBound = !req.isRetry
    if (countsTowardBound) {
      const refusal = this.admit(req.cls, req.priority)
      if (refusal) return Promise.reject(refusal)
    }
    return new Promise<Permit>((resolve, reject) => {
      const waiter: Waiter = {
        orderKey: req.orderKey ?? this.nextOrderKey++,
        priority: req.priority,
        cls: req.cls,
        endpointKey: req.endpointKey,
        enqueuedAt: this.clock.now(),
        countsTowardBound,
        boundKey: req.cls,
        resolve,
        reject,
        signal: req.signal,
        deadlineAt: req.deadlineAt,
      }
      if (req.signal) {
        // A cancelled request leaves the queue without ever being sent.
        waiter.onAbort = () => {
          if (this.removeWaiter(waiter)) {
            reject(new LimiterError('aborted', 'Cancelled while waiting in the rate-limit queue.'))
            this.pump()
          }
        }
        req.signal.addEventListener('abort', waiter.onAbort, { once: true })
      }
      this.insertWaiter(waiter)
      this.pump()
    })
  }

  /**
   * Bounds per class and priority (issue: a read backlog must never refuse a write, a background
   * sync never a user's call): each class has its own bound, background work of a class has the
   * same bound on its own, and at a full class the newest background request yields to a user one.
   * Returns the refusal, or null when the request may queue.
   */
  private admit(cls: RequestClass, priority: RequestPriority): LimiterError | null {
    const full = (what: string) =>
      new LimiterError(
        'queue-full',
        `The ${what} queue is full (${this.maxQueue} waiting); nothing was sent. Try again shortly.`,
      )
    const background = this.bounded.get(`${cls} background`) ?? 0
    if (priority === 'background') {
      if (background >= this.maxQueue) return full(`background ${cls}`)
      return null
    }
    if ((this.bounded.get(cls) ?? 0) < this.maxQueue) return null
    // The lowest-priority work yields first: the newest background request of this class.
    const q = this.queues.background
    for (let i = q.length - 1; i >= 0; i--) {
      const w = q[i]
      if (w === undefined || w.cls !== cls || !w.countsTowardBound) continue
      this.removeWaiter(w)
      w.reject(
        new LimiterError(
          'queue-full',
          `Background ${cls} request gave way to a user request (queue full); nothing was sent.`,
        ),
      )
      return null
    }
    return full(cls)
  }

  private count(w: Waiter, delta: number): void {
    if (!w.countsTowardBound) return
    this.bounded.set(w.cls, (this.bounded.get(w.cls) ?? 0) + delta)
    if (w.priority === 'background') {
      const k = `${w.cls} background`
      this.bounded.set(k, (this.bounded.get(k) ?? 0) + delta)
    }
  }

  private insertWaiter(w: Waiter): void {
    const q = this.queues[w.priority]
    let i = q.length
    while (i > 0 && (q[i - 1]?.orderKey ?? -Infinity) > w.orderKey) i--
    q.splice(i, 0, w)
    this.count(w, 1)
  }

  private removeWaiter(w: Waiter): boolean {
    const q = this.queues[w.priority]
    const i = q.indexOf(w)
    if (i < 0) return false
    q.splice(i, 1)
    this.count(w, -1)
    if (w.signal && w.onAbort) w.signal.removeEventListener('abort', w.onAbort)
    return true
  }

  private gateFor(cls: RequestClass, endpointKey: string): Gate {
    const policy = this.endpointPolicy.get(`${cls} ${endpointKey}`)
    if (policy !== undefined) {
      const bucket = this.buckets.get(policy)
      if (bucket) return bucket
    }
    return this.probes[cls]
  }

  /**
   * 0 when the gate admits a request of this priority now, else ms to wait (Infinity: until a
   * response arrives). Background requests leave one token in the bucket (when it holds more than
   * one): a sync that spends every token as it refills would make an agent's request wait for the
   * next one, up to a token interval plus whatever else the main thread is doing; with the reserve
   * the agent's request finds a token at once, and the sync still runs at the refill rate.
   */
  private waitMs(g: Gate, now: number, priority: RequestPriority): number {
    const from = priority === 'background' ? g.backgroundFrom : -Infinity
    const pause = Math.max((pauseEnd(g, priority, now) ?? now) - now, from - now)
    if (!g.learned) {
      // One at a time, except that a user call never waits behind the instance's own background
      // probe (a sync's first page must not hold an agent's first lookup).
      const userMayPass = priority === 'user' && g.userInFlight === 0 && g.inFlight < 2
      if (g.inFlight >= 1 && !userMayPass) return Infinity
      return pause
    }
    refill(g, now)
    if (priority === 'background' && this.slowStart && isCold(g, now)) startSlow(g.share, rateOf(g), now, this.random())
    // Until the server's refill is observed, a safety margin stays in the bucket: the first burst
    // drains it to the server's r exactly, and the refill the estimate then assumes may start
    // later on the server (issue 15 item 4: 429s right after the first burst).
    let need = 1 + (g.refillSeen || !this.safetyMargin ? 0 : margin(g))
    if (priority === 'background') need += Math.min(BACKGROUND_RESERVE, Math.max(0, capacityOf(g) - need))
    const own = ownRate(g)
    // A user call counts on the whole refill since the server's last figure, not only on what the
    // others seem to leave: an agent must not wait on a pessimistic guess while the bucket has
    // tokens (at worst one 429; the background yields it back). Never across a pause (one slot at its end).
    const since = Math.max(g.correctedAt, g.userPausedUntil ?? -Infinity)
    const tokens =
      priority === 'user'
        ? Math.min(capacityOf(g), g.tokens + ((rateOf(g) - own) * Math.max(0, now - since)) / 1000)
        : g.tokens
    const rate = priority === 'user' ? rateOf(g) : own
    const tokenWait = tokens >= need - EPSILON ? 0 : ((need - tokens) / rate) * 1000
    // Waiting for a token, not a pause: demand above the rate (a pessimistic policy is questioned)
    if (tokenWait > 0 && pause <= 0) noteDemand(g.probe, now)
    // Others use the bucket: background work keeps to its share and waits while the bucket is low.
    const shareWait =
      priority === 'background'
        ? backgroundWaitMs(
            g.share,
            { tokens: g.tokens, capacity: capacityOf(g), rate: rateOf(g), ownRate: own },
            now,
            this.shareOptions,
          )
        : 0
    return Math.max(pause, tokenWait, shareWait)
  }

  /** Requests whose deadline ends before their bucket's pause leave now, unsent, the wait named. */
  private dropHopeless(now: number): void {
    const paused = (g: Gate) => g.pausedUntil !== null && g.pausedUntil > now // a user pause never outlasts it
    if (!paused(this.probes.read) && !paused(this.probes.write) && ![...this.buckets.values()].some(paused)) return
    for (const priority of ['user', 'background'] as const) {
      const q = this.queues[priority]
      for (let i = q.length - 1; i >= 0; i--) {
        const w = q[i]
        if (w?.deadlineAt === undefined) continue
        const end = pauseEnd(this.gateFor(w.cls, w.endpointKey), priority, now)
        if (end === null || end <= w.deadlineAt) continue
        this.removeWaiter(w)
        w.reject(new LimiterError('wait-too-long', 'The bucket stays paused past the deadline.', end - now))
      }
    }
  }

  private pump(): void {
    if (this.disposed) return
    const now = this.clock.now()
    this.dropHopeless(now)
    const blocked = new Set<Gate>()
    let earliest = Infinity
    for (const priority of ['user', 'background'] as const) {
      const q = this.queues[priority]
      for (let i = 0; i < q.length;) {
        const w = q[i]
        if (w === undefined) break
        const g = this.gateFor(w.cls, w.endpointKey)
        if (blocked.has(g)) {
          i++
          continue
        }
        const wait = this.waitMs(g, now, w.priority)
        if (wait > 0) {
          blocked.add(g)
          earliest = Math.min(earliest, wait)
          i++
          continue
        }
        q.splice(i, 1)
        this.count(w, -1)
        if (w.signal && w.onAbort) w.signal.removeEventListener('abort', w.onAbort)
        w.resolve(this.dispatch(w, g, now))
      }
    }
    this.schedule(earliest, now)
    this.changed()
  }

  private schedule(waitMs: number, now: number): void {
    if (!Number.isFinite(waitMs)) {
      if (this.timer !== null) this.clock.clearTimer(this.timer)
      this.timer = null
      this.timerAt = Infinity
      return
    }
    // Round up: waking early would only reschedule.
    const at = now + Math.min(MAX_TIMER_MS, Math.max(1, Math.ceil(waitMs)))
    if (this.timer !== null && this.timerAt === at) return
    if (this.timer !== null) this.clock.clearTimer(this.timer)
    this.timerAt = at
    this.timer = this.clock.setTimer(() => {
      this.timer = null
      this.timerAt = Infinity
      this.pump()
    }, at - now)
  }

  private dispatch(w: Waiter, g: Gate, now: number): Permit {
    const seq = this.nextSeq++
    // The estimate admitted it with a token to spare: a 429 to it is a surprise.
    // (A user call is always sent expecting a token: see waitMs.)
    const expected = g.learned && (g.tokens >= 1 - EPSILON || w.priority === 'user')
    if (g.learned) {
      g.tokens -= 1
      g.sendLog.push(now)
      if (g.sendLog.length > MAX_LOG) g.sendLog.splice(0, MAX_LOG / 2)
    }
    if (g.learned && w.priority === 'background') spendBackground(g.share, rateOf(g), now, this.shareOptions)
    g.inFlight++
    if (w.priority === 'user') g.userInFlight++
    const sentAt = now
    let settled = false
    const settle = (): boolean => {
      if (settled) return false
      settled = true
      g.inFlight = Math.max(0, g.inFlight - 1)
      if (w.priority === 'user') g.userInFlight = Math.max(0, g.userInFlight - 1)
      g.settleLog.push(this.nextSeq++)
      if (g.settleLog.length > MAX_LOG) g.settleLog.splice(0, MAX_LOG / 2)
      return true
    }
    return {
      bucket: g.learned ? g.name : null,
      queuedMs: now - w.enqueuedAt,
      orderKey: w.orderKey,
      complete: (report) => {
        if (!settle()) return { pauseMs: null }
        const result = this.learn(g, w, seq, sentAt, expected, report)
        this.pump()
        return result
      },
      fail: () => {
        if (!settle()) return
        this.pump()
      },
    }
  }

  private learn(
    via: Gate,
    w: Waiter,
    seq: number,
    sentAt: number,
    expected: boolean,
    report: ResponseReport,
  ): { pauseMs: number | null; askedMs?: number } {
    const now = this.clock.now()
    // Headers that cannot be true are set aside: the endpoint is then paced as if nothing were known.
    const { reading } = saneReading(readRateLimitHeaders(report.headers, now))
    // Dialects without a policy name (legacy) get one bucket per class.
    const nameOf = (n: string | null) => n ?? `${reading.dialect ?? 'unnamed'}-${w.cls}`
    let bucket: Gate | null = via.learned ? via : null
    if (reading.shape) {
      const name = nameOf(reading.shape.name)
      const known = this.buckets.has(name)
      bucket = bucketFromShape(this.policies, reading.shape, { name, cls: w.cls, now }, this.shareOptions)
      // A bucket just learned: its state (who else spends from it) is unknown; a slow start.
      if (!known && this.slowStart) startSlow(bucket.share, rateOf(bucket), now, this.random())
      this.endpointPolicy.set(`${w.cls} ${w.endpointKey}`, bucket.name)
    } else if (reading.state && !bucket) {
      // A RateLimit without a policy: usable only for a bucket already known by that name.
      const known = this.buckets.get(nameOf(reading.state.name))
      if (known && known.cls === w.cls) bucket = known
    }
    const at = { seq, sentAt, now, refused: report.status === 429 }
    if (bucket && reading.state && nameOf(reading.state.name) === bucket.name)
      correctEstimate(bucket, via, reading.state, at, this.shareOptions)
    // A server that never says what is left gives a slow start nothing to grow on: none then.
    else if (bucket && bucket.lastR === null) bucket.share.slow = null

    if (bucket && report.status !== 429) probeAfterAnswer(bucket, now)
    if (report.status !== 429) return { pauseMs: null }
    // Spec 8.1: Retry-After wins; without it a fixed pause. Jitter only ever lengthens the wait.
    // An HTTP-date is read on the service's clock (its Date header), never on ours.
    const retryAfter = retryAfterSeconds(report.headers, now)
    const askedMs = retryAfter !== null ? retryAfter * 1000 : this.default429PauseMs
    // A Retry-After beyond the cap fails only the call that got it (the client names the wait);
    // for the bucket it is a 429 without a usable Retry-After: the short default pause, never the
    // cap (a server clock hours off, or one absurd header, must not stop every other call).
    const pauseMs = askedMs > this.maxRetryAfterMs ? this.default429PauseMs : askedMs
    const pausedUntil = pauseAfter429(
      { gate: bucket ?? via, bucket, via },
      { priority: w.priority, expected, now, pauseMs, jitterMs: this.random() * this.pauseJitterMs },
      this.shareOptions,
    )
    const result: { pauseMs: number; askedMs?: number } = { pauseMs: pausedUntil - now }
    if (askedMs > this.maxRetryAfterMs) result.askedMs = askedMs
    return result
  }

  private changed(): void {
    if (!this.onChange || this.changeScheduled) return
    this.changeScheduled = true
    queueMicrotask(() => {
      this.changeScheduled = false
      if (!this.disposed) this.onChange?.()
    })
  }

  /** Number of distinct pauses a bucket has started (for tests and the inspector). */
  pauseCount(policy: string): number {
    return (this.buckets.get(policy) ?? Object.values(this.probes).find((p) => p.name === policy))?.pauses ?? 0
  }

  snapshot(policy: string | null, cls?: RequestClass): BucketSnapshot | null {
    const g = policy !== null ? this.buckets.get(policy) : cls ? this.probes[cls] : undefined
    return g ? this.snapshotWithLoad(g, this.clock.now()) : null
  }

  snapshots(): BucketSnapshot[] {
    const now = this.clock.now()
    const out: BucketSnapshot[] = []
    for (const cls of ['read', 'write'] as const) {
      const probe = this.probes[cls]
      const hasLearned = [...this.buckets.values()].some((b) => b.cls === cls)
      const queued = this.queuedFor(probe)
      if (!hasLearned || probe.inFlight > 0 || queued > 0) out.push(snapshotOf(probe, now, queued, this.shareOptions))
    }
    for (const g of this.buckets.values()) out.push(this.snapshotWithLoad(g, now))
    return out
  }

  /** A bucket's snapshot, with `overload` while others share it and a lookup would wait 1 s or more. */
  private snapshotWithLoad(g: Gate, now: number): BucketSnapshot {
    const snap = snapshotOf(g, now, this.queuedFor(g), this.shareOptions)
    if (!g.learned || !othersActive(g.share, now, this.shareOptions)) return snap
    // A new lookup waits for the bucket (pause or refill) and behind the lookups already queued.
    const usersAhead = this.queues.user.filter((w) => this.gateFor(w.cls, w.endpointKey) === g).length
    const lookupWaitMs = this.waitMs(g, now, 'user') + (usersAhead / Math.max(rateOf(g), 1e-6)) * 1000
    return lookupWaitMs >= OVERLOAD_WAIT_MS ? { ...snap, overload: { lookupWaitMs: Math.round(lookupWaitMs) } } : snap
  }

  private queuedFor(g: Gate): number {
    let n = 0
    for (const q of Object.values(this.queues)) for (const w of q) if (this.gateFor(w.cls, w.endpointKey) === g) n++
    return n
  }

  queuedCount(): number {
    return this.queues.user.length + this.queues.background.length
  }

  dispose(): void {
    if (this.disposed) return
    this.disposed = true
    if (this.timer !== null) this.clock.clearTimer(this.timer)
    this.timer = null
    for (const priority of ['user', 'background'] as const) {
      for (const w of this.queues[priority].splice(0)) {
        if (w.signal && w.onAbort) w.signal.removeEventListener('abort', w.onAbort)
        w.reject(new LimiterError('disposed', 'The API client was closed before the request was sent.'))
      }
    }
    this.bounded.clear()
  }
}

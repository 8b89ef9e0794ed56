// Client-side rate limiting (spec 8.1): one token bucket per policy name learned from the
// RateLimit-Policy header, READ and WRITE kept apart (8.1.4), a bounded priority queue in front,
// and a conservative one-at-a-time gate per class for endpoints whose policy is not yet known.
//
// The local bucket is an estimate. After every response it is clamped into the interval the
// server's `RateLimit: r` allows, counting our requests sent after the one answered (their
// tokens are not in that r). `t` is never used (spec 8.1: its range must not be relied on).

import type { BucketSnapshot, RequestClass } from '../../../shared/api-events'
import type { Clock } from '../clock'
import { waitMs, type AdmissionOptions } from './admission'
import { othersActive, shareOptionsOf, spendBackground, startSlow, type ShareOptions } from './bucket-share'
import { newGate, noteSent, noteSettled, pauseEnd, rateOf, snapshotOf, type Gate } from './gate'
import { saneReading } from './header-sanity'
import { correctEstimate, pauseAfter429, probeAfterAnswer } from './learn'
import { bucketFromShape, type Policies } from './policies'
import { PRIORITIES, WaitQueue } from './queue'
import { readRateLimitHeaders } from './rate-limit-dialects'
import { retryAfterSeconds } from './rate-limit-headers'
import {
  LimiterError,
  MAX_TIMER_MS,
  type AcquireRequest,
  type LimiterOptions,
  type Permit,
  type ResponseReport,
  type Waiter,
} from './types'

export { MAX_BUCKETS } from './policies'
export {
  BACKGROUND_RESERVE,
  LimiterError,
  MAX_TIMER_MS,
  type AcquireRequest,
  type LimiterOptions,
  type Permit,
  type ResponseReport,
} from './types'

/** An unlearned gate's first background request waits a random part of this (ms): desks started together spread out. */
const COLD_JITTER_MS = 1000
/** A shared bucket counts as over its quota when a lookup would wait this long (ms). */
const OVERLOAD_WAIT_MS = 1000

export class RateLimiter {
  private readonly clock: Clock
  private readonly random: () => number
  private readonly maxRetryAfterMs: number
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
  private readonly queue: WaitQueue
  private readonly admission: AdmissionOptions
  private nextOrderKey = 1
  private nextSeq = 1
  private timer: unknown = null
  private timerAt = Infinity
  private disposed = false
  private changeScheduled = false

  constructor(options: LimiterOptions) {
    this.clock = options.clock
    this.random = options.random ?? Math.random
    this.queue = new WaitQueue(options.maxQueue ?? 1000)
    this.maxRetryAfterMs = options.maxRetryAfterMs ?? 120_000
    this.slowStart = options.slowStart ?? true
    this.pauseJitterMs = options.pauseJitterMs ?? 100
    this.default429PauseMs = options.default429PauseMs ?? 1000
    this.onChange = options.onChange
    this.shareOptions = shareOptionsOf(options)
    this.admission = {
      safetyMargin: options.safetyMargin ?? true,
      slowStart: this.slowStart,
      random: this.random,
      share: this.shareOptions,
    }
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
      const refusal = this.queue.admit(req.cls, req.priority)
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
          if (this.queue.remove(waiter)) {
            reject(new LimiterError('aborted', 'Cancelled while waiting in the rate-limit queue.'))
            this.pump()
          }
        }
        req.signal.addEventListener('abort', waiter.onAbort, { once: true })
      }
      this.queue.insert(waiter)
      this.pump()
    })
  }

  private gateFor(cls: RequestClass, endpointKey: string): Gate {
    const policy = this.endpointPolicy.get(`${cls} ${endpointKey}`)
    if (policy !== undefined) {
      const bucket = this.buckets.get(policy)
      if (bucket) return bucket
    }
    return this.probes[cls]
  }

  /** Requests whose deadline ends before their bucket's pause leave now, unsent, the wait named. */
  private dropHopeless(now: number): void {
    const paused = (g: Gate) => g.pausedUntil !== null && g.pausedUntil > now // a user pause never outlasts it
    if (!paused(this.probes.read) && !paused(this.probes.write) && ![...this.buckets.values()].some(paused)) return
    for (const priority of PRIORITIES) {
      for (const w of this.queue.waiting(priority)) {
        if (w.deadlineAt === undefined) continue
        const end = pauseEnd(this.gateFor(w.cls, w.endpointKey), priority, now)
        if (end === null || end <= w.deadlineAt) continue
        this.queue.remove(w)
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
    for (const priority of PRIORITIES) {
      for (const w of this.queue.waiting(priority)) {
        const g = this.gateFor(w.cls, w.endpointKey)
        if (blocked.has(g)) continue
        const wait = waitMs(g, now, w.priority, this.admission)
        if (wait > 0) {
          blocked.add(g)
          earliest = Math.min(earliest, wait)
          continue
        }
        this.queue.remove(w)
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
    const user = w.priority === 'user'
    const expected = noteSent(g, now, user)
    if (g.learned && !user) spendBackground(g.share, rateOf(g), now, this.shareOptions)
    const sentAt = now
    let settled = false
    const settle = (): boolean => {
      if (settled) return false
      settled = true
      noteSettled(g, this.nextSeq++, user)
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
    const usersAhead = this.queue.countWhere((w) => this.gateFor(w.cls, w.endpointKey) === g, 'user')
    const lookupWaitMs = waitMs(g, now, 'user', this.admission) + (usersAhead / Math.max(rateOf(g), 1e-6)) * 1000
    return lookupWaitMs >= OVERLOAD_WAIT_MS ? { ...snap, overload: { lookupWaitMs: Math.round(lookupWaitMs) } } : snap
  }

  private queuedFor(g: Gate): number {
    return this.queue.countWhere((w) => this.gateFor(w.cls, w.endpointKey) === g)
  }

  queuedCount(): number {
    return this.queue.size
  }

  dispose(): void {
    if (this.disposed) return
    this.disposed = true
    if (this.timer !== null) this.clock.clearTimer(this.timer)
    this.timer = null
    for (const w of this.queue.drain())
      w.reject(new LimiterError('disposed', 'The API client was closed before the request was sent.'))
  }
}

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
  DEFAULT_SHARE_OPTIONS,
  feedObservation,
  newShareState,
  cutBackground,
  noteForeign429,
  noteLevelBelowOwnUse,
  observeLevel,
  othersActive,
  ownRefillRate,
  shareView,
  spendBackground,
  type ShareOptions,
  type ShareState,
} from './bucket-share'
import { saneReading } from './header-sanity'
import { readRateLimitHeaders, type BucketShape, type ObservedRemaining } from './rate-limit-dialects'
import { parseRetryAfter } from './rate-limit-headers'

/** setTimeout fires after 1 ms for anything above 2^31−1 ms: longer waits are re-armed in steps. */
export const MAX_TIMER_MS = 2 ** 31 - 1

export type LimiterErrorCode = 'queue-full' | 'aborted' | 'disposed'

export class LimiterError extends Error {
  constructor(
    readonly code: LimiterErrorCode,
    message: string,
  ) {
    super(message)
    this.name = 'LimiterError'
  }
}

/** Tokens a background request leaves in its bucket for the agent's next request (see waitMs). */
export const BACKGROUND_RESERVE = 1

export interface LimiterOptions {
  clock: Clock
  /** In [0, 1); used for the jitter added after a Retry-After pause. */
  random?: () => number
  /**
   * Requests waiting (not in flight) per class (READ, WRITE) before new ones are refused; the
   * background share of a class is bounded by the same number. A user request arriving at a full
   * class makes the newest background request of that class yield (it fails with queue-full).
   */
  maxQueue?: number
  /** Longest pause one Retry-After may impose on a bucket (default 120 s); longer ones fail the call. */
  maxRetryAfterMs?: number
  /** Upper bound of the jitter added after Retry-After (never subtracted). */
  pauseJitterMs?: number
  /** Pause after a 429 without a usable Retry-After. */
  default429PauseMs?: number
  /**
   * Hold back a safety margin of tokens until the server's refill is observed (default true);
   * off only for tests that count the bucket's exact accounting.
   */
  safetyMargin?: boolean
  /** Called (coalesced per microtask) whenever a bucket's state may have changed. */
  onChange?: () => void
  /**
   * Largest part of a bucket's quota background work takes while others (the team's other
   * instances, the merchant's shop) are seen using the bucket (default 0.25; see bucket-share.ts).
   */
  backgroundShare?: number
  /** Background work waits while a bucket used by others holds less than this part of its capacity (default 0.5). */
  lowWater?: number
}

/** Slowest rate factor one instance falls to after 429s it did not expect. */
export const PENALTY_FLOOR = 1 / 16
/** Additive recovery of that factor per second without a new such 429 (from the floor to 1 in 15 s). */
export const PENALTY_RECOVERY_PER_S = 1 / 16

export interface AcquireRequest {
  cls: RequestClass
  /** Method + normalized path: what the learned policy mapping is keyed by. */
  endpointKey: string
  priority: RequestPriority
  /** Ordering within a priority: a retry keeps its original key and so goes first. */
  orderKey?: number
  signal?: AbortSignal
  /** Retries re-enter the queue even when it is full (they were admitted already). */
  isRetry?: boolean
}

export interface ResponseReport {
  status: number
  headers: Record<string, string | string[] | undefined>
}

export interface Permit {
  /** Policy name of the bucket used, or null for the conservative gate. */
  readonly bucket: string | null
  readonly queuedMs: number
  readonly orderKey: number
  /**
   * Response headers arrived: learn from them. For a 429 returns the pause imposed (ms), and
   * `askedMs` when the service asked for more than maxRetryAfterMs (the bucket pauses only the cap).
   */
  complete(report: ResponseReport): { pauseMs: number | null; askedMs?: number }
  /** No response (network error, timeout, abort): the token stays spent. */
  fail(): void
}

interface Gate {
  name: string
  cls: RequestClass
  learned: boolean
  capacity: number
  rate: number
  tokens: number
  updatedAt: number
  /** Pause of the bucket's background work (and of every request on an unlearned gate). */
  pausedUntil: number | null
  /**
   * Pause of user requests: set by a 429 to a user request (its Retry-After) or a fixed window at
   * zero. A 429 to the instance's own background work pauses only the background: an agent's call
   * then waits for the next slot the server's refill opens, not behind the sync's Retry-After.
   */
  userPausedUntil: number | null
  inFlight: number
  /** User requests among those in flight (the unlearned gate lets one pass a background probe). */
  userInFlight: number
  /** Global event numbers at which requests of this gate got their response or failed (ascending). */
  settleLog: number[]
  /** When this instance sent its requests through this gate (ms, ascending; the last few seconds). */
  sendLog: number[]
  /** Sequence of the newest request whose RateLimit was applied. */
  lastCorrectionSeq: number
  pauses: number
  /** Dialect that taught this bucket (null for the unlearned gates). */
  dialect: BucketShape['dialect'] | null
  /**
   * Rate/capacity factor learned from 429s the estimate did not expect while nobody else was seen
   * using the bucket (a quota lowered without the headers saying so): halved on each (down to
   * PENALTY_FLOOR), recovered additively with time, and doubled when the server's r shows more
   * tokens than estimated. A 429 while others are active is their spending, not a lower quota.
   */
  penalty: number
  /** Last time the penalty changed (its additive recovery counts from here). */
  penaltyAt: number
  /** What this instance knows of the others sharing the bucket (bucket-share.ts). */
  share: ShareState
  /** The server's r rose between two responses: its refill is observed, the safety margin ends. */
  refillSeen: boolean
  lastR: number | null
  /** When the server's r last corrected the estimate. */
  correctedAt: number
}

interface Waiter {
  orderKey: number
  priority: RequestPriority
  cls: RequestClass
  endpointKey: string
  enqueuedAt: number
  countsTowardBound: boolean
  boundKey: string
  resolve: (p: Permit) => void
  reject: (e: LimiterError) => void
  signal?: AbortSignal
  onAbort?: () => void
}

const EPSILON = 1e-9
/** Policies kept at once: a server naming a new policy on every answer must not grow memory without end. */
export const MAX_BUCKETS = 256
const MAX_LOG = 4096

export class RateLimiter {
  private readonly clock: Clock
  private readonly random: () => number
  private readonly maxQueue: number
  private readonly maxRetryAfterMs: number
  private readonly safetyMargin: boolean
  private readonly pauseJitterMs: number
  private readonly default429PauseMs: number
  private readonly onChange?: () => void
  private readonly shareOptions: ShareOptions
  private readonly buckets = new Map<string, Gate>()
  private readonly probes: Record<RequestClass, Gate>
  /** `${cls} ${endpointKey}` → policy name, as learned. */
  private readonly endpointPolicy = new Map<string, string>()
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
    this.pauseJitterMs = options.pauseJitterMs ?? 100
    this.default429PauseMs = options.default429PauseMs ?? 1000
    this.onChange = options.onChange
    this.shareOptions = {
      ...DEFAULT_SHARE_OPTIONS,
      backgroundShare: clampShare(options.backgroundShare ?? DEFAULT_SHARE_OPTIONS.backgroundShare),
      lowWater: Math.min(0.9, Math.max(0, options.lowWater ?? DEFAULT_SHARE_OPTIONS.lowWater)),
    }
    this.probes = { read: this.newProbe('read'), write: this.newProbe('write') }
  }

  private newProbe(cls: RequestClass): Gate {
    return {
      name: `unlearned-${cls}`,
      cls,
      learned: false,
      capacity: 1,
      rate: 0,
      tokens: 1,
      updatedAt: this.clock.now(),
      pausedUntil: null,
      userPausedUntil: null,
      inFlight: 0,
      userInFlight: 0,
      settleLog: [],
      sendLog: [],
      lastCorrectionSeq: 0,
      pauses: 0,
      dialect: null,
      penalty: 1,
      penaltyAt: this.clock.now(),
      share: newShareState(this.clock.now(), this.shareOptions),
      refillSeen: false,
      lastR: null,
      correctedAt: this.clock.now(),
    }
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

  private refill(g: Gate, now: number): void {
    if (!g.learned) return
    // The refill stops at the (penalized) capacity but never cuts tokens the server's r vouched for.
    const cap = this.capacityOf(g)
    if (now > g.updatedAt && g.tokens < cap) {
      g.tokens = Math.min(cap, g.tokens + ((now - g.updatedAt) / 1000) * this.ownRate(g))
    }
    g.updatedAt = now
  }

  private rateOf(g: Gate): number {
    return g.rate * g.penalty
  }

  /** The refill this instance can count on: the rate minus what others are seen to spend. */
  private ownRate(g: Gate): number {
    return ownRefillRate(g.share, this.rateOf(g))
  }

  private capacityOf(g: Gate): number {
    return Math.max(1, g.capacity * g.penalty)
  }

  /** Tokens held back until the refill is observed: a tenth of a second's quota, at least one. */
  private margin(g: Gate): number {
    return Math.min(Math.max(1, 0.1 * this.rateOf(g)), Math.max(0, this.capacityOf(g) - 1))
  }

  /**
   * 0 when the gate admits a request of this priority now, else ms to wait (Infinity: until a
   * response arrives). Background requests leave one token in the bucket (when it holds more than
   * one): a sync that spends every token as it refills would make an agent's request wait for the
   * next one, up to a token interval plus whatever else the main thread is doing; with the reserve
   * the agent's request finds a token at once, and the sync still runs at the refill rate.
   */
  private waitMs(g: Gate, now: number, priority: RequestPriority): number {
    const until = g.learned && priority === 'user' ? g.userPausedUntil : g.pausedUntil
    const pause = until !== null && until > now ? until - now : 0
    if (!g.learned) {
      // One at a time, except that a user call never waits behind the instance's own background
      // probe (a sync's first page must not hold an agent's first lookup).
      const userMayPass = priority === 'user' && g.userInFlight === 0 && g.inFlight < 2
      if (g.inFlight >= 1 && !userMayPass) return Infinity
      return pause
    }
    this.refill(g, now)
    // Until the server's refill is observed, a safety margin stays in the bucket: the first burst
    // drains it to the server's r exactly, and the refill the estimate then assumes may start
    // later on the server (issue 15 item 4: 429s right after the first burst).
    let need = 1 + (g.refillSeen || !this.safetyMargin ? 0 : this.margin(g))
    if (priority === 'background') need += Math.min(BACKGROUND_RESERVE, Math.max(0, this.capacityOf(g) - need))
    const own = this.ownRate(g)
    // A user call counts on the whole refill since the server's last figure, not only on what the
    // others seem to leave: an agent must not wait on a pessimistic guess while the bucket has
    // tokens (at worst one 429, and the background work yields the token back).
    const tokens =
      priority === 'user'
        ? Math.min(this.capacityOf(g), g.tokens + ((this.rateOf(g) - own) * Math.max(0, now - g.correctedAt)) / 1000)
        : g.tokens
    const rate = priority === 'user' ? this.rateOf(g) : own
    const tokenWait = tokens >= need - EPSILON ? 0 : ((need - tokens) / rate) * 1000
    // Others use the bucket: background work keeps to its share and waits while the bucket is low.
    const shareWait =
      priority === 'background'
        ? backgroundWaitMs(
            g.share,
            { tokens: g.tokens, capacity: this.capacityOf(g), rate: this.rateOf(g), ownRate: own },
            now,
            this.shareOptions,
          )
        : 0
    return Math.max(pause, tokenWait, shareWait)
  }

  private pump(): void {
    if (this.disposed) return
    const now = this.clock.now()
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
    if (g.learned && w.priority === 'background') spendBackground(g.share, this.rateOf(g), now, this.shareOptions)
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

  /** Requests this instance sent through `g` at or after `since` (ms); older entries are dropped. */
  private sentSince(g: Gate, since: number): number {
    const log = g.sendLog
    let lo = 0
    let hi = log.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if ((log[mid] ?? Infinity) < since) lo = mid + 1
      else hi = mid
    }
    return log.length - lo
  }

  /** Requests of `g` that settled after event `seq`. */
  private settledAfter(g: Gate, seq: number): number {
    const log = g.settleLog
    let lo = 0
    let hi = log.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if ((log[mid] ?? Infinity) <= seq) lo = mid + 1
      else hi = mid
    }
    return log.length - lo
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
      bucket = this.bucketFromShape(reading.shape, nameOf(reading.shape.name), w.cls, now)
      this.endpointPolicy.set(`${w.cls} ${w.endpointKey}`, bucket.name)
    } else if (reading.state && !bucket) {
      // A RateLimit without a policy: usable only for a bucket already known by that name.
      const known = this.buckets.get(nameOf(reading.state.name))
      if (known && known.cls === w.cls) bucket = known
    }
    if (bucket && reading.state && nameOf(reading.state.name) === bucket.name)
      this.correct(bucket, via, reading.state, { seq, sentAt, now, refused: report.status === 429 })

    if (report.status !== 429) return { pauseMs: null }
    // Spec 8.1: Retry-After wins; without it a fixed pause. Jitter only ever lengthens the wait.
    const retryAfter = parseRetryAfter(report.headers['retry-after'], now)
    const askedMs = retryAfter !== null ? retryAfter * 1000 : this.default429PauseMs
    // One Retry-After never pauses a bucket longer than the cap; the call that got it fails with
    // the service's wait named (the client reports it), the others retry after the cap.
    const pauseMs = Math.min(askedMs, this.maxRetryAfterMs)
    const gate = bucket ?? via
    const wasPaused = gate.pausedUntil !== null && gate.pausedUntil > now
    // A 429 the estimate did not expect (it had a token to spend): the real quota is lower than
    // the headers say (lowered without notice, or shared). Halve the rate until r shows otherwise;
    // concurrent 429s of one pause count once.
    // The refill assumed between responses is halved (never below PENALTY_FLOOR, recovered
    // additively); the server's r still lifts the estimate at once (see correct), so with a team a
    // 429 never leaves agents queued behind a sunk rate while the bucket has tokens.
    const crowded = gate.learned && othersActive(gate.share, now, this.shareOptions)
    if (bucket && bucket === via && expected && !wasPaused) {
      this.refill(bucket, now)
      if (crowded) noteForeign429(bucket.share, this.rateOf(bucket), now)
      bucket.penalty = Math.max(PENALTY_FLOOR, bucket.penalty / 2)
      bucket.penaltyAt = now
      bucket.tokens = Math.min(bucket.tokens, this.capacityOf(bucket))
    }
    // Any 429 while others use the bucket: the background rate halves (bucket-share.ts).
    if (crowded) cutBackground(gate.share, now)
    // Concurrent 429s of one bucket share one pause: it is only extended when this response's
    // Retry-After ends later than the pause already running.
    if (!wasPaused || now + pauseMs > (gate.pausedUntil ?? -Infinity)) {
      gate.pausedUntil = now + pauseMs + this.random() * this.pauseJitterMs
      if (!wasPaused) gate.pauses++
    }
    const pausedUntil = gate.pausedUntil ?? now + pauseMs
    const userCall = w.priority === 'user' || !gate.learned
    if (userCall) gate.userPausedUntil = Math.max(gate.userPausedUntil ?? -Infinity, pausedUntil)
    if (gate.learned) {
      this.refill(gate, now)
      // Exactly one slot when the pause ends (spec 8.1: "until the next request slot opens"). A 429
      // to background work in a crowded bucket only empties the estimate: the agents' next call
      // waits for the next slot at the server's refill, the background for the whole pause.
      gate.tokens =
        userCall || !crowded
          ? Math.min(gate.tokens, 1 - ((pausedUntil - now) / 1000) * this.ownRate(gate))
          : Math.min(gate.tokens, 0)
    }
    const result: { pauseMs: number; askedMs?: number } = { pauseMs: pausedUntil - now }
    if (askedMs > this.maxRetryAfterMs) result.askedMs = askedMs
    return result
  }

  private bucketFromShape(shape: BucketShape, name: string, cls: RequestClass, now: number): Gate {
    let g = this.buckets.get(name)
    if (!g) {
      if (this.buckets.size >= MAX_BUCKETS) this.evictIdleBucket()
      g = {
        name,
        cls,
        learned: true,
        capacity: shape.capacity,
        rate: shape.ratePerSecond,
        // Nothing else known yet: the correction from r lifts it; without r start empty.
        tokens: 0,
        updatedAt: now,
        pausedUntil: null,
        userPausedUntil: null,
        inFlight: 0,
        userInFlight: 0,
        settleLog: [],
        sendLog: [],
        lastCorrectionSeq: 0,
        pauses: 0,
        dialect: shape.dialect,
        penalty: 1,
        penaltyAt: now,
        share: newShareState(now, this.shareOptions),
        refillSeen: false,
        lastR: null,
        correctedAt: now,
      }
      this.buckets.set(name, g)
      return g
    }
    // Limits are computed dynamically (spec 8.1.1): follow the latest policy. A legacy window
    // guessed from RateLimit-Reset only ever slows the estimate (the slowest rate seen wins).
    this.refill(g, now)
    g.rate =
      shape.dialect === 'legacy' && !shape.windowStated ? Math.min(g.rate, shape.ratePerSecond) : shape.ratePerSecond
    g.capacity = shape.capacity
    g.dialect = shape.dialect
    g.tokens = Math.min(g.tokens, g.capacity)
    return g
  }

  /** Forgets the oldest policy with nothing in flight (its endpoints are learned again when next used). */
  private evictIdleBucket(): void {
    for (const [name, b] of this.buckets) {
      if (b.inFlight > 0) continue
      this.buckets.delete(name)
      for (const [key, policy] of this.endpointPolicy) if (policy === name) this.endpointPolicy.delete(key)
      return
    }
  }

  private correct(
    g: Gate,
    via: Gate,
    state: ObservedRemaining,
    at: { seq: number; sentAt: number; now: number; refused: boolean },
  ): void {
    const { seq, sentAt, now } = at
    // A newer response already corrected the estimate; this one only knows less.
    if (seq < g.lastCorrectionSeq) return
    // More tokens than the bucket holds cannot be true (the capacity came from an earlier response).
    if (state.r > g.capacity) return
    g.lastCorrectionSeq = seq
    g.correctedAt = now
    this.refill(g, now)
    // The server's r grew between two responses: its refill is seen, the safety margin can go.
    if (g.lastR !== null && state.r > g.lastR) g.refillSeen = true
    g.lastR = state.r
    // Which of our other requests may the server have handled after this one (so their tokens are
    // not in its r)? Any not answered before this one was sent: still in flight, or answered since.
    // Several sockets mean the server's order need not be our sending order.
    const maybeUnreflected = g.inFlight + this.settledAfter(g, seq) - (via === g ? 1 : 0)
    // The server had r ≤ x < r+1 tokens when it handled the request (between sending and now):
    // now it has at least r − maybeUnreflected, and at most r + 1 + rate·(now − sentAt).
    const lower = state.r - maybeUnreflected
    const upper = state.r + 1 + ((now - sentAt) / 1000) * this.rateOf(g)
    // Raise a too-low estimate only to what is certain; an estimate above what is possible means
    // someone else shares the bucket (spec 8.1.5): drop to the certain level.
    // (A hundredth of a token of slack absorbs clock rounding between us and the server.)
    // A fixed window (legacy headers) at zero opens again only at its reset, whatever the refill
    // estimate says: wait for it like for a Retry-After.
    if (state.r === 0 && state.resetSeconds !== undefined && g.dialect === 'legacy') {
      const until = now + state.resetSeconds * 1000
      if (g.pausedUntil === null || g.pausedUntil < until) g.pausedUntil = until
      if (g.userPausedUntil === null || g.userPausedUntil < until) g.userPausedUntil = until
    }
    if (g.penalty < 1) {
      // Additive recovery: without a new surprise the factor climbs back, never stuck at the floor.
      g.penalty = Math.min(1, g.penalty + (PENALTY_RECOVERY_PER_S * (now - g.penaltyAt)) / 1000)
      g.penaltyAt = now
    }
    if (g.tokens < lower - 1 && g.penalty < 1 && !othersActive(g.share, now, this.shareOptions)) {
      // The server holds more than the penalized estimate: the quota is back up. (With others
      // active the gap is their rate being overestimated, which the observation below corrects.)
      g.penalty = Math.min(1, g.penalty * 2)
    }
    // Tokens the estimate held but the server cannot have were spent by others (spec 8.1.5); the
    // gap to the server's likeliest level now teaches how much the others spend per second.
    const likely = state.r + 0.5 + (((now - sentAt) / 1000) * this.ownRate(g)) / 2 - maybeUnreflected
    feedObservation(g.share, {
      certain: Math.max(0, g.tokens - upper),
      // A 429 took no token, nor will the others refused with it: their count would mislead.
      likely: g.tokens >= 0 && !at.refused ? g.tokens - likely : 0,
      rate: this.rateOf(g),
      now,
    })
    // A bucket lower than this instance's own sending can explain is shared (bucket-share.ts).
    const window = (g.capacity / Math.max(this.rateOf(g), 1e-6)) * 1000
    noteLevelBelowOwnUse(g.share, {
      remaining: state.r,
      capacity: g.capacity,
      ownSends: this.sentSince(g, sentAt - window),
      unreflected: Math.max(0, maybeUnreflected),
      now,
    })
    // While others use the bucket, its level paces the background rate (bucket-share.ts).
    if (othersActive(g.share, now, this.shareOptions))
      observeLevel(g.share, { remaining: state.r, capacity: g.capacity }, now, this.shareOptions)
    // The server's r is the truth about the others: what it certainly holds is usable now, whatever
    // the penalty (a penalized capacity would queue agents while the bucket has tokens).
    if (g.tokens < lower) g.tokens = Math.min(g.capacity, lower)
    else if (g.tokens > upper + 0.01) g.tokens = lower
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
    return g ? this.snapshotOf(g, this.clock.now()) : null
  }

  snapshots(): BucketSnapshot[] {
    const now = this.clock.now()
    const out: BucketSnapshot[] = []
    for (const cls of ['read', 'write'] as const) {
      const probe = this.probes[cls]
      const hasLearned = [...this.buckets.values()].some((b) => b.cls === cls)
      const queued = this.queuedFor(probe)
      if (!hasLearned || probe.inFlight > 0 || queued > 0) out.push(this.snapshotOf(probe, now, queued))
    }
    for (const g of this.buckets.values()) out.push(this.snapshotOf(g, now))
    return out
  }

  private queuedFor(g: Gate): number {
    let n = 0
    for (const q of Object.values(this.queues)) for (const w of q) if (this.gateFor(w.cls, w.endpointKey) === g) n++
    return n
  }

  private snapshotOf(g: Gate, now: number, queued?: number): BucketSnapshot {
    this.refill(g, now)
    return {
      policy: g.name,
      class: g.cls,
      remaining: g.learned ? Math.max(0, Math.floor(g.tokens + EPSILON)) : g.inFlight > 0 ? 0 : 1,
      capacity: g.learned ? Math.round(this.capacityOf(g) * 1000) / 1000 : g.capacity,
      ratePerSecond: this.rateOf(g),
      queued: queued ?? this.queuedFor(g),
      inFlight: g.inFlight,
      pausedUntil: g.pausedUntil !== null && g.pausedUntil > now ? g.pausedUntil : null,
      learned: g.learned,
      ...(g.learned ? { background: shareView(g.share, this.rateOf(g), now, this.shareOptions) } : {}),
    }
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

function clampShare(share: number): number {
  return Number.isFinite(share) ? Math.min(1, Math.max(0.05, share)) : DEFAULT_SHARE_OPTIONS.backgroundShare
}

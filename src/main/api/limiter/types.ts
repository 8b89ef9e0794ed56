// The rate limiter's vocabulary (limiter.ts): its options, what a caller asks and gets, its errors.

import type { RequestClass, RequestPriority } from '../../../shared/api-events'
import type { Clock } from '../clock'

/** setTimeout fires after 1 ms for anything above 2^31−1 ms: longer waits are re-armed in steps. */
export const MAX_TIMER_MS = 2 ** 31 - 1

type LimiterErrorCode = 'queue-full' | 'aborted' | 'disposed' | 'wait-too-long'

export class LimiterError extends Error {
  constructor(
    readonly code: LimiterErrorCode,
    message: string,
    /** `wait-too-long`: how long the bucket stays paused (ms), longer than the call has left. */
    readonly waitMs?: number,
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
  /**
   * A team's cold start (default true): background work starts slowly on a bucket whose state is
   * unknown (bucket-share.ts, startSlow); off only for tests that count the bucket's exact accounting.
   */
  slowStart?: boolean
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
  /**
   * When the caller gives up (clock ms). A request whose bucket stays paused past it leaves the
   * queue at once with `wait-too-long`, unsent, instead of waiting out its deadline.
   */
  deadlineAt?: number
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

export interface Waiter {
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
  deadlineAt?: number
}

// The options of the API client and of one call: what the call (call.ts, runtime.ts) reads, so the
// client's other shapes (client-types.ts) are declared above it and re-export these.
import type { AttemptEvent, BucketSnapshot, RequestOrigin, RequestPriority } from '../../../shared/api-events'
import type { Clock } from '../clock'
import type { Timeouts } from './http'
import type { ApiCredential } from './request-builder'
import type { RetryPolicy } from './retry'

export interface ApiClientOptions {
  /** e.g. `https://api.example.com/v2` (spec 9.1: ends in v2). */
  baseUrl: string
  /** Asked at request time, for every attempt; the secret is never kept in events or errors. */
  getCredential: () => Promise<ApiCredential>
  timeouts?: Partial<Timeouts>
  retry?: Partial<RetryPolicy>
  /** Waiting requests before new ones are refused with `queue-full` (default 1000). */
  maxQueue?: number
  onAttempt?: (event: AttemptEvent) => void
  onBucketChange?: (snapshots: BucketSnapshot[]) => void
  clock?: Clock
  /** In [0, 1): backoff and pause jitter. */
  random?: () => number
  /** Response body text kept in events (default 256 kB). */
  maxEventBodyBytes?: number
  /** Responses larger than this fail (default 16 MB). */
  maxResponseBytes?: number
  /** Jitter added after a Retry-After pause, 0..this ms (default 100). */
  pauseJitterMs?: number
  /** Pause after a 429 without Retry-After (default 1000 ms). */
  default429PauseMs?: number
  /**
   * Longest wait one Retry-After may impose (default 120 s). A longer one fails the call with
   * "the service asks to wait N min" instead of pausing every call of the bucket that long.
   */
  maxRetryAfterMs?: number
  /** Overall deadline of one call, queue + attempts + waits (default 60 s). */
  callDeadlineMs?: number
  /**
   * Largest part of a bucket's quota background work (the sync) takes while others (the team's
   * other instances, the merchant's shop) use the same bucket (default 0.25; alone: full speed).
   */
  backgroundShare?: number
  /** Parallel sockets to the service for the agent's calls (default 16); background work has its own pool of half as many. */
  maxSockets?: number
  userAgent?: string
}

export interface CallOptions {
  signal?: AbortSignal
  /** `user` requests leave the queue before `background` ones (default `user`). */
  priority?: RequestPriority
  origin?: RequestOrigin
  /** Overall deadline of this call in ms (default: the client's callDeadlineMs). */
  deadlineMs?: number
}

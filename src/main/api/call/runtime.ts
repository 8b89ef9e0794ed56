// What every call of one API client shares: the base URL, the clock, the timeouts and retry policy,
// the socket agent, the rate limiter, the client's lifetime signal and the observer of attempts.
// Built once by createApiClient (client.ts) from its options.

import { setMaxListeners } from 'node:events'
import http from 'node:http'
import https from 'node:https'
import type { AttemptEvent, RequestPriority } from '../../../shared/api-events'
import type { ApiClientOptions } from './options'
import { systemClock, type Clock } from '../clock'
import { ApiError } from './errors'
import { DEFAULT_TIMEOUTS, type Timeouts } from './http'
import { RateLimiter } from '../limiter/limiter'
import { OutageCircuit } from './outage'
import { FirstAnswers } from './replay-notes'
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry'

export interface ClientRuntime {
  options: ApiClientOptions
  base: URL
  clock: Clock
  random: () => number
  timeouts: Timeouts
  retryPolicy: RetryPolicy
  /** response body text kept in events */
  maxEventBody: number
  maxResponseBytes: number
  /**
   * One socket pool per priority: background work (a sync's pages) that is slow or stalled can
   * hold only its own sockets, never the ones an agent's lookup needs.
   */
  agents: Record<RequestPriority, http.Agent>
  extraHeaders: Record<string, string>
  /** aborted when the client is disposed */
  lifetime: AbortController
  maxRetryAfterMs: number
  callDeadlineMs: number
  firstAnswers: FirstAnswers
  limiter: RateLimiter
  /** Stops sending to a service that stays down (outage.ts). */
  outage: OutageCircuit
  /** reports an attempt to `options.onAttempt`; an observer's error never reaches the call */
  emit: (event: AttemptEvent) => void
}

/** `options.baseUrl` parsed; only http(s) is accepted. */
function parseBase(baseUrl: string): URL {
  let base: URL
  try {
    base = new URL(baseUrl)
  } catch {
    throw new ApiError({ kind: 'invalid-request', message: `Invalid base URL "${baseUrl}".` })
  }
  if (base.protocol !== 'https:' && base.protocol !== 'http:') {
    throw new ApiError({ kind: 'invalid-request', message: `Unsupported base URL scheme ${base.protocol}.` })
  }
  return base
}

export function createRuntime(options: ApiClientOptions): ClientRuntime {
  const base = parseBase(options.baseUrl)
  const clock = options.clock ?? systemClock
  const random = options.random ?? Math.random
  const maxSockets = options.maxSockets ?? 16
  const agent = (sockets: number) => {
    const o = { keepAlive: true, maxSockets: sockets }
    return base.protocol === 'https:' ? new https.Agent(o) : new http.Agent(o)
  }
  const lifetime = new AbortController()
  // Every call derives its own signal from this one; many calls in flight are normal, not a leak.
  setMaxListeners(0, lifetime.signal)
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 120_000
  const limiter: RateLimiter = new RateLimiter({
    clock,
    random,
    maxQueue: options.maxQueue ?? 1000,
    maxRetryAfterMs,
    pauseJitterMs: options.pauseJitterMs ?? 100,
    default429PauseMs: options.default429PauseMs ?? 1000,
    backgroundShare: options.backgroundShare,
    onChange: options.onBucketChange ? () => safeCall(() => options.onBucketChange?.(limiter.snapshots())) : undefined,
  })
  return {
    options,
    base,
    clock,
    random,
    timeouts: { ...DEFAULT_TIMEOUTS, ...options.timeouts },
    retryPolicy: { ...DEFAULT_RETRY_POLICY, ...options.retry },
    maxEventBody: options.maxEventBodyBytes ?? 256 * 1024,
    maxResponseBytes: options.maxResponseBytes ?? 16 * 1024 * 1024,
    agents: { user: agent(maxSockets), background: agent(Math.max(1, Math.floor(maxSockets / 2))) },
    extraHeaders: { 'user-agent': options.userAgent ?? 'Paydesk' },
    lifetime,
    maxRetryAfterMs,
    callDeadlineMs: options.callDeadlineMs ?? 60_000,
    firstAnswers: new FirstAnswers(),
    limiter,
    outage: new OutageCircuit(),
    emit: (event) => {
      if (options.onAttempt) safeCall(() => options.onAttempt?.(event))
    },
  }
}

function safeCall(fn: () => void): void {
  try {
    fn()
  } catch {
    // An observer's bug must never break a request.
  }
}

// Retry policy (spec 7 + 8.1): what may be retried, and capped exponential backoff with full jitter.
//
// Decisions:
// - GET/HEAD (idempotent by method) and writes carrying an Idempotency-Key (every POST this client
//   sends has one) are retried on 429, 502, 503, 504, network errors and timeouts. A 429 is retried
//   for any method: the service refused it before doing anything (spec 8.1.7). PATCH and DELETE carry
//   no key (the service ignores it on them, https://docs.mollie.com/overview/api-idempotency), so they
//   are not resent here: a cancel or update reads its object before a resend (resources.ts).
// - 500 is retried too (spec 7: 5xx "should subside without client action"), but only for those
//   same replay-safe requests; set `retry500: false` to turn it off.
// - 409 to a POST with an Idempotency-Key: the first request with that key is still being
//   processed, so the same request is sent again (with the same key) after the backoff or
//   Retry-After; it then gets the first request's result.
// - Other 4xx never (spec 7: a client error "will not go away by itself").
// - 429 waits for Retry-After (handled by the bucket pause), not for the backoff.
// - An outage (502, 503, 504, a network fault or a timeout, without Retry-After) is outlasted for a
//   bounded time (`readOutageMs`, `writeOutageMs`) with exponential backoff and equal jitter (each
//   wait at least half its ceiling, so a few seconds' outage is not used up by near-zero waits);
//   the client's circuit (outage.ts) then stops sending to a service that stays down.

import { requestClassOf } from '../../../shared/service'

export interface RetryPolicy {
  /** Total attempts including the first. */
  maxAttempts: number
  baseDelayMs: number
  maxDelayMs: number
  retry500: boolean
  /** How long a read outlasts an outage without Retry-After (ms, from its first such failure). */
  readOutageMs: number
  /** The same for a write that is safe to resend (it carries an Idempotency-Key). */
  writeOutageMs: number
  /** After a call has outlasted its whole outage budget, the client sends nothing for this long. */
  circuitPauseMs: number
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 12,
  baseDelayMs: 250,
  maxDelayMs: 8000,
  retry500: true,
  readOutageMs: 20_000,
  writeOutageMs: 10_000,
  circuitPauseMs: 15_000,
}

const RETRYABLE_STATUS = new Set([429, 502, 503, 504])

export type AttemptFailure =
  /** `duplicateRefund`: the 409 refuses a repeated refund (shared/service/refunds.ts), not a busy key */
  | { type: 'status'; status: number; duplicateRefund?: true }
  | { type: 'network'; code?: string }
  | { type: 'timeout'; phase: 'connect' | 'headers' | 'body' }

interface RetryDecision {
  retry: boolean
  /** Short reason for the event log, e.g. `status 503`, `timeout (headers)`. */
  reason: string
}

/** A failure that says the service (or the way to it) is down, not that this request is wrong. */
export function isOutage(f: AttemptFailure): boolean {
  return f.type !== 'status' || f.status === 502 || f.status === 503 || f.status === 504
}

/** READ requests (spec 8.1.4, methods.ts) change nothing; a write is safe to resend with its key. */
function isReplaySafe(method: string, hasIdempotencyKey: boolean): boolean {
  return requestClassOf(method) === 'read' || hasIdempotencyKey
}

export function describeFailure(f: AttemptFailure): string {
  switch (f.type) {
    case 'status':
      return `status ${f.status}`
    case 'network':
      return f.code ? `network error (${f.code})` : 'network error'
    case 'timeout':
      return `timeout (${f.phase})`
  }
}

export function shouldRetry(
  failure: AttemptFailure,
  ctx: { method: string; hasIdempotencyKey: boolean; attempt: number; policy: RetryPolicy },
): RetryDecision {
  const reason = describeFailure(failure)
  if (ctx.attempt >= ctx.policy.maxAttempts) return { retry: false, reason }
  // Spec 8.1.7: a 429 is refused before anything is done, so any method may be sent again.
  if (failure.type === 'status' && failure.status === 429) return { retry: true, reason }
  if (!isReplaySafe(ctx.method, ctx.hasIdempotencyKey)) return { retry: false, reason }
  if (failure.type !== 'status') return { retry: true, reason }
  if (RETRYABLE_STATUS.has(failure.status)) return { retry: true, reason }
  if (failure.status === 500 && ctx.policy.retry500) return { retry: true, reason }
  // https://docs.mollie.com/overview/api-idempotency: a 409 to a request carrying an
  // Idempotency-Key means the first request with that key is still being processed; the same key
  // sent again later gets its result (a replay), never a second object.
  // A duplicate refund's 409 is final: the same request again is the same duplicate.
  if (failure.status === 409 && ctx.hasIdempotencyKey && !failure.duplicateRefund) return { retry: true, reason }
  return { retry: false, reason }
}

/**
 * Full jitter: uniform in [0, min(cap, base·2^(n−1))) where n is the number of the attempt that
 * just failed (1-based). `random` returns values in [0, 1).
 */
export function backoffDelayMs(failedAttempt: number, policy: RetryPolicy, random: () => number): number {
  const exp = Math.min(30, Math.max(0, failedAttempt - 1))
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** exp)
  const r = Math.min(Math.max(random(), 0), 1 - Number.EPSILON)
  return Math.floor(r * ceiling)
}

/**
 * Equal jitter for an outage: uniform in [c/2, c) with c = min(cap, base·2^(n−1)), n the number of
 * the attempt that just failed (1-based). The waits add up to the outage budget in a handful of
 * attempts instead of a burst of near-zero ones.
 */
export function outageDelayMs(failedAttempt: number, policy: RetryPolicy, random: () => number): number {
  const exp = Math.min(30, Math.max(0, failedAttempt - 1))
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** exp)
  const r = Math.min(Math.max(random(), 0), 1 - Number.EPSILON)
  return Math.floor(ceiling / 2 + (r * ceiling) / 2)
}

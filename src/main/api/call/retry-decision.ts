// After a failed attempt: is it sent again, and after how long? The policy (what may be replayed)
// is retry.ts; this adds the waits the service asks for (Retry-After, the bucket pause after a
// 429) and ends the call instead when that wait is longer than the cap or than the call has left.

import type { Answer } from './answer'
import type { SentAttempt } from './attempt'
import { leftMs, outageGiveUp, tooLongWait, type Call } from './call'
import type { ApiError } from './errors'
import { retryAfterSeconds } from '../limiter/rate-limit-headers'
import { backoffDelayMs, isOutage, outageDelayMs, shouldRetry, type AttemptFailure } from './retry'

export interface Next {
  retry: boolean
  reason: string
  /** the wait before the next attempt, when there is one */
  nextWaitMs: number | null
  /** the attempt's error, or the one that names a wait too long to take */
  error: ApiError | null
}

function stop(reason: string, error: ApiError): Next {
  return { retry: false, reason, nextWaitMs: null, error }
}

/** A 429: the bucket pause (Retry-After + jitter) is the wait; the limiter's queue enforces it. */
function after429(call: Call, sent: SentAttempt, reason: string, error: ApiError | null): Next {
  const nextWaitMs = sent.pauseMs ?? 0
  if (sent.askedMs !== undefined) return stop(reason, tooLongWait(call, error, sent.askedMs))
  const retryAfter = sent.rateLimit?.retryAfter
  if (retryAfter != null && nextWaitMs > leftMs(call)) {
    return stop(reason, tooLongWait(call, error, retryAfter * 1000, Math.max(0, leftMs(call))))
  }
  return { retry: true, reason, nextWaitMs, error }
}

/**
 * An outage without Retry-After: outlasted with growing, jittered waits for the call's budget
 * (reads 20 s, writes 10 s by default); past it, or past the deadline, the call stops saying the
 * service seems down, and when the whole budget was used the client's circuit opens (outage.ts).
 */
function afterOutage(call: Call, attempt: number, reason: string, error: ApiError | null): Next {
  const { rt } = call
  const now = rt.clock.now()
  call.outageSince ??= now
  const policy = rt.retryPolicy
  const budget = call.cls === 'write' ? policy.writeOutageMs : policy.readOutageMs
  const wait = outageDelayMs(attempt, policy, rt.random)
  const overBudget = now + wait - call.outageSince > budget
  if (!overBudget && wait < leftMs(call)) return { retry: true, reason, nextWaitMs: wait, error }
  // The circuit opens only when the whole client has had no proper answer for a read's budget: a
  // single failing endpoint (one write's lost answers) must not stop the agent's look-ups.
  const serviceDown = overBudget && rt.outage.downFor(now) + wait > policy.readOutageMs
  if (serviceDown) rt.outage.open(now, policy.circuitPauseMs)
  if (error === null) return { retry: false, reason, nextWaitMs: null, error }
  const downMs = Math.max(now - call.outageSince, rt.outage.downFor(now))
  return stop(reason, outageGiveUp(call, error, downMs, serviceDown ? policy.circuitPauseMs : null))
}

/** Any other retried failure: Retry-After wins over the backoff whenever the service sends one. */
function afterFailure(
  call: Call,
  sent: SentAttempt,
  failure: AttemptFailure,
  attempt: number,
  reason: string,
  error: ApiError | null,
): Next {
  const { rt } = call
  const headers = sent.res.headers
  const retryAfter = headers ? retryAfterSeconds(headers, rt.clock.now()) : null
  if (retryAfter === null && isOutage(failure)) return afterOutage(call, attempt, reason, error)
  if (retryAfter !== null && retryAfter * 1000 > rt.maxRetryAfterMs) {
    return stop(reason, tooLongWait(call, error, retryAfter * 1000))
  }
  if (retryAfter !== null && retryAfter * 1000 > leftMs(call)) {
    return stop(reason, tooLongWait(call, error, retryAfter * 1000, Math.max(0, leftMs(call))))
  }
  const nextWaitMs =
    retryAfter !== null
      ? retryAfter * 1000 + rt.random() * (rt.options.pauseJitterMs ?? 100)
      : backoffDelayMs(attempt, rt.retryPolicy, rt.random)
  return { retry: true, reason, nextWaitMs, error }
}

/** Whether attempt number `attempt` is followed by another, and when. */
export function nextStep(call: Call, sent: SentAttempt, answer: Answer, attempt: number): Next {
  const { failure, error } = answer
  if (!failure) return { retry: false, reason: '', nextWaitMs: null, error }
  const decision = shouldRetry(failure, {
    method: call.method,
    hasIdempotencyKey: !!call.idempotencyKey,
    attempt,
    policy: call.rt.retryPolicy,
  })
  if (!decision.retry) return { retry: false, reason: decision.reason, nextWaitMs: null, error }
  if (sent.res.status === 429) return after429(call, sent, decision.reason, error)
  return afterFailure(call, sent, failure, attempt, decision.reason, error)
}

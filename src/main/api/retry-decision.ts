// After a failed attempt: is it sent again, and after how long? The policy (what may be replayed)
// is retry.ts; this adds the waits the service asks for (Retry-After, the bucket pause after a
// 429) and ends the call instead when that wait is longer than the cap or than the call has left.

import type { Answer } from './answer'
import type { SentAttempt } from './attempt'
import { leftMs, tooLongWait, type Call } from './call'
import type { ApiError } from './errors'
import { retryAfterSeconds } from './rate-limit-headers'
import { backoffDelayMs, shouldRetry } from './retry'

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

/** Any other retried failure: Retry-After wins over the backoff whenever the service sends one. */
function afterFailure(call: Call, sent: SentAttempt, attempt: number, reason: string, error: ApiError | null): Next {
  const { rt } = call
  const headers = sent.res.headers
  const retryAfter = headers ? retryAfterSeconds(headers, rt.clock.now()) : null
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
  return afterFailure(call, sent, attempt, decision.reason, error)
}

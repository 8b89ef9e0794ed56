// What an attempt leaves behind: its summary in the call's attempts (and in the error it ended
// with), and one AttemptEvent for the request log (`onAttempt`), the secret redacted and the body
// capped.

import type { ApiAttemptSummary } from '../../../shared/api-error'
import type { Answer } from './answer'
import type { SentAttempt } from './attempt'
import type { Call } from './call'
import { flattenHeaders } from './http'
import { answerNotes } from './replay-notes'
import { redactHeaders } from './request-builder'
import type { Next } from './retry-decision'

function summaryOf(call: Call, sent: SentAttempt, attempt: number): ApiAttemptSummary {
  const { res } = sent
  return {
    attempt,
    status: res.status,
    error: res.error ? `${res.error.kind}: ${res.error.message}` : null,
    durationMs: res.timings.totalMs,
    waitBeforeMs: Math.round(call.backoffMs + sent.queuedMs),
    reason: call.reason,
  }
}

function emitEvent(call: Call, sent: SentAttempt, answer: Answer, next: Next, attempt: number): void {
  const { rt } = call
  const { res, built } = sent
  // A replay, or a replayed answer naming another object than the first answer to this key.
  const notes = answerNotes({
    firstAnswers: rt.firstAnswers,
    method: call.method,
    status: res.status,
    idempotencyKey: call.idempotencyKey,
    headers: res.headers,
    value: answer.value,
    notes: built.notes,
  })
  if (!rt.options.onAttempt) return
  const error = next.error
  const bodyCapped = res.body.length > rt.maxEventBody
  rt.emit({
    requestId: call.requestId,
    attempt,
    startedAt: sent.startedAt,
    method: call.method,
    url: built.url.href,
    requestHeaders: redactHeaders(built.headers),
    requestBody: built.bodyText,
    status: res.status,
    responseHeaders: res.headers ? flattenHeaders(res.headers) : null,
    responseBody:
      res.status === null && res.body === '' ? null : bodyCapped ? res.body.slice(0, rt.maxEventBody) : res.body,
    responseBodyTruncated: bodyCapped,
    timings: {
      queuedMs: sent.queuedMs,
      connectMs: res.timings.connectMs,
      headersMs: res.timings.headersMs,
      totalMs: res.timings.totalMs,
    },
    rateLimit: sent.rateLimit,
    outcome: error === null ? 'success' : next.retry ? 'retry' : 'failed',
    error: error ? { kind: error.kind, message: error.message } : null,
    retryReason: next.retry ? next.reason : null,
    nextWaitMs: next.nextWaitMs === null ? null : Math.round(next.nextWaitMs),
    idempotencyKey: call.idempotencyKey ?? null,
    bucket: call.lastBucket,
    requestClass: call.cls,
    origin: call.origin,
    notes,
  })
}

/** Records attempt number `attempt`: its summary in the call (and its error), and its event. */
export function recordAttempt(call: Call, sent: SentAttempt, answer: Answer, next: Next, attempt: number): void {
  const summary = summaryOf(call, sent, attempt)
  call.attempts.push(summary)
  if (next.error) next.error.attempts.push(summary)
  emitEvent(call, sent, answer, next, attempt)
}

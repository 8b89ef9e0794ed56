// One logged request read for its detail, apart from React: the attempt shown, the most telling
// attempt for rate limits, and what happened in plain words. use-request-detail.ts shows these.
import { explainRequest, readReplayDiffersNote } from '../../../../shared/explanations'
import { attemptEnds, type LoggedAttempt, type RequestLogEntry } from '../../../../shared/request-log-types'
import { headerValue, type readErrorFields } from './format'

/** The attempt the agent chose to see, else the last one. */
export function shownAttempt(entry: RequestLogEntry, attemptNo: number | null): LoggedAttempt {
  return entry.attempts.find((a) => a.attempt === attemptNo) ?? attemptEnds(entry).last
}

/** The rate-limit view of the most telling attempt: the last 429 if there was one, else the last attempt. */
export function mostTellingAttempt(entry: RequestLogEntry): LoggedAttempt {
  return [...entry.attempts].reverse().find((a) => a.status === 429) ?? attemptEnds(entry).last
}

/** What happened to the request and what to do, from its last attempt (and the most telling one for limits). */
export function explainEntry(
  entry: RequestLogEntry,
  last: LoggedAttempt,
  limited: LoggedAttempt,
  errorFields: ReturnType<typeof readErrorFields>,
): ReturnType<typeof explainRequest> {
  return explainRequest({
    method: entry.method,
    status: last.status,
    errorKind: last.error?.kind ?? null,
    field: errorFields?.field ?? null,
    detail: errorFields?.detail ?? null,
    bucket: limited.rateLimit?.policy ?? limited.bucket,
    retryAfterSeconds: limited.rateLimit?.retryAfter ?? null,
    allow: headerValue(last.responseHeaders, 'allow'),
    attempts: entry.attempts.length,
    pending: last.outcome === 'retry',
    idempotencyKey: entry.idempotencyKey,
    replayed: headerValue(last.responseHeaders, 'idempotent-replayed') === 'true',
    replayDiffers: entry.notes.map(readReplayDiffersNote).find((r) => r !== null) ?? null,
  })
}

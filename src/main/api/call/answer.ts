// What one attempt's outcome means: the parsed value of a 2xx, or the typed error it ends in and,
// for the outcomes that may be retried, the failure the retry decision reads (retry.ts).

import { idempotencyHint } from '../../../shared/explanations'
import { duplicateRefundExplanation, isDuplicateRefundError } from '../../../shared/service/refunds'
import { httpMessage, parseJsonBody, snippetOrNull, withIdempotencyHint } from './answer-checks'
import type { SentAttempt } from './attempt'
import { abortedError, fail, lostAnswer, type Call } from './call'
import { jsonDepthExceeds, MAX_JSON_DEPTH, redirectMessage } from './clear-ends'
import { bodySnippet, readErrorBody, type ApiError } from './errors'
import type { HttpAttemptError, HttpAttemptResult } from './http'
import type { AttemptFailure } from './retry'

export interface Answer {
  failure: AttemptFailure | null
  error: ApiError | null
  value: unknown
}

/** No complete answer: the socket, the timeouts, the size cap or the call's signal ended it. */
function transportAnswer(call: Call, res: HttpAttemptResult, err: HttpAttemptError): Answer {
  const status = res.status
  if (err.kind === 'aborted') {
    if (err.phase !== 'connect') call.answerLost = true
    return { failure: null, error: lostAnswer(call, abortedError(call)), value: undefined }
  }
  if (err.kind === 'invalid') {
    return { failure: null, error: fail(call, { kind: 'invalid-request', message: err.message }), value: undefined }
  }
  if (err.kind === 'malformed') {
    // An answer came but cannot be read: not retried (the same answer would come again); a write
    // sent that far may have been done (lostAnswer says so).
    if (err.phase !== 'connect') call.answerLost = true
    const error = fail(call, { kind: 'malformed-response', status, message: err.message })
    return { failure: null, error, value: undefined }
  }
  if (err.kind === 'too-large') {
    const error = fail(call, { kind: 'malformed-response', status, message: err.message })
    return { failure: null, error, value: undefined }
  }
  // A timeout or a network fault: both may be retried (the failure says which). Past the connect
  // phase the request was sent: a write may have been done.
  if (err.phase !== 'connect') call.answerLost = true
  const failure: AttemptFailure =
    err.kind === 'timeout' ? { type: 'timeout', phase: err.phase } : { type: 'network', code: err.code }
  const error = fail(call, {
    kind: err.kind === 'timeout' ? 'timeout' : 'network',
    status,
    message: err.message,
    bodySnippet: snippetOrNull(res.body, status),
  })
  return { failure, error, value: undefined }
}

/** A 2xx: its JSON body, unless it does not parse or nests deeper than any answer of the service. */
function successAnswer(call: Call, status: number, body: string): Answer {
  // 204 No Content (a canceled refund): nothing to read.
  if (status === 204 && body === '') return { failure: null, error: null, value: null }
  const parsed = parseJsonBody(body)
  if (parsed.ok && !jsonDepthExceeds(parsed.value)) return { failure: null, error: null, value: parsed.value }
  const message = parsed.ok
    ? `The service's answer is nested deeper than ${MAX_JSON_DEPTH} levels; it was not read.`
    : `The service answered ${status} but the body is not valid JSON.`
  // A write the service accepted (2xx) whose body is unreadable was done all the same.
  if (call.cls === 'write') call.answerLost = true
  const error = fail(call, { kind: 'malformed-response', status, message, bodySnippet: bodySnippet(body) })
  return { failure: null, error, value: undefined }
}

/** A 4xx or 5xx (or a status outside 2xx–3xx): the service's error body in words. */
function statusAnswer(call: Call, status: number | null, body: string): Answer {
  const parsed = parseJsonBody(body)
  const info = parsed.ok ? readErrorBody(parsed.value) : null
  const answer = { status, field: info?.field ?? null, detail: info?.detail ?? null }
  const duplicateRefund = isDuplicateRefundError(answer)
  const failure: AttemptFailure = {
    type: 'status',
    status: status ?? 0,
    ...(duplicateRefund ? { duplicateRefund } : {}),
  }
  const hint = idempotencyHint({ method: call.method, idempotencyKey: call.idempotencyKey, ...answer })
  const error = fail(call, {
    kind: 'http',
    status,
    message: duplicateRefund
      ? duplicateRefundExplanation()
      : withIdempotencyHint(httpMessage(status ?? 0, info?.title ?? null, info?.detail ?? null), hint),
    title: info?.title ?? null,
    detail: info?.detail ?? null,
    field: info?.field ?? null,
    documentationUrl: info?.documentationUrl ?? null,
    bodySnippet: info ? null : bodySnippet(body),
  })
  return { failure, error, value: undefined }
}

/** Classifies one attempt's outcome. */
export function answerOf(call: Call, sent: SentAttempt): Answer {
  const { res } = sent
  const status = res.status
  if (res.error) return transportAnswer(call, res, res.error)
  if (status !== null && status >= 200 && status < 300) return successAnswer(call, status, res.body)
  if (status !== null && status >= 300 && status < 400) {
    const error = fail(call, { kind: 'http', status, message: redirectMessage(status, res.headers?.location) })
    return { failure: null, error, value: undefined }
  }
  return statusAnswer(call, status, res.body)
}

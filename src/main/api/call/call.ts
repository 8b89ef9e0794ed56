// One logical call of the API client: its id, method and Idempotency-Key (the same on every
// attempt), its signal (the caller's cancel, the client closing, the call's overall deadline), what
// its attempts learned so far, and the typed errors it ends with. Used by client.ts and attempt.ts.

import { randomUUID } from 'node:crypto'
import type { ApiAttemptSummary } from '../../../shared/api-error'
import type { RateLimitInfo, RequestOrigin, RequestPriority } from '../../../shared/api-events'
import { needsIdempotencyKey, type RequestClass } from '../../../shared/service'
import { lostAnswerSentence, lostWriteLookup } from './clear-ends'
import type { CallOptions } from './options'
import { ApiError } from './errors'
import { MAX_TIMER_MS } from '../limiter/limiter'
import { requestClassOf, type LogicalRequest } from './request-builder'
import type { ClientRuntime } from './runtime'

type ErrorInit = Omit<ConstructorParameters<typeof ApiError>[0], 'requestId'>

export interface Call {
  rt: ClientRuntime
  opts: CallOptions
  requestId: string
  method: string
  cls: RequestClass
  idempotencyKey: string | undefined
  /** the request as the caller asked, with its method upper-cased and its key */
  logical: LogicalRequest
  priority: RequestPriority
  origin: RequestOrigin | null
  deadlineMs: number
  deadline: AbortController
  deadlineTimer: unknown
  callStart: number
  signal: AbortSignal
  attempts: ApiAttemptSummary[]
  /** why the next attempt is sent (`first`, then the retry reason) */
  reason: string
  /** the backoff slept before the next attempt */
  backoffMs: number
  /** the limiter's place for this call, kept across its retries */
  orderKey: number | undefined
  lastRateLimit: RateLimitInfo | null
  lastUrl: string | null
  lastBucket: string | null
  /** A request was sent and its answer never came: a write may have been done. */
  answerLost: boolean
  /** When this call's first outage failure (no Retry-After) happened: its outage budget counts from here. */
  outageSince: number | null
}

export function startCall(rt: ClientRuntime, req: LogicalRequest, opts: CallOptions): Call {
  const method = req.method.toUpperCase()
  // Spec 7: one key per logical write the operation table keys, the same on every attempt.
  const keyed = needsIdempotencyKey(method, req.path ?? '')
  const idempotencyKey = keyed ? (req.idempotencyKey ?? randomUUID()) : undefined
  // One signal per call (caller's cancel, client closed, overall deadline): listeners of the
  // queue, the socket and the waits attach to it, never to a signal shared by all calls.
  const deadlineMs = opts.deadlineMs ?? rt.callDeadlineMs
  const deadline = new AbortController()
  const callStart = rt.clock.now()
  const deadlineTimer = rt.clock.setTimer(() => deadline.abort(), Math.min(deadlineMs, MAX_TIMER_MS))
  const signals = opts.signal
    ? [opts.signal, rt.lifetime.signal, deadline.signal]
    : [rt.lifetime.signal, deadline.signal]
  return {
    rt,
    opts,
    requestId: randomUUID(),
    method,
    cls: requestClassOf(method),
    idempotencyKey,
    logical: { ...req, method, idempotencyKey },
    priority: opts.priority ?? 'user',
    origin: opts.origin ?? null,
    deadlineMs,
    deadline,
    deadlineTimer,
    callStart,
    signal: AbortSignal.any(signals),
    attempts: [],
    reason: 'first',
    backoffMs: 0,
    orderKey: undefined,
    lastRateLimit: null,
    lastUrl: null,
    lastBucket: null,
    answerLost: false,
    outageSince: null,
  }
}

/** What is left of this call's deadline. */
export function leftMs(call: Call): number {
  return call.deadlineMs - (call.rt.clock.now() - call.callStart)
}

/** A typed error with the call's context (already-typed errors from the builder get it added). */
export function fail(call: Call, init: ErrorInit): ApiError {
  return new ApiError({
    requestId: call.requestId,
    method: call.method,
    url: call.lastUrl,
    idempotencyKey: call.idempotencyKey ?? null,
    attempts: [...call.attempts],
    rateLimit: call.lastRateLimit,
    bucket: call.rt.limiter.snapshot(call.lastBucket, call.cls),
    origin: call.origin,
    ...init,
  })
}

/**
 * The service asked for a wait longer than the cap, or than what is left of this call's
 * deadline (which would only end the call later, saying less): fail now, naming the wait.
 */
export function tooLongWait(call: Call, prev: ApiError | null, waitMs: number, limitMs?: number): ApiError {
  const limit =
    limitMs === undefined
      ? `the ${formatWait(call.rt.maxRetryAfterMs)} this app waits`
      : `the ${formatWait(limitMs)} left of this call's deadline`
  return fail(call, {
    kind: 'http',
    status: prev?.status ?? null,
    title: prev?.title ?? null,
    detail: prev?.detail ?? null,
    message: `The service asks to wait ${formatWait(waitMs)} before trying again (longer than ${limit}); nothing more was sent. Try again later.`,
  })
}

/** What this call is, in the agent's words: "this lookup", "this sync request", "this change". */
function callNoun(call: Call): string {
  if (call.cls === 'write') return 'this change'
  return call.priority === 'background' ? 'this sync request' : 'this lookup'
}

/**
 * The rate-limit bucket stays paused (the service asked to wait, after a 429) longer than this
 * call has left: it fails now, unsent, saying so, instead of waiting out its deadline.
 */
export function pausedPastDeadline(call: Call, waitMs: number): ApiError {
  // Whole seconds left of the pause (the jitter added to it is ours, not the service's ask).
  const wait = formatWait(Math.max(1000, Math.floor(waitMs / 1000) * 1000))
  return fail(call, {
    kind: 'http',
    status: 429,
    message: `Not sent: the service asked to wait (its rate limit), for another ${wait}; ${callNoun(call)} gives up after ${formatWait(call.deadlineMs)}. Try again in ${wait}.`,
  })
}

/** What the service's last answer said, kept when the call's sentence is ours. */
function whatItAnswered(error: ApiError): Pick<ApiError, 'kind' | 'status' | 'title' | 'detail' | 'bodySnippet'> {
  return {
    kind: error.kind,
    status: error.status,
    title: error.title,
    detail: error.detail,
    bodySnippet: error.bodySnippet,
  }
}

/** The call outlasted an outage for its whole budget (or deadline) and stops, saying so. */
export function outageGiveUp(call: Call, error: ApiError, downMs: number, pauseMs: number | null): ApiError {
  const what = error.status !== null ? `it answers ${error.status}` : 'it does not answer'
  const pause = pauseMs !== null ? ` Paydesk pauses sending to it for ${formatWait(pauseMs)} so it can recover.` : ''
  return fail(call, {
    ...whatItAnswered(error),
    message: `The service seems to be down: ${what}, and has for ${formatWait(downMs)}; Paydesk stopped trying.${pause} Try again in a minute; if it lasts, check the service's status page.`,
  })
}

/** The client's circuit is open (outage.ts): the call fails at once, unsent. */
export function circuitOpen(call: Call, refusal: { downMs: number; failure: string; resumeInMs: number }): ApiError {
  return fail(call, {
    kind: 'network',
    message: `Not sent: the service has been down for ${formatWait(refusal.downMs)} (${refusal.failure}), so Paydesk pauses sending to it for another ${formatWait(refusal.resumeInMs)} to let it recover. Try again after that.`,
  })
}

/** The one call let through an open circuit met the outage again: it stops at once, saying so. */
export function probeFailed(
  call: Call,
  error: ApiError,
  still: { downMs: number; failure: string; resumeInMs: number },
): ApiError {
  return fail(call, {
    ...whatItAnswered(error),
    message: `The service is still down: it has been failing for ${formatWait(still.downMs)} (${still.failure}); Paydesk tried this once to see whether it is back. Try again in a few seconds; if it lasts, check the service's status page.`,
  })
}

/** The call was stopped: its deadline passed, the caller cancelled, or the client was closed. */
export function abortedError(call: Call): ApiError {
  const { deadline, opts, rt } = call
  if (deadline.signal.aborted && !opts.signal?.aborted && !rt.lifetime.signal.aborted) {
    return fail(call, {
      kind: 'timeout',
      message: `No answer within ${formatWait(call.deadlineMs)} (the call's overall deadline); stopped.`,
    })
  }
  return fail(call, {
    kind: 'aborted',
    message: rt.lifetime.signal.aborted ? 'The API client was closed; the request was stopped.' : 'Cancelled.',
  })
}

/** A write whose answer was lost says it may have been done, and how to look it up (keyed or not). */
export function lostAnswer(call: Call, e: ApiError): ApiError {
  const lostKinds: readonly string[] = ['network', 'timeout', 'malformed-response']
  if (!call.answerLost || call.cls !== 'write' || !lostKinds.includes(e.kind)) return e
  const path = new URL(call.lastUrl ?? call.rt.base.href).pathname.replace(/^.*\/v2/, '')
  const message = `${e.message} ${lostAnswerSentence(call.method, path, call.idempotencyKey)}`
  return fail(call, {
    kind: e.kind,
    status: e.status,
    message,
    lookup: lostWriteLookup(call.method, path, call.logical.body),
  })
}

/** A wait in the words a user reads: "45 s", "60 min", "3 h". */
function formatWait(ms: number): string {
  const s = Math.ceil(ms / 1000)
  if (s < 120) return `${s} s`
  const min = Math.ceil(s / 60)
  if (min < 180) return `${min} min`
  return `${Math.ceil(min / 60)} h`
}

// Plain-words explanations for the Inspector: what a status means and what to do (spec 7), and
// the rate-limit headers decoded into sentences (spec 8.1). Pure functions, no I/O.

import type { RateLimitInfo } from './api-events'
import { idPatternSource } from './service/ids'
import { requestClassOf } from './service/methods'
import { operationById } from './service/operations'
import { duplicateRefundExplanation, isDuplicateRefundError } from './service/refunds'

type ExplanationTone = 'ok' | 'info' | 'warn' | 'danger'

type ExplanationAction = { kind: 'connections'; label: string } | { kind: 'field'; field: string; label: string }

interface Explanation {
  tone: ExplanationTone
  /** Short: "422 · invalid value in amount". */
  title: string
  /** One line: what this means and what to do. */
  text: string
  action?: ExplanationAction
}

interface ExplainInput {
  method: string
  /** The last attempt's status; null when no response arrived. */
  status: number | null
  /** The client's error kind of the last attempt (`http`, `network`, `timeout`...), null on success. */
  errorKind: string | null
  /** Spec 7 error body fields, when present. */
  field?: string | null
  detail?: string | null
  /** Rate-limit bucket (policy name) and Retry-After seconds of the last attempt. */
  bucket?: string | null
  retryAfterSeconds?: number | null
  /** The `Allow` header of a 405. */
  allow?: string | null
  /** How many attempts were made, and whether the last one is still to be retried. */
  attempts: number
  pending?: boolean
  idempotencyKey?: string | null
  /** The response carried `Idempotent-Replayed: true`. */
  replayed?: boolean
  /** The client flagged this answer: an earlier answer to its key named another object. */
  replayDiffers?: ReplayDiffers | null
}

/**
 * What an answer means for a request that carried an Idempotency-Key
 * (https://docs.mollie.com/overview/api-idempotency), or null when the key plays no part:
 * a replay (the first request's saved result), a 400 (the key was used for another endpoint or
 * other parameters), a 409 (the first request with the key is still being processed).
 */
export function idempotencyHint(input: {
  method: string
  status: number | null
  idempotencyKey?: string | null
  field?: string | null
  detail?: string | null
  replayed?: boolean
  /** The client saw an earlier answer to this key name another object (`firstId`) than this one (`id`). */
  replayDiffers?: ReplayDiffers | null
}): string | null {
  if (input.idempotencyKey && input.replayDiffers) return replayDiffersSentence(input.replayDiffers)
  if (!input.idempotencyKey || input.method.toUpperCase() !== 'POST') return null
  // A duplicate refund is a 409 of its own: the key plays no part in it.
  if (isDuplicateRefundError(input)) return null
  if (input.replayed && input.status !== null && input.status < 500) {
    return 'The service returned the saved answer to the first request with this idempotency key (Idempotent-Replayed); nothing was done twice.'
  }
  if (input.status === 409) {
    return 'The first request with this idempotency key was still being processed. Sending it again with the same key returns that first result; nothing is created twice.'
  }
  if (input.status === 400 && (!input.detail || /idempoten/i.test(input.detail))) {
    return 'This idempotency key was already used for a request to another endpoint or with other values, so the service refused it. Check whether the first request went through; to send different values, send them as a new request (a new key).'
  }
  return null
}

/** Two answers to one idempotency key that name different objects (ids as the service gave them). */
interface ReplayDiffers {
  firstId: string
  id: string
}

const REPLAY_DIFFERS_START = 'Not a plain replay:'

/**
 * The words for a replayed answer that names another object than the first answer to its key: it
 * may not be the same result, so "nothing was done twice" cannot be said. Says what to check.
 */
function replayDiffersSentence({ firstId, id }: ReplayDiffers): string {
  return `${REPLAY_DIFFERS_START} the first answer to this idempotency key named ${firstId}, this one names ${id}. Something may have been done twice. Open both ${firstId} and ${id} and check their amount, description and status before doing anything else.`
}

/** The two ids of a note written by replayDiffersSentence (the Inspector reads the entry's notes), else null. */
export function readReplayDiffersNote(note: string): ReplayDiffers | null {
  if (!note.startsWith(REPLAY_DIFFERS_START)) return null
  const m = /named (\S+), this one names (\S+?)\. /.exec(note)
  return m?.[1] && m[2] ? { firstId: m[1], id: m[2] } : null
}

/** Spec 7: the meaning of each status class. */
export function statusClassMeaning(status: number | null): string {
  if (status === null) return 'No response: the request did not get an answer from the service.'
  if (status >= 200 && status < 300) return 'Success.'
  if (status >= 400 && status < 500) return 'Client error: it will not go away by itself; the request must change.'
  if (status >= 500) return 'Server-side error: it should subside without action on your side.'
  return 'Unexpected status for this service.'
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`
}

/** "already retried 2 times" / "did not retry" — the 5xx/network follow-up sentence. */
function retrySentence(input: ExplainInput): string {
  const retries = Math.max(0, input.attempts - 1)
  if (input.pending) return `Paydesk is retrying it now (${plural(input.attempts, 'attempt')} so far).`
  if (retries > 0) return `Paydesk already retried it ${plural(retries, 'time')} and then gave up; try again later.`
  const writes = requestClassOf(input.method) === 'write'
  if (writes && !input.idempotencyKey) {
    return 'Paydesk did not retry it: without an idempotency key a resend could act twice. Check whether it went through before sending again.'
  }
  return 'Paydesk did not retry it; try again in a moment.'
}

function formatSeconds(seconds: number): string {
  if (seconds < 1 && seconds > 0) return `${Math.round(seconds * 1000)} ms`
  if (seconds < 90) return `${Math.round(seconds * 10) / 10} s`
  return `${Math.round(seconds / 60)} min`
}

/** No answer arrived, or a timeout: why, and what Paydesk did; null for a network error or an answer to explain. */
function noAnswerExplanation(input: ExplainInput): Explanation | null {
  const { status, errorKind } = input
  if (status !== null && errorKind !== 'network' && errorKind !== 'timeout') return null
  switch (errorKind) {
    case 'timeout':
      return {
        tone: 'warn',
        title: 'Timed out',
        text: `The service did not answer in time. ${retrySentence(input)} If it keeps happening, check the network or the service status.`,
      }
    case 'aborted':
      return {
        tone: 'info',
        title: 'Cancelled',
        text: 'The request was cancelled in Paydesk (or Paydesk was closing) before an answer arrived. Nothing to do.',
      }
    case 'queue-full':
      return {
        tone: 'warn',
        title: 'Not sent: too many waiting',
        text: 'Too many requests were waiting for the rate limit, so this one was not sent. Wait a few seconds and try again.',
      }
    case 'invalid-request':
    case 'foreign-origin':
      return {
        tone: 'warn',
        title: 'Not sent',
        text: 'Paydesk refused to send this request (see the error below); nothing reached the service.',
      }
    default:
      return null
  }
}

/** No answer and no other reason known: the connection failed. */
function networkErrorExplanation(input: ExplainInput): Explanation {
  return {
    tone: 'warn',
    title: 'Network error',
    text: `The connection to the service failed (refused, reset or cut off). ${retrySentence(input)} Check the network and the connection's address.`,
  }
}

/** A 2xx: success, a replay of the first answer to its key, or a body that cannot be read. */
function successExplanation(input: ExplainInput, s: number): Explanation {
  if (input.errorKind === 'malformed-response') {
    return {
      tone: 'danger',
      title: `${s} · unreadable answer`,
      text: 'The service said success but its body is not what spec 2 describes. Check the result on the service before repeating; escalate with a HAR export.',
    }
  }
  const meaning = s === 201 ? 'Created.' : s === 204 ? 'Canceled or deleted.' : 'The request succeeded.'
  const replay = idempotencyHint({ ...input, status: s })
  if (replay && input.replayDiffers && input.idempotencyKey)
    return { tone: 'warn', title: `${s} · replay names another object`, text: replay }
  if (replay) return { tone: 'ok', title: `${s} · replayed`, text: `${meaning} ${replay}` }
  const retries = input.attempts - 1
  const after =
    retries > 0
      ? ` Paydesk retried it ${plural(retries, 'time')} automatically before it went through; nothing to do.`
      : ''
  return { tone: 'ok', title: `${s} · success`, text: meaning + after }
}

/** Statuses whose explanation depends on nothing but the status (spec 7). */
const FIXED_EXPLANATIONS: Readonly<Record<number, Explanation>> = {
  401: {
    tone: 'danger',
    title: '401 · not authenticated',
    text: 'The credential is missing or was refused (revoked, mistyped, or a test key against live). Check the connection in Connections.',
    action: { kind: 'connections', label: 'Open Connections' },
  },
  403: {
    tone: 'danger',
    title: '403 · no access',
    text: 'The credential works but has no access to this resource (e.g. a token without the orders.write scope). Use a credential with access.',
  },
  404: {
    tone: 'warn',
    title: '404 · not found',
    text: 'The object in the URL does not exist. Check the id, and that it belongs to this connection and mode (test or live).',
  },
  410: {
    tone: 'warn',
    title: '410 · deleted',
    text: 'The object was deleted earlier; it cannot be used any more.',
  },
  415: {
    tone: 'danger',
    title: '415 · unsupported encoding',
    text: 'The service does not accept the request encoding. Escalate: Paydesk should send JSON.',
  },
}

function badRequestExplanation(input: ExplainInput): Explanation {
  const hint = idempotencyHint(input)
  if (hint) return { tone: 'warn', title: '400 · idempotency key already used', text: hint }
  return {
    tone: 'danger',
    title: '400 · request not understood',
    text: 'The service could not parse the request (a syntax error). Sending it again fails the same way; escalate with a HAR export.',
  }
}

function conflictExplanation(input: ExplainInput): Explanation {
  if (isDuplicateRefundError(input)) {
    return { tone: 'warn', title: '409 · duplicate refund', text: duplicateRefundExplanation() }
  }
  const hint = idempotencyHint(input)
  if (hint) return { tone: 'warn', title: '409 · still being processed', text: `${hint} ${retrySentence(input)}` }
  return {
    tone: 'warn',
    title: '409 · duplicate call',
    text: 'The service saw this call before and refused it as a probable mistake. Do not send it again; find the first one and check its result.',
  }
}

function unprocessableExplanation(input: ExplainInput, detail: string | null): Explanation {
  return input.field
    ? {
        tone: 'danger',
        title: `422 · invalid ${input.field}`,
        text: `The service rejected the value of “${input.field}”${detail ? `: ${detail}` : ''}. Correct that field and send again.`,
        action: { kind: 'field', field: input.field, label: `Go to ${input.field}` },
      }
    : {
        tone: 'danger',
        title: '422 · cannot be processed',
        text: `The service cannot process the request${detail ? `: ${detail}` : ''}. This also happens when the account's payment services are suspended.`,
      }
}

function rateLimitedExplanation(input: ExplainInput): Explanation {
  const wait = input.retryAfterSeconds != null ? formatSeconds(input.retryAfterSeconds) : null
  const where = input.bucket ? `the ${input.bucket} bucket` : 'this endpoint’s bucket'
  return {
    tone: 'warn',
    title: '429 · rate limit hit',
    text: `Too many requests in ${where}${wait ? `; the next slot opens in ${wait}` : ''}. ${
      input.attempts > 1
        ? `Paydesk waited and retried ${plural(input.attempts - 1, 'time')}, then gave up.`
        : 'Paydesk did not retry it.'
    } Wait, then send fewer requests at once.`,
  }
}

/** 500, 502/503 and 504 have words of their own; null for any other status. */
function serverErrorExplanation(input: ExplainInput, s: number): Explanation | null {
  switch (s) {
    case 500:
      return {
        tone: 'warn',
        title: '500 · server error',
        text: `An internal error at the service; it should pass without action on your side. ${retrySentence(input)}`,
      }
    case 502:
    case 503:
      return {
        tone: 'warn',
        title: `${s} · temporarily unavailable`,
        text: `The service is down for a calamity or maintenance; it should pass. ${retrySentence(input)}`,
      }
    case 504:
      return {
        tone: 'warn',
        title: '504 · took too long',
        text: `The service took unusually long; the request may still have gone through. Check before sending again${input.idempotencyKey ? ' (the same idempotency key makes a resend safe)' : ''}. ${retrySentence(input)}`,
      }
    default:
      return null
  }
}

/** A 4xx with words of its own; null for any other status. */
function clientErrorExplanation(input: ExplainInput, s: number, detail: string | null): Explanation | null {
  switch (s) {
    case 400:
      return badRequestExplanation(input)
    case 405:
      return {
        tone: 'danger',
        title: '405 · method not allowed',
        text: `This method cannot be used on this URL${input.allow ? `; the service allows ${input.allow}` : ''}. Escalate: Paydesk built a wrong request.`,
      }
    case 409:
      return conflictExplanation(input)
    case 422:
      return unprocessableExplanation(input, detail)
    case 429:
      return rateLimitedExplanation(input)
    default:
      return FIXED_EXPLANATIONS[s] ?? null
  }
}

export function explainRequest(input: ExplainInput): Explanation {
  // The service's detail is a sentence of its own; we add the full stop.
  const detail = input.detail?.trim().replace(/[.\s]+$/, '') || null
  if (input.pending) {
    return { tone: 'info', title: 'Retrying', text: retrySentence(input) }
  }
  const noAnswer = noAnswerExplanation(input)
  if (noAnswer) return noAnswer
  const s = input.status
  if (s === null) return networkErrorExplanation(input)
  if (s >= 200 && s < 300) return successExplanation(input, s)
  const known = clientErrorExplanation(input, s, detail) ?? serverErrorExplanation(input, s)
  if (known) return known
  if (s >= 500)
    return { tone: 'warn', title: `${s} · server error`, text: `${statusClassMeaning(s)} ${retrySentence(input)}` }
  if (s >= 400) return { tone: 'danger', title: `${s} · client error`, text: statusClassMeaning(s) }
  return { tone: 'info', title: String(s), text: statusClassMeaning(s) }
}

/** Capacity of a bucket from its policy (spec 8.1): service-burst, else q·w, else q. */
export function rateLimitCapacity(info: Pick<RateLimitInfo, 'q' | 'w' | 'burst'>): number | null {
  if (info.burst !== null) return Math.max(1, info.burst)
  if (info.q !== null && info.w !== null) return Math.max(1, info.q * info.w)
  if (info.q !== null) return Math.max(1, info.q)
  return null
}

/**
 * The three rate-limit headers as sentences, e.g.
 * "14 of 20 left in get-v2-payments; full in 1 s". Absent headers give no line.
 */
export function describeRateLimit(info: RateLimitInfo | null): { header: string; text: string }[] {
  if (!info) return []
  const lines: { header: string; text: string }[] = []
  const name = info.policy ?? 'this bucket'
  if (info.r !== null) {
    const capacity = rateLimitCapacity(info)
    const left = capacity !== null ? `${info.r} of ${capacity} left in ${name}` : `${info.r} left in ${name}`
    const full = info.t === null ? '' : info.t === 0 ? '; full now' : `; full in ${formatSeconds(info.t)}`
    const burst =
      info.serviceBurst === null
        ? ''
        : info.serviceBurst === 0
          ? '; burst budget used up'
          : `; ${info.serviceBurst} above the steady rate`
    lines.push({ header: 'RateLimit', text: `${left}${full}${burst}` })
  }
  if (info.q !== null) {
    const parts = [`${name} allows ${plural(info.q, 'request')} per second`]
    if (info.burst !== null) parts.push(`bursts of up to ${info.burst}`)
    if (info.w !== null) parts.push(`refills from empty in ${formatSeconds(info.w)}`)
    lines.push({ header: 'RateLimit-Policy', text: parts.join(', ') })
  }
  if (info.retryAfter !== null) {
    lines.push({ header: 'Retry-After', text: `Next request slot opens in ${formatSeconds(info.retryAfter)}` })
  }
  return lines
}

// The payment's own path from its row (`/payments/{paymentId}`), the id's shape from the spec module.
const PAYMENT_PATH = operationById('get-payment').path.replace('{paymentId}', `(${idPatternSource('payment')})`)
const PAYMENT_ID_IN_PATH = new RegExp(`${PAYMENT_PATH}(?:[/?#]|$)`)
const PAYMENT_ID_IN_BODY = new RegExp(`"id"\\s*:\\s*"(${idPatternSource('payment')})"`)

/** The payment a request is about: in its URL (GET /v2/payments/tr_…) or as the id in its response. */
export function findPaymentId(url: string, responseBody: string | null): string | null {
  const inPath = PAYMENT_ID_IN_PATH.exec(url)
  if (inPath) return inPath[1] ?? null
  if (responseBody) {
    // A list holds many: only a single payment (or an order embedding one) counts.
    if (/"_embedded"\s*:\s*\{\s*"payments"\s*:\s*\[/.test(responseBody) && /\/payments(\?|$)/.test(url)) return null
    const inBody = PAYMENT_ID_IN_BODY.exec(responseBody)
    if (inBody) return inBody[1] ?? null
  }
  return null
}

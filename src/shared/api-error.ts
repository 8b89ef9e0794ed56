// The plain, JSON-safe view of an API client failure (spec 7), as shown by the renderer.
// Built by ApiError.toView() in src/main/api/call/errors.ts; never contains a credential.

import type { BucketSnapshot, RateLimitInfo, RequestOrigin } from './api-events'
import type { Amount } from './api-types'

export type ApiErrorKind =
  | 'http' // the service answered with a non-2xx status (spec 7)
  | 'network' // connection refused/reset, socket closed mid-body
  | 'timeout' // connect, headers or body took too long
  | 'aborted' // the caller cancelled (AbortSignal) or the client was disposed
  | 'malformed-response' // a 2xx whose body is not the JSON expected
  | 'queue-full' // the rate-limit queue is at its bound; nothing was sent
  | 'foreign-origin' // a link points to another origin; nothing was sent
  | 'invalid-request' // rejected before sending (bad id, missing profileId, ...)

export interface ApiAttemptSummary {
  attempt: number
  status: number | null
  /** Error kind and message when the attempt did not get a response, else null. */
  error: string | null
  durationMs: number
  /** Time waited before this attempt (queue, backoff or rate-limit pause). */
  waitBeforeMs: number
  /** Why this attempt was made: `first`, or the reason the previous one was retried. */
  reason: string
}

/**
 * What can honestly be looked up after a write whose answer was lost (it may have been done). Main
 * decides it from the request it sent; the renderer offers it as a button and reads through the
 * ordinary read channels.
 * - `payment`/`order` by `id`: the object the cancel, update or new order payment acted on;
 * - `refund` by `payment`: the payment's refunds (a refund create);
 * - `payment` by `recent`: the newest payments with this description and amount (a payment create).
 */
export type LostWriteLookup =
  | { kind: 'payment'; by: 'id'; id: string }
  | { kind: 'order'; by: 'id'; id: string }
  | { kind: 'refund'; by: 'payment'; paymentId: string }
  | { kind: 'payment'; by: 'recent'; description: string; amount: Amount | null }

export interface ApiErrorView {
  name: 'ApiError'
  kind: ApiErrorKind
  message: string
  status: number | null
  title: string | null
  detail: string | null
  field: string | null
  documentationUrl: string | null
  requestId: string | null
  method: string | null
  url: string | null
  idempotencyKey: string | null
  attempts: ApiAttemptSummary[]
  rateLimit: RateLimitInfo | null
  bucket: BucketSnapshot | null
  /** First ~300 characters of a non-JSON, empty, truncated or malformed body, control characters escaped. */
  bodySnippet: string | null
  origin: RequestOrigin | null
  /** Set when a write's answer was lost: what to look up before sending it again. */
  lookup?: LostWriteLookup | null
}

export function isApiErrorView(value: unknown): value is ApiErrorView {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { name?: unknown }).name === 'ApiError' &&
    typeof (value as { kind?: unknown }).kind === 'string'
  )
}

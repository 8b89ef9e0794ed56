// Observability types of the API client (src/main/api): one AttemptEvent per HTTP attempt, and
// per-bucket snapshots for the rate-limit gauges. Plain JSON-safe data: they cross IPC as-is and
// never carry a secret (Authorization is redacted to `Bearer ***`).

/** Spec 8.1.4: GET/HEAD/OPTIONS are READ, POST/PUT/PATCH/DELETE are WRITE (service/methods.ts). */
export type { RequestClass } from './service/methods'
import type { RequestClass } from './service/methods'

export type RequestPriority = 'user' | 'background'

/** Which screen and action started a request (for the request inspector). */
export interface RequestOrigin {
  screen: string
  action: string
  /** The builder's draft the request was sent for (the Inspector's "Go to field" opens it). */
  draftId?: string
}

/** Decoded rate-limit headers of one response (spec 8.1); null where absent or unparsable. */
export interface RateLimitInfo {
  policy: string | null
  q: number | null
  w: number | null
  burst: number | null
  r: number | null
  t: number | null
  serviceBurst: number | null
  /** Seconds, from `Retry-After` (429 only). */
  retryAfter: number | null
}

export type AttemptOutcome = 'success' | 'retry' | 'failed'

interface AttemptTimings {
  /** Time spent waiting in the rate-limit queue before this attempt was sent. */
  queuedMs: number
  /** From sending to socket connected; 0 for a reused keep-alive socket; null if never connected. */
  connectMs: number | null
  /** From sending to response headers; null if none arrived. */
  headersMs: number | null
  /** From sending to the end of the body or the failure. */
  totalMs: number
}

export interface AttemptEvent {
  /** One per logical call (stays the same across retries). */
  requestId: string
  /** 1-based. */
  attempt: number
  /** Epoch ms when the attempt was sent (or failed before sending). */
  startedAt: number
  method: string
  /** Full URL without any secret (the query is included). */
  url: string
  requestHeaders: Record<string, string>
  requestBody: string | null
  status: number | null
  responseHeaders: Record<string, string> | null
  /** Response body as text, capped (see `responseBodyTruncated`). */
  responseBody: string | null
  responseBodyTruncated: boolean
  timings: AttemptTimings
  rateLimit: RateLimitInfo | null
  outcome: AttemptOutcome
  /** Set when this attempt failed: the error kind and a readable message. */
  error: { kind: string; message: string } | null
  /** Why the next attempt happens (`outcome === 'retry'`), e.g. `status 503`, `timeout (headers)`. */
  retryReason: string | null
  /** Wait before the next attempt in ms (backoff or rate-limit pause). */
  nextWaitMs: number | null
  idempotencyKey: string | null
  /** Rate-limit policy name of the bucket this attempt went through; null while not yet learned. */
  bucket: string | null
  requestClass: RequestClass
  origin: RequestOrigin | null
  /** Things the client changed on the caller's behalf (e.g. stripped `profileId` for an API key). */
  notes: string[]
}

export interface BucketSnapshot {
  /** Policy name as learned from `RateLimit-Policy`, or `unlearned-read` / `unlearned-write`. */
  policy: string
  class: RequestClass
  /** Estimated whole tokens available now. */
  remaining: number
  capacity: number
  ratePerSecond: number
  queued: number
  inFlight: number
  /** Epoch ms until which the bucket sends nothing (after a 429), or null. */
  pausedUntil: number | null
  /** False for the conservative gate used before the first response of a class/endpoint. */
  learned: boolean
  /** How much of this bucket the instance's background work (the sync) may take; learned buckets only. */
  background?: BackgroundShareView
  /**
   * A policy without a remaining count questioned (main/api/limiter/probe.ts): the rate tried above
   * the policy's while every call is accepted, and the 429s that probing cost (at most 3).
   */
  probe?: { ratePerSecond: number; refused: number }
  /**
   * Set while the demand on a bucket shared with others exceeds its quota (main decides): others
   * are spending from it and an agent's lookup would wait a second or more for a token.
   */
  overload?: {
    lookupWaitMs: number
    /**
     * The team's other desks online now (the team database's sessions, main's count), when this desk
     * is on a team; absent when main cannot know who else uses the merchant's key.
     */
    otherDesks?: number
  }
}

/**
 * The background share of a bucket shared with others (spec 8.1: one bucket per merchant). While
 * others are seen using the bucket the sync takes at most `configuredShare` of the quota and waits
 * while the bucket is low; with nobody else seen it runs at full speed (`share` 1).
 */
export interface BackgroundShareView {
  /** The configured largest part of the quota background work takes while others use the bucket (0–1). */
  configuredShare: number
  /** The part it may take now: `configuredShare` while others are active, else 1. */
  share: number
  /** Someone else (another instance of the team, the merchant's shop) spent tokens in the last seconds. */
  othersActive: boolean
  /** Estimated requests per second the others spend from this bucket. */
  othersPerSecond: number
  /**
   * A slow start (issue 46 item 1): the bucket's state is not known yet (just learned, or not heard
   * from for a while), so the sync takes `share` and speeds up as the service's figures allow.
   */
  startingUp?: true
}

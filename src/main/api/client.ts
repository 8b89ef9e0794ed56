// The rate-limited API client of the main process: every call Paydesk makes to the payment service
// goes through createApiClient(). It queues behind the learned rate-limit buckets (spec 8.1),
// retries only what is safe to replay (spec 7, Idempotency-Key on every POST), reports every
// attempt as an AttemptEvent and fails with a typed ApiError. No electron import.

import { randomUUID } from 'node:crypto'
import { setMaxListeners } from 'node:events'
import http from 'node:http'
import https from 'node:https'
import type { ApiAttemptSummary } from '../../shared/api-error'
import type {
  AttemptEvent,
  BucketSnapshot,
  RateLimitInfo,
  RequestOrigin,
  RequestPriority,
} from '../../shared/api-events'
import {
  EMBED_VALUES,
  MAX_PAGE_SIZE,
  type OrderRequestBody,
  type PaymentRequestBody,
  type EmbedValue,
  type ListOrdersQuery,
  type CreateRefundRequest,
  type ListPaymentsQuery,
  type OrderList,
  type Order,
  type Payment,
  type PaymentList,
  type Refund,
  type RefundList,
  type UpdatePaymentRequest,
  type CreateOrderPaymentRequest,
  type ProfileList,
} from '../../shared/api-types'
import { idempotencyHint } from '../../shared/explanations'
import { duplicateRefundExplanation, isDuplicateRefundError } from '../../shared/service/refunds'
import { needsIdempotencyKey, PAYMENT_EMBED_VALUES, type PaymentEmbedValue } from '../../shared/service'
import { systemClock, type Clock } from './clock'
import {
  isAlreadyCanceled,
  jsonDepthExceeds,
  lostAnswerSentence,
  lostWriteLookup,
  MAX_JSON_DEPTH,
  redirectMessage,
} from './clear-ends'
import { ApiError, bodySnippet, readErrorBody } from './errors'
import { DEFAULT_TIMEOUTS, flattenHeaders, sendAttempt, type HttpAttemptResult, type Timeouts } from './http'
import { LimiterError, MAX_TIMER_MS, RateLimiter, type Permit } from './limiter'
import { decodeRateLimitHeaders, parseRetryAfter } from './rate-limit-headers'
import {
  buildRequest,
  redactHeaders,
  requestClassOf,
  type ApiCredential,
  type PreparedRequest,
  type LogicalRequest,
} from './request-builder'
import {
  apiPath,
  checkId,
  checkLimit,
  expectResource,
  httpMessage,
  parseJsonBody,
  snippetOrNull,
  withIdempotencyHint,
} from './answer-checks'
import { answerNotes, FirstAnswers } from './replay-notes'
import { backoffDelayMs, DEFAULT_RETRY_POLICY, shouldRetry, type AttemptFailure, type RetryPolicy } from './retry'

export type { ApiCredential } from './request-builder'

export interface ApiClientOptions {
  /** e.g. `https://api.example.com/v2` (spec 9.1: ends in v2). */
  baseUrl: string
  /** Asked at request time, for every attempt; the secret is never kept in events or errors. */
  getCredential: () => Promise<ApiCredential>
  timeouts?: Partial<Timeouts>
  retry?: Partial<RetryPolicy>
  /** Waiting requests before new ones are refused with `queue-full` (default 1000). */
  maxQueue?: number
  onAttempt?: (event: AttemptEvent) => void
  onBucketChange?: (snapshots: BucketSnapshot[]) => void
  clock?: Clock
  /** In [0, 1): backoff and pause jitter. */
  random?: () => number
  /** Response body text kept in events (default 256 kB). */
  maxEventBodyBytes?: number
  /** Responses larger than this fail (default 16 MB). */
  maxResponseBytes?: number
  /** Jitter added after a Retry-After pause, 0..this ms (default 100). */
  pauseJitterMs?: number
  /** Pause after a 429 without Retry-After (default 1000 ms). */
  default429PauseMs?: number
  /**
   * Longest wait one Retry-After may impose (default 120 s). A longer one fails the call with
   * "the service asks to wait N min" instead of pausing every call of the bucket that long.
   */
  maxRetryAfterMs?: number
  /** Overall deadline of one call, queue + attempts + waits (default 60 s). */
  callDeadlineMs?: number
  /**
   * Largest part of a bucket's quota background work (the sync) takes while others (the team's
   * other instances, the merchant's shop) use the same bucket (default 0.25; alone: full speed).
   */
  backgroundShare?: number
  /** Parallel sockets to the service (default 16). */
  maxSockets?: number
  userAgent?: string
}

export interface CallOptions {
  signal?: AbortSignal
  /** `user` requests leave the queue before `background` ones (default `user`). */
  priority?: RequestPriority
  origin?: RequestOrigin
  /** Overall deadline of this call in ms (default: the client's callDeadlineMs). */
  deadlineMs?: number
}

export interface CreateOptions extends CallOptions {
  /** Reuse a stored key (a draft's) so "send again" can never create twice. */
  idempotencyKey?: string
}

export interface CreateOrderOptions extends CreateOptions {
  embed?: EmbedValue | EmbedValue[]
}

export type ListPaymentsInput = ListPaymentsQuery | { link: string }
export type ListOrdersInput = ListOrdersQuery | { link: string }

/** A payment's refunds: the first page (`from`, `limit`) or a `_links` href to follow. */
export type ListRefundsInput = { from?: string; limit?: number } | { link: string }

export interface GetOrderOptions extends CallOptions {
  embed?: EmbedValue | EmbedValue[]
}

/** Get payment's embeds (https://docs.mollie.com/reference/get-payment): its refunds, chargebacks, captures. */
export interface GetPaymentOptions extends CallOptions {
  embed?: PaymentEmbedValue[]
}

export interface ApiClient {
  /** Low-level call; resolves with the parsed JSON body (undefined for an empty 2xx body). */
  request<T = unknown>(req: LogicalRequest, opts?: CallOptions): Promise<T>
  createOrder(body: OrderRequestBody, opts?: CreateOrderOptions): Promise<Order>
  getOrder(id: string, opts?: GetOrderOptions): Promise<Order>
  /** https://docs.mollie.com/reference/cancel-order (DELETE /orders/{id}) */
  cancelOrder(id: string, opts?: CreateOrderOptions): Promise<Order>
  /**
   * https://docs.mollie.com/reference/create-order-payment (POST /orders/{id}/payments): a new
   * payment for an order whose earlier payments expired, failed or were canceled.
   */
  createOrderPayment(orderId: string, body?: CreateOrderPaymentRequest, opts?: CreateOptions): Promise<Payment>
  createPayment(body: PaymentRequestBody, opts?: CreateOptions): Promise<Payment>
  getPayment(id: string, opts?: GetPaymentOptions): Promise<Payment>
  /** https://docs.mollie.com/reference/update-payment (PATCH /payments/{id}) */
  updatePayment(id: string, body: UpdatePaymentRequest, opts?: CreateOptions): Promise<Payment>
  /** https://docs.mollie.com/reference/cancel-payment (DELETE /payments/{id}) */
  cancelPayment(id: string, opts?: CreateOptions): Promise<Payment>
  /** https://docs.mollie.com/reference/create-refund (POST /payments/{id}/refunds) */
  createRefund(paymentId: string, body: CreateRefundRequest, opts?: CreateOptions): Promise<Refund>
  /** https://docs.mollie.com/reference/list-refunds (GET /payments/{id}/refunds) */
  listRefunds(paymentId: string, input?: ListRefundsInput, opts?: CallOptions): Promise<RefundList>
  /** https://docs.mollie.com/reference/get-refund */
  getRefund(paymentId: string, refundId: string, opts?: CallOptions): Promise<Refund>
  listPayments(input?: ListPaymentsInput, opts?: CallOptions): Promise<PaymentList>
  /** Pages following `_links.next`; background priority unless told otherwise. */
  iteratePayments(query?: ListPaymentsQuery, opts?: CallOptions): AsyncIterableIterator<PaymentList>
  /** GET /orders (https://docs.mollie.com/reference/list-orders): cursor paging like payments. */
  listOrders(input?: ListOrdersInput, opts?: CallOptions): Promise<OrderList>
  /** https://docs.mollie.com/reference/v2/profiles-api/list-profiles (organization access tokens). */
  listProfiles(opts?: CallOptions): Promise<ProfileList>
  buckets(): BucketSnapshot[]
  /** Rejects queued calls, aborts those in flight, stops timers, closes sockets. */
  dispose(): void
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  let base: URL
  try {
    base = new URL(options.baseUrl)
  } catch {
    throw new ApiError({ kind: 'invalid-request', message: `Invalid base URL "${options.baseUrl}".` })
  }
  if (base.protocol !== 'https:' && base.protocol !== 'http:') {
    throw new ApiError({ kind: 'invalid-request', message: `Unsupported base URL scheme ${base.protocol}.` })
  }
  const clock = options.clock ?? systemClock
  const random = options.random ?? Math.random
  const timeouts: Timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts }
  const retryPolicy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...options.retry }
  const maxEventBody = options.maxEventBodyBytes ?? 256 * 1024
  const maxResponseBytes = options.maxResponseBytes ?? 16 * 1024 * 1024
  const agentOptions = { keepAlive: true, maxSockets: options.maxSockets ?? 16 }
  const agent = base.protocol === 'https:' ? new https.Agent(agentOptions) : new http.Agent(agentOptions)
  const extraHeaders: Record<string, string> = { 'user-agent': options.userAgent ?? 'Paydesk' }
  const lifetime = new AbortController()
  // Every call derives its own signal from this one; many calls in flight are normal, not a leak.
  setMaxListeners(0, lifetime.signal)
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 120_000
  const callDeadlineMs = options.callDeadlineMs ?? 60_000
  const firstAnswers = new FirstAnswers()

  const limiter = new RateLimiter({
    clock,
    random,
    maxQueue: options.maxQueue ?? 1000,
    maxRetryAfterMs,
    pauseJitterMs: options.pauseJitterMs ?? 100,
    default429PauseMs: options.default429PauseMs ?? 1000,
    backgroundShare: options.backgroundShare,
    onChange: options.onBucketChange ? () => safeCall(() => options.onBucketChange?.(limiter.snapshots())) : undefined,
  })

  const emit = (event: AttemptEvent) => {
    if (options.onAttempt) safeCall(() => options.onAttempt?.(event))
  }

  async function request<T>(req: LogicalRequest, opts: CallOptions = {}): Promise<T> {
    const requestId = randomUUID()
    const method = req.method.toUpperCase()
    const cls = requestClassOf(method)
    // Spec 7: one key per logical write the operation table keys, the same on every attempt.
    const keyed = needsIdempotencyKey(method, req.path ?? '')
    const idempotencyKey = keyed ? (req.idempotencyKey ?? randomUUID()) : undefined
    const logical: LogicalRequest = { ...req, method, idempotencyKey }
    const priority = opts.priority ?? 'user'
    const origin = opts.origin ?? null
    // One signal per call (caller's cancel, client closed, overall deadline): listeners of the
    // queue, the socket and the waits attach to it, never to a signal shared by all calls.
    const deadlineMs = opts.deadlineMs ?? callDeadlineMs
    const deadline = new AbortController()
    const callStart = clock.now()
    /** What is left of this call's deadline. */
    const leftMs = () => deadlineMs - (clock.now() - callStart)
    const deadlineTimer = clock.setTimer(() => deadline.abort(), Math.min(deadlineMs, MAX_TIMER_MS))
    const signal = AbortSignal.any(
      opts.signal ? [opts.signal, lifetime.signal, deadline.signal] : [lifetime.signal, deadline.signal],
    )
    try {
      return await attemptAll<T>()
    } finally {
      clock.clearTimer(deadlineTimer)
    }

    async function attemptAll<T>(): Promise<T> {
      const attempts: ApiAttemptSummary[] = []
      let reason = 'first'
      let backoffMs = 0
      let orderKey: number | undefined
      let lastRateLimit: RateLimitInfo | null = null
      let lastUrl: string | null = null
      let lastBucket: string | null = null
      /** A keyed write was sent and its answer never came: it may have been done. */
      let answerLost = false
      const lostAnswer = (e: ApiError): ApiError => {
        if (!answerLost || idempotencyKey === undefined || (e.kind !== 'network' && e.kind !== 'timeout')) return e
        const path = new URL(lastUrl ?? base.href).pathname.replace(/^.*\/v2/, '')
        const message = `${e.message} ${lostAnswerSentence(method, path, idempotencyKey)}`
        return fail({ kind: e.kind, status: e.status, message, lookup: lostWriteLookup(method, path, logical.body) })
      }

      const fail = (init: Omit<ConstructorParameters<typeof ApiError>[0], 'requestId'>): ApiError => {
        // Already-typed errors (from the builder) get the call's context added.
        return new ApiError({
          requestId,
          method,
          url: lastUrl,
          idempotencyKey: idempotencyKey ?? null,
          attempts: [...attempts],
          rateLimit: lastRateLimit,
          bucket: limiter.snapshot(lastBucket, cls),
          origin,
          ...init,
        })
      }
      /**
       * The service asked for a wait longer than the cap, or than what is left of this call's
       * deadline (which would only end the call later, saying less): fail now, naming the wait.
       */
      const tooLongWait = (prev: ApiError | null, waitMs: number, limitMs?: number): ApiError =>
        fail({
          kind: 'http',
          status: prev?.status ?? null,
          title: prev?.title ?? null,
          detail: prev?.detail ?? null,
          message: `The service asks to wait ${formatWait(waitMs)} before trying again (longer than ${limitMs === undefined ? `the ${formatWait(maxRetryAfterMs)} this app waits` : `the ${formatWait(limitMs)} left of this call's deadline`}); nothing more was sent. Try again later.`,
        })
      const abortedError = () =>
        deadline.signal.aborted && !opts.signal?.aborted && !lifetime.signal.aborted
          ? fail({
              kind: 'timeout',
              message: `No answer within ${formatWait(deadlineMs)} (the call's overall deadline); stopped.`,
            })
          : fail({
              kind: 'aborted',
              message: lifetime.signal.aborted ? 'The API client was closed; the request was stopped.' : 'Cancelled.',
            })

      for (let attempt = 1; ; attempt++) {
        if (signal.aborted) throw abortedError()
        let credential: ApiCredential
        try {
          credential = await options.getCredential()
          if (
            typeof credential?.secret !== 'string' ||
            credential.secret === '' ||
            /[\r\n\0]/.test(credential.secret)
          ) {
            throw new Error('the stored secret is empty or malformed')
          }
        } catch (e) {
          throw fail({
            kind: 'invalid-request',
            message: `No credential available for this connection: ${e instanceof Error ? e.message : String(e)}`,
            cause: e,
          })
        }
        let built: PreparedRequest
        try {
          built = buildRequest(base, credential, logical, extraHeaders)
        } catch (e) {
          if (e instanceof ApiError) throw fail({ kind: e.kind, message: e.message, url: e.url, field: e.field })
          throw fail({ kind: 'invalid-request', message: `The request could not be built: ${String(e)}`, cause: e })
        }
        lastUrl = built.url.href

        const queuedAt = clock.now()
        let permit: Permit
        try {
          permit = await limiter.acquire({
            cls,
            endpointKey: built.endpointKey,
            priority,
            orderKey,
            signal,
            isRetry: attempt > 1,
          })
        } catch (e) {
          if (e instanceof LimiterError) {
            if (e.code === 'queue-full') throw fail({ kind: 'queue-full', message: e.message })
            throw e.code === 'disposed' ? fail({ kind: 'aborted', message: e.message }) : abortedError()
          }
          throw e
        }
        orderKey = permit.orderKey
        lastBucket = permit.bucket
        const queuedMs = clock.now() - queuedAt
        const startedAt = clock.now()

        let res: HttpAttemptResult
        try {
          res = await sendAttempt({
            method,
            url: built.url,
            headers: built.headers,
            body: built.bodyText,
            timeouts,
            signal,
            agent,
            maxBodyBytes: maxResponseBytes,
          })
        } catch (e) {
          // sendAttempt resolves every outcome; this only guards the permit against the unforeseen.
          permit.fail()
          throw fail({ kind: 'network', message: `The request failed: ${String(e)}`, cause: e })
        }

        let pauseMs: number | null = null
        let askedMs: number | undefined
        if (res.status !== null && res.headers)
          ({ pauseMs, askedMs } = permit.complete({ status: res.status, headers: res.headers }))
        else permit.fail()
        const rateLimit = res.headers ? decodeRateLimitHeaders(res.headers) : null
        if (rateLimit) lastRateLimit = rateLimit
        if (rateLimit?.policy) lastBucket = limiter.snapshot(rateLimit.policy) ? rateLimit.policy : lastBucket

        // Classify the attempt.
        let failure: AttemptFailure | null = null
        let error: ApiError | null = null
        let value: unknown = undefined
        const status = res.status
        if (res.error) {
          if (res.error.kind === 'aborted') {
            if (res.error.phase !== 'connect') answerLost = true
            error = lostAnswer(abortedError())
          } else if (res.error.kind === 'invalid') {
            error = fail({ kind: 'invalid-request', message: res.error.message })
          } else if (res.error.kind === 'too-large') {
            error = fail({ kind: 'malformed-response', status, message: res.error.message })
          } else {
            // A timeout or a network fault: both may be retried (the failure says which). Past the
            // connect phase the request was sent: a write may have been done.
            if (res.error.phase !== 'connect') answerLost = true
            failure =
              res.error.kind === 'timeout'
                ? { type: 'timeout', phase: res.error.phase }
                : { type: 'network', code: res.error.code }
            error = fail({
              kind: res.error.kind === 'timeout' ? 'timeout' : 'network',
              status,
              message: res.error.message,
              bodySnippet: snippetOrNull(res.body, status),
            })
          }
        } else if (status !== null && status >= 200 && status < 300) {
          const parsed = parseJsonBody(res.body)
          if (parsed.ok && jsonDepthExceeds(parsed.value))
            error = fail({
              kind: 'malformed-response',
              status,
              message: `The service's answer is nested deeper than ${MAX_JSON_DEPTH} levels; it was not read.`,
              bodySnippet: bodySnippet(res.body),
            })
          else if (parsed.ok) value = parsed.value
          else
            error = fail({
              kind: 'malformed-response',
              status,
              message: `The service answered ${status} but the body is not valid JSON.`,
              bodySnippet: bodySnippet(res.body),
            })
        } else if (status !== null && status >= 300 && status < 400) {
          const location = res.headers?.location
          error = fail({ kind: 'http', status, message: redirectMessage(status, location) })
        } else {
          const parsed = parseJsonBody(res.body)
          const info = parsed.ok ? readErrorBody(parsed.value) : null
          const answer = { status, field: info?.field ?? null, detail: info?.detail ?? null }
          const duplicateRefund = isDuplicateRefundError(answer)
          failure = { type: 'status', status: status ?? 0, ...(duplicateRefund ? { duplicateRefund } : {}) }
          error = fail({
            kind: 'http',
            status,
            message: duplicateRefund
              ? duplicateRefundExplanation()
              : withIdempotencyHint(
                  httpMessage(status ?? 0, info?.title ?? null, info?.detail ?? null),
                  idempotencyHint({ method, idempotencyKey, ...answer }),
                ),
            title: info?.title ?? null,
            detail: info?.detail ?? null,
            field: info?.field ?? null,
            documentationUrl: info?.documentationUrl ?? null,
            bodySnippet: info ? null : bodySnippet(res.body),
          })
        }

        let decision = failure
          ? shouldRetry(failure, { method, hasIdempotencyKey: !!idempotencyKey, attempt, policy: retryPolicy })
          : { retry: false, reason: '' }
        let nextWaitMs: number | null = null
        if (decision.retry) {
          if (status === 429) {
            // The bucket pause (Retry-After + jitter) is the wait; the queue enforces it.
            nextWaitMs = pauseMs ?? 0
            if (askedMs !== undefined) {
              decision = { retry: false, reason: decision.reason }
              error = tooLongWait(error, askedMs)
            } else if (rateLimit?.retryAfter != null && nextWaitMs > leftMs()) {
              decision = { retry: false, reason: decision.reason }
              error = tooLongWait(error, rateLimit.retryAfter * 1000, Math.max(0, leftMs()))
            }
          } else {
            const retryAfter = res.headers ? parseRetryAfter(res.headers['retry-after'], clock.now()) : null
            if (retryAfter !== null && retryAfter * 1000 > maxRetryAfterMs) {
              decision = { retry: false, reason: decision.reason }
              error = tooLongWait(error, retryAfter * 1000)
            } else if (retryAfter !== null && retryAfter * 1000 > leftMs()) {
              decision = { retry: false, reason: decision.reason }
              error = tooLongWait(error, retryAfter * 1000, Math.max(0, leftMs()))
            } else
              // Retry-After wins over the backoff whenever the service sends one.
              nextWaitMs =
                retryAfter !== null
                  ? retryAfter * 1000 + random() * (options.pauseJitterMs ?? 100)
                  : backoffDelayMs(attempt, retryPolicy, random)
          }
        }

        if (!decision.retry) nextWaitMs = null
        // A replay, or a replayed answer naming another object than the first answer to this key.
        const notes = answerNotes({
          firstAnswers,
          method,
          status,
          idempotencyKey,
          headers: res.headers,
          value,
          notes: built.notes,
        })
        const outcome = error === null ? 'success' : decision.retry ? 'retry' : 'failed'
        const summary: ApiAttemptSummary = {
          attempt,
          status,
          error: res.error ? `${res.error.kind}: ${res.error.message}` : null,
          durationMs: res.timings.totalMs,
          waitBeforeMs: Math.round(backoffMs + queuedMs),
          reason,
        }
        attempts.push(summary)
        if (error) error.attempts.push(summary)
        if (options.onAttempt) {
          const bodyCapped = res.body.length > maxEventBody
          emit({
            requestId,
            attempt,
            startedAt,
            method,
            url: built.url.href,
            requestHeaders: redactHeaders(built.headers),
            requestBody: built.bodyText,
            status,
            responseHeaders: res.headers ? flattenHeaders(res.headers) : null,
            responseBody:
              res.status === null && res.body === '' ? null : bodyCapped ? res.body.slice(0, maxEventBody) : res.body,
            responseBodyTruncated: bodyCapped,
            timings: {
              queuedMs,
              connectMs: res.timings.connectMs,
              headersMs: res.timings.headersMs,
              totalMs: res.timings.totalMs,
            },
            rateLimit,
            outcome,
            error: error ? { kind: error.kind, message: error.message } : null,
            retryReason: decision.retry ? decision.reason : null,
            nextWaitMs: nextWaitMs === null ? null : Math.round(nextWaitMs),
            idempotencyKey: idempotencyKey ?? null,
            bucket: lastBucket,
            requestClass: cls,
            origin,
            notes,
          })
        }

        if (error === null) return value as T
        if (!decision.retry) throw lostAnswer(error)
        reason = decision.reason
        backoffMs = 0
        if (status !== 429 && nextWaitMs !== null && nextWaitMs > 0) {
          const slept = await sleep(clock, nextWaitMs, signal)
          if (!slept) throw abortedError()
          backoffMs = nextWaitMs
        }
      }
    }
  }

  /** One call that answers one resource of a known kind (spec 4.1), checked before it is returned. */
  async function resourceCall<T>(resource: string, req: LogicalRequest, opts: CallOptions): Promise<T> {
    return expectResource<T>(await request<unknown>(req, opts), resource, req.method)
  }

  /** A write on one resource (POST, PATCH, DELETE), sent with the caller's Idempotency-Key when it has one. */
  function keyedCall<T>(
    resource: string,
    req: Omit<LogicalRequest, 'idempotencyKey'>,
    opts: CallOptions & { idempotencyKey?: string },
  ): Promise<T> {
    return resourceCall<T>(resource, { ...req, idempotencyKey: opts.idempotencyKey }, opts)
  }

  function embedQuery(
    embed: string | readonly string[] | undefined,
    method: string,
    allowed: readonly string[] = EMBED_VALUES,
  ): { embed?: string } | undefined {
    const embeds = embed === undefined ? [] : typeof embed === 'string' ? [embed] : embed
    for (const e of embeds) {
      if (!allowed.includes(e)) {
        throw new ApiError({ kind: 'invalid-request', message: `Unknown embed value "${e}" (spec 4.1).`, method })
      }
    }
    return embeds.length ? { embed: embeds.join(',') } : undefined
  }

  async function createOrder(body: OrderRequestBody, opts: CreateOrderOptions = {}): Promise<Order> {
    const query = embedQuery(opts.embed, 'POST')
    return keyedCall<Order>('order', { method: 'POST', path: apiPath('create-order'), query, body }, opts)
  }

  async function getOrder(id: string, opts: GetOrderOptions = {}): Promise<Order> {
    const path = apiPath('get-order', { orderId: id })
    return resourceCall<Order>('order', { method: 'GET', path, query: embedQuery(opts.embed, 'GET') }, opts)
  }

  /**
   * A cancel whose first attempt got no answer and whose resend is refused with "already canceled"
   * did cancel: the object is fetched and returned as canceled, not reported as an error.
   */
  async function cancelled<T>(send: () => Promise<T>, fetchIt: () => Promise<T>): Promise<T> {
    try {
      return await send()
    } catch (e) {
      if (e instanceof ApiError && e.attempts.length > 1 && isAlreadyCanceled(e.status, e.detail)) return fetchIt()
      throw e
    }
  }

  async function cancelOrder(id: string, opts: CreateOrderOptions = {}): Promise<Order> {
    const path = apiPath('cancel-order', { orderId: id })
    return cancelled(
      () => keyedCall<Order>('order', { method: 'DELETE', path, query: embedQuery(opts.embed, 'DELETE') }, opts),
      () => getOrder(id, { signal: opts.signal, origin: opts.origin, embed: opts.embed }),
    )
  }

  async function createOrderPayment(
    orderId: string,
    body: CreateOrderPaymentRequest = {},
    opts: CreateOptions = {},
  ): Promise<Payment> {
    const path = apiPath('create-order-payment', { orderId })
    return keyedCall<Payment>('payment', { method: 'POST', path, body }, opts)
  }

  async function updatePayment(id: string, body: UpdatePaymentRequest, opts: CreateOptions = {}): Promise<Payment> {
    const path = apiPath('update-payment', { paymentId: id })
    return keyedCall<Payment>('payment', { method: 'PATCH', path, body }, opts)
  }

  async function cancelPayment(id: string, opts: CreateOptions = {}): Promise<Payment> {
    return cancelled(
      () =>
        keyedCall<Payment>('payment', { method: 'DELETE', path: apiPath('cancel-payment', { paymentId: id }) }, opts),
      () => getPayment(id, { signal: opts.signal, origin: opts.origin }),
    )
  }

  async function createRefund(paymentId: string, body: CreateRefundRequest, opts: CreateOptions = {}): Promise<Refund> {
    const path = apiPath('create-refund', { paymentId })
    return keyedCall<Refund>('refund', { method: 'POST', path, body }, opts)
  }

  async function listRefunds(
    paymentId: string,
    input: ListRefundsInput = {},
    opts: CallOptions = {},
  ): Promise<RefundList> {
    const path = apiPath('list-refunds', { paymentId })
    let req: LogicalRequest
    if ('link' in input) {
      req = { method: 'GET', link: input.link }
    } else {
      if (input.from !== undefined) checkId(input.from, 'refund')
      checkLimit(input.limit)
      req = { method: 'GET', path, query: { from: input.from, limit: input.limit } }
    }
    const list = await request<unknown>(req, opts)
    const embedded = (list as { _embedded?: { refunds?: unknown } } | null)?._embedded
    if (typeof list !== 'object' || list === null || !Array.isArray(embedded?.refunds)) {
      throw new ApiError({
        kind: 'malformed-response',
        message: 'The refunds list has no _embedded.refunds array (spec 4.3).',
        method: 'GET',
        bodySnippet: bodySnippet(JSON.stringify(list) ?? ''),
      })
    }
    return list as RefundList
  }

  async function getRefund(paymentId: string, refundId: string, opts: CallOptions = {}): Promise<Refund> {
    const path = apiPath('get-refund', { paymentId, refundId })
    return resourceCall<Refund>('refund', { method: 'GET', path }, opts)
  }

  async function createPayment(body: PaymentRequestBody, opts: CreateOptions = {}): Promise<Payment> {
    return keyedCall<Payment>('payment', { method: 'POST', path: apiPath('create-payment'), body }, opts)
  }

  async function getPayment(id: string, opts: GetPaymentOptions = {}): Promise<Payment> {
    const query = embedQuery(opts.embed, 'GET', PAYMENT_EMBED_VALUES)
    const path = apiPath('get-payment', { paymentId: id })
    return resourceCall<Payment>('payment', { method: 'GET', path, query }, opts)
  }

  /** One page of a list (spec 4.3): by query (checked here) or by a `_links` URL followed verbatim. */
  async function listPage<K extends 'payments' | 'orders'>(
    key: K,
    input: ListPaymentsQuery | { link: string },
    opts: CallOptions,
  ): Promise<unknown> {
    let req: LogicalRequest
    if ('link' in input) {
      req = { method: 'GET', link: input.link }
    } else {
      if (input.from !== undefined) {
        checkId(input.from, key === 'payments' ? 'payment' : 'order')
      }
      checkLimit(input.limit)
      if (input.sort !== undefined && input.sort !== 'asc' && input.sort !== 'desc') {
        throw new ApiError({
          kind: 'invalid-request',
          message: 'sort must be "asc" or "desc" (spec 4.3).',
          method: 'GET',
          field: 'sort',
        })
      }
      const path = apiPath(key === 'payments' ? 'list-payments' : 'list-orders')
      req = { method: 'GET', path, query: { from: input.from, limit: input.limit, sort: input.sort } }
    }
    const list = await request<unknown>(req, opts)
    const embedded = (list as { _embedded?: Record<string, unknown> } | null)?._embedded
    if (typeof list !== 'object' || list === null || !Array.isArray(embedded?.[key])) {
      throw new ApiError({
        kind: 'malformed-response',
        message: `The ${key} list has no _embedded.${key} array (spec 4.3).`,
        method: 'GET',
        bodySnippet: bodySnippet(JSON.stringify(list) ?? ''),
      })
    }
    return list
  }

  async function listPayments(input: ListPaymentsInput = {}, opts: CallOptions = {}): Promise<PaymentList> {
    return (await listPage('payments', input, opts)) as PaymentList
  }

  async function listProfiles(opts: CallOptions = {}): Promise<ProfileList> {
    const list = await request<unknown>(
      { method: 'GET', path: apiPath('list-profiles'), query: { limit: String(MAX_PAGE_SIZE) } },
      opts,
    )
    const profiles = (list as Partial<ProfileList> | null)?._embedded?.profiles
    if (!Array.isArray(profiles)) {
      throw new ApiError({
        kind: 'malformed-response',
        message: 'The profiles list has no _embedded.profiles.',
        method: 'GET',
      })
    }
    return list as ProfileList
  }

  async function listOrders(input: ListOrdersInput = {}, opts: CallOptions = {}): Promise<OrderList> {
    return (await listPage('orders', input, opts)) as OrderList
  }

  async function* iteratePayments(
    query: ListPaymentsQuery = {},
    opts: CallOptions = {},
  ): AsyncIterableIterator<PaymentList> {
    const callOpts: CallOptions = { ...opts, priority: opts.priority ?? 'background' }
    let page = await listPayments(query, callOpts)
    yield page
    while (page._links?.next?.href) {
      page = await listPayments({ link: page._links.next.href }, callOpts)
      yield page
    }
  }

  return {
    request,
    createOrder,
    getOrder,
    cancelOrder,
    createOrderPayment,
    listProfiles,
    createPayment,
    getPayment,
    updatePayment,
    cancelPayment,
    createRefund,
    listRefunds,
    getRefund,
    listPayments,
    iteratePayments,
    listOrders,
    buckets: () => limiter.snapshots(),
    dispose() {
      if (lifetime.signal.aborted) return
      lifetime.abort()
      limiter.dispose()
      agent.destroy()
    },
  }
}

function safeCall(fn: () => void): void {
  try {
    fn()
  } catch {
    // An observer's bug must never break a request.
  }
}

/** A wait in the words a user reads: "45 s", "60 min", "3 h". */
export function formatWait(ms: number): string {
  const s = Math.ceil(ms / 1000)
  if (s < 120) return `${s} s`
  const min = Math.ceil(s / 60)
  if (min < 180) return `${min} min`
  return `${Math.ceil(min / 60)} h`
}

/** Resolves true after `ms`, false if aborted first. */
function sleep(clock: Clock, ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(false)
    const onAbort = () => {
      clock.clearTimer(handle)
      resolve(false)
    }
    const handle = clock.setTimer(() => {
      signal.removeEventListener('abort', onAbort)
      resolve(true)
    }, ms)
    signal.addEventListener('abort', onAbort, { once: true })
  })
}

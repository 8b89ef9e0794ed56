// One attempt of a call: ask for the credential, build the request, wait for the rate limiter's
// permit, send it over HTTP and tell the limiter how it went. Returns what came back; what it
// means is decided by answer.ts and retry-decision.ts.

import type { RateLimitInfo } from '../../../shared/api-events'
import { fail, abortedError, pausedPastDeadline, type Call } from './call'
import { ApiError } from './errors'
import { sendAttempt, type HttpAttemptResult } from './http'
import { LimiterError, type Permit } from '../limiter/limiter'
import { decodeRateLimitHeaders } from '../limiter/rate-limit-headers'
import { buildRequest, type ApiCredential, type PreparedRequest } from './request-builder'

export interface SentAttempt {
  built: PreparedRequest
  res: HttpAttemptResult
  /** the bucket pause the limiter set after a 429 (Retry-After + jitter) */
  pauseMs: number | null
  /** a Retry-After above the client's cap: the wait the service asked for */
  askedMs: number | undefined
  rateLimit: RateLimitInfo | null
  queuedMs: number
  startedAt: number
}

async function credentialOf(call: Call): Promise<ApiCredential> {
  try {
    const credential = await call.rt.options.getCredential()
    if (typeof credential?.secret !== 'string' || credential.secret === '' || /[\r\n\0]/.test(credential.secret)) {
      throw new Error('the stored secret is empty or malformed')
    }
    return credential
  } catch (e) {
    throw fail(call, {
      kind: 'invalid-request',
      message: `No credential available for this connection: ${e instanceof Error ? e.message : String(e)}`,
      cause: e,
    })
  }
}

function built(call: Call, credential: ApiCredential): PreparedRequest {
  try {
    return buildRequest(call.rt.base, credential, call.logical, call.rt.extraHeaders)
  } catch (e) {
    if (e instanceof ApiError) throw fail(call, { kind: e.kind, message: e.message, url: e.url, field: e.field })
    throw fail(call, { kind: 'invalid-request', message: `The request could not be built: ${String(e)}`, cause: e })
  }
}

async function permitFor(call: Call, request: PreparedRequest, attempt: number): Promise<Permit> {
  try {
    return await call.rt.limiter.acquire({
      cls: call.cls,
      endpointKey: request.endpointKey,
      priority: call.priority,
      orderKey: call.orderKey,
      signal: call.signal,
      isRetry: attempt > 1,
      deadlineAt: call.callStart + call.deadlineMs,
    })
  } catch (e) {
    if (e instanceof LimiterError) {
      if (e.code === 'queue-full') throw fail(call, { kind: 'queue-full', message: e.message })
      if (e.code === 'wait-too-long') throw pausedPastDeadline(call, e.waitMs ?? 0)
      throw e.code === 'disposed' ? fail(call, { kind: 'aborted', message: e.message }) : abortedError(call)
    }
    throw e
  }
}

async function send(call: Call, request: PreparedRequest, permit: Permit): Promise<HttpAttemptResult> {
  const { rt } = call
  try {
    return await sendAttempt({
      method: call.method,
      url: request.url,
      headers: request.headers,
      body: request.bodyText,
      timeouts: rt.timeouts,
      signal: call.signal,
      agent: rt.agents[call.priority],
      maxBodyBytes: rt.maxResponseBytes,
    })
  } catch (e) {
    // sendAttempt resolves every outcome; this only guards the permit against the unforeseen.
    permit.fail()
    throw fail(call, { kind: 'network', message: `The request failed: ${String(e)}`, cause: e })
  }
}

/** Sends attempt number `attempt` of `call`; the call's URL, bucket and rate-limit facts are updated. */
export async function sendOne(call: Call, attempt: number): Promise<SentAttempt> {
  const { rt } = call
  const request = built(call, await credentialOf(call))
  call.lastUrl = request.url.href
  const queuedAt = rt.clock.now()
  const permit = await permitFor(call, request, attempt)
  call.orderKey = permit.orderKey
  call.lastBucket = permit.bucket
  const queuedMs = rt.clock.now() - queuedAt
  const startedAt = rt.clock.now()
  const res = await send(call, request, permit)
  let pauseMs: number | null = null
  let askedMs: number | undefined
  if (res.status !== null && res.headers)
    ({ pauseMs, askedMs } = permit.complete({ status: res.status, headers: res.headers }))
  else permit.fail()
  const rateLimit = res.headers ? decodeRateLimitHeaders(res.headers) : null
  if (rateLimit) call.lastRateLimit = rateLimit
  if (rateLimit?.policy) call.lastBucket = rt.limiter.snapshot(rateLimit.policy) ? rateLimit.policy : call.lastBucket
  return { built: request, res, pauseMs, askedMs, rateLimit, queuedMs, startedAt }
}

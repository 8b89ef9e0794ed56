/*
 * Rate limits of the sandbox (spec 8.1). The bucket model, fixed because the API client is written
 * against it (docs/SANDBOX.md repeats it):
 *
 * - One token bucket per merchant (profile), mode and policy. A policy is named
 *   `<method>-v2-<resource>` (`get-v2-payments`, `post-v2-orders`...); HEAD and OPTIONS use the
 *   `get-` policy of their resource. GET/HEAD/OPTIONS are READ, everything else WRITE (spec 8.1.4);
 *   READ and WRITE quotas are configured separately per mode.
 * - Capacity B (= `service-burst` in RateLimit-Policy), refilled continuously at q tokens/second.
 *   w = ceil(B / q): seconds to refill from empty. A full bucket is the starting state.
 * - Each request takes one token; a request arriving with fewer than 1 token gets 429 and takes none.
 * - Headers on every /v2 response (also errors and 429s):
 *     RateLimit-Policy: "<name>";q=<q>;w=<w>;service-burst=<B>
 *     RateLimit: "<name>";r=<floor(tokens)>;t=<ceil((B - tokens) / q)>;service-burst=<max(0, floor(tokens) - q)>
 *   with `tokens` the level after this request; on 429 also
 *     Retry-After: max(1, ceil((1 - tokens) / q))
 *
 * Tokens are kept in integer milli-tokens so the arithmetic is exact and the headers never lie:
 * after reading r=N, exactly N immediate requests succeed; after waiting t seconds the bucket is full.
 */

import { requestClassOf, type RequestClass } from '../shared/service/methods'
import {
  formatRateLimit,
  formatRateLimitPolicy,
  formatRetryAfter,
  RATE_LIMIT_HEADER,
  RATE_LIMIT_POLICY_HEADER,
  RETRY_AFTER_HEADER,
} from '../shared/service/rate-limit'

export interface Quota {
  /** requests per second (refill rate) */
  q: number
  /** bucket capacity */
  burst: number
}

interface ModeQuotas {
  read: Quota
  write: Quota
}

export interface SandboxQuotas {
  test?: Partial<ModeQuotas>
  live?: Partial<ModeQuotas>
}

type PolicyClass = RequestClass

/** Defaults (spec 8.1 gives no numbers; choice documented in docs/SANDBOX.md). */
export const DEFAULT_QUOTAS: { test: ModeQuotas; live: ModeQuotas } = {
  live: { read: { q: 25, burst: 50 }, write: { q: 5, burst: 10 } },
  test: { read: { q: 25, burst: 50 }, write: { q: 5, burst: 10 } },
}

interface TakeResult {
  allowed: boolean
  headers: Record<string, string>
}

export function policyClassOf(method: string): PolicyClass {
  return requestClassOf(method)
}

/** `GET /v2/payments/tr_x` → `get-v2-payments`; `POST /v2/orders/ord_x/payments` → `post-v2-orders`. */
export function policyNameOf(method: string, pathname: string): string {
  const upper = method.toUpperCase()
  const verb = upper === 'HEAD' || upper === 'OPTIONS' ? 'get' : upper.toLowerCase()
  const segments = pathname.split('/').filter(Boolean)
  const resource = (segments[1] ?? 'root').toLowerCase().replace(/[^a-z0-9_-]/g, '') || 'root'
  return `${verb}-v2-${resource}`
}

function validQuota(quota: Quota): Quota {
  if (!Number.isInteger(quota.q) || quota.q < 1) throw new Error(`quota q must be an integer >= 1, got ${quota.q}`)
  if (!Number.isInteger(quota.burst) || quota.burst < 1) {
    throw new Error(`quota burst must be an integer >= 1, got ${quota.burst}`)
  }
  return { q: quota.q, burst: quota.burst }
}

function mergeQuotas(base: { test: ModeQuotas; live: ModeQuotas }, patch?: SandboxQuotas) {
  const merged = {
    test: { read: { ...base.test.read }, write: { ...base.test.write } },
    live: { read: { ...base.live.read }, write: { ...base.live.write } },
  }
  for (const mode of ['test', 'live'] as const) {
    const modePatch = patch?.[mode]
    if (modePatch?.read) merged[mode].read = validQuota(modePatch.read)
    if (modePatch?.write) merged[mode].write = validQuota(modePatch.write)
  }
  return merged
}

/** One token bucket, exact to the millisecond. */
export class RateLimitBucket {
  private milliTokens: number
  private lastRefillMs: number

  constructor(
    readonly quota: Quota,
    nowMs: number,
  ) {
    this.milliTokens = quota.burst * 1000
    this.lastRefillMs = nowMs
  }

  private refill(nowMs: number): void {
    const elapsed = Math.max(0, Math.floor(nowMs) - this.lastRefillMs)
    // q tokens per second = q milli-tokens per millisecond
    this.milliTokens = Math.min(this.quota.burst * 1000, this.milliTokens + elapsed * this.quota.q)
    this.lastRefillMs = Math.max(this.lastRefillMs, Math.floor(nowMs))
  }

  /** Tokens available at `nowMs` (fractional). */
  level(nowMs: number): number {
    this.refill(nowMs)
    return this.milliTokens / 1000
  }

  /** Takes one token when at least one is available. */
  take(nowMs: number): { allowed: boolean; milliTokens: number } {
    this.refill(nowMs)
    if (this.milliTokens < 1000) return { allowed: false, milliTokens: this.milliTokens }
    this.milliTokens -= 1000
    return { allowed: true, milliTokens: this.milliTokens }
  }
}

function ceilDiv(a: number, b: number): number {
  return Math.ceil(a / b)
}

export function rateLimitHeaders(name: string, quota: Quota, milliTokens: number, limited: boolean) {
  const { q, burst } = quota
  const remaining = Math.floor(milliTokens / 1000)
  const headers: Record<string, string> = {
    [RATE_LIMIT_POLICY_HEADER]: formatRateLimitPolicy({ policy: name, q, w: ceilDiv(burst, q), burst }),
    [RATE_LIMIT_HEADER]: formatRateLimit({
      policy: name,
      r: remaining,
      t: ceilDiv(burst * 1000 - milliTokens, q * 1000),
      serviceBurst: Math.max(0, remaining - q),
    }),
  }
  if (limited) headers[RETRY_AFTER_HEADER] = formatRetryAfter(ceilDiv(1000 - milliTokens, q * 1000))
  return headers
}

/** All buckets of the sandbox, keyed by merchant scope, mode and policy. */
export class SandboxRateLimiter {
  private buckets = new Map<string, RateLimitBucket>()
  private quotas: { test: ModeQuotas; live: ModeQuotas }

  constructor(
    private readonly now: () => number,
    quotas?: SandboxQuotas,
  ) {
    this.quotas = mergeQuotas(DEFAULT_QUOTAS, quotas)
  }

  quotaFor(mode: 'test' | 'live', policyClass: PolicyClass): Quota {
    return this.quotas[mode][policyClass]
  }

  currentQuotas() {
    return mergeQuotas(this.quotas)
  }

  /** Changes quotas (partial) and resets every bucket. */
  setQuotas(patch: SandboxQuotas): void {
    this.quotas = mergeQuotas(this.quotas, patch)
    this.reset()
  }

  reset(): void {
    this.buckets.clear()
  }

  take(scope: string, mode: 'test' | 'live', method: string, pathname: string): TakeResult {
    const name = policyNameOf(method, pathname)
    const quota = this.quotaFor(mode, policyClassOf(method))
    const key = `${scope}|${mode}|${name}`
    let bucket = this.buckets.get(key)
    if (!bucket) {
      bucket = new RateLimitBucket(quota, this.now())
      this.buckets.set(key, bucket)
    }
    const result = bucket.take(this.now())
    return { allowed: result.allowed, headers: rateLimitHeaders(name, quota, result.milliTokens, !result.allowed) }
  }
}

export { createApiClient } from './client'
export type {
  ApiClient,
  ApiClientOptions,
  ApiCredential,
  CallOptions,
  CreateOptions,
  CreateOrderOptions,
  ListPaymentsInput,
} from './client'
export { ApiError, isApiError, bodySnippet } from './call/errors'
export { RateLimiter, LimiterError } from './limiter/limiter'
export type { Clock } from './clock'
export { systemClock } from './clock'
export { DEFAULT_RETRY_POLICY, backoffDelayMs, shouldRetry } from './call/retry'
export type { RetryPolicy } from './call/retry'
export { DEFAULT_TIMEOUTS } from './call/http'
export type { Timeouts } from './call/http'
export {
  parseRateLimit,
  parseRateLimitPolicy,
  parseRetryAfter,
  decodeRateLimitHeaders,
} from './limiter/rate-limit-headers'
export { buildRequest, redactHeaders, requestClassOf, endpointKeyOf } from './call/request-builder'

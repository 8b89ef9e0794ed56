// The request log behind the Inspector (docs/SEARCH.md, "Search and the request log"): what the rest of main imports.
//   service.ts     the log: records each attempt redacted, keeps it bounded, answers the Inspector
//   store.ts       encrypted append-only segment files (+ manifest.ts: the record counts)
//   redaction.ts   what is masked before anything is kept
//   export.ts      cURL, HAR and JSON
//   rate-limit.ts  the live bucket feed
//   handlers.ts    the `requestLog.*` and `rateLimit.state` IPC handlers
export { createRequestLogHandlers } from './handlers'
export { createRateLimitFeed, type RateLimitFeed } from './rate-limit'
export {
  createRequestLogService,
  REQUEST_LOG_DIR,
  type RequestLogService,
  type RequestLogServiceOptions,
} from './service'

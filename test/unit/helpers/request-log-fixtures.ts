// Realistic AttemptEvents for the request-log tests (shaped like the API client's, spec 7/8.1), and
// the log's entries and list rows as main hands them to the Inspector.
import type { AttemptEvent } from '../../../src/shared/api-events'
import type { LoggedAttempt, RequestLogEntry, RequestLogSummary } from '../../../src/shared/request-log-types'

export const SECRET = 'test_AbCdEfGhIjKlMnOpQrStUvWxYz1234'

export function attemptEvent(overrides: Partial<AttemptEvent> = {}): AttemptEvent {
  return {
    requestId: 'req-1',
    attempt: 1,
    startedAt: Date.UTC(2026, 0, 2, 3, 4, 5),
    method: 'POST',
    url: 'http://127.0.0.1:4010/v2/orders?embed=payments',
    requestHeaders: {
      authorization: 'Bearer ***',
      'content-type': 'application/json',
      'idempotency-key': 'idem-123',
      'user-agent': 'Paydesk',
    },
    requestBody: JSON.stringify({ orderNumber: "O'Brien-1", amount: { currency: 'EUR', value: '10.00' } }),
    status: 422,
    responseHeaders: {
      'content-type': 'application/hal+json',
      ratelimit: '"post-v2-orders";r=9;t=1;service-burst=0',
      'ratelimit-policy': '"post-v2-orders";q=10;w=1;service-burst=10',
    },
    responseBody: JSON.stringify({
      status: 422,
      title: 'Unprocessable Entity',
      detail: 'The amount is higher than the maximum',
      field: 'amount',
      _links: { documentation: { href: 'https://docs.example/errors', type: 'text/html' } },
    }),
    responseBodyTruncated: false,
    timings: { queuedMs: 2, connectMs: 1, headersMs: 20, totalMs: 25 },
    rateLimit: { policy: 'post-v2-orders', q: 10, w: 1, burst: 10, r: 9, t: 1, serviceBurst: 0, retryAfter: null },
    outcome: 'failed',
    error: { kind: 'http', message: '422 Unprocessable Entity: The amount is higher than the maximum' },
    retryReason: null,
    nextWaitMs: null,
    idempotencyKey: 'idem-123',
    bucket: 'post-v2-orders',
    requestClass: 'write',
    origin: { screen: 'orders', action: 'create order' },
    notes: [],
    ...overrides,
  }
}

/** A logged request `req-1` with `attempts`: a GET through the Sandbox connection, untagged; `more` changes any field. */
export function logEntry(attempts: LoggedAttempt[], more: Partial<RequestLogEntry> = {}): RequestLogEntry {
  return {
    id: 'req-1',
    seq: 1,
    connection: { id: 'conn_1', label: 'Sandbox' },
    method: 'GET',
    requestClass: 'read',
    idempotencyKey: null,
    origin: null,
    notes: [],
    attempts,
    tags: [],
    ...more,
  }
}

/** A row of the Inspector's list: entry `e<seq>`, a GET of the payments list answered 200; `overrides` changes any field. */
export function summaryRow(seq: number, overrides: Partial<RequestLogSummary> = {}): RequestLogSummary {
  return {
    id: `e${seq}`,
    seq,
    startedAt: 1_000 * seq,
    connectionId: 'sandbox',
    connectionLabel: 'Sandbox',
    method: 'GET',
    path: `/v2/payments?seq=${seq}`,
    url: `https://api.example/v2/payments?seq=${seq}`,
    status: 200,
    statusClass: '2xx',
    durationMs: 12,
    attemptCount: 1,
    bucket: 'read',
    outcome: 'success',
    errorKind: null,
    tags: [],
    ...overrides,
  }
}

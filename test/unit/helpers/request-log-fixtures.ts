// Realistic AttemptEvents for the request-log tests (shaped like the API client's, spec 7/8.1).
import type { AttemptEvent } from '../../../src/shared/api-events'

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

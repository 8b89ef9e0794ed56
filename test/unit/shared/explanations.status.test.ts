import { describe, expect, it } from 'vitest'
import {
  describeRateLimit,
  explainRequest,
  findPaymentId,
  idempotencyHint,
  rateLimitCapacity,
  readReplayDiffersNote,
  statusClassMeaning,
} from '../../../src/shared/explanations'

const base = { method: 'GET', attempts: 1, errorKind: 'http' as string | null }

describe('status explanations (spec 7)', () => {
  it('has a distinct line for every status of the spec table', () => {
    const statuses = [200, 201, 204, 400, 401, 403, 404, 405, 409, 410, 415, 422, 429, 500, 502, 503, 504]
    const texts = new Map<number, string>()
    for (const status of statuses) {
      const e = explainRequest({ ...base, status, errorKind: status < 300 ? null : 'http' })
      expect(e.title.startsWith(String(status))).toBe(true)
      expect(e.text.length).toBeGreaterThan(5)
      texts.set(status, e.text)
    }
    // 502 and 503 share a meaning in the spec; everything else reads differently.
    const distinct = new Set([...texts].filter(([s]) => s !== 503).map(([, t]) => t))
    expect(distinct.size).toBe(statuses.length - 1)
  })

  it('422 names the field and offers to jump to it; without a field mentions suspension', () => {
    const e = explainRequest({
      ...base,
      method: 'POST',
      status: 422,
      field: 'lines.0.vatAmount',
      detail: 'VAT does not match',
    })
    expect(e.text).toContain('lines.0.vatAmount')
    expect(e.text).toContain('VAT does not match')
    expect(e.action).toEqual({ kind: 'field', field: 'lines.0.vatAmount', label: 'Go to lines.0.vatAmount' })
    expect(explainRequest({ ...base, status: 422 }).text).toMatch(/suspended/)
  })

  it('429 names the bucket and the wait, and says whether Paydesk retried', () => {
    const once = explainRequest({ ...base, status: 429, bucket: 'get-v2-payments', retryAfterSeconds: 2 })
    expect(once.text).toContain('get-v2-payments')
    expect(once.text).toContain('2 s')
    expect(once.text).toContain('did not retry')
    expect(explainRequest({ ...base, status: 429, attempts: 4 }).text).toContain('retried 3 times')
  })

  it('401 points to Connections', () => {
    expect(explainRequest({ ...base, status: 401 }).action).toEqual({ kind: 'connections', label: 'Open Connections' })
  })

  it('5xx says it should pass and whether Paydesk already retried', () => {
    const retried = explainRequest({ ...base, status: 503, attempts: 3 })
    expect(retried.text).toMatch(/should pass/)
    expect(retried.text).toContain('retried it 2 times')
    const post = explainRequest({ ...base, method: 'POST', status: 500, idempotencyKey: null })
    expect(post.text).toMatch(/did not retry/)
    expect(explainRequest({ ...base, status: 503, pending: true, attempts: 2 }).title).toBe('Retrying')
  })

  it('says when a success needed retries', () => {
    expect(explainRequest({ ...base, status: 200, errorKind: null, attempts: 2 }).text).toMatch(
      /retried it 1 time automatically/,
    )
    expect(explainRequest({ ...base, status: 200, errorKind: null }).text).toBe('The request succeeded.')
  })

  it('explains network errors and timeouts', () => {
    expect(explainRequest({ ...base, status: null, errorKind: 'network' }).title).toBe('Network error')
    expect(explainRequest({ ...base, status: null, errorKind: 'timeout', attempts: 2 }).text).toContain(
      'retried it 1 time',
    )
  })

  it('gives each status class its meaning', () => {
    expect(statusClassMeaning(418)).toMatch(/will not go away/)
    expect(statusClassMeaning(599)).toMatch(/subside/)
    expect(statusClassMeaning(null)).toMatch(/No response/)
  })
})

describe('rate-limit headers in plain words (spec 8.1)', () => {
  it('reads RateLimit, RateLimit-Policy and Retry-After', () => {
    const lines = describeRateLimit({
      policy: 'get-v2-payments',
      q: 10,
      w: 2,
      burst: 20,
      r: 14,
      t: 1,
      serviceBurst: 4,
      retryAfter: null,
    })
    expect(lines).toEqual([
      { header: 'RateLimit', text: '14 of 20 left in get-v2-payments; full in 1 s; 4 above the steady rate' },
      {
        header: 'RateLimit-Policy',
        text: 'get-v2-payments allows 10 requests per second, bursts of up to 20, refills from empty in 2 s',
      },
    ])
    const limited = describeRateLimit({
      policy: 'post-v2-orders',
      q: 1,
      w: null,
      burst: null,
      r: 0,
      t: 3,
      serviceBurst: 0,
      retryAfter: 1,
    })
    expect(limited.map((l) => l.text)).toEqual([
      '0 of 1 left in post-v2-orders; full in 3 s; burst budget used up',
      'post-v2-orders allows 1 request per second',
      'Next request slot opens in 1 s',
    ])
    expect(describeRateLimit(null)).toEqual([])
  })

  it('derives capacity from burst, else q·w, else q', () => {
    expect(rateLimitCapacity({ q: 5, w: 3, burst: 7 })).toBe(7)
    expect(rateLimitCapacity({ q: 5, w: 3, burst: null })).toBe(15)
    expect(rateLimitCapacity({ q: 5, w: null, burst: null })).toBe(5)
    expect(rateLimitCapacity({ q: null, w: null, burst: null })).toBeNull()
  })
})

describe('finding the payment of a request', () => {
  it('reads the id from the path or a single resource body, not from a list', () => {
    expect(findPaymentId('http://h/v2/payments/tr_abc123', null)).toBe('tr_abc123')
    expect(findPaymentId('http://h/v2/payments/tr_abc123?x=1', null)).toBe('tr_abc123')
    expect(findPaymentId('http://h/v2/payments', '{"resource":"payment","id":"tr_Z9"}')).toBe('tr_Z9')
    expect(
      findPaymentId('http://h/v2/payments?limit=5', '{"count":1,"_embedded":{"payments":[{"id":"tr_1"}]}}'),
    ).toBeNull()
    expect(findPaymentId('http://h/v2/orders', '{"id":"ord_1","_embedded":{"payments":[{"id":"tr_P1"}]}}')).toBe(
      'tr_P1',
    )
    expect(findPaymentId('http://h/v2/orders', '{"id":"ord_1"}')).toBeNull()
  })
})

// https://docs.mollie.com/overview/api-idempotency
describe('idempotency answers in plain words', () => {
  const post = { method: 'POST', attempts: 1, idempotencyKey: 'k-1', errorKind: null }

  it('a replay says nothing was done twice', () => {
    const e = explainRequest({ ...post, status: 201, replayed: true })
    expect(e.title).toBe('201 · replayed')
    expect(e.text).toMatch(/nothing was done twice/)
    expect(explainRequest({ ...post, status: 201 }).title).toBe('201 · success')
  })

  it('a 400 for a reused key says to send the new values as a new request', () => {
    const e = explainRequest({
      ...post,
      status: 400,
      errorKind: 'http',
      detail: 'The Idempotency-Key was already used',
    })
    expect(e.title).toBe('400 · idempotency key already used')
    expect(e.text).toMatch(/new request/)
    // A 400 about something else keeps the generic text.
    const syntax = explainRequest({ ...post, status: 400, errorKind: 'http', detail: 'The body is not valid JSON' })
    expect(syntax.title).toBe('400 · request not understood')
    expect(explainRequest({ ...post, idempotencyKey: null, status: 400, errorKind: 'http' }).title).toBe(
      '400 · request not understood',
    )
  })

  it('a 409 says the first request is still being processed', () => {
    const e = explainRequest({ ...post, status: 409, errorKind: 'http', attempts: 4 })
    expect(e.title).toBe('409 · still being processed')
    expect(e.text).toMatch(/same key returns that first result/)
    expect(idempotencyHint({ method: 'GET', status: 409, idempotencyKey: 'k' })).toBeNull()
  })
})

describe('a replay that names another object (issue 27 item 6)', () => {
  const replay = { method: 'POST', status: 201, errorKind: null, attempts: 1, idempotencyKey: 'k-1', replayed: true }

  it('a plain replay says nothing was done twice', () => {
    const e = explainRequest(replay)
    expect(e.tone).toBe('ok')
    expect(e.text).toContain('nothing was done twice')
  })

  it('a flagged replay says plainly that it differs and what to check, never "nothing was done twice"', () => {
    const replayDiffers = { firstId: 'tr_first', id: 'tr_other' }
    const e = explainRequest({ ...replay, replayDiffers })
    expect(e.tone).toBe('warn')
    expect(e.text).not.toContain('nothing was done twice')
    expect(e.text).toContain('tr_first')
    expect(e.text).toContain('tr_other')
    expect(e.text).toMatch(/may have been done twice/)
    expect(e.text).toMatch(/check their amount, description and status/)
    // The same words for a DELETE or PATCH under a key, and none without a key.
    expect(idempotencyHint({ method: 'DELETE', status: 200, idempotencyKey: 'k', replayDiffers })).toContain('tr_other')
    expect(idempotencyHint({ method: 'POST', status: 201, idempotencyKey: null, replayDiffers })).toBeNull()
  })

  it("the Inspector reads the flag back from the request's note", () => {
    const note = idempotencyHint({
      method: 'POST',
      status: 201,
      idempotencyKey: 'k',
      replayDiffers: { firstId: 'tr_a1', id: 'tr_b2' },
    })
    expect(readReplayDiffersNote(note ?? '')).toEqual({ firstId: 'tr_a1', id: 'tr_b2' })
    expect(readReplayDiffersNote('The service returned the saved answer')).toBeNull()
  })
})

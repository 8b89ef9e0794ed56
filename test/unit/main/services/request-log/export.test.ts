import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { createRedactor } from '../../../../../src/main/services/request-log/redaction'
import { shellQuote, toCurl, toHar, toJsonBundle } from '../../../../../src/main/services/request-log/export'
import type { RequestLogEntry } from '../../../../../src/shared/request-log-types'
import { attemptEvent, SECRET } from '../../../helpers/request-log-fixtures'
import { present } from '../../../../helpers/present'

const redactor = createRedactor({ secretValues: () => [SECRET] })

function entry(events = [attemptEvent()]): RequestLogEntry {
  const first = present(events[0], 'an attempt')
  return {
    id: first.requestId,
    seq: 1,
    connection: { id: 'sandbox', label: 'Sandbox' },
    method: first.method,
    requestClass: first.requestClass,
    idempotencyKey: first.idempotencyKey,
    origin: first.origin,
    notes: [],
    attempts: events.map((e) => redactor.attempt(e)),
    tags: ['CASE-42'],
  }
}

/** What a POSIX shell makes of a quoted word: the real round trip, not a re-implementation. */
function shellUnquote(word: string): string {
  return execFileSync('sh', ['-c', `printf %s ${word}`], { encoding: 'utf8' })
}

describe('cURL export', () => {
  it('quotes for the shell so that any body survives the round trip', () => {
    for (const text of [`it's`, `a"b$HOME\`x\``, `line1\nline2`, `'`, `''`, `\\`]) {
      expect(shellUnquote(shellQuote(text))).toBe(text)
    }
  })

  it('uses $PAYDESK_API_KEY for the key, keeps the idempotency key and the exact body', () => {
    const e = entry([
      attemptEvent({
        requestHeaders: {
          Authorization: `Bearer ${SECRET}`,
          'Idempotency-Key': 'idem-123',
          'content-type': 'application/json',
        },
      }),
    ])
    const command = toCurl(e)
    expect(command).toContain('-H "Authorization: Bearer $PAYDESK_API_KEY"')
    expect(command).toContain(`-H 'Idempotency-Key: idem-123'`)
    expect(command).not.toContain(SECRET)
    expect(command).not.toContain('[redacted]')
    // One argument per line, continued with a backslash so it pastes into a terminal as one command.
    expect(command.split(' \\\n  ').slice(0, 2)).toEqual([
      'curl -X POST',
      `'http://127.0.0.1:4010/v2/orders?embed=payments'`,
    ])
    // The body argument, unquoted by a real shell, is the request body exactly (with its apostrophe).
    const bodyWord = command.slice(command.indexOf('--data-raw ') + '--data-raw '.length)
    expect(shellUnquote(bodyWord)).toBe(present(e.attempts[0]).requestBody)
  })

  it('has no body argument for a GET, and picks the attempt asked for', () => {
    const e = entry([
      attemptEvent({
        method: 'GET',
        url: 'http://h/v2/payments/tr_1',
        requestBody: null,
        outcome: 'retry',
        status: 503,
      }),
      attemptEvent({ method: 'GET', attempt: 2, url: 'http://h/v2/payments/tr_2', requestBody: null, status: 200 }),
    ])
    expect(toCurl(e)).not.toContain('--data-raw')
    expect(toCurl(e)).toContain('tr_2')
    expect(toCurl(e, 1)).toContain('tr_1')
  })
})

describe('HAR export', () => {
  it('has the HAR 1.2 shape: version, creator, entries with request, response, cache and timings', () => {
    const e = entry([
      attemptEvent({ outcome: 'retry', status: 503, retryReason: 'status 503', nextWaitMs: 400 }),
      attemptEvent({
        attempt: 2,
        status: null,
        responseHeaders: null,
        responseBody: null,
        error: { kind: 'network', message: 'socket hang up' },
        timings: { queuedMs: 0, connectMs: null, headersMs: null, totalMs: 5 },
      }),
    ])
    const har = toHar([e], { name: 'Paydesk', version: '1.0.0' }, 'left-out')
    expect(har.log.version).toBe('1.2')
    expect(har.log.creator).toEqual({ name: 'Paydesk', version: '1.0.0' })
    expect(har.log.entries).toHaveLength(2)
    for (const item of har.log.entries) {
      expect(Number.isNaN(Date.parse(item.startedDateTime))).toBe(false)
      expect(item.time).toBeGreaterThanOrEqual(0)
      expect(typeof item.request.method).toBe('string')
      expect(() => new URL(item.request.url)).not.toThrow()
      for (const list of [
        item.request.headers,
        item.request.queryString,
        item.request.cookies,
        item.response.headers,
        item.response.cookies,
      ])
        for (const pair of list) expect(Object.keys(pair).sort()).toEqual(['name', 'value'])
      expect(typeof item.response.status).toBe('number')
      expect(typeof item.response.content.mimeType).toBe('string')
      expect(typeof item.response.redirectURL).toBe('string')
      expect(item.cache).toEqual({})
      for (const phase of ['send', 'wait', 'receive'] as const) expect(item.timings[phase]).toBeGreaterThanOrEqual(0)
      for (const phase of ['blocked', 'dns', 'connect', 'ssl'] as const)
        expect(item.timings[phase]).toBeGreaterThanOrEqual(-1)
      // HAR: time is the sum of the applicable phases.
      const sum = ['blocked', 'dns', 'connect', 'send', 'wait', 'receive'].reduce(
        (s, p) => s + Math.max(0, item.timings[p as 'send']),
        0,
      )
      expect(item.time).toBeCloseTo(sum, 6)
    }
    expect(har.log.entries[0]?.request.queryString).toEqual([{ name: 'embed', value: 'payments' }])
    expect(har.log.entries[0]?.request.postData?.text).toBe(present(e.attempts[0]).requestBody)
    expect(har.log.entries[1]?.response.status).toBe(0) // no response (network error)
    expect(har.log.entries[1]?._retryReason).toBeNull()
    expect(har.log.entries[0]?._idempotencyKey).toBe('idem-123')
  })

  it('says in the file whether personal data is in it: HAR log.comment, JSON personalData (threat: the file travels without the message)', () => {
    const e = entry([attemptEvent({})])
    const app = { name: 'Paydesk', version: 'x' }
    expect(toHar([e], app, 'left-out').log.comment).toContain('Customers’ personal data: left out')
    expect(toHar([e], app, 'included').log.comment).toContain('Customers’ personal data: included.')
    expect(toJsonBundle([e], app, 'left-out').personalData).toBe('left out')
    expect(toJsonBundle([e], app, 'included').personalData).toBe('included')
  })

  it('never contains the secret, and the JSON bundle neither', () => {
    const e = entry([
      attemptEvent({ requestHeaders: { Authorization: `Bearer ${SECRET}` }, responseBody: `{"echo":"${SECRET}"}` }),
    ])
    const har = JSON.stringify(toHar([e], { name: 'Paydesk', version: 'x' }, 'left-out'))
    const bundle = JSON.stringify(toJsonBundle([e], { name: 'Paydesk', version: 'x' }, 'left-out'))
    for (const text of [har, bundle]) {
      expect(text).not.toContain(SECRET)
      expect(text).toContain('[redacted]')
    }
    expect(JSON.parse(bundle)).toMatchObject({
      format: 'paydesk-request-log',
      version: 1,
      entries: [{ id: 'req-1', tags: ['CASE-42'] }],
    })
  })
})

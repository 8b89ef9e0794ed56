import { describe, expect, it } from 'vitest'
import {
  createRedactor,
  isCredentialName,
  REDACTED,
  redactUrl,
} from '../../../../../src/main/services/request-log/redaction'
import { MIN_SECRET_BODY_LENGTH } from '../../../../../src/shared/service/credentials'
import { attemptEvent, SECRET } from '../../../helpers/request-log-fixtures'

const CREDENTIAL_NAMES = [
  'Authorization',
  'authorization',
  'Cookie',
  'Set-Cookie',
  'X-Api-Key',
  'api_key',
  'apiKey',
  'apikey',
  'token',
  'access_token',
  'refresh-token',
  'secret',
  'client_secret',
  'password',
  'Proxy-Authorization',
]

describe('request log redaction', () => {
  it('recognises credential-like names but keeps idempotency keys and ordinary fields', () => {
    for (const name of CREDENTIAL_NAMES) expect(isCredentialName(name), name).toBe(true)
    for (const name of ['Idempotency-Key', 'idempotencyKey', 'content-type', 'amount', 'orderNumber', 'ratelimit'])
      expect(isCredentialName(name), name).toBe(false)
  })

  it('replaces every credential-named header with [redacted], whatever its value', () => {
    const r = createRedactor()
    const headers = Object.fromEntries(CREDENTIAL_NAMES.map((n, i) => [n, `value-${i}`]))
    const out = r.headers({ ...headers, 'Idempotency-Key': 'idem-1', Accept: 'application/json' })
    for (const name of CREDENTIAL_NAMES) expect(out[name]).toBe(REDACTED)
    expect(out['Idempotency-Key']).toBe('idem-1')
    expect(out['Accept']).toBe('application/json')
    expect(JSON.stringify(out)).not.toMatch(/value-\d/)
  })

  it('redacts credential-named fields recursively in JSON bodies, arrays included', () => {
    const r = createRedactor()
    const body = JSON.stringify({
      description: 'ok',
      metadata: { nested: [{ password: 'hunter2', apiKey: 'k1' }, { deeper: { access_token: { a: 1 } } }] },
      token: 'tok',
      idempotencyKey: 'keep-me',
    })
    const parsed = JSON.parse(r.body(body))
    expect(parsed.description).toBe('ok')
    expect(parsed.metadata.nested[0]).toEqual({ password: REDACTED, apiKey: REDACTED })
    expect(parsed.metadata.nested[1].deeper.access_token).toBe(REDACTED)
    expect(parsed.token).toBe(REDACTED)
    expect(parsed.idempotencyKey).toBe('keep-me')
    expect(r.body(body)).not.toMatch(/hunter2|"k1"|tok"/)
  })

  it('leaves a JSON body without credentials byte-for-byte unchanged', () => {
    const r = createRedactor()
    const body = '{\n  "amount": { "currency": "EUR", "value": "10.00" }\n}'
    expect(r.body(body)).toBe(body)
  })

  it('masks a known secret in URLs, headers, bodies and text, also URL- and base64-encoded', () => {
    const odd = 'pw_x9Y8z7W6v5U4'
    const r = createRedactor({ secretValues: () => [SECRET, odd, 'short'] })
    const base64 = Buffer.from(SECRET).toString('base64')
    const event = attemptEvent({
      url: `http://127.0.0.1/v2/payments?from=tr_1&note=${encodeURIComponent(odd + '/')}`,
      requestHeaders: { 'x-debug': `echo ${SECRET}`, 'x-b64': base64 },
      requestBody: `plain text with ${odd} inside`,
      responseBody: JSON.stringify({ detail: `key ${SECRET} is invalid` }),
      error: { kind: 'http', message: `bad key ${SECRET}` },
    })
    const out = JSON.stringify(r.attempt(event))
    expect(out).not.toContain(SECRET)
    expect(out).not.toContain(odd)
    expect(out).not.toContain(encodeURIComponent(odd))
    expect(out).not.toContain(base64.replace(/=+$/, ''))
    expect(out).toContain(REDACTED)
    // Too-short "secrets" are not masked by value (they would blank out words).
    expect(r.text('a short word')).toBe('a short word')
  })

  it('masks credential-shaped values by pattern even when the secret is not known', () => {
    const r = createRedactor()
    const text = r.text('keys test_abcdEFGH1234 and live_ZZZZZZZZZZZZ and access_0123456789ab, not tr_abcdefghij')
    expect(text).not.toMatch(/test_abcdEFGH1234|live_ZZZZZZZZZZZZ|access_0123456789ab/)
    expect(text).toContain('tr_abcdefghij')
    expect(r.body('{"note":"use test_abcdEFGH1234"}')).not.toContain('test_abcdEFGH1234')
  })

  it('masks secrets the per-string shortcuts could miss: JSON escapes, pieces in short strings, the shortest secret', () => {
    const eight = 'Zq8#Lm2!Kx'.slice(0, MIN_SECRET_BODY_LENGTH)
    expect(eight).toHaveLength(MIN_SECRET_BODY_LENGTH)
    const r = createRedactor({ secretValues: () => [SECRET, eight] })
    // Escaped in the JSON text, plain only once parsed.
    const escaped = `{"note":"${[...SECRET].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}"}`
    expect(JSON.parse(escaped)).toEqual({ note: SECRET })
    expect(r.body(escaped)).not.toContain(SECRET)
    expect(JSON.stringify(JSON.parse(r.body(escaped)))).not.toContain(SECRET)
    // Split into short strings (each under eight characters) of one array.
    const pieces = SECRET.match(/.{1,6}/g) ?? []
    expect(pieces.every((piece) => piece.length < 8)).toBe(true)
    expect(r.body(JSON.stringify({ parts: pieces }))).not.toContain(pieces.slice(0, 2).join(''))
    // A value exactly as long as the shortest secret masked by value, as a key and as a value.
    const out = r.body(JSON.stringify({ [eight]: eight, other: 'ok' }))
    expect(out).not.toContain(eight)
    expect(JSON.parse(out)).toMatchObject({ other: 'ok' })
    // A credential-named field is redacted even though nothing in it is secret-shaped.
    expect(JSON.parse(r.body('{"password":"hunter"}'))).toEqual({ password: REDACTED })
  })

  it('masks a page of payments read as one text (no escapes, nothing named like a credential) as field by field', () => {
    const r = createRedactor({ secretValues: () => [SECRET] })
    const unknown = 'live_UNKNOWNkey0123456789'
    const payments = Array.from({ length: 250 }, (_, i) => ({
      id: `tr_${String(i).padStart(10, '0')}`,
      description: i === 7 ? `pasted ${SECRET} here` : i === 9 ? `and ${unknown}` : `Order ${i}`,
      metadata:
        i === 11 ? { b64: Buffer.from(`Bearer ${SECRET}`).toString('base64'), upper: SECRET.toUpperCase() } : null,
      details: i === 13 ? { parts: [SECRET.slice(0, 12), SECRET.slice(12)] } : null,
      amount: { currency: 'EUR', value: '10.00' },
    }))
    const body = JSON.stringify({ count: 250, _embedded: { payments } })
    expect(body).not.toContain('\\')
    const out = r.body(body)
    for (const hidden of [SECRET, unknown, SECRET.toUpperCase(), Buffer.from(SECRET).toString('base64').slice(0, 16)])
      expect(out).not.toContain(hidden)
    expect(out).not.toContain(SECRET.slice(12))
    // Still JSON, the other payments as they were.
    const read = JSON.parse(out) as { _embedded: { payments: Array<{ id: string; description: string }> } }
    expect(read._embedded.payments).toHaveLength(250)
    expect(read._embedded.payments[8]?.description).toBe('Order 8')
    expect(read._embedded.payments[7]?.description).toContain(REDACTED)
  })

  it('reads a JSON body field by field when it holds an escape or a credential-like name in any case, split, or with a Kelvin sign', () => {
    const r = createRedactor()
    const escape = (text: string) =>
      [...text].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')
    // Neither is known: only the shape (after the escapes are read) or the name tells.
    const shaped = `{"note":"${escape('live_')}abcdefghijklmnop","other":"ok"}`
    expect(JSON.parse(r.body(shaped))).toEqual({ note: `live_${REDACTED}`, other: 'ok' })
    const named = `{"${escape('pass')}word":"hunter2","other":"ok"}`
    expect(JSON.parse(r.body(named))).toEqual({ password: REDACTED, other: 'ok' })
    // A name split by separators or in capitals is credential-like too, though no part is written whole.
    expect(JSON.parse(r.body('{"Api-KEY":"k1","x":"y"}'))).toEqual({ 'Api-KEY': REDACTED, x: 'y' })
    // A Kelvin sign lower-cases to "k" (so the name is credential-like) but is not "k" to a
    // case-insensitive pattern: written as it is, no escape.
    const kelvin = 'api\u212Aey'
    expect(JSON.parse(r.body(JSON.stringify({ [kelvin]: 'k1', x: 'y' })))).toEqual({ [kelvin]: REDACTED, x: 'y' })
  })

  it('redacts credential query parameters in URLs and form bodies', () => {
    expect(redactUrl('https://x.example/v2/p?api_key=abc&limit=5#frag')).toBe(
      'https://x.example/v2/p?api_key=%5Bredacted%5D&limit=5#frag',
    )
    const r = createRedactor()
    expect(r.body('user=me&password=hunter2')).toBe('user=me&password=%5Bredacted%5D')
  })

  it('redacts a whole attempt: the Authorization header never survives, the idempotency key does', () => {
    const r = createRedactor({ secretValues: () => [SECRET] })
    const logged = r.attempt(
      attemptEvent({ requestHeaders: { Authorization: `Bearer ${SECRET}`, 'Idempotency-Key': 'idem-9' } }),
    )
    expect(logged.requestHeaders['Authorization']).toBe(REDACTED)
    expect(logged.requestHeaders['Idempotency-Key']).toBe('idem-9')
  })
})

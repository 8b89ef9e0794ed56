// Issue 11 item 7: a known secret is masked in every encoding a reply, an event, the request log or
// a HAR could carry it in, and the scrubber learns only credentials, a bounded few at a time.
import { describe, expect, it } from 'vitest'
import { createRedactor } from '../../../../src/main/services/request-log/redaction'
import { createSecretScrubber, PROVISIONAL_SECRETS } from '../../../../src/main/services/secret-scrubber'
import { knownSecret, maskKnownSecrets, secretBody } from '../../../../src/main/services/secret-forms'
import { MIN_SECRET_BODY_LENGTH } from '../../../../src/shared/service/credentials'

const SECRET = 'live_Xy7Qk2-Lm9_Pz4Tb1Wn3a1b2'
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64')

/** Every way the secret can travel, each inside some surrounding text. */
const ENCODINGS: [string, string][] = [
  ['plain', `token ${SECRET} end`],
  ['upper case', `TOKEN ${SECRET.toUpperCase()}`],
  ['URI-encoded', `?k=${encodeURIComponent(SECRET)}`],
  ['hex', `x=${Buffer.from(SECRET).toString('hex')}`],
  ['HEX', `x=${Buffer.from(SECRET).toString('hex').toUpperCase()}`],
  ['base64 of Bearer <key>', `h=${b64(`Bearer ${SECRET}`)}`],
  ['base64 Basic user:key', `Authorization: Basic ${b64(`user:${SECRET}`)}`],
  ['base64 at offset 2', `${b64(`ab${SECRET}xyz`)}`],
  ['base64url', b64(`:${SECRET}?`).replace(/\+/g, '-').replace(/\//g, '_')],
  ['split across strings', `"${SECRET.slice(0, 11)}" + "${SECRET.slice(11)}"`],
  ['split in a JSON array', JSON.stringify([SECRET.slice(0, 9), SECRET.slice(9)])],
  // Issue 22 item 6: escapes, whole or in part, invisible characters, the body without its prefix.
  ['percent-encoded, every character', `k=${escapeEach(SECRET, (c) => `%${hex2(c)}`)}`],
  [
    'percent-encoded in part (lower case)',
    `k=${SECRET.slice(0, 6)}${escapeEach(SECRET.slice(6, 12), (c) => `%${hex2(c).toLowerCase()}`)}${SECRET.slice(12)}`,
  ],
  ['\\u-escaped', `{"k":"${escapeEach(SECRET, (c) => `\\u00${hex2(c)}`)}"}`],
  [
    '\\x-escaped in part',
    `'${SECRET.slice(0, 8)}${escapeEach(SECRET.slice(8), (c) => `\\x${hex2(c).toLowerCase()}`)}'`,
  ],
  ['HTML decimal entities', `<b>${escapeEach(SECRET, (c) => `&#${c.charCodeAt(0)};`)}</b>`],
  [
    'HTML hex entities mixed with letters',
    `${SECRET.slice(0, 10)}${escapeEach(SECRET.slice(10), (c, i) => (i % 2 ? c : `&#x${hex2(c)};`))}`,
  ],
  ['zero-width spaces between characters', [...SECRET].join('\u200b')],
  ['soft hyphens and word joiners', `${SECRET.slice(0, 7)}\u00ad${SECRET.slice(7, 15)}\u2060${SECRET.slice(15)}`],
  ['the body without its prefix', `key body ${SECRET.slice('live_'.length)} seen`],
]

function hex2(c: string): string {
  return c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')
}

function escapeEach(text: string, escape: (c: string, i: number) => string): string {
  return [...text].map(escape).join('')
}

/** The text as a reader would decode it: escapes resolved, invisible characters dropped. */
function decoded(text: string): string {
  return text
    .replace(/[\u00ad\u200b-\u200f\u2060-\u2064\ufeff]/g, '')
    .replace(/%([0-9a-f]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)))
    .replace(/\\u([0-9a-f]{4})|\\x([0-9a-f]{2})/gi, (_m, u?: string, x?: string) =>
      String.fromCharCode(parseInt(u ?? x ?? '', 16)),
    )
    .replace(/&#x([0-9a-f]+);/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_m, d: string) => String.fromCharCode(Number(d)))
}

/** Whether any recognisable piece of the secret (or its hex) is still in the text. */
function leaks(text: string): boolean {
  const hex = Buffer.from(SECRET).toString('hex')
  return (
    text.toLowerCase().includes(SECRET.toLowerCase()) ||
    text.includes(encodeURIComponent(SECRET)) ||
    text.toLowerCase().includes(hex) ||
    text.includes(SECRET.slice(0, 11)) ||
    text.includes(SECRET.slice(11)) ||
    decoded(text).includes(SECRET.slice('live_'.length, 14)) ||
    decoded(text).includes(SECRET.slice(14))
  )
}

describe('encoded forms of a known secret', () => {
  it.each(ENCODINGS)('masks it %s', (_name, text) => {
    const masked = maskKnownSecrets(text, [knownSecret(SECRET, '[m]')])
    expect(masked).toContain('[m]')
    expect(leaks(masked)).toBe(false)
  })

  it('reads a long text with a bare & and % as it is, and still decodes the escapes in one', () => {
    const rows = Array.from({ length: 500 }, (_, i) => `{"id":"tr_${i}","description":"Order ${i}, 10 % off"}`)
    const page = `${rows.join('\n')}\n{"next":"https://api.example/v2/payments?from=tr_9&limit=50"}`
    const known = [knownSecret(SECRET, '[m]')]
    // Nothing to mask: the very same text back.
    expect(maskKnownSecrets(page, known)).toBe(page)
    // The secret written with escapes somewhere in such a text: decoded and masked.
    for (const hidden of [
      escapeEach(SECRET, (c) => `&#${c.charCodeAt(0)};`),
      escapeEach(SECRET, (c) => `%${hex2(c)}`),
      [...SECRET].join('\u200b'),
    ]) {
      const masked = maskKnownSecrets(`${page}\n{"note":"${hidden}"}`, known)
      expect(masked.endsWith('{"note":"[m]"}')).toBe(true)
      expect(leaks(masked)).toBe(false)
    }
  })

  it('the scrubber masks every encoding in an IPC reply', () => {
    const scrubber = createSecretScrubber()
    scrubber.remember(SECRET)
    const reply = {
      error: { details: ENCODINGS.map(([, text]) => text), pieces: [SECRET.slice(0, 9), SECRET.slice(9)] },
    }
    const out = JSON.stringify(scrubber.scrub(reply))
    for (const [name, text] of ENCODINGS) {
      expect(out.includes(text), name).toBe(false)
    }
    expect(out).not.toContain(SECRET.slice(9))
  })

  it('the request-log redactor masks every encoding in bodies, headers and errors', () => {
    const redactor = createRedactor({ secretValues: () => [SECRET] })
    for (const [name, text] of ENCODINGS) {
      const body = redactor.body(JSON.stringify({ note: text }))
      expect(body.includes(text), name).toBe(false)
      expect(redactor.text(text).includes(text), name).toBe(false)
    }
    expect(redactor.headers({ 'x-echo': b64(`Bearer ${SECRET}`) })['x-echo']).toContain('[redacted]')
  })
})

describe('what the scrubber learns', () => {
  it('learns only credential-shaped strings: a payment id sent as a "key" is never masked', () => {
    const scrubber = createSecretScrubber()
    scrubber.rememberProvisional('tr_WN3a1b2c3d4e5f')
    scrubber.rememberProvisional('hello world, this is not a key')
    const reply = { id: 'tr_WN3a1b2c3d4e5f', text: 'hello world, this is not a key' }
    expect(scrubber.scrub(reply)).toBe(reply)
    expect(scrubber.values().size).toBe(0)
  })

  it('keeps only the last few secrets that merely arrived, so junk calls cost nothing later', () => {
    const scrubber = createSecretScrubber()
    scrubber.remember(SECRET)
    for (let i = 0; i < 20_000; i++) scrubber.rememberProvisional(`test_junk${String(i).padStart(12, '0')}`)
    expect(scrubber.values().size).toBe(PROVISIONAL_SECRETS + 1)
    expect(scrubber.values().has(SECRET)).toBe(true)
    const reply = { items: Array.from({ length: 200 }, (_, i) => ({ id: `tr_${i}`, note: `payment ${i}` })) }
    // The work per reply depends on the secrets known, which stay bounded (no timing asserted).
    expect(scrubber.scrub(reply)).toBe(reply)
  })

  it('a secret a client used stays known, however many junk arrivals follow', () => {
    const scrubber = createSecretScrubber()
    scrubber.rememberProvisional(SECRET)
    scrubber.remember(SECRET)
    for (let i = 0; i < 100; i++) scrubber.rememberProvisional(`test_junk${String(i).padStart(12, '0')}`)
    expect(JSON.stringify(scrubber.scrub({ m: SECRET }))).not.toContain(SECRET)
  })
})

describe("one minimum secret length (the spec module's MIN_SECRET_BODY_LENGTH) for the scrubber, the redactor and the forms", () => {
  const body = (n: number) => 'Qk7Lm9Pz4Tb1Wn3'.slice(0, n)

  it('the scrubber learns a key whose body is exactly the minimum, and not one a character shorter', () => {
    const scrubber = createSecretScrubber()
    scrubber.remember(`live_${body(MIN_SECRET_BODY_LENGTH - 1)}`)
    expect(scrubber.values().size).toBe(0)
    scrubber.remember(`live_${body(MIN_SECRET_BODY_LENGTH)}`)
    expect([...scrubber.values()]).toEqual([`live_${body(MIN_SECRET_BODY_LENGTH)}`])
  })

  it('the redactor masks a known value of the minimum length, and not one a character shorter', () => {
    const short = body(MIN_SECRET_BODY_LENGTH - 1)
    const exact = body(MIN_SECRET_BODY_LENGTH).toUpperCase()
    const redactor = createRedactor({ secretValues: () => [short, exact] })
    expect(redactor.text(`a ${short} b`)).toBe(`a ${short} b`)
    expect(redactor.text(`a ${exact} b`)).not.toContain(exact)
  })

  it("a key's body is looked for alone only from the minimum length on", () => {
    expect(secretBody(`test_${body(MIN_SECRET_BODY_LENGTH - 1)}`)).toBeNull()
    expect(secretBody(`test_${body(MIN_SECRET_BODY_LENGTH)}`)).toBe(body(MIN_SECRET_BODY_LENGTH))
  })
})

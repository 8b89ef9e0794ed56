import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  checkBaseUrl,
  checkConnectionOptions,
  checkLabel,
  detectCredential,
  effectiveMode,
  maskSecret,
  MIN_SECRET_BODY_LENGTH,
} from '../../../src/shared/connection-rules'

const BODY = 'a1B2c3D4e5F6g7H8i9J0'

describe('detectCredential (spec 5.1: kind from the prefix)', () => {
  it('recognises test and live API keys with their mode', () => {
    expect(detectCredential(`test_${BODY}`)).toEqual({
      ok: true,
      value: { kind: 'api-key', mode: 'test', prefix: 'test_' },
    })
    expect(detectCredential(`live_${BODY}`)).toEqual({
      ok: true,
      value: { kind: 'api-key', mode: 'live', prefix: 'live_' },
    })
  })

  it('recognises organization tokens', () => {
    expect(detectCredential(`access_${BODY}`)).toEqual({
      ok: true,
      value: { kind: 'organization-token', prefix: 'access_' },
    })
  })

  it('explains which prefixes it knows when the prefix is unknown', () => {
    const result = detectCredential(`sk_live_${BODY}`)
    expect(result.ok).toBe(false)
    if (!result.ok) {
      expect(result.message).toContain('test_')
      expect(result.message).toContain('live_')
      expect(result.message).toContain('access_')
    }
  })

  it('is case-sensitive about the prefix', () => {
    expect(detectCredential(`Live_${BODY}`).ok).toBe(false)
    expect(detectCredential(`TEST_${BODY}`).ok).toBe(false)
  })

  it('refuses whitespace anywhere, including a trailing newline from a paste', () => {
    for (const s of [` test_${BODY}`, `test_${BODY}\n`, `test_${BODY.slice(0, 8)} ${BODY}`, `test_\t${BODY}`]) {
      expect(detectCredential(s).ok, JSON.stringify(s)).toBe(false)
    }
  })

  it(`requires at least ${MIN_SECRET_BODY_LENGTH} characters after the prefix`, () => {
    const exact = 'x'.repeat(MIN_SECRET_BODY_LENGTH)
    expect(detectCredential(`live_${exact}`).ok).toBe(true)
    expect(detectCredential(`live_${exact.slice(1)}`).ok).toBe(false)
    expect(detectCredential('access_').ok).toBe(false)
    expect(detectCredential('').ok).toBe(false)
  })

  it('refuses characters that do not belong in a bearer credential', () => {
    expect(detectCredential(`test_${BODY}"`).ok).toBe(false)
    expect(detectCredential(`test_${BODY}é`).ok).toBe(false)
    expect(detectCredential(`test_${BODY}-_x`).ok).toBe(true)
  })

  it('never quotes the rejected input in its message', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 6, maxLength: 80 }), (s) => {
        const candidate = `zz${s}`
        const result = detectCredential(candidate)
        if (!result.ok) expect(result.message).not.toContain(candidate)
      }),
    )
  })
})

describe('maskSecret', () => {
  it('shows prefix, ellipsis and the last four characters', () => {
    expect(maskSecret('live_abcdefghijklmnopa1b2')).toBe('live_…a1b2')
    expect(maskSecret('access_0123456789wxyz')).toBe('access_…wxyz')
  })

  it('shows no tail when the secret is too short to spare one', () => {
    expect(maskSecret('test_abc')).toBe('test_…')
    expect(maskSecret('abc')).toBe('…')
  })

  it('never reveals more than four characters beyond the prefix', () => {
    fc.assert(
      fc.property(fc.constantFrom('test_', 'live_', 'access_', ''), fc.string({ maxLength: 60 }), (prefix, body) => {
        const masked = maskSecret(prefix + body)
        const shown = masked.slice(masked.indexOf('…') + 1)
        expect(shown.length).toBeLessThanOrEqual(4)
        if (body.length >= 8) expect(shown).toBe(body.slice(-4))
      }),
    )
  })
})

describe('checkConnectionOptions (spec 5.3, 5.4)', () => {
  it('refuses a profile id or testmode for API keys', () => {
    expect(checkConnectionOptions('api-key', { profileId: 'pfl_abc' }).ok).toBe(false)
    expect(checkConnectionOptions('api-key', { testmode: true }).ok).toBe(false)
    expect(checkConnectionOptions('api-key', { testmode: false }).ok).toBe(false)
    expect(checkConnectionOptions('api-key', {})).toEqual({ ok: true, value: { profileId: null, testmode: null } })
    // An empty field from the form counts as not given.
    expect(checkConnectionOptions('api-key', { profileId: '  ', testmode: null }).ok).toBe(true)
  })

  it('requires a pfl_ profile id for organization tokens', () => {
    expect(checkConnectionOptions('organization-token', {}).ok).toBe(false)
    expect(checkConnectionOptions('organization-token', { profileId: 'prf_abc' }).ok).toBe(false)
    expect(checkConnectionOptions('organization-token', { profileId: 'pfl_' }).ok).toBe(false)
    expect(checkConnectionOptions('organization-token', { profileId: 'pfl_a b' }).ok).toBe(false)
    expect(checkConnectionOptions('organization-token', { profileId: ' pfl_QvHdW3 ' })).toEqual({
      ok: true,
      value: { profileId: 'pfl_QvHdW3', testmode: false },
    })
  })

  it('lets organization tokens set testmode', () => {
    expect(checkConnectionOptions('organization-token', { profileId: 'pfl_x1', testmode: true })).toEqual({
      ok: true,
      value: { profileId: 'pfl_x1', testmode: true },
    })
  })
})

describe('effectiveMode', () => {
  it("is the key's own mode, or live for a token unless testmode is set", () => {
    expect(effectiveMode('api-key', 'live', null)).toBe('live')
    expect(effectiveMode('api-key', 'test', null)).toBe('test')
    expect(effectiveMode('organization-token', null, null)).toBe('live')
    expect(effectiveMode('organization-token', null, false)).toBe('live')
    expect(effectiveMode('organization-token', null, true)).toBe('test')
  })
})

describe('checkLabel and checkBaseUrl', () => {
  it('refuses a name that holds something shaped like a key or token (names are plain text)', () => {
    for (const name of ['live_abcdefghij1234', 'Bakery access_abcdefghij123 main', 'test_0123456789']) {
      const result = checkLabel(name)
      expect(result.ok, name).toBe(false)
      if (!result.ok) expect(result.message).toMatch(/looks like a key or token/)
    }
    for (const name of ['Live shop', 'test_short', 'Access Bakery', 'access_ point']) {
      expect(checkLabel(name).ok, name).toBe(true)
    }
  })

  it('trims and collapses label whitespace, refuses empty and overlong names', () => {
    expect(checkLabel('  Acme   Shoes ')).toEqual({ ok: true, value: 'Acme Shoes' })
    expect(checkLabel('   ').ok).toBe(false)
    expect(checkLabel('x'.repeat(81)).ok).toBe(false)
  })

  it('accepts https anywhere and http only on loopback', () => {
    expect(checkBaseUrl('https://api.example.com/v2/')).toEqual({ ok: true, value: 'https://api.example.com/v2' })
    expect(checkBaseUrl('http://127.0.0.1:4123/v2').ok).toBe(true)
    expect(checkBaseUrl('http://api.example.com/v2').ok).toBe(false)
    expect(checkBaseUrl('https://user:pw@api.example.com/v2').ok).toBe(false)
    expect(checkBaseUrl('https://api.example.com/v2?x=1').ok).toBe(false)
    expect(checkBaseUrl('file:///etc/passwd').ok).toBe(false)
    expect(checkBaseUrl('not a url').ok).toBe(false)
  })
})

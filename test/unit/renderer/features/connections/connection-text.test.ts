import { describe, expect, it } from 'vitest'
import {
  explainCredential,
  kindText,
  labelHoldsCredential,
} from '../../../../../src/renderer/src/features/connections/connection-text'

// The wording the Connections screen shows about a pasted credential (pure; its times: shared/dates).

const BODY = 'a1B2c3D4e5F6g7'

describe('explainCredential', () => {
  it('names the kind of a key and promises not to send profileId or testmode (spec 5.3)', () => {
    const live = explainCredential(`live_${BODY}`)
    expect(live.result).toMatchObject({ ok: true, value: { kind: 'api-key', mode: 'live' } })
    expect(live.explanation).toMatch(
      /^Live API key — bound to one profile; Paydesk will never send profileId or testmode/,
    )
    const test = explainCredential(`test_${BODY}`)
    expect(test.result).toMatchObject({ ok: true, value: { kind: 'api-key', mode: 'test' } })
    expect(test.explanation).toMatch(/^Test API key/)
  })

  it('asks an organization token for a profile id (spec 5.4)', () => {
    const token = explainCredential(`access_${BODY}`)
    expect(token.result).toMatchObject({ ok: true, value: { kind: 'organization-token' } })
    expect(token.explanation).toMatch(/^Organization token — needs a profile id/)
  })

  it("recognises other providers' keys and says so", () => {
    for (const [secret, word] of [
      [`sk_live_${BODY}`, 'secret'],
      [`pk_test_${BODY}`, 'publishable'],
      [`rk_live_${BODY}`, 'secret'],
    ] as const) {
      const verdict = explainCredential(secret)
      expect(verdict.result.ok).toBe(false)
      expect(verdict.explanation).toContain(`${word} key of another payment provider`)
      // Only the prefix is quoted, never the pasted text.
      expect(verdict.explanation).not.toContain(BODY)
    }
  })

  it('passes the shared rule message through for other refusals', () => {
    const verdict = explainCredential('pk_abcdefghijklmnop')
    expect(verdict.result.ok).toBe(false)
    expect(verdict.explanation).toContain('does not look like a credential')
    expect(explainCredential('test_short').explanation).toContain('too short')
  })
})

describe('kindText', () => {
  it('reads as the user says it', () => {
    expect(kindText('api-key')).toBe('API key')
    expect(kindText('organization-token')).toBe('Organization token')
  })
})

describe('labelHoldsCredential', () => {
  it('catches a key pasted into the name, alone or inside words', () => {
    expect(labelHoldsCredential(`live_${BODY}`)).toBe(true)
    expect(labelHoldsCredential(`Bakery access_${BODY} main`)).toBe(true)
  })

  it('leaves ordinary names alone, including ones that mention test or live', () => {
    for (const name of ['Bakery Jansen', 'Bakery test', 'live shop', 'test_env', 'Shop (live_eu)']) {
      expect(labelHoldsCredential(name)).toBe(false)
    }
  })
})

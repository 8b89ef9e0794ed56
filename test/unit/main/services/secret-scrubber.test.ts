import { describe, expect, it } from 'vitest'
import { createSecretScrubber } from '../../../../src/main/services/secret-scrubber'

const SECRET = 'live_Xy7Qk2Lm9Pz4Tb1Wn3a1b2'

describe('secret scrubber (IPC boundary)', () => {
  it('masks a known secret anywhere in a nested reply, keys included', () => {
    const scrubber = createSecretScrubber()
    scrubber.remember(SECRET)
    const reply = {
      ok: false,
      error: {
        code: 'api-error',
        message: `The service said: bad token ${SECRET}`,
        api: { detail: `Authorization: Bearer ${SECRET}`, attempts: [{ error: SECRET }], [SECRET]: 1 },
      },
    }
    const scrubbed = scrubber.scrub(reply)
    const text = JSON.stringify(scrubbed)
    expect(text).not.toContain(SECRET)
    expect(text).toContain('live_…a1b2')
    // The original is left as it was (copy on write).
    expect(JSON.stringify(reply)).toContain(SECRET)
  })

  it('returns the very same object when nothing needs masking', () => {
    const scrubber = createSecretScrubber()
    scrubber.remember(SECRET)
    const page = { count: 2, _embedded: { payments: [{ id: 'tr_1' }, { id: 'tr_2' }] } }
    expect(scrubber.scrub(page)).toBe(page)
  })

  it('ignores strings too short to be a credential and forgets on request', () => {
    const scrubber = createSecretScrubber()
    scrubber.remember('test_')
    expect(scrubber.values().size).toBe(0)
    scrubber.remember(SECRET)
    scrubber.forget(SECRET)
    expect(scrubber.scrub(`x ${SECRET}`)).toBe(`x ${SECRET}`)
  })

  it('survives cycles-free deep structures and primitives', () => {
    const scrubber = createSecretScrubber()
    scrubber.remember(SECRET)
    expect(scrubber.scrub(42)).toBe(42)
    expect(scrubber.scrub(null)).toBe(null)
    expect(scrubber.scrub(undefined)).toBe(undefined)
    let deep: unknown = SECRET
    for (let i = 0; i < 30; i++) deep = { next: deep }
    expect(JSON.stringify(scrubber.scrub(deep))).not.toContain(SECRET)
  })
})

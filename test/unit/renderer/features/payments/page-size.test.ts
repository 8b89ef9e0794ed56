import { describe, expect, it } from 'vitest'

describe('page size field', () => {
  it('accepts 1–250 and empty (the service default), nothing else', async () => {
    const { parsePageSize } = await import('../../../../../src/renderer/src/features/payments/page-size')
    expect(parsePageSize('')).toEqual({ ok: true, value: null })
    expect(parsePageSize(' 1 ')).toEqual({ ok: true, value: 1 })
    expect(parsePageSize('250')).toEqual({ ok: true, value: 250 })
    for (const bad of ['0', '251', '1.5', '-3', 'abc', '1e2', '0x10']) expect(parsePageSize(bad).ok).toBe(false)
  })
})

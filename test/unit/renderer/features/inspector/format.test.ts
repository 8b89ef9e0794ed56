import { describe, expect, it } from 'vitest'
import { shortPath } from '../../../../../src/renderer/src/features/inspector/format'

describe('Inspector path column', () => {
  it('drops the API version prefix and keeps the rest, query included', () => {
    expect(shortPath('/v2/payments/tr_7UhSN1zuXS')).toBe('/payments/tr_7UhSN1zuXS')
    expect(shortPath('/v2/orders/ord_1/payments')).toBe('/orders/ord_1/payments')
    expect(shortPath('/v2/payments?limit=250&from=tr_9')).toBe('/payments?limit=250&from=tr_9')
    expect(shortPath('/v2')).toBe('/')
  })

  it('leaves a path without a version prefix as it is (a profile path, another API)', () => {
    expect(shortPath('/payments/tr_1')).toBe('/payments/tr_1')
    expect(shortPath('/v2x/payments')).toBe('/v2x/payments')
    expect(shortPath('/api/v2/payments')).toBe('/api/v2/payments')
  })
})

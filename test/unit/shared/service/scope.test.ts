// Where an organization token sends profileId and testmode (src/shared/service/scope.ts), per the
// "Access token parameters" of each reference page (https://docs.mollie.com/overview/authentication).
import { describe, expect, it } from 'vitest'
import { profileIdUseWithToken, scopeInQuery, scopeOperation } from '../../../../src/shared/service/scope'

describe('scopeOperation / profileIdUseWithToken', () => {
  it('creating a payment or an order requires profileId', () => {
    expect(profileIdUseWithToken('POST', '/payments')).toBe('required')
    expect(profileIdUseWithToken('post', '/v2/orders')).toBe('required')
  })

  it('lists take it optionally; one object and actions on it take none', () => {
    expect(scopeOperation('GET', '/payments?limit=5')).toBe('list')
    expect(profileIdUseWithToken('GET', '/orders')).toBe('optional')
    expect(profileIdUseWithToken('GET', '/payments/tr_1')).toBe('unused')
    expect(profileIdUseWithToken('HEAD', '/v2/orders/ord_1')).toBe('unused')
    expect(profileIdUseWithToken('POST', '/orders/ord_1/payments')).toBe('unused')
    expect(profileIdUseWithToken('PATCH', '/payments/tr_1')).toBe('unused')
    expect(profileIdUseWithToken('DELETE', '/payments/tr_1')).toBe('unused')
    expect(profileIdUseWithToken('GET', '/payments/tr_1/refunds')).toBe('unused')
  })

  it('testmode travels in the query for reads and DELETE, in the body otherwise', () => {
    expect(['GET', 'HEAD', 'OPTIONS', 'DELETE'].every(scopeInQuery)).toBe(true)
    expect(['POST', 'PATCH'].some(scopeInQuery)).toBe(false)
  })
})

// Where a credential sends profileId and testmode (src/shared/service/scope.ts), per the row of the
// operation table and the "Access token parameters" of each reference page
// (https://docs.mollie.com/overview/authentication).
import { describe, expect, it } from 'vitest'
import { OPERATIONS } from '../../../../src/shared/service/operations'
import { scopeFor, scopeForOperation, testmodeUse } from '../../../../src/shared/service/scope'

const token = (method: string, path: string) => scopeFor('organization-token', method, path).profileId

// A token's profileId by the operation table's row, not by the path's shape: a path-shape guess said
// "list, optional" for every one-segment GET and "act" below an object (the last three rows).
const TOKEN_PROFILE_ID: [method: string, path: string, profileId: string][] = [
  // creating a payment or an order requires it
  ['POST', '/payments', 'required'],
  ['post', '/v2/orders', 'required'],
  // lists take it optionally; one object and actions on it take none
  ['GET', '/payments?limit=5', 'optional'],
  ['GET', '/orders', 'optional'],
  ['GET', '/payments/tr_1', 'unused'],
  ['HEAD', '/v2/orders/ord_1', 'unused'],
  ['POST', '/orders/ord_1/payments', 'unused'],
  ['PATCH', '/payments/tr_1', 'unused'],
  ['DELETE', '/payments/tr_1', 'unused'],
  ['GET', '/payments/tr_1/refunds', 'unused'],
  ['GET', '/profiles', 'unused'],
  ['GET', '/methods', 'required'],
  ['POST', '/customers/cst_1/payments', 'required'],
]

describe('scopeFor', () => {
  it.each(TOKEN_PROFILE_ID)('a token on %s %s: profileId %s', (method, path, profileId) => {
    expect(token(method, path)).toBe(profileId)
  })

  it("reads the operation table's row", () => {
    expect(scopeFor('organization-token', 'GET', '/payments/tr_1/refunds/re_1').operation?.id).toBe('get-refund')
    for (const op of OPERATIONS) {
      expect(scopeForOperation('organization-token', op.id).profileId, op.id).toBe(op.profileId)
    }
  })

  it('an API key may send neither; a token may always ask for test mode', () => {
    for (const op of OPERATIONS) {
      expect(scopeForOperation('api-key', op).profileId, op.id).toBe('forbidden')
      expect(scopeForOperation('api-key', op).testmode, op.id).toBe('forbidden')
      expect(scopeForOperation('organization-token', op).testmode, op.id).toBe('optional')
    }
    expect(testmodeUse('api-key')).toBe('forbidden')
    expect(testmodeUse('organization-token')).toBe('optional')
  })

  it('a path the table does not have acts on an object: no profileId, no row', () => {
    const scope = scopeFor('organization-token', 'POST', '/terminals')
    expect(scope).toEqual({ profileId: 'unused', testmode: 'optional', inQuery: false, operation: null })
    expect(scopeFor('api-key', 'GET', '/nowhere/x/y/z').profileId).toBe('forbidden')
  })

  it('testmode travels in the query for reads and DELETE, in the body otherwise', () => {
    for (const m of ['GET', 'HEAD', 'OPTIONS', 'DELETE'])
      expect(scopeFor('organization-token', m, '/payments/tr_1').inQuery).toBe(true)
    for (const m of ['POST', 'PATCH']) expect(scopeFor('organization-token', m, '/payments/tr_1').inQuery).toBe(false)
  })

  it('an operation id the table does not have is a programming error', () => {
    // @ts-expect-error: not a name of the table (a name from outside the types is still refused at run time)
    expect(() => scopeForOperation('api-key', 'make-coffee')).toThrow(/make-coffee/)
  })
})

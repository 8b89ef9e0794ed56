// The operation table is typed (issue 47 item 1): its ids form the OperationId union and each
// path's `{name}` parameters are a type, so a misspelt id or parameter does not compile. The
// `@ts-expect-error` lines below are checked by `tsc -p tsconfig.node.json` (which includes test/):
// were the id a plain string again, each directive would be unused and tsc would fail.
import { describe, expect, expectTypeOf, it } from 'vitest'
import {
  operationById,
  OPERATIONS,
  type OperationId,
  type OperationParams,
} from '../../../../src/shared/service/operations'
import { pathFor } from '../../../../src/shared/service/paths'

describe('the typed operation table', () => {
  it('refuses a misspelt operation id at compile time, and at run time for a name from outside', () => {
    // @ts-expect-error: not an operation of the table
    expect(() => operationById('get-paymnet')).toThrow(/get-paymnet/)
    // @ts-expect-error: not an operation of the table
    expect(() => pathFor('list-refund', { paymentId: 'tr_1' })).toThrow(/list-refund/)
    expect(operationById('get-refund')).toMatchObject({
      method: 'GET',
      path: '/payments/{paymentId}/refunds/{refundId}',
    })
  })

  it("types each path's parameters by the names in its template", () => {
    expectTypeOf<OperationParams<'get-refund'>>().toEqualTypeOf<{
      readonly paymentId: string
      readonly refundId: string
    }>()
    expectTypeOf<keyof OperationParams<'list-payments'>>().toEqualTypeOf<never>()
    // @ts-expect-error: get-refund's path names refundId, not refund
    expect(pathFor('get-refund', { paymentId: 'tr_1', refund: 're_1' })).toMatchObject({ ok: false, param: 'refundId' })
    // @ts-expect-error: get-payment needs its paymentId
    expect(pathFor('get-payment')).toMatchObject({ ok: false, param: 'paymentId' })
    expect(pathFor('get-refund', { paymentId: 'tr_1', refundId: 're_1' })).toMatchObject({ ok: true })
  })

  it('names every row by its id once, the union being exactly the ids of the rows', () => {
    const ids: OperationId[] = OPERATIONS.map((o) => o.id)
    expect(new Set(ids).size).toBe(OPERATIONS.length)
    expectTypeOf<OperationId>().toEqualTypeOf<(typeof OPERATIONS)[number]['id']>()
    expectTypeOf<'get-payment'>().toExtend<OperationId>()
    expectTypeOf<'get-paymnet'>().not.toExtend<OperationId>()
  })
})

// The client's paths come from the operation table, their ids checked before anything is sent.
import { describe, expect, it } from 'vitest'
import { apiPath, checkId } from '../../../../../src/main/api/call/answer-checks'
import { thrown } from '../../../helpers/thrown-api-error'

describe('apiPath', () => {
  it("builds a row's path from checked ids", () => {
    expect(apiPath('create-order-payment', { orderId: 'ord_1' })).toBe('/orders/ord_1/payments')
    expect(apiPath('get-refund', { paymentId: 'tr_1', refundId: 're_1' })).toBe('/payments/tr_1/refunds/re_1')
  })

  it('refuses a wrong id with the same words as checkId, naming the first bad one', () => {
    const e = thrown(() => apiPath('get-refund', { paymentId: 'ord_1', refundId: 'x' }))
    expect(e.kind).toBe('invalid-request')
    expect(e.message).toBe(thrown(() => checkId('ord_1', 'payment')).message)
    expect(thrown(() => apiPath('get-method', { methodId: 'a/b' })).message).toContain('not a valid methodId')
  })
})

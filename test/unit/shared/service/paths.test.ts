// Paths and the Idempotency-Key rule from the operation table (src/shared/service/paths.ts).
import { describe, expect, it } from 'vitest'
import { OPERATIONS } from '../../../../src/shared/service/operations'
import { needsIdempotencyKey, paramResource, pathFor } from '../../../../src/shared/service/paths'

describe('pathFor', () => {
  it("fills the row's template with checked ids", () => {
    expect(pathFor('list-payments')).toMatchObject({ ok: true, path: '/payments' })
    expect(pathFor('get-refund', { paymentId: 'tr_1', refundId: 're_2' })).toMatchObject({
      ok: true,
      path: '/payments/tr_1/refunds/re_2',
    })
    expect(pathFor('get-method', { methodId: 'ideal' })).toMatchObject({ ok: true, path: '/methods/ideal' })
  })

  it('refuses an id of another resource, a missing one or a path-breaking one, naming the first', () => {
    expect(pathFor('get-order', { orderId: 'tr_1' })).toEqual({
      ok: false,
      param: 'orderId',
      resource: 'order',
      value: 'tr_1',
    })
    expect(pathFor('get-refund', { paymentId: 'x', refundId: 'y' })).toMatchObject({ ok: false, param: 'paymentId' })
    // @ts-expect-error: the type asks for refundId too (a value from outside the types is still checked)
    expect(pathFor('get-refund', { paymentId: 'tr_1' })).toMatchObject({ ok: false, param: 'refundId' })
    expect(pathFor('get-payment', { paymentId: 'tr_1/../x' })).toMatchObject({ ok: false })
    expect(pathFor('get-method', { methodId: '../profiles' })).toMatchObject({ ok: false, resource: null })
  })

  it('every parameter of the table is an id with a pattern, or a method name', () => {
    const params = OPERATIONS.flatMap((o) => [...o.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? ''))
    for (const p of params) if (p !== 'methodId') expect(paramResource(p), p).not.toBeNull()
  })
})

describe('needsIdempotencyKey', () => {
  // https://docs.mollie.com/overview/api-idempotency: "All POST endpoints accept idempotency keys";
  // on GET, PATCH and DELETE "These keys will thus always be ignored by the Mollie API."
  it("is the row's idempotent flag: every POST, and no GET, PATCH or DELETE", () => {
    expect(needsIdempotencyKey('POST', '/payments')).toBe(true)
    expect(needsIdempotencyKey('patch', '/payments/tr_1')).toBe(false)
    expect(needsIdempotencyKey('DELETE', '/orders/ord_1')).toBe(false)
    expect(needsIdempotencyKey('DELETE', '/orders/ord_1/lines')).toBe(false)
    expect(needsIdempotencyKey('GET', '/payments/tr_1?embed=refunds')).toBe(false)
    for (const op of OPERATIONS) expect(op.idempotent, op.id).toBe(op.method === 'POST')
    for (const op of OPERATIONS) {
      const path = op.path.replace(/\{\w+\}/g, 'x_1')
      expect(needsIdempotencyKey(op.method, path), op.id).toBe(op.idempotent)
    }
  })

  it('a path the table does not have is keyed when its method is keyed by some row', () => {
    expect(needsIdempotencyKey('POST', '/payment-links')).toBe(true)
    expect(needsIdempotencyKey('GET', '/payment-links')).toBe(false)
    expect(needsIdempotencyKey('PUT', '/payment-links')).toBe(false)
    expect(needsIdempotencyKey('DELETE', '/not-a-row/x')).toBe(false)
  })
})

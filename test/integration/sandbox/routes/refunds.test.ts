// Refunds as documented (issue 24 item 2): https://docs.mollie.com/reference/refunds-api and
// https://docs.mollie.com/payments/refunds ("Refund statuses"), over real HTTP.
import { describe, expect, it } from 'vitest'
import { useHarness } from '../../helpers/sandbox-harness'
import { validOrderBody } from '../../../helpers/sandbox-fixtures'

const eur = (value: string) => ({ currency: 'EUR', value })

const h = useHarness({ clockStartMs: Date.parse('2026-04-01T10:00:00Z') })

describe('refunds', () => {
  it('get-payment: _links.refunds appears with the first refund, and ?embed=refunds embeds them (docs.mollie.com/reference/get-payment)', async () => {
    const payment = await h.paidPayment()
    expect(payment._links.refunds).toBeUndefined()
    const refund = (await h.api('POST', `/payments/${payment.id}/refunds`, { amount: eur('2.00') })).json
    const after = (await h.api('GET', `/payments/${payment.id}`)).json
    expect(after._links.refunds.href).toBe(`${h.sandbox.baseUrl}/payments/${payment.id}/refunds`)
    const embedded = (await h.api('GET', `/payments/${payment.id}?embed=refunds`)).json
    expect(embedded._embedded.refunds.map((r: { id: string }) => r.id)).toEqual([refund.id])
    const bad = await h.api('GET', `/payments/${payment.id}?embed=shipments`)
    expect(bad.status).toBe(400)
    expect(bad.json.field).toBe('embed')
  })

  it('list-all-refunds: GET /v2/refunds lists every refund newest first, with embed=payment (docs.mollie.com/reference/list-all-refunds)', async () => {
    const a = await h.paidPayment()
    const b = await h.paidPayment()
    const ra = (await h.api('POST', `/payments/${a.id}/refunds`, { amount: eur('1.00') })).json
    const rb = (await h.api('POST', `/payments/${b.id}/refunds`, { amount: eur('3.00') })).json
    const list = (await h.api('GET', '/refunds?limit=2&embed=payment')).json
    expect(list.count).toBe(2)
    expect(list._embedded.refunds.map((r: { id: string }) => r.id)).toEqual([rb.id, ra.id])
    expect(list._embedded.refunds[0]._embedded.payment.id).toBe(b.id)
    const next = (await h.api('GET', `/refunds?from=${ra.id}&limit=1`)).json
    expect(next._embedded.refunds[0].id).toBe(ra.id)
    expect((await h.api('GET', '/refunds?limit=0')).json.field).toBe('limit')
    expect((await h.api('GET', '/refunds?from=re_none')).json.field).toBe('from')
  })

  it('cancel-refund: 204 while pending, the payment gets the amount back; 422 once processing (docs.mollie.com/reference/cancel-refund)', async () => {
    const payment = await h.paidPayment()
    const refund = (await h.api('POST', `/payments/${payment.id}/refunds`, { amount: eur('4.00') })).json
    expect(refund.status).toBe('pending')
    const canceled = await h.api('DELETE', `/payments/${payment.id}/refunds/${refund.id}`)
    expect(canceled.status).toBe(204)
    expect(canceled.json).toBeNull()
    expect((await h.api('GET', `/payments/${payment.id}/refunds/${refund.id}`)).json.status).toBe('canceled')
    const after = (await h.api('GET', `/payments/${payment.id}`)).json
    expect(after.amountRemaining).toEqual(eur('10.00'))
    expect(after.amountRefunded).toEqual(eur('0.00'))
    const again = await h.api('DELETE', `/payments/${payment.id}/refunds/${refund.id}`)
    expect(again.status).toBe(422)
    expect((await h.api('DELETE', `/payments/${payment.id}/refunds/re_unknown1`)).status).toBe(404)
  })

  it('refund statuses: pending, processing two hours later, refunded a day after that, on the sandbox clock (docs.mollie.com/payments/refunds)', async () => {
    const payment = await h.paidPayment()
    const refund = (await h.api('POST', `/payments/${payment.id}/refunds`, { amount: eur('5.00') })).json
    const status = async () => (await h.api('GET', `/payments/${payment.id}/refunds/${refund.id}`)).json.status
    await h.admin.advanceClock({ advanceSeconds: 3600 })
    expect(await status()).toBe('pending')
    await h.admin.advanceClock({ advanceSeconds: 3601 })
    expect(await status()).toBe('processing')
    const late = await h.api('DELETE', `/payments/${payment.id}/refunds/${refund.id}`)
    expect(late.status).toBe(422)
    await h.admin.advanceClock({ advanceSeconds: 24 * 3600 })
    expect(await status()).toBe('refunded')
  })

  it('create-refund: the same amount again on the same payment within the hour is a duplicate, 409 (docs.mollie.com/reference/create-refund)', async () => {
    const payment = await h.paidPayment()
    expect((await h.api('POST', `/payments/${payment.id}/refunds`, { amount: eur('1.50') })).status).toBe(201)
    const duplicate = await h.api('POST', `/payments/${payment.id}/refunds`, { amount: eur('1.50') })
    expect(duplicate.status).toBe(409)
    expect(duplicate.json.detail).toMatch(/duplicate/)
    // In the documented words of a 409 (https://docs.mollie.com/overview/handling-errors), without a field.
    expect(duplicate.json.detail).toMatch(/^You are making a duplicate API call that was probably a mistake: /)
    expect(duplicate.json).not.toHaveProperty('field')
    expect((await h.api('POST', `/payments/${payment.id}/refunds`, { amount: eur('1.25') })).status).toBe(201)
    const remaining = (await h.api('GET', `/payments/${payment.id}`)).json.amountRemaining
    expect(remaining).toEqual(eur('7.25'))
    await h.admin.advanceClock({ advanceSeconds: 3601 })
    expect((await h.api('POST', `/payments/${payment.id}/refunds`, { amount: eur('1.50') })).status).toBe(201)
  })

  it('order refunds: create by lines (or all with lines: []) and list them (docs.mollie.com/reference/create-order-refund, list-order-refunds)', async () => {
    const order = (await h.api('POST', '/orders', validOrderBody('R-1'))).json
    const paymentId =
      order._embedded?.payments?.[0]?.id ??
      (await h.api('GET', `/orders/${order.id}?embed=payments`)).json._embedded.payments[0].id
    await h.choose(paymentId, 'paid')
    const first = order.lines[0]
    const refund = await h.api('POST', `/orders/${order.id}/refunds`, { lines: [{ id: first.id, quantity: 1 }] })
    expect(refund.status).toBe(201)
    expect(refund.json.amount).toEqual(eur('100.00'))
    expect(refund.json.orderId).toBe(order.id)
    expect(refund.json.lines[0].id).toBe(first.id)
    const again = await h.api('POST', `/orders/${order.id}/refunds`, { lines: [{ id: first.id, quantity: 1 }] })
    expect(again.status).toBe(422)
    expect(again.json.field).toBe('lines.0.quantity')
    const unknown = await h.api('POST', `/orders/${order.id}/refunds`, { lines: [{ id: 'odl_nope', quantity: 1 }] })
    expect(unknown.json.field).toBe('lines.0.id')
    expect((await h.api('POST', `/orders/${order.id}/refunds`, { lines: 'all' })).json.field).toBe('lines')
    const rest = await h.api('POST', `/orders/${order.id}/refunds`, { lines: [] })
    expect(rest.status).toBe(201)
    expect(rest.json.amount).toEqual(eur('21.00'))
    const list = (await h.api('GET', `/orders/${order.id}/refunds`)).json
    expect(list._embedded.refunds.map((r: { id: string }) => r.id)).toEqual([rest.json.id, refund.json.id])
    const after = (await h.api('GET', `/orders/${order.id}`)).json
    expect(after.lines[0].quantityRefunded).toBe(1)
    expect(after.amountRefunded).toEqual(eur('121.00'))
  })
})

// Changing an order (issue 48 item 3) over real HTTP: update order
// (https://docs.mollie.com/reference/update-order), update an order line
// (https://docs.mollie.com/reference/update-order-line), cancel order lines
// (https://docs.mollie.com/reference/cancel-order-lines).
import { describe, expect, it } from 'vitest'
import { useHarness, type Json } from '../../helpers/sandbox-harness'
import { eurLineAmounts, validOrderBody } from '../../../helpers/sandbox-fixtures'

const h = useHarness({ clockStartMs: Date.parse('2026-05-04T08:00:00Z') })

const address = {
  givenName: 'Anna',
  familyName: 'Jansen',
  email: 'anna@example.org',
  streetAndNumber: 'Oudegracht 1',
  postalCode: '3511 AA',
  city: 'Utrecht',
  country: 'NL',
}

async function created(number: string, method?: string): Promise<Json> {
  const r = await h.api(
    'POST',
    '/orders?embed=payments',
    validOrderBody(number, method ? { method: method as 'klarna' } : {}),
  )
  expect(r.status).toBe(201)
  return r.json
}

describe('update order (docs.mollie.com/reference/update-order)', () => {
  it('changes orderNumber, addresses and URLs; the open payment follows the URLs', async () => {
    const order = await created('UPD-1')
    const r = await h.api('PATCH', `/orders/${order.id}`, {
      orderNumber: 'UPD-1b',
      billingAddress: address,
      shippingAddress: address,
      redirectUrl: 'https://shop.example.com/back',
      cancelUrl: 'https://shop.example.com/cancel',
      webhookUrl: 'https://shop.example.com/hook',
    })
    expect(r.status).toBe(200)
    expect(r.json).toMatchObject({ orderNumber: 'UPD-1b', billingAddress: address, shippingAddress: address })
    expect(r.json.redirectUrl).toBe('https://shop.example.com/back')
    const payment = (await h.api('GET', `/payments/${order._embedded.payments[0].id}`)).json
    expect(payment.redirectUrl).toBe('https://shop.example.com/back')
    expect(payment.cancelUrl).toBe('https://shop.example.com/cancel')
  })

  it('refuses what the order can no longer change, and fields it does not take, naming the field', async () => {
    const order = await created('UPD-2')
    await h.choose(order._embedded.payments[0].id, 'paid')
    const late = await h.api('PATCH', `/orders/${order.id}`, { redirectUrl: 'https://shop.example.com/x' })
    expect(late.status).toBe(422)
    expect(late.json.field).toBe('redirectUrl')
    expect((await h.api('PATCH', `/orders/${order.id}`, { billingAddress: address })).json.field).toBe('billingAddress')
    expect((await h.api('PATCH', `/orders/${order.id}`, { orderNumber: 'UPD-2b' })).json.orderNumber).toBe('UPD-2b')
    expect(
      (await h.api('PATCH', `/orders/${order.id}`, { amount: { currency: 'EUR', value: '1.00' } })).json.field,
    ).toBe('amount')
    const bad = await h.api('PATCH', `/orders/${order.id}`, { billingAddress: { ...address, city: '' } })
    expect(bad.status).toBe(422)
    expect(bad.json.field).toBe('billingAddress.city')
    expect((await h.api('PATCH', '/orders/ord_missing1', { orderNumber: 'x' })).status).toBe(404)
  })
})

describe('update order line (docs.mollie.com/reference/update-order-line)', () => {
  it('changes a line; its amounts change the order amount and the open payment', async () => {
    const order = await created('LINE-1')
    const line = order.lines[0]
    const r = await h.api('PATCH', `/orders/${order.id}/lines/${line.id}`, {
      name: 'LEGO 42083 Bugatti Chiron (boxed)',
      quantity: 2,
      vatRate: '21.00',
      ...eurLineAmounts('100.00', '200.00', '34.71'),
    })
    expect(r.status).toBe(200)
    expect(r.json.resource).toBe('order')
    expect(r.json.amount).toEqual({ currency: 'EUR', value: '221.00' })
    expect(r.json.lines[0]).toMatchObject({ name: 'LEGO 42083 Bugatti Chiron (boxed)', quantity: 2 })
    const payment = (await h.api('GET', `/payments/${order._embedded.payments[0].id}`)).json
    expect(payment.amount).toEqual({ currency: 'EUR', value: '221.00' })
  })

  it('checks the line arithmetic and the order status, naming the field', async () => {
    const order = await created('LINE-2')
    const line = order.lines[0]
    const wrongTotal = await h.api('PATCH', `/orders/${order.id}/lines/${line.id}`, { quantity: 3 })
    expect(wrongTotal.status).toBe(422)
    expect(wrongTotal.json.field).toBe('totalAmount')
    expect((await h.api('PATCH', `/orders/${order.id}/lines/odl_missing1`, { name: 'x' })).status).toBe(404)
    await h.choose(order._embedded.payments[0].id, 'paid')
    const paid = await h.api('PATCH', `/orders/${order.id}/lines/${line.id}`, { name: 'Renamed' })
    expect(paid.status).toBe(422)
    expect(paid.json.field).toBe('name')
  })
})

describe('cancel order lines (docs.mollie.com/reference/cancel-order-lines)', () => {
  it('cancels part of an authorized order; canceling the rest cancels the order and releases the payment', async () => {
    const order = await created('CXL-1', 'klarna')
    await h.choose(order._embedded.payments[0].id, 'authorized')
    const [product, fee] = order.lines
    const first = await h.api('DELETE', `/orders/${order.id}/lines`, { lines: [{ id: fee.id, quantity: 1 }] })
    expect(first.status).toBe(204)
    const partly = (await h.api('GET', `/orders/${order.id}`)).json
    expect(partly.status).toBe('authorized')
    expect(partly.lines[1]).toMatchObject({ status: 'canceled', quantityCanceled: 1, amountCanceled: fee.totalAmount })
    expect((await h.api('DELETE', `/orders/${order.id}/lines`, { lines: [{ id: fee.id }] })).json.field).toBe(
      'lines.0.quantity',
    )
    expect((await h.api('DELETE', `/orders/${order.id}/lines`, { lines: [{ id: product.id }] })).status).toBe(204)
    const all = (await h.api('GET', `/orders/${order.id}?embed=payments`)).json
    expect(all.status).toBe('canceled')
    expect(all._embedded.payments[0].status).toBe('canceled')
  })

  it('refuses paid lines (refund them instead), a missing lines field and unknown lines', async () => {
    const order = await created('CXL-2')
    expect((await h.api('DELETE', `/orders/${order.id}/lines`, {})).json.field).toBe('lines')
    await h.choose(order._embedded.payments[0].id, 'paid')
    const paid = await h.api('DELETE', `/orders/${order.id}/lines`, { lines: [{ id: order.lines[0].id }] })
    expect(paid.status).toBe(422)
    expect(paid.json.field).toBe('lines.0.quantity')
    expect((await h.api('DELETE', `/orders/${order.id}/lines`, { lines: [{ id: 'odl_nope' }] })).json.field).toBe(
      'lines.0.id',
    )
  })
})

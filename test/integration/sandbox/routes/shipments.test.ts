// Shipments (issue 48 item 3): https://docs.mollie.com/reference/shipments-api over real HTTP. An
// order ships in parts (`shipping`), then completely (`completed`); an authorized pay-later order is
// captured through its shipments (https://docs.mollie.com/reference/create-shipment).
import { describe, expect, it } from 'vitest'
import { useHarness, type Json } from '../../helpers/sandbox-harness'
import { validOrderBody } from '../../../helpers/sandbox-fixtures'

const h = useHarness({ clockStartMs: Date.parse('2026-05-04T08:00:00Z') })

async function orderThrough(outcome: 'paid' | 'authorized', number: string, method = 'creditcard'): Promise<Json> {
  const created = await h.api('POST', '/orders?embed=payments', validOrderBody(number, { method: method as 'klarna' }))
  expect(created.status).toBe(201)
  await h.choose(created.json._embedded.payments[0].id, outcome)
  return (await h.api('GET', `/orders/${created.json.id}`)).json
}

const tracking = { carrier: 'PostNL', code: '3SKABA000000000', url: 'https://postnl.nl/tracktrace/?B=3SKABA000000000' }

describe('shipments', () => {
  it('a paid order ships in parts: shipping, then completed (docs.mollie.com/reference/create-shipment)', async () => {
    const order = await orderThrough('paid', 'SHIP-1')
    const [product, fee] = order.lines
    const first = await h.api('POST', `/orders/${order.id}/shipments`, {
      lines: [{ id: product.id, quantity: 1 }],
      tracking,
    })
    expect(first.status).toBe(201)
    expect(first.json).toMatchObject({ resource: 'shipment', orderId: order.id, tracking })
    expect(first.json.id).toMatch(/^shp_/)
    expect(first.json.lines).toHaveLength(1)
    expect(first.json.lines[0]).toMatchObject({ id: product.id, quantity: 1, totalAmount: product.totalAmount })
    const partly = (await h.api('GET', `/orders/${order.id}`)).json
    expect(partly.status).toBe('shipping')
    expect(partly.lines[0]).toMatchObject({ status: 'completed', quantityShipped: 1, shippableQuantity: 0 })
    expect(partly.lines[1]).toMatchObject({ status: 'paid', shippableQuantity: 1 })
    const rest = await h.api('POST', `/orders/${order.id}/shipments`, { lines: [] })
    expect(rest.status).toBe(201)
    expect(rest.json.lines.map((l: Json) => l.id)).toEqual([fee.id])
    const done = (await h.api('GET', `/orders/${order.id}?embed=shipments`)).json
    expect(done.status).toBe('completed')
    expect(done.completedAt).toEqual(expect.any(String))
    expect(done._embedded.shipments.map((s: Json) => s.id)).toEqual([first.json.id, rest.json.id])
    const again = await h.api('POST', `/orders/${order.id}/shipments`, {})
    expect(again.status).toBe(422)
  })

  it('list, get and update tracking (docs.mollie.com/reference/list-shipments, get-shipment, update-shipment)', async () => {
    const order = await orderThrough('paid', 'SHIP-2')
    const shipment = (await h.api('POST', `/orders/${order.id}/shipments`, {})).json
    const list = await h.api('GET', `/orders/${order.id}/shipments`)
    expect(list.status).toBe(200)
    expect(list.json.count).toBe(1)
    expect(list.json._embedded.shipments[0].id).toBe(shipment.id)
    const newer = { carrier: 'DHL', code: 'JVGL0000000000' }
    const updated = await h.api('PATCH', `/orders/${order.id}/shipments/${shipment.id}`, { tracking: newer })
    expect(updated.status).toBe(200)
    expect(updated.json.tracking).toEqual({ ...newer, url: null })
    expect((await h.api('GET', `/orders/${order.id}/shipments/${shipment.id}`)).json.tracking.carrier).toBe('DHL')
  })

  it('an authorized klarna order is captured through its shipments (docs.mollie.com/reference/create-shipment)', async () => {
    const order = await orderThrough('authorized', 'SHIP-K', 'klarna')
    expect(order.status).toBe('authorized')
    const [product] = order.lines
    await h.api('POST', `/orders/${order.id}/shipments`, { lines: [{ id: product.id }] })
    const withPayments = (await h.api('GET', `/orders/${order.id}?embed=payments`)).json
    const payment = withPayments._embedded.payments[0]
    expect(payment.status).toBe('paid')
    expect(payment.amountCaptured).toEqual(product.totalAmount)
    expect(payment.amountRemaining).toEqual(product.totalAmount)
    expect(withPayments.status).toBe('shipping')
    expect(withPayments.lines[0].refundableQuantity).toBe(1)
    expect(withPayments.lines[1].refundableQuantity).toBe(0)
    const captures = (await h.api('GET', `/payments/${payment.id}/captures`)).json
    expect(captures._embedded.captures).toHaveLength(1)
    // The rest is canceled: the order is completed and nothing more is captured.
    const cancel = await h.api('DELETE', `/orders/${order.id}/lines`, { lines: [{ id: order.lines[1].id }] })
    expect(cancel.status).toBe(204)
    const after = (await h.api('GET', `/orders/${order.id}`)).json
    expect(after.status).toBe('completed')
    expect(after.lines[1]).toMatchObject({ status: 'canceled', quantityCanceled: 1 })
  })

  it('bad ids, bodies and pagination answer the error object, never a 500', async () => {
    const created = await h.api('POST', '/orders', validOrderBody('SHIP-BAD'))
    const order = created.json
    const shape = (r: { status: number; json: Json }, status: number, field?: string) => {
      expect(r.status).toBe(status)
      expect(r.json).toMatchObject({ status, title: expect.any(String), detail: expect.any(String) })
      expect(r.json._links.documentation.href).toEqual(expect.any(String))
      if (field !== undefined) expect(r.json.field).toBe(field)
    }
    shape(await h.api('POST', '/orders/ord_unknown1/shipments', {}), 404)
    shape(await h.api('GET', '/orders/ord_unknown1/shipments'), 404)
    shape(await h.api('GET', `/orders/${order.id}/shipments/shp_nope`), 404)
    shape(await h.api('POST', `/orders/${order.id}/shipments`, {}), 422)
    shape(await h.api('POST', `/orders/${order.id}/shipments`, { lines: 'all' }), 422, 'lines')
    shape(
      await h.api('POST', `/orders/${order.id}/shipments`, { tracking: { carrier: 'PostNL' } }),
      422,
      'tracking.code',
    )
    shape(await h.api('POST', `/orders/${order.id}/shipments`, { colour: 'red' }), 422, 'colour')
    shape(await h.api('POST', `/orders/${order.id}/shipments`, [1]), 422)
    shape(await h.api('GET', `/orders/${order.id}/shipments?limit=0`), 400, 'limit')
    shape(await h.api('GET', `/orders/${order.id}/shipments?from=shp_x`), 400, 'from')
    shape(await h.api('PATCH', `/orders/${order.id}/shipments/shp_nope`, {}), 422, 'tracking')
  })
})

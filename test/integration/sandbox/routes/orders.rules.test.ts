// Documented order rules (issue 24 item 8): cancel only without an open payment, `expiresAt` on every
// order, `discountAmount` ignored on discount lines; over real HTTP.
import { describe, expect, it } from 'vitest'
import { useHarness } from '../../helpers/sandbox-harness'
import { validOrderBody } from '../../../helpers/sandbox-fixtures'

const eur = (value: string) => ({ currency: 'EUR', value })

const h = useHarness({ clockStartMs: Date.parse('2026-05-04T08:00:00Z') })

describe('order rules', () => {
  it('an order with an open payment cannot be canceled; once that payment expired it can (docs.mollie.com/reference/cancel-order)', async () => {
    const order = (await h.api('POST', '/orders?embed=payments', validOrderBody('C-1'))).json
    expect(order._embedded.payments[0].status).toBe('open')
    expect(order.isCancelable).toBe(false)
    const refused = await h.api('DELETE', `/orders/${order.id}`)
    expect(refused.status).toBe(422)
    expect(refused.json.detail).toContain(order._embedded.payments[0].id)
    const after = (await h.api('GET', `/orders/${order.id}?embed=payments`)).json
    expect(after.status).toBe('created')
    expect(after._embedded.payments[0].status).toBe('open')
    await h.admin.advanceClock({ advanceSeconds: 2 * 86_400 })
    expect((await h.api('GET', `/payments/${order._embedded.payments[0].id}`)).json.status).toBe('expired')
    expect((await h.api('GET', `/orders/${order.id}`)).json.isCancelable).toBe(true)
    const canceled = await h.api('DELETE', `/orders/${order.id}`)
    expect(canceled.status).toBe(200)
    expect(canceled.json.status).toBe('canceled')
  })

  it('expiresAt is an ISO 8601 date-time: 28 days after creation, or the start of the requested day (docs.mollie.com/reference/get-order, docs.mollie.com/orders/overview)', async () => {
    const plain = (await h.api('POST', '/orders', validOrderBody('E-1'))).json
    expect(plain.expiresAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/)
    expect(Date.parse(plain.expiresAt) - Date.parse(plain.createdAt)).toBe(28 * 86_400_000)
    const dated = await h.api('POST', '/orders', validOrderBody('E-2', { expiresAt: '2026-06-01' }))
    expect(dated.status).toBe(201)
    expect(dated.json.expiresAt).toBe('2026-06-01T00:00:00+00:00')
    expect((await h.api('GET', `/orders/${dated.json.id}`)).json.expiresAt).toBe('2026-06-01T00:00:00+00:00')
  })

  it('discountAmount on a discount line is ignored, not refused nor stored (spec 2.3; docs.mollie.com/reference/create-order)', async () => {
    const body = validOrderBody('D-1', { amount: eur('111.00') })
    body.lines.push({
      type: 'discount',
      name: 'Spring voucher',
      quantity: 1,
      unitPrice: eur('-10.00'),
      discountAmount: eur('5.00'),
      totalAmount: eur('-10.00'),
      vatRate: '21.00',
      vatAmount: eur('-1.74'),
    })
    const created = await h.api('POST', '/orders', body)
    expect(created.status).toBe(201)
    const discountLine = created.json.lines.find((l: { type: string }) => l.type === 'discount')
    expect(discountLine.totalAmount).toEqual(eur('-10.00'))
    expect(discountLine.discountAmount).toBeUndefined()
    // On other lines it still counts: a physical line's total is unit price × quantity − discountAmount.
    const physical = validOrderBody('D-2', { amount: eur('116.00') })
    Object.assign(physical.lines[0] ?? {}, {
      discountAmount: eur('5.00'),
      totalAmount: eur('95.00'),
      vatAmount: eur('16.49'),
    })
    const withDiscount = await h.api('POST', '/orders', physical)
    expect(withDiscount.status).toBe(201)
    expect(withDiscount.json.lines[0].discountAmount).toEqual(eur('5.00'))
  })
})

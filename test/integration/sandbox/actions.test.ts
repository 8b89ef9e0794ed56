// Acting on payments and orders in the sandbox: refunds, cancels, updates. Each rule names the
// documentation page it follows (docs/SANDBOX.md, "Acting on payments and orders").
import { describe, expect, it } from 'vitest'
import { useHarness, type Harness, type Json } from '../helpers/sandbox-harness'
import { validOrderBody, validPaymentBody } from '../../helpers/sandbox-fixtures'
import { present } from '../../helpers/present'

const KEY = 'test_actionsKey000000001'
const TOKEN = 'access_actionsToken00001'
const h = useHarness({ keys: [KEY, TOKEN] }, KEY)
const api = (...call: Parameters<Harness['api']>) => h.api(...call)
const choose = (paymentId: string, outcome: string) => h.choose(paymentId, outcome)
const paidPayment = (overrides: Record<string, unknown> = {}): Promise<Json> => h.paidPayment(overrides)

const eur = (value: string) => ({ currency: 'EUR', value })

describe('refunds (https://docs.mollie.com/reference/create-refund)', () => {
  it('a partial then the rest: amountRefunded/amountRemaining follow exactly; the refund is pending', async () => {
    const payment = await paidPayment()
    expect(payment.amountRemaining).toEqual(eur('10.00'))
    const first = await api('POST', `/payments/${payment.id}/refunds`, {
      amount: eur('3.33'),
      description: 'Broken strap',
    })
    expect(first.status).toBe(201)
    expect(first.json).toMatchObject({
      resource: 'refund',
      amount: eur('3.33'),
      description: 'Broken strap',
      status: 'pending',
      paymentId: payment.id,
      mode: 'test',
      metadata: null,
    })
    expect(first.json.id).toMatch(/^re_.+$/)
    expect(first.json._links.self.href).toBe(`${h.sandbox.baseUrl}/payments/${payment.id}/refunds/${first.json.id}`)
    expect(first.json._links.payment.href).toBe(`${h.sandbox.baseUrl}/payments/${payment.id}`)
    let after = (await api('GET', `/payments/${payment.id}`)).json
    expect(after.amountRefunded).toEqual(eur('3.33'))
    expect(after.amountRemaining).toEqual(eur('6.67'))
    expect(after.status).toBe('paid')
    const rest = await api('POST', `/payments/${payment.id}/refunds`, { amount: eur('6.67') })
    expect(rest.status).toBe(201)
    after = (await api('GET', `/payments/${payment.id}`)).json
    expect(after.amountRefunded).toEqual(eur('10.00'))
    expect(after.amountRemaining).toEqual(eur('0.00'))
    const one = await api('GET', `/payments/${payment.id}/refunds/${first.json.id}`)
    expect(one.status).toBe(200)
    expect(one.json.id).toBe(first.json.id)
    expect((await api('GET', `/payments/${payment.id}/refunds/re_nothing1`)).status).toBe(404)
  })

  it('refuses more than remains (422, field amount) and changes nothing', async () => {
    const payment = await paidPayment()
    await api('POST', `/payments/${payment.id}/refunds`, { amount: eur('9.00') })
    const refused = await api('POST', `/payments/${payment.id}/refunds`, { amount: eur('1.01') })
    expect(refused.status).toBe(422)
    expect(refused.json.field).toBe('amount')
    expect(refused.json.detail).toMatch(/1\.00 EUR/)
    const after = (await api('GET', `/payments/${payment.id}`)).json
    expect(after.amountRemaining).toEqual(eur('1.00'))
  })

  it('refuses another currency (422, field amount.currency) and a zero amount (422, amount)', async () => {
    const payment = await paidPayment()
    const other = await api('POST', `/payments/${payment.id}/refunds`, { amount: { currency: 'USD', value: '1.00' } })
    expect(other.status).toBe(422)
    expect(other.json.field).toBe('amount.currency')
    const zero = await api('POST', `/payments/${payment.id}/refunds`, { amount: eur('0.00') })
    expect(zero.status).toBe(422)
    expect(zero.json.field).toBe('amount')
    const badValue = await api('POST', `/payments/${payment.id}/refunds`, { amount: eur('1.5') })
    expect(badValue.json.field).toBe('amount.value')
    const missing = await api('POST', `/payments/${payment.id}/refunds`, { description: 'x' })
    expect(missing.json.field).toBe('amount')
  })

  it('refuses an unpaid payment (422) and a method without refunds (https://docs.mollie.com/payments/refunds)', async () => {
    const open = (await api('POST', '/payments', validPaymentBody())).json
    const refused = await api('POST', `/payments/${open.id}/refunds`, { amount: eur('1.00') })
    expect(refused.status).toBe(422)
    expect(refused.json.detail).toMatch(/paid/)
    const card = await paidPayment({ method: 'paysafecard' })
    const noRefunds = await api('POST', `/payments/${card.id}/refunds`, { amount: eur('1.00') })
    expect(noRefunds.status).toBe(422)
    expect(noRefunds.json.detail).toMatch(/paysafecard/)
    expect((await api('POST', '/payments/tr_unknown1/refunds', { amount: eur('1.00') })).status).toBe(404)
  })

  it('lists refunds newest first with cursor links (https://docs.mollie.com/reference/list-refunds)', async () => {
    const payment = await paidPayment()
    const ids: string[] = []
    for (const value of ['1.00', '2.00', '3.00']) {
      ids.push((await api('POST', `/payments/${payment.id}/refunds`, { amount: eur(value) })).json.id)
    }
    const page = await api('GET', `/payments/${payment.id}/refunds?limit=2`)
    expect(page.status).toBe(200)
    expect(page.json.count).toBe(2)
    expect(page.json._embedded.refunds.map((r: Json) => r.id)).toEqual([ids[2], ids[1]])
    expect(page.json._links.previous).toBeNull()
    const next = await fetch(page.json._links.next.href, { headers: { Authorization: `Bearer ${KEY}` } })
    const nextJson = (await next.json()) as Json
    expect(nextJson._embedded.refunds.map((r: Json) => r.id)).toEqual([ids[0]])
    expect(nextJson._links.next).toBeNull()
    expect((await api('GET', `/payments/${payment.id}/refunds?from=re_nothing1`)).status).toBe(400)
  })

  it('replays a refund sent again with the same Idempotency-Key: one refund, not two', async () => {
    const payment = await paidPayment()
    const headers = { 'Idempotency-Key': 'refund-once-1' }
    const a = await api('POST', `/payments/${payment.id}/refunds`, { amount: eur('4.00') }, headers)
    const b = await api('POST', `/payments/${payment.id}/refunds`, { amount: eur('4.00') }, headers)
    expect(b.status).toBe(201)
    expect(b.headers.get('idempotent-replayed')).toBe('true')
    expect(b.json.id).toBe(a.json.id)
    expect((await api('GET', `/payments/${payment.id}`)).json.amountRemaining).toEqual(eur('6.00'))
  })

  it('a refund of an order payment counts in the order amountRefunded and its embedded refunds', async () => {
    const order = (await api('POST', '/orders?embed=payments', validOrderBody('ACT-R1'))).json
    await choose(order._embedded.payments[0].id, 'paid')
    const refund = await api('POST', `/payments/${order._embedded.payments[0].id}/refunds`, { amount: eur('21.00') })
    expect(refund.json.orderId).toBe(order.id)
    const after = (await api('GET', `/orders/${order.id}?embed=refunds`)).json
    expect(after.amountRefunded).toEqual(eur('21.00'))
    expect(after._embedded.refunds.map((r: Json) => r.id)).toEqual([refund.json.id])
  })

  it('an organization token sends testmode only (https://docs.mollie.com/reference/create-refund)', async () => {
    const created = (
      await api(
        'POST',
        '/payments',
        { ...validPaymentBody(), profileId: h.sandbox.profileId, testmode: true },
        {},
        TOKEN,
      )
    ).json
    await choose(created.id, 'paid')
    const ok = await api('POST', `/payments/${created.id}/refunds`, { amount: eur('1.00'), testmode: true }, {}, TOKEN)
    expect(ok.status).toBe(201)
    const live = await api('POST', `/payments/${created.id}/refunds`, { amount: eur('1.00') }, {}, TOKEN)
    expect(live.status).toBe(404)
    const withKey = await api('POST', `/payments/${created.id}/refunds`, { amount: eur('1.00'), testmode: true })
    expect(withKey.status).toBe(422)
    expect(withKey.json.field).toBe('testmode')
  })
})

describe('cancel payment (https://docs.mollie.com/reference/cancel-payment)', () => {
  it('cancels an open bank transfer: canceled, canceledAt, no isCancelable, no checkout link', async () => {
    const created = (await api('POST', '/payments', validPaymentBody({ method: 'banktransfer' }))).json
    expect(created.isCancelable).toBe(true)
    const canceled = await api('DELETE', `/payments/${created.id}`)
    expect(canceled.status).toBe(200)
    expect(canceled.json.status).toBe('canceled')
    expect(Date.parse(canceled.json.canceledAt)).not.toBeNaN()
    expect(canceled.json).not.toHaveProperty('isCancelable')
    expect(canceled.json).not.toHaveProperty('expiresAt')
    expect(canceled.json._links.checkout).toBeUndefined()
    const again = await api('DELETE', `/payments/${created.id}`)
    expect(again.status).toBe(422)
  })

  it('refuses a payment that is not cancelable (an open iDEAL payment) with 422, unchanged', async () => {
    const created = (await api('POST', '/payments', validPaymentBody({ method: 'ideal' }))).json
    expect(created.isCancelable).toBe(false)
    const refused = await api('DELETE', `/payments/${created.id}`)
    expect(refused.status).toBe(422)
    expect((await api('GET', `/payments/${created.id}`)).json.status).toBe('open')
  })

  it('cancels an authorized payment (releases the authorization)', async () => {
    const created = (
      await api(
        'POST',
        '/payments',
        validPaymentBody({
          method: 'klarna',
          lines: [
            {
              description: 'Shoes',
              quantity: 1,
              unitPrice: eur('10.00'),
              totalAmount: eur('10.00'),
            },
          ],
        }),
      )
    ).json
    await choose(created.id, 'authorized')
    const canceled = await api('DELETE', `/payments/${created.id}`)
    expect(canceled.json.status).toBe('canceled')
  })

  it("an order's payment is canceled with its order, not alone", async () => {
    const order = (await api('POST', '/orders?embed=payments', validOrderBody('ACT-C0', { method: 'banktransfer' })))
      .json
    const payment = order._embedded.payments[0]
    expect(payment.isCancelable).toBe(false)
    const refused = await api('DELETE', `/payments/${payment.id}`)
    expect(refused.status).toBe(422)
    expect(refused.json.detail).toMatch(/cancel the order/)
  })

  it('canceling order lines twice with the same Idempotency-Key cancels twice: the key is ignored on DELETE (docs.mollie.com/overview/api-idempotency)', async () => {
    const body = validOrderBody('ACT-LINES-KEY')
    const first = present(body.lines[0])
    body.lines[0] = { ...first, quantity: 2, unitPrice: { currency: 'EUR', value: '50.00' } }
    const order = (await api('POST', '/orders?embed=payments', { ...body, method: 'klarna' })).json
    await choose(order._embedded.payments[0].id, 'authorized')
    const headers = { 'Idempotency-Key': 'cancel-lines-once-1' }
    const lines = { lines: [{ id: order.lines[0].id, quantity: 1 }] }
    expect((await api('DELETE', `/orders/${order.id}/lines`, lines, headers)).status).toBe(204)
    const again = await api('DELETE', `/orders/${order.id}/lines`, lines, headers)
    expect(again.status).toBe(204)
    expect(again.headers.get('idempotent-replayed')).toBeNull()
    expect((await api('GET', `/orders/${order.id}`)).json.lines[0].quantityCanceled).toBe(2)
  })
})

describe('update payment (https://docs.mollie.com/reference/update-payment)', () => {
  it('changes description, redirectUrl, webhookUrl and metadata of an open payment', async () => {
    const created = (await api('POST', '/payments', validPaymentBody({ webhookUrl: 'https://shop.example.com/hook' })))
      .json
    const patched = await api('PATCH', `/payments/${created.id}`, {
      description: 'Order #12345 (corrected)',
      redirectUrl: 'https://shop.example.com/new-return',
      webhookUrl: null,
      metadata: { ticket: 'SUP-9' },
    })
    expect(patched.status).toBe(200)
    expect(patched.json.description).toBe('Order #12345 (corrected)')
    expect(patched.json.redirectUrl).toBe('https://shop.example.com/new-return')
    expect(patched.json).not.toHaveProperty('webhookUrl')
    expect(patched.json.metadata).toEqual({ ticket: 'SUP-9' })
    expect(patched.json.amount).toEqual(created.amount)
    const reread = (await api('GET', `/payments/${created.id}`)).json
    expect(reread.description).toBe('Order #12345 (corrected)')
  })

  it('refuses bad values with the field named, and a locale change once the payment is not open', async () => {
    const created = (await api('POST', '/payments', validPaymentBody())).json
    const empty = await api('PATCH', `/payments/${created.id}`, { description: '  ' })
    expect(empty.status).toBe(422)
    expect(empty.json.field).toBe('description')
    const url = await api('PATCH', `/payments/${created.id}`, { redirectUrl: 'not a url' })
    expect(url.json.field).toBe('redirectUrl')
    const hook = await api('PATCH', `/payments/${created.id}`, { webhookUrl: 'http://192.168.1.5/hook' })
    expect(hook.json.field).toBe('webhookUrl')
    await choose(created.id, 'paid')
    expect((await api('PATCH', `/payments/${created.id}`, { description: 'Still allowed' })).status).toBe(200)
    const late = await api('PATCH', `/payments/${created.id}`, { locale: 'nl_NL' })
    expect(late.status).toBe(422)
    expect(late.json.field).toBe('locale')
    expect(late.json.detail).toMatch(/open/)
  })
})

describe('cancel order (https://docs.mollie.com/reference/cancel-order)', () => {
  it('cancels a created order without an open payment: order and lines canceled, no checkout', async () => {
    const order = (await api('POST', '/orders?embed=payments', validOrderBody('ACT-C1'))).json
    await choose(order._embedded.payments[0].id, 'failed')
    const canceled = await api('DELETE', `/orders/${order.id}?embed=payments`)
    expect(canceled.status).toBe(200)
    expect(canceled.json.status).toBe('canceled')
    expect(Date.parse(canceled.json.canceledAt)).not.toBeNaN()
    expect(canceled.json).not.toHaveProperty('isCancelable')
    expect(canceled.json._links.checkout).toBeNull()
    for (const line of canceled.json.lines) {
      expect(line.status).toBe('canceled')
      expect(line.cancelableQuantity).toBe(0)
      expect(line.quantityCanceled).toBe(line.quantity)
      expect(line.amountCanceled).toEqual(line.totalAmount)
    }
    expect(canceled.json._embedded.payments[0].status).toBe('failed')
    const again = await api('DELETE', `/orders/${order.id}`)
    expect(again.status).toBe(422)
    expect((await api('POST', `/orders/${order.id}/payments`, {})).status).toBe(422)
  })

  it('cancels an authorized order and releases its payment; refuses a paid order (refund instead)', async () => {
    const authorized = (await api('POST', '/orders?embed=payments', validOrderBody('ACT-C2', { method: 'klarna' })))
      .json
    await choose(authorized._embedded.payments[0].id, 'authorized')
    const canceled = await api('DELETE', `/orders/${authorized.id}?embed=payments`)
    expect(canceled.json.status).toBe('canceled')
    expect(canceled.json._embedded.payments[0].status).toBe('canceled')
    const paid = (await api('POST', '/orders?embed=payments', validOrderBody('ACT-C3'))).json
    await choose(paid._embedded.payments[0].id, 'paid')
    const refused = await api('DELETE', `/orders/${paid.id}`)
    expect(refused.status).toBe(422)
    expect(refused.json.detail).toMatch(/paid/)
    expect((await api('DELETE', '/orders/ord_unknown1')).status).toBe(404)
  })

  it('Allow names the new methods (OPTIONS)', async () => {
    const order = (await api('POST', '/orders', validOrderBody('ACT-C4'))).json
    const options = await fetch(`${h.sandbox.baseUrl}/orders/${order.id}`, {
      method: 'OPTIONS',
      headers: { Authorization: `Bearer ${KEY}` },
    })
    expect(options.headers.get('allow')).toBe('GET, HEAD, DELETE, PATCH, OPTIONS')
  })
})

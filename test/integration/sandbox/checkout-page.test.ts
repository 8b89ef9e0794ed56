// The hosted checkout (spec 1, 3): the payer's choice drives payment and order statuses, their
// timestamps and isCancelable; new order payments only while the order is `created`.
import { describe, expect, it } from 'vitest'
import { completeCheckout } from '../../../src/sandbox/index'
import { useHarness } from '../helpers/sandbox-harness'
import { validOrderBody, validPaymentBody } from '../../helpers/sandbox-fixtures'

// Response bodies are checked field by field; one loose type keeps those assertions readable.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any

const KEY = 'test_checkoutKey0000001'
const h = useHarness({}, KEY)
const api = (method: string, path: string, body?: unknown): Promise<{ status: number; json: Json }> =>
  h.api(method, path, body)

function choose(paymentId: string, outcome: string) {
  return completeCheckout(`${h.sandbox.origin}/checkout/${paymentId}`, outcome)
}

const TIMESTAMPS = ['paidAt', 'authorizedAt', 'canceledAt', 'expiredAt', 'failedAt', 'completedAt']

function expectOnlyTimestamps(object: Record<string, unknown>, present: string[]) {
  for (const key of TIMESTAMPS) {
    if (present.includes(key)) expect(Date.parse(object[key] as string), key).not.toBeNaN()
    else expect(object, key).not.toHaveProperty(key)
  }
}

describe('checkout page', () => {
  it('offers every outcome as a plain form posting to itself', async () => {
    const payment = (await api('POST', '/payments', validPaymentBody({ description: 'Bike <bell>' }))).json
    const response = await fetch(payment._links.checkout.href)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/html/)
    const html = await response.text()
    expect(html).toContain('Bike &lt;bell&gt;')
    expect(html).not.toContain('<script')
    for (const outcome of ['paid', 'authorized', 'failed', 'canceled', 'expired']) {
      expect(html).toContain(`name="outcome" value="${outcome}"`)
    }
    expect(html).toContain(`action="/checkout/${payment.id}"`)
  })

  it('answers 404 for an unknown payment and 400 for an unknown outcome', async () => {
    expect((await fetch(`${h.sandbox.origin}/checkout/tr_unknown`)).status).toBe(404)
    const payment = (await api('POST', '/payments', validPaymentBody())).json
    expect((await choose(payment.id, 'stolen')).status).toBe(400)
    expect((await api('GET', `/payments/${payment.id}`)).json.status).toBe('open')
  })
})

describe('payment outcomes', () => {
  it.each([
    ['paid', 'paidAt'],
    ['failed', 'failedAt'],
    ['canceled', 'canceledAt'],
    ['expired', 'expiredAt'],
  ])('%s sets %s, drops isCancelable and the checkout link', async (outcome, timestamp) => {
    const created = (await api('POST', '/payments', validPaymentBody())).json
    expect(created.isCancelable).toBe(false)
    expectOnlyTimestamps(created, [])
    const result = await choose(created.id, outcome)
    expect(result.status).toBe(303)
    expect(result.location).toBe(created.redirectUrl)
    const payment = (await api('GET', `/payments/${created.id}`)).json
    expect(payment.status).toBe(outcome)
    expectOnlyTimestamps(payment, [timestamp])
    expect(payment).not.toHaveProperty('isCancelable')
    expect(payment._links.checkout).toBeUndefined()
    // final: a second choice is refused
    expect((await choose(created.id, 'paid')).status).toBe(409)
  })

  it('authorized keeps the payment cancelable', async () => {
    const created = (
      await api(
        'POST',
        '/payments',
        validPaymentBody({
          method: ['klarna', 'in3'],
          lines: [
            {
              description: 'Shoes',
              quantity: 1,
              unitPrice: { currency: 'EUR', value: '10.00' },
              totalAmount: { currency: 'EUR', value: '10.00' },
            },
          ],
        }),
      )
    ).json
    expect(created.method).toBeNull()
    await choose(created.id, 'authorized')
    const payment = (await api('GET', `/payments/${created.id}`)).json
    expect(payment.status).toBe('authorized')
    expect(payment.method).toBe('klarna')
    expect(payment.isCancelable).toBe(true)
    expectOnlyTimestamps(payment, ['authorizedAt'])
  })

  it('sends the payer to cancelUrl on cancel; a recurring payment has no checkout at all', async () => {
    const withCancel = (
      await api('POST', '/payments', validPaymentBody({ cancelUrl: 'https://shop.example.com/cancelled' }))
    ).json
    expect((await choose(withCancel.id, 'canceled')).location).toBe('https://shop.example.com/cancelled')
    // https://docs.mollie.com/reference/v2/payments-api/get-payment: "Recurring payments do not have
    // a checkout URL"; they run on the mandate a paid first payment made.
    // The customer must exist (https://docs.mollie.com/reference/create-payment, customerId).
    const customer = (await api('POST', '/customers', { name: 'Checkout Tester' })).json
    const first = (await api('POST', '/payments', validPaymentBody({ sequenceType: 'first', customerId: customer.id })))
      .json
    await choose(first.id, 'paid')
    const recurring = (
      await api('POST', '/payments', {
        amount: { currency: 'EUR', value: '5.00' },
        description: 'Monthly',
        sequenceType: 'recurring',
        customerId: customer.id,
      })
    ).json
    expect(recurring.redirectUrl).toBeNull()
    expect(recurring._links.checkout).toBeUndefined()
    expect((await choose(recurring.id, 'paid')).status).toBe(409)
  })
})

describe('orders through checkout', () => {
  it('failed, canceled and expired payments leave the order created; a new payment can be made', async () => {
    const order = (
      await api('POST', '/orders?embed=payments', validOrderBody('CO-1', { cancelUrl: 'https://shop.example.com/c' }))
    ).json
    let paymentId: string = order._embedded.payments[0].id
    for (const outcome of ['failed', 'canceled', 'expired']) {
      await choose(paymentId, outcome)
      const after = (await api('GET', `/orders/${order.id}`)).json
      expect(after.status).toBe('created')
      expect(after.isCancelable).toBe(true)
      expectOnlyTimestamps(after, [])
      expect(after._links.checkout).toBeNull()
      const next = await api('POST', `/orders/${order.id}/payments`, {})
      expect(next.status).toBe(201)
      expect(next.json.status).toBe('open')
      expect(next.json.orderId).toBe(order.id)
      expect(next.json.amount).toEqual(order.amount)
      expect(next.json.id > paymentId).toBe(true)
      paymentId = next.json.id
      const reloaded = (await api('GET', `/orders/${order.id}?embed=payments`)).json
      expect(reloaded._links.checkout.href).toBe(`${h.sandbox.origin}/checkout/${paymentId}`)
    }
    const reloaded = (await api('GET', `/orders/${order.id}?embed=payments`)).json
    expect(reloaded._embedded.payments.map((p: { status: string }) => p.status)).toEqual([
      'failed',
      'canceled',
      'expired',
      'open',
    ])
    // a method may be chosen for the new payment
    await choose(paymentId, 'failed')
    const withMethod = await api('POST', `/orders/${order.id}/payments`, { method: 'ideal' })
    expect(withMethod.json.method).toBe('ideal')
    expect((await api('POST', `/orders/${order.id}/payments`, { method: 'cash' })).json.field).toBe('method')
  })

  it('a paid order gets paidAt, stops being cancelable and refuses new payments', async () => {
    const order = (await api('POST', '/orders?embed=payments', validOrderBody('CO-2'))).json
    await choose(order._embedded.payments[0].id, 'paid')
    const paid = (await api('GET', `/orders/${order.id}`)).json
    expect(paid.status).toBe('paid')
    expect(paid.isCancelable).toBe(false)
    expectOnlyTimestamps(paid, ['paidAt'])
    expect(paid.lines.every((l: { status: string }) => l.status === 'paid')).toBe(true)
    expect(paid._links.checkout).toBeNull()
    const refused = await api('POST', `/orders/${order.id}/payments`, {})
    expect(refused.status).toBe(422)
    expect(refused.json.detail).toMatch(/created/)
  })

  it('an authorized order gets authorizedAt and stays cancelable, but takes no new payment', async () => {
    const order = (await api('POST', '/orders?embed=payments', validOrderBody('CO-3', { method: 'klarna' }))).json
    expect(order._embedded.payments[0].method).toBe('klarna')
    await choose(order._embedded.payments[0].id, 'authorized')
    const authorized = (await api('GET', `/orders/${order.id}`)).json
    expect(authorized.status).toBe('authorized')
    expect(authorized.isCancelable).toBe(true)
    expectOnlyTimestamps(authorized, ['authorizedAt'])
    expect((await api('POST', `/orders/${order.id}/payments`, {})).status).toBe(422)
  })

  it('serves dashboard pages for the dashboard links', async () => {
    const order = (await api('POST', '/orders', validOrderBody('CO-4'))).json
    const page = await fetch(order._links.dashboard.href)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain(order.id)
  })
})

// The sandbox against the real service's public documentation (issue 14 items 8, 9, 14): request
// bodies (form encoding, amounts, addresses) and the fields and rules of payments. Each test names
// the page it follows; where the documentation is silent the choice is in docs/SANDBOX.md.
import { describe, expect, it } from 'vitest'
import { validOrderBody, validPaymentBody } from '../../helpers/sandbox-fixtures'
import { present } from '../../helpers/present'
import { fidelitySandbox, TOKEN } from '../helpers/fidelity-sandbox'

const { call, choose, clock, sandbox } = fidelitySandbox()

// https://docs.mollie.com/reference/v2/payments-api/create-payment (curl example: -d "amount[value]=10.00")
describe('form-encoded bodies with bracket notation', () => {
  const form = (text: string, headers: Record<string, string> = {}) => ({
    raw: text,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
  })

  it('creates a payment from the documentation curl example, amounts exact', async () => {
    const body = [
      'amount[currency]=EUR',
      'amount[value]=10.00',
      `description=${encodeURIComponent('Order #12345')}`,
      `redirectUrl=${encodeURIComponent('https://webshop.example.org/order/12345/')}`,
      `metadata=${encodeURIComponent('{"order_id": "12345"}')}`,
      'method[]=ideal',
      'method[]=creditcard',
    ].join('&')
    const result = await call('POST', '/v2/payments', form(body))
    expect(result.status).toBe(201)
    expect(result.json.amount).toEqual({ currency: 'EUR', value: '10.00' })
    expect(result.json.description).toBe('Order #12345')
    // The documentation's curl example sends metadata as JSON text; the service answers it as the
    // object (issue 24 item 8; docs/SANDBOX.md "Request bodies").
    expect(result.json.metadata).toEqual({ order_id: '12345' })
  })

  it('creates an order with lines[0][name] … like the JSON body, and replays it by parameters', async () => {
    const o = validOrderBody('FORM-1')
    const a = o.billingAddress
    const pairs: [string, string][] = [
      ['orderNumber', o.orderNumber],
      ['amount[currency]', o.amount.currency],
      ['amount[value]', o.amount.value],
      ['redirectUrl', present(o.redirectUrl)],
      ['locale', present(o.locale)],
      ...Object.entries(a).map(([k, v]): [string, string] => [`billingAddress[${k}]`, String(v)]),
    ]
    o.lines.forEach((line, i) => {
      for (const [k, v] of Object.entries(line)) {
        if (typeof v === 'object')
          for (const [kk, vv] of Object.entries(v)) pairs.push([`lines[${i}][${k}][${kk}]`, String(vv)])
        else pairs.push([`lines[${i}][${k}]`, String(v)])
      }
    })
    const text = new URLSearchParams(pairs).toString()
    const created = await call('POST', '/v2/orders', form(text, { 'Idempotency-Key': 'form-order' }))
    expect(created.status).toBe(201)
    expect(created.json.lines[1].totalAmount).toEqual({ currency: 'EUR', value: '21.00' })
    expect(created.json.lines[0].quantity).toBe(1)
    // The same parameters as JSON are the same request for the idempotency key.
    const json = await call('POST', '/v2/orders', { body: o, headers: { 'Idempotency-Key': 'form-order' } })
    expect(json.headers.get('idempotent-replayed')).toBe('true')
    expect(json.json.id).toBe(created.json.id)
  })

  it('keeps amounts as text: a number-looking value is checked as the string it is', async () => {
    const result = await call(
      'POST',
      '/v2/payments',
      form('amount[currency]=EUR&amount[value]=10&description=x&redirectUrl=https%3A%2F%2Fshop.example.com%2F'),
    )
    expect(result.status).toBe(422)
    expect(result.json.field).toMatch(/^amount/)
  })

  it('refuses malformed bracket notation with 400', async () => {
    for (const text of ['lines[1][name]=x', 'amount[=1', 'amount=1&amount[value]=2', '__proto__[x]=1', 'a=1&a=2']) {
      const result = await call('POST', '/v2/payments', form(text))
      expect(result.status, text).toBe(400)
      expect(result.json.detail, text).toMatch(/form field/)
    }
  })
})

// https://docs.mollie.com/overview/handling-errors: a 422 names the offending field; for an Amount
// the service names its part (issue 14 item 10).
describe('422 names the part of an Amount', () => {
  it('amount.value, amount.currency, lines.0.unitPrice.value', async () => {
    const bad = async (path: string, body: unknown) => (await call('POST', path, { body })).json.field
    expect(await bad('/v2/payments', validPaymentBody({ amount: { currency: 'EUR', value: '10' } }))).toBe(
      'amount.value',
    )
    expect(await bad('/v2/payments', validPaymentBody({ amount: { currency: 'EURO', value: '10.00' } }))).toBe(
      'amount.currency',
    )
    const order = validOrderBody('SUB-1')
    present(order.lines[0]).unitPrice = { currency: 'EUR', value: '100' }
    expect(await bad('/v2/orders', order)).toBe('lines.0.unitPrice.value')
    const mixed = validOrderBody('SUB-2')
    present(mixed.lines[1]).totalAmount = { currency: 'USD', value: '21.00' }
    expect(await bad('/v2/orders', mixed)).toBe('lines.1.totalAmount.currency')
    // The documentation's own example: over the maximum names the whole amount.
    expect(await bad('/v2/payments', validPaymentBody({ amount: { currency: 'EUR', value: '1000000000.00' } }))).toBe(
      'amount',
    )
  })
})

// https://docs.mollie.com/reference/v2/orders-api/create-order (billingAddress: givenName,
// familyName, email, streetAndNumber, city, country required; postalCode where the country has
// postal codes) and https://docs.mollie.com/overview/common-data-types (Address object).
describe('order addresses are checked as the service checks them', () => {
  it('refuses an empty billing address, naming its first missing field', async () => {
    const result = await call('POST', '/v2/orders', { body: validOrderBody('ADDR-1', { billingAddress: {} }) })
    expect(result.status).toBe(422)
    expect(result.json.field).toBe('billingAddress.givenName')
  })

  it('needs street, city and a postal code where the country has postal codes', async () => {
    const base = validOrderBody('ADDR-2').billingAddress
    const { streetAndNumber: _s, ...noStreet } = base
    expect(
      (await call('POST', '/v2/orders', { body: validOrderBody('ADDR-2', { billingAddress: noStreet }) })).json.field,
    ).toBe('billingAddress.streetAndNumber')
    const { postalCode: _p, ...noPostal } = base
    expect(
      (await call('POST', '/v2/orders', { body: validOrderBody('ADDR-3', { billingAddress: noPostal }) })).json.field,
    ).toBe('billingAddress.postalCode')
    const hongKong = { ...noPostal, country: 'HK', city: 'Hong Kong', streetAndNumber: '1 Queen’s Road Central' }
    expect(
      (await call('POST', '/v2/orders', { body: validOrderBody('ADDR-4', { billingAddress: hongKong }) })).status,
    ).toBe(201)
  })
})

// https://docs.mollie.com/reference/v2/payments-api/get-payment (response fields, the open-payment
// example with expiresAt and details: null) and https://docs.mollie.com/payments/status-changes
// ("Expiry times per payment method").
describe('payments carry the fields the service returns', () => {
  it('an open payment has expiresAt (by method), details null, and the locale and addresses it was given', async () => {
    const created = clock.ms
    const address = { streetAndNumber: 'Dam 1', postalCode: '1012 JS', city: 'Amsterdam', country: 'NL' }
    const payment = (
      await call('POST', '/v2/payments', {
        body: validPaymentBody({
          method: 'creditcard',
          locale: 'nl_NL',
          billingAddress: address,
          shippingAddress: address,
        }),
      })
    ).json
    expect(payment.expiresAt).toBe(
      new Date(Math.floor(created / 1000) * 1000 + 30 * 60_000).toISOString().slice(0, 19) + '+00:00',
    )
    expect(payment.details).toBeNull()
    expect(payment.locale).toBe('nl_NL')
    expect(payment.billingAddress).toEqual(address)
    expect(payment.shippingAddress).toEqual(address)
    const noMethod = (await call('POST', '/v2/payments', { body: validPaymentBody() })).json
    expect(Date.parse(noMethod.expiresAt) - Date.parse(noMethod.createdAt)).toBe(15 * 60_000)
  })

  it('once paid: no expiresAt, a locale and countryCode from checkout, details of the method', async () => {
    const order = (
      await call('POST', '/v2/orders?embed=payments', { body: validOrderBody('FIELDS-1', { method: 'ideal' }) })
    ).json
    const paymentId = order._embedded.payments[0].id
    expect(order._embedded.payments[0].locale).toBe('nl_NL')
    expect(await choose(paymentId, 'paid')).toBe(303)
    const paid = (await call('GET', `/v2/payments/${paymentId}`)).json
    expect(paid.expiresAt).toBeUndefined()
    expect(paid.countryCode).toBe('NL')
    expect(paid.details).toEqual({
      consumerName: 'Piet Mondriaan',
      consumerAccount: expect.stringMatching(/^NL\d\d[A-Z]{4}\d{10}$/),
      consumerBic: expect.any(String),
    })
    const card = (await call('POST', '/v2/payments', { body: validPaymentBody({ method: 'creditcard' }) })).json
    await choose(card.id, 'paid')
    const cardPaid = (await call('GET', `/v2/payments/${card.id}`)).json
    expect(Object.keys(cardPaid.details)).toEqual(
      expect.arrayContaining([
        'cardHolder',
        'cardNumber',
        'cardFingerprint',
        'cardAudience',
        'cardLabel',
        'cardCountryCode',
        'cardSecurity',
        'feeRegion',
      ]),
    )
    expect(cardPaid.locale).toBe('en_US')
  })

  it('validates expiresAt on create', async () => {
    const bad = await call('POST', '/v2/payments', { body: validPaymentBody({ expiresAt: '2026-02-30' }) })
    expect(bad.status).toBe(422)
    expect(bad.json.field).toBe('expiresAt')
    const past = await call('POST', '/v2/payments', { body: validPaymentBody({ expiresAt: '2020-01-01' }) })
    expect(past.json.field).toBe('expiresAt')
    const today = new Date(clock.ms).toISOString().slice(0, 10)
    const tomorrow = new Date(Date.parse(today) + 86_400_000).toISOString().slice(0, 10)
    const ok = await call('POST', '/v2/payments', { body: validPaymentBody({ expiresAt: tomorrow }) })
    expect(ok.status).toBe(201)
    expect(ok.json.expiresAt).toBe(`${tomorrow}T00:00:00+00:00`)
  })
})

// https://docs.mollie.com/reference/v2/payments-api/create-payment (sequenceType, customerId,
// mandateId) and https://docs.mollie.com/payments/recurring.
describe('first and recurring payments', () => {
  it('a first payment needs a customer; paying it gives the customer a mandate', async () => {
    const noCustomer = await call('POST', '/v2/payments', { body: validPaymentBody({ sequenceType: 'first' }) })
    expect(noCustomer.status).toBe(422)
    expect(noCustomer.json.field).toBe('customerId')
    // The customer must exist (https://docs.mollie.com/reference/create-payment, customerId).
    const unknown = await call('POST', '/v2/payments', {
      body: validPaymentBody({ sequenceType: 'first', customerId: 'cst_nobody1' }),
    })
    expect(unknown.status).toBe(422)
    expect(unknown.json.field).toBe('customerId')
    const customerId = (await call('POST', '/v2/customers', { body: { name: 'Recurring Tester' } })).json.id as string
    const recurringFirst = await call('POST', '/v2/payments', {
      body: validPaymentBody({ sequenceType: 'recurring', customerId, redirectUrl: undefined }),
    })
    expect(recurringFirst.status).toBe(422)
    expect(recurringFirst.json.field).toBe('customerId')
    expect(recurringFirst.json.detail).toMatch(/no valid mandate/)

    const first = (
      await call('POST', '/v2/payments', {
        body: validPaymentBody({ sequenceType: 'first', customerId, method: 'creditcard' }),
      })
    ).json
    expect(first._links.checkout.href).toContain('/checkout/')
    await choose(first.id, 'paid')
    const paidFirst = (await call('GET', `/v2/payments/${first.id}`)).json
    expect(paidFirst.mandateId).toMatch(/^mdt_/)

    const { redirectUrl: _r, ...noRedirect } = validPaymentBody({ description: 'Monthly' })
    const recurring = await call('POST', '/v2/payments', {
      body: { ...noRedirect, sequenceType: 'recurring', customerId },
    })
    expect(recurring.status).toBe(201)
    expect(recurring.json._links.checkout).toBeUndefined()
    expect(recurring.json.redirectUrl).toBeNull()
    expect(recurring.json.mandateId).toBe(paidFirst.mandateId)
    expect(recurring.json.status).toBe('paid')
    const wrongMandate = await call('POST', '/v2/payments', {
      body: { ...noRedirect, sequenceType: 'recurring', customerId, mandateId: 'mdt_nothere' },
    })
    expect(wrongMandate.status).toBe(422)
    expect(wrongMandate.json.field).toBe('mandateId')
  })
})

// Organization access tokens (https://docs.mollie.com/overview/authentication): profileId is
// required to create payments and orders (.../payments-api/create-payment, .../orders-api/create-order,
// "Access token parameters"); reading by id takes only testmode (.../payments-api/get-payment,
// .../orders-api/get-order); lists take an optional profileId (.../payments-api/list-payments);
// create-order-payment takes testmode only (.../orders-api/create-order-payment).
describe('organization tokens need profileId only where the service does', () => {
  it('reads a payment and an order by id with testmode alone, and lists without profileId', async () => {
    const profile = { profileId: sandbox().profileId, testmode: true }
    const order = await call('POST', '/v2/orders?embed=payments', {
      key: TOKEN,
      body: validOrderBody('ORG-1', profile),
    })
    expect(order.status).toBe(201)
    const payment = await call('POST', '/v2/payments', { key: TOKEN, body: validPaymentBody(profile) })
    expect(payment.status).toBe(201)
    expect((await call('GET', `/v2/payments/${payment.json.id}?testmode=true`, { key: TOKEN })).status).toBe(200)
    expect((await call('GET', `/v2/orders/${order.json.id}?testmode=true`, { key: TOKEN })).status).toBe(200)
    // Without testmode a token reads live objects only: the test order is not found.
    expect((await call('GET', `/v2/orders/${order.json.id}`, { key: TOKEN })).status).toBe(404)
    const list = await call('GET', '/v2/payments?testmode=true&limit=5', { key: TOKEN })
    expect(list.status).toBe(200)
    expect(list.json._embedded.payments.every((p: { mode: string }) => p.mode === 'test')).toBe(true)
    // https://docs.mollie.com/reference/v2/orders-api/list-orders: the same for orders.
    const orders = await call('GET', '/v2/orders?testmode=true&limit=5', { key: TOKEN })
    expect(orders.status).toBe(200)
    expect(orders.json._embedded.orders.some((o: { id: string }) => o.id === order.json.id)).toBe(true)
    // A profileId on a list still filters and is checked.
    expect((await call('GET', '/v2/payments?profileId=pfl_unknown1&testmode=true', { key: TOKEN })).json.field).toBe(
      'profileId',
    )
  })

  it('creates an order payment with testmode alone', async () => {
    const order = (
      await call('POST', '/v2/orders?embed=payments', {
        key: TOKEN,
        body: validOrderBody('ORG-2', { profileId: sandbox().profileId, testmode: true }),
      })
    ).json
    await choose(order._embedded.payments[0].id, 'canceled')
    const next = await call('POST', `/v2/orders/${order.id}/payments`, { key: TOKEN, body: { testmode: true } })
    expect(next.status).toBe(201)
    expect(next.json.mode).toBe('test')
  })

  it('still requires profileId to create', async () => {
    const missing = await call('POST', '/v2/payments', { key: TOKEN, body: validPaymentBody({ testmode: true }) })
    expect(missing.status).toBe(422)
    expect(missing.json.field).toBe('profileId')
  })
})

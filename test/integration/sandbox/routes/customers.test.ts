// Customers and mandates (issue 24 item 5): https://docs.mollie.com/reference/customers-api and
// https://docs.mollie.com/reference/mandates-api, over real HTTP.
import { describe, expect, it } from 'vitest'
import { useHarness } from '../../helpers/sandbox-harness'
import { validPaymentBody } from '../../../helpers/sandbox-fixtures'

const h = useHarness()

/** A recurring payment on the customer's mandate (no redirect: the customer is not there). */
const recurringPayment = (customerId: string, overrides: Parameters<typeof validPaymentBody>[0] = {}) =>
  h.api('POST', '/payments', {
    ...validPaymentBody(overrides),
    redirectUrl: undefined,
    sequenceType: 'recurring',
    customerId,
  })

describe('customers', () => {
  it('create-customer, get-customer, update-customer, list-customers (docs.mollie.com/reference/create-customer)', async () => {
    const anna = { name: 'Anna de Vries', email: 'anna@example.nl', locale: 'nl_NL', metadata: { crm: 17 } }
    const created = await h.api('POST', '/customers', anna)
    expect(created.status).toBe(201)
    // The customer answers with every field it was created with.
    expect(created.json).toMatchObject({ resource: 'customer', mode: 'test', ...anna })
    expect(created.json.id).toMatch(/^cst_/)
    expect(created.json.profileId).toBeUndefined()
    const id = created.json.id as string
    expect((await h.api('GET', `/customers/${id}`)).json.email).toBe('anna@example.nl')
    const updated = await h.api('PATCH', `/customers/${id}`, { email: 'anna.devries@example.nl' })
    expect(updated.json.email).toBe('anna.devries@example.nl')
    expect(updated.json.name).toBe('Anna de Vries')
    const other = (await h.api('POST', '/customers', { name: 'Ben' })).json
    const list = (await h.api('GET', '/customers?limit=2')).json
    expect(list._embedded.customers.map((c: { id: string }) => c.id)).toEqual([other.id, id])
  })

  it('refuses bad input with the field named', async () => {
    expect((await h.api('POST', '/customers', { email: 'not-an-address' })).json.field).toBe('email')
    expect((await h.api('POST', '/customers', { locale: 'xx_XX' })).json.field).toBe('locale')
    expect((await h.api('POST', '/customers', { name: 5 })).json.field).toBe('name')
    const unknown = await h.api('POST', '/customers', { nickname: 'x' })
    expect(unknown.status).toBe(422)
    expect(unknown.json.field).toBe('nickname')
    expect((await h.api('GET', '/customers/cst_nobody1')).status).toBe(404)
  })

  it('delete-customer: 204, then 410 Gone; its mandates are revoked (docs.mollie.com/reference/delete-customer)', async () => {
    const c = (await h.api('POST', '/customers', { name: 'Gone' })).json
    const mandate = (
      await h.api('POST', `/customers/${c.id}/mandates`, {
        method: 'directdebit',
        consumerName: 'Gone',
        consumerAccount: 'NL55INGB0000000000',
      })
    ).json
    const deleted = await h.api('DELETE', `/customers/${c.id}`)
    expect(deleted.status).toBe(204)
    expect((await h.api('GET', `/customers/${c.id}`)).status).toBe(410)
    expect(mandate.status).toBe('valid')
    const recurring = await recurringPayment(c.id)
    expect(recurring.status).toBe(422)
  })

  it('customer payments: create-customer-payment sets customerId; list-customer-payments lists them (docs.mollie.com/reference/create-customer-payment)', async () => {
    const c = (await h.api('POST', '/customers', { name: 'Cora' })).json
    const p = await h.api('POST', `/customers/${c.id}/payments`, validPaymentBody({ description: 'Cora 1' }))
    expect(p.status).toBe(201)
    expect(p.json.customerId).toBe(c.id)
    expect(p.json._links.customer.href).toBe(`${h.sandbox.baseUrl}/customers/${c.id}`)
    const direct = await h.api('POST', '/payments', validPaymentBody({ customerId: c.id }))
    expect(direct.status).toBe(201)
    const list = (await h.api('GET', `/customers/${c.id}/payments`)).json
    expect(list._embedded.payments.map((x: { id: string }) => x.id)).toEqual([direct.json.id, p.json.id])
    expect((await h.api('GET', `/customers/${c.id}`)).json._links.payments.href).toContain(
      `/customers/${c.id}/payments`,
    )
    const unknown = await h.api('POST', '/payments', validPaymentBody({ customerId: 'cst_nobody1' }))
    expect(unknown.status).toBe(422)
    expect(unknown.json.field).toBe('customerId')
    expect((await h.api('POST', '/customers/cst_nobody1/payments', validPaymentBody())).status).toBe(404)
    const invalid = await h.api('POST', `/customers/${c.id}/payments`, { description: 'no amount' })
    expect(invalid.json.field).toBe('amount')
  })
})

describe('mandates', () => {
  it('create-mandate (directdebit), get-mandate, list-mandates, revoke-mandate; a recurring payment runs on it (docs.mollie.com/reference/create-mandate)', async () => {
    const c = (await h.api('POST', '/customers', { name: 'Dirk' })).json
    const created = await h.api('POST', `/customers/${c.id}/mandates`, {
      method: 'directdebit',
      consumerName: 'Dirk Jansen',
      consumerAccount: 'NL55 INGB 0000 0000 00',
      consumerBic: 'INGBNL2A',
      mandateReference: 'DIRK-001',
    })
    expect(created.status).toBe(201)
    expect(created.json).toMatchObject({
      resource: 'mandate',
      status: 'valid',
      method: 'directdebit',
      mandateReference: 'DIRK-001',
    })
    expect(created.json.details.consumerAccount).toBe('NL55INGB0000000000')
    const recurring = await recurringPayment(c.id, { description: 'Monthly' })
    expect(recurring.status).toBe(201)
    expect(recurring.json.status).toBe('paid')
    expect(recurring.json.mandateId).toBe(created.json.id)
    expect((await h.api('GET', `/customers/${c.id}/mandates/${created.json.id}`)).json.id).toBe(created.json.id)
    expect((await h.api('GET', `/customers/${c.id}/mandates`)).json.count).toBe(1)
    expect((await h.api('DELETE', `/customers/${c.id}/mandates/${created.json.id}`)).status).toBe(204)
    expect((await h.api('GET', `/customers/${c.id}/mandates/${created.json.id}`)).json.status).toBe('invalid')
    const after = await recurringPayment(c.id)
    expect(after.status).toBe(422)
  })

  it('refuses bad mandates with the field named', async () => {
    const c = (await h.api('POST', '/customers', { name: 'Eva' })).json
    const post = (body: unknown) => h.api('POST', `/customers/${c.id}/mandates`, body)
    expect((await post({ method: 'creditcard', consumerName: 'Eva' })).json.field).toBe('method')
    expect((await post({ method: 'directdebit', consumerAccount: 'NL55INGB0000000000' })).json.field).toBe(
      'consumerName',
    )
    expect(
      (await post({ method: 'directdebit', consumerName: 'Eva', consumerAccount: 'NL00INGB0000000000' })).json.field,
    ).toBe('consumerAccount')
    expect(
      (
        await post({
          method: 'directdebit',
          consumerName: 'Eva',
          consumerAccount: 'NL55INGB0000000000',
          signatureDate: '2999-01-01',
        })
      ).json.field,
    ).toBe('signatureDate')
    expect((await post({ method: 'paypal', consumerName: 'Eva', consumerEmail: 'nope' })).json.field).toBe(
      'consumerEmail',
    )
  })
})

describe('methods', () => {
  it('list-methods filters by amount, sequenceType and translates by locale (docs.mollie.com/reference/list-methods)', async () => {
    const all = (await h.api('GET', '/methods')).json
    const ids = all._embedded.methods.map((m: { id: string }) => m.id)
    expect(ids).toContain('ideal')
    expect(ids).not.toContain('directdebit')
    const recurring = (await h.api('GET', '/methods?sequenceType=recurring')).json._embedded.methods.map(
      (m: { id: string }) => m.id,
    )
    expect(recurring).toEqual(['creditcard', 'paypal', 'directdebit'])
    const big = (await h.api('GET', '/methods?amount[value]=9000.00&amount[currency]=EUR')).json._embedded.methods.map(
      (m: { id: string }) => m.id,
    )
    expect(big).toContain('creditcard')
    expect(big).not.toContain('paypal')
    expect(big).not.toContain('paysafecard')
    const pln = (await h.api('GET', '/methods?amount[value]=10.00&amount[currency]=PLN')).json._embedded.methods.map(
      (m: { id: string }) => m.id,
    )
    expect(pln).toContain('przelewy24')
    expect(pln).not.toContain('ideal')
    const german = (await h.api('GET', '/methods?locale=de_DE')).json._embedded.methods.find(
      (m: { id: string }) => m.id === 'banktransfer',
    )
    expect(german.description).toBe('Überweisung')
    const method = (await h.api('GET', '/methods/ideal')).json
    expect(method).toMatchObject({
      resource: 'method',
      id: 'ideal',
      description: 'iDEAL',
      minimumAmount: { value: '0.01', currency: 'EUR' },
    })
    expect(method.image.svg).toMatch(/ideal\.svg$/)
  })

  it('refuses bad filters with the field named; an unknown method is 404 (docs.mollie.com/reference/get-method)', async () => {
    expect((await h.api('GET', '/methods?sequenceType=sometimes')).json.field).toBe('sequenceType')
    expect((await h.api('GET', '/methods?locale=xx')).json.field).toBe('locale')
    expect((await h.api('GET', '/methods?amount[value]=ten&amount[currency]=EUR')).json.field).toBe('amount.value')
    expect((await h.api('GET', '/methods?amount[value]=10.00')).json.field).toBe('amount.currency')
    expect((await h.api('GET', '/methods/bitcoin')).status).toBe(404)
  })
})

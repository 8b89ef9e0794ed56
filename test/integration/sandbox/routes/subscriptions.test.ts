// Subscriptions (issue 48 item 1; https://docs.mollie.com/reference/subscriptions-api): create, get,
// list, update and cancel under a customer, the account-wide list, a subscription's payments, the
// documented validation, and the charges the sandbox clock makes on the customer's mandate.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHarness, type Harness, type Json } from '../../helpers/sandbox-harness'
import { startWebhookShop, until, type WebhookShop } from '../../helpers/webhook-shop'

let h: Harness
let shop: WebhookShop

beforeAll(async () => {
  shop = await startWebhookShop('/subscriptions')
  h = await startHarness({ allowLocalWebhooks: true, clockStartMs: Date.parse('2026-03-02T09:00:00Z') })
})
afterAll(async () => {
  await h.close()
  await shop.close()
})

/** A customer with a valid directdebit mandate. */
async function customerWithMandate(name = 'Sub Scriber'): Promise<{ customerId: string; mandateId: string }> {
  const customer = (await h.api('POST', '/customers', { name, email: 'sub@example.org' })).json
  const mandate = await h.api('POST', `/customers/${customer.id}/mandates`, {
    method: 'directdebit',
    consumerName: name,
    consumerAccount: 'NL55INGB0000000000',
  })
  expect(mandate.status).toBe(201)
  return { customerId: customer.id as string, mandateId: mandate.json.id as string }
}

const monthly = (overrides: Record<string, unknown> = {}) => ({
  amount: { currency: 'EUR', value: '25.00' },
  interval: '1 month',
  description: 'Monthly box',
  startDate: '2026-03-10',
  ...overrides,
})

describe('subscriptions', () => {
  it('create, get, list, the account-wide list: the documented object (docs.mollie.com/reference/create-subscription, get-subscription)', async () => {
    const { customerId } = await customerWithMandate()
    const created = await h.api(
      'POST',
      `/customers/${customerId}/subscriptions`,
      monthly({ times: 4, metadata: { plan: 'box' } }),
    )
    expect(created.status).toBe(201)
    const s: Json = created.json
    expect(s).toMatchObject({
      resource: 'subscription',
      mode: 'test',
      status: 'active',
      amount: { currency: 'EUR', value: '25.00' },
      times: 4,
      timesRemaining: 4,
      interval: '1 month',
      startDate: '2026-03-10',
      nextPaymentDate: '2026-03-10',
      description: 'Monthly box',
      method: null,
      webhookUrl: null,
      metadata: { plan: 'box' },
      customerId,
    })
    expect(s.id).toMatch(/^sub_/)
    expect(s._links.self.href).toBe(`${h.sandbox.baseUrl}/customers/${customerId}/subscriptions/${s.id}`)
    expect(s._links.customer.href).toBe(`${h.sandbox.baseUrl}/customers/${customerId}`)
    expect(s._links.payments).toBeUndefined()
    expect((await h.api('GET', `/customers/${customerId}/subscriptions/${s.id}`)).json).toEqual(s)
    const list = (await h.api('GET', `/customers/${customerId}/subscriptions`)).json
    expect(list._embedded.subscriptions.map((x: Json) => x.id)).toEqual([s.id])
    const all = (await h.api('GET', '/subscriptions?limit=250')).json
    expect(all._embedded.subscriptions.map((x: Json) => x.id)).toContain(s.id)
  })

  it('refuses what the documentation refuses, with the field (create-subscription, update-subscription)', async () => {
    const { customerId, mandateId } = await customerWithMandate('Val Idation')
    const path = `/customers/${customerId}/subscriptions`
    const cases: [Record<string, unknown>, string][] = [
      [{ interval: '1 fortnight' }, 'interval'],
      [{ interval: '13 months' }, 'interval'],
      [{ interval: '366 days' }, 'interval'],
      [{ interval: undefined }, 'interval'],
      [{ amount: { currency: 'EUR', value: '0.00' } }, 'amount'],
      [{ amount: { currency: 'EUR', value: '10' } }, 'amount.value'],
      [{ description: '' }, 'description'],
      [{ times: 0 }, 'times'],
      [{ times: 1.5 }, 'times'],
      [{ startDate: '2026-02-30' }, 'startDate'],
      [{ startDate: '2026-03-01' }, 'startDate'],
      [{ method: 'ideal' }, 'method'],
      [{ method: 'directdebit', mandateId }, 'method'],
      [{ mandateId: 'mdt_doesnotexist' }, 'mandateId'],
      [{ webhookUrl: 'ftp://shop.example.com' }, 'webhookUrl'],
      [{ method: 'creditcard' }, 'method'],
    ]
    for (const [overrides, field] of cases) {
      const r = await h.api('POST', path, monthly(overrides))
      expect({ overrides, status: r.status, field: r.json.field }).toEqual({ overrides, status: 422, field })
      expect(r.json._links.documentation.href).toMatch(/\/docs\//)
      expect(r.json.title).toBeTruthy()
    }
    expect((await h.api('POST', path, monthly({ description: 'Unique' }))).status).toBe(201)
    const dup = await h.api('POST', path, monthly({ description: 'Unique' }))
    expect([dup.status, dup.json.field]).toEqual([422, 'description'])
    expect((await h.api('POST', '/customers/cst_unknown1/subscriptions', monthly())).status).toBe(404)
    expect((await h.api('GET', `${path}/sub_unknown1`)).status).toBe(404)
    const badPage = await h.api('GET', `${path}?limit=0`)
    expect([badPage.status, badPage.json.field]).toEqual([400, 'limit'])
    const badFrom = await h.api('GET', `/subscriptions?from=sub_nothere`)
    expect([badFrom.status, badFrom.json.field]).toEqual([400, 'from'])
    const notJson = await h.api('POST', path, 'text')
    expect(notJson.status).toBe(422)
  })

  it('a customer without a valid mandate cannot subscribe (docs.mollie.com/payments/recurring)', async () => {
    const customer = (await h.api('POST', '/customers', { name: 'No Mandate' })).json
    const r = await h.api('POST', `/customers/${customer.id}/subscriptions`, monthly())
    expect(r.status).toBe(422)
    expect(r.json.detail).toMatch(/no valid mandate/)
  })

  it('the clock charges each due date through the mandate: a recurring payment with subscriptionId, its webhook, nextPaymentDate moves on, completed after times', async () => {
    const { customerId, mandateId } = await customerWithMandate('Clock Charged')
    const created = (
      await h.api(
        'POST',
        `/customers/${customerId}/subscriptions`,
        monthly({ times: 2, webhookUrl: shop.url, startDate: '2026-03-31' }),
      )
    ).json
    shop.calls.length = 0
    await h.admin.advanceClock({ to: '2026-03-31T00:00:01Z' })
    await until(() => shop.calls.length === 1)
    let s = (await h.api('GET', `/customers/${customerId}/subscriptions/${created.id}`)).json
    expect(s).toMatchObject({ status: 'active', timesRemaining: 1, nextPaymentDate: '2026-04-30' })
    const payments = (await h.api('GET', `/customers/${customerId}/subscriptions/${created.id}/payments`)).json
    const [payment] = payments._embedded.payments
    expect(payment).toMatchObject({
      status: 'paid',
      sequenceType: 'recurring',
      subscriptionId: created.id,
      mandateId,
      customerId,
      amount: { currency: 'EUR', value: '25.00' },
      method: 'directdebit',
      createdAt: '2026-03-31T00:00:00+00:00',
    })
    expect(payment._links.subscription.href).toBe(s._links.self.href)
    expect(shop.calls.map((c) => c.body)).toEqual([`id=${payment.id}`])
    expect(s._links.payments.href).toBe(`${s._links.self.href}/payments`)
    // A jump over the next date charges it at its own time; after `times` the subscription completes.
    await h.admin.advanceClock({ to: '2026-06-15' })
    s = (await h.api('GET', `/customers/${customerId}/subscriptions/${created.id}`)).json
    expect(s).toMatchObject({ status: 'completed', timesRemaining: 0 })
    expect(s.nextPaymentDate).toBeUndefined()
    const all = (await h.api('GET', `/customers/${customerId}/subscriptions/${created.id}/payments`)).json
    expect(all._embedded.payments.map((p: Json) => p.createdAt)).toEqual([
      '2026-04-30T00:00:00+00:00',
      '2026-03-31T00:00:00+00:00',
    ])
  })

  it('a failed charge is a failed payment and the subscription goes on; revoking its mandate cancels it (get-subscription, revoke-mandate)', async () => {
    const { customerId, mandateId } = await customerWithMandate('Fail Ing')
    const today = (await h.admin.clock()).now.slice(0, 10)
    const created = (
      await h.api('POST', `/customers/${customerId}/subscriptions`, monthly({ startDate: today, interval: '14 days' }))
    ).json
    // Starting today: charged before the answer, so the next date is already 14 days on.
    expect(created.timesRemaining).toBeNull()
    const admin = await fetch(`${h.sandbox.origin}/__admin/subscriptions/${created.id}/fail-next-charge`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${h.sandbox.adminToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ failureReason: 'insufficient_funds' }),
    })
    expect(admin.status).toBe(200)
    await h.admin.advanceClock({ advanceSeconds: 15 * 86_400 })
    const payments = (await h.api('GET', `/customers/${customerId}/subscriptions/${created.id}/payments`)).json
    expect(payments._embedded.payments.map((p: Json) => p.status)).toEqual(['failed', 'paid'])
    expect(payments._embedded.payments[0].details).toMatchObject({ bankReasonCode: 'AM04' })
    let s = (await h.api('GET', `/customers/${customerId}/subscriptions/${created.id}`)).json
    expect(s.status).toBe('active')
    expect(s.nextPaymentDate).toBeDefined()
    // Revoking the mandate it charges on cancels it: "all connected subscriptions will be canceled"
    // (https://docs.mollie.com/reference/v2/mandates-api/revoke-mandate); no charge comes after.
    expect((await h.api('DELETE', `/customers/${customerId}/mandates/${mandateId}`)).status).toBe(204)
    await h.admin.advanceClock({ advanceSeconds: 15 * 86_400 })
    s = (await h.api('GET', `/customers/${customerId}/subscriptions/${created.id}`)).json
    expect(s.status).toBe('canceled')
    expect(s.canceledAt).toEqual(expect.any(String))
    expect(s.nextPaymentDate).toBeUndefined()
    const after = (await h.api('GET', `/customers/${customerId}/subscriptions/${created.id}/payments`)).json
    expect(after._embedded.payments).toHaveLength(2)
  })

  it('update changes what the documentation allows and refuses the rest; cancel stops the charges (update-subscription, cancel-subscription)', async () => {
    const { customerId } = await customerWithMandate('Up Date')
    const path = `/customers/${customerId}/subscriptions`
    const created = (await h.api('POST', path, monthly({ startDate: '2026-12-01', times: 3 }))).json
    const updated = await h.api('PATCH', `${path}/${created.id}`, {
      amount: { currency: 'EUR', value: '30.00' },
      description: 'Bigger box',
      startDate: '2026-12-05',
      times: 5,
      metadata: { plan: 'big' },
    })
    expect(updated.status).toBe(200)
    expect(updated.json).toMatchObject({
      amount: { currency: 'EUR', value: '30.00' },
      description: 'Bigger box',
      startDate: '2026-12-05',
      nextPaymentDate: '2026-12-05',
      times: 5,
      timesRemaining: 5,
      metadata: { plan: 'big' },
    })
    const badInterval = await h.api('PATCH', `${path}/${created.id}`, { interval: '2 years' })
    expect([badInterval.status, badInterval.json.field]).toEqual([422, 'interval'])
    const canceled = await h.api('DELETE', `${path}/${created.id}`)
    expect(canceled.status).toBe(200)
    expect(canceled.json.status).toBe('canceled')
    expect(canceled.json.canceledAt).toMatch(/\+00:00$/)
    expect(canceled.json.nextPaymentDate).toBeUndefined()
    const again = await h.api('PATCH', `${path}/${created.id}`, { description: 'Too late' })
    expect(again.status).toBe(422)
    expect((await h.api('DELETE', `${path}/${created.id}`)).status).toBe(422)
    await h.admin.advanceClock({ to: '2027-01-10' })
    expect((await h.api('GET', `${path}/${created.id}/payments`)).json.count).toBe(0)
  })

  it('revoking a mandate cancels the subscriptions connected to it, and only those (docs.mollie.com/reference/v2/mandates-api/revoke-mandate)', async () => {
    const { customerId, mandateId } = await customerWithMandate('Two Mandates')
    const path = `/customers/${customerId}/subscriptions`
    const startDate = (await h.admin.clock()).now.slice(0, 10)
    const made = await h.api('POST', path, monthly({ description: 'Named', startDate, mandateId }))
    expect(made.json).toMatchObject({ status: 'active', mandateId })
    const named = made.json
    const other = await h.api('POST', `/customers/${customerId}/mandates`, {
      method: 'directdebit',
      consumerName: 'Two Mandates',
      consumerAccount: 'DE89370400440532013000',
    })
    expect(other.status).toBe(201)
    const onOther = (
      await h.api('POST', path, monthly({ description: 'On other', startDate, mandateId: other.json.id }))
    ).json
    // Names none: it charges on the newest valid mandate (the other one), so it is not connected to the first.
    const unnamed = (await h.api('POST', path, monthly({ description: 'Unnamed', startDate }))).json
    expect((await h.api('DELETE', `/customers/${customerId}/mandates/${mandateId}`)).status).toBe(204)
    const status = async (id: string) => (await h.api('GET', `${path}/${id}`)).json.status
    expect([await status(named.id), await status(onOther.id), await status(unnamed.id)]).toEqual([
      'canceled',
      'active',
      'active',
    ])
    // Revoking the other one, the newest: the unnamed subscription charges on it, so it stops too.
    expect((await h.api('DELETE', `/customers/${customerId}/mandates/${other.json.id}`)).status).toBe(204)
    expect([await status(onOther.id), await status(unnamed.id)]).toEqual(['canceled', 'canceled'])
  })

  it('"Subscriptions in test mode will be canceled automatically after 10 charges" (create-subscription, times)', async () => {
    const { customerId } = await customerWithMandate('Ten Times')
    const path = `/customers/${customerId}/subscriptions`
    const start = (await h.admin.clock()).now.slice(0, 10)
    const created = (await h.api('POST', path, monthly({ interval: '1 day', startDate: start, description: 'Daily' })))
      .json
    await h.admin.advanceClock({ advanceSeconds: 12 * 86_400 })
    const s = (await h.api('GET', `${path}/${created.id}`)).json
    expect(s.status).toBe('canceled')
    expect(s.nextPaymentDate).toBeUndefined()
    expect((await h.api('GET', `${path}/${created.id}/payments`)).json.count).toBe(10)
  })

  it('a new interval counts from the last charge date (update-subscription, interval)', async () => {
    const { customerId } = await customerWithMandate('New Interval')
    const path = `/customers/${customerId}/subscriptions`
    const today = (await h.admin.clock()).now.slice(0, 10)
    const created = (await h.api('POST', path, monthly({ startDate: today, description: 'Switch' }))).json
    expect(created.nextPaymentDate).not.toBe(today)
    const updated = (await h.api('PATCH', `${path}/${created.id}`, { interval: '7 days' })).json
    expect(updated.interval).toBe('7 days')
    expect(updated.nextPaymentDate).toBe(
      new Date(Date.parse(`${today}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10),
    )
    const late = await h.api('PATCH', `${path}/${created.id}`, { startDate: '2030-01-01' })
    expect([late.status, late.json.field]).toEqual([422, 'startDate'])
    const fewer = await h.api('PATCH', `${path}/${created.id}`, { times: 0 })
    expect([fewer.status, fewer.json.field]).toEqual([422, 'times'])
  })

  it('deleting the customer cancels its subscriptions (docs.mollie.com/reference/delete-customer)', async () => {
    const { customerId } = await customerWithMandate('Gone Soon')
    const created = (
      await h.api('POST', `/customers/${customerId}/subscriptions`, monthly({ startDate: '2027-06-01' }))
    ).json
    expect((await h.api('DELETE', `/customers/${customerId}`)).status).toBe(204)
    const all = (await h.api('GET', '/subscriptions?limit=250')).json
    const listed = all._embedded.subscriptions.find((s: Json) => s.id === created.id)
    expect(listed.status).toBe('canceled')
  })
})

describe('the seeded merchant', () => {
  it('the practice call about a subscription has a real one: active, on her valid mandate, her recurring payments are its payments', async () => {
    const seeded = await startHarness({ seedPayments: 200, seed: 4 }, 'test_seededSubscriptions01')
    try {
      const all = (await seeded.api('GET', '/subscriptions')).json
      const [s] = all._embedded.subscriptions
      expect(s).toMatchObject({ status: 'active', description: 'Coffee subscription', interval: '30 days' })
      const customer = (await seeded.api('GET', `/customers/${s.customerId}`)).json
      expect(customer.name).toBe('Sanne de Vries')
      const mandate = (await seeded.api('GET', `/customers/${s.customerId}/mandates/${s.mandateId}`)).json
      expect(mandate.status).toBe('valid')
      const payments = (await seeded.api('GET', `/customers/${s.customerId}/subscriptions/${s.id}/payments`)).json
      expect(payments._embedded.payments.map((p: Json) => p.status)).toEqual(['failed', 'paid', 'paid', 'paid'])
      expect(payments._embedded.payments.every((p: Json) => p.subscriptionId === s.id)).toBe(true)
    } finally {
      await seeded.close()
    }
  })
})

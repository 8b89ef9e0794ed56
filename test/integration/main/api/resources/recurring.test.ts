// The client's subscription and payment-link calls (src/main/api/resources/recurring.ts) against the sandbox
// over real HTTP (issue 48 items 1 and 2): paths from the operation table, answers checked, the
// service's errors typed with their field, bad ids refused before anything is sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paymentLinkCalls, subscriptionCalls } from '../../../../../src/main/api/resources/recurring'
import { startSandbox, type RunningSandbox } from '../../../../../src/sandbox/index'
import { ORG_TOKEN, TEST_KEY, recordingClient, rejection } from '../../../helpers/api-client'

let sb: RunningSandbox

beforeAll(async () => {
  sb = await startSandbox({ seedPayments: 0, keys: [TEST_KEY, ORG_TOKEN] })
})
afterAll(() => sb.close())

async function customerWithMandate(): Promise<string> {
  const headers = { Authorization: `Bearer ${TEST_KEY}`, 'Content-Type': 'application/json' }
  const customer = (await (
    await fetch(`${sb.baseUrl}/customers`, { method: 'POST', headers, body: JSON.stringify({ name: 'Client Sub' }) })
  ).json()) as { id: string }
  await fetch(`${sb.baseUrl}/customers/${customer.id}/mandates`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ method: 'directdebit', consumerName: 'Client Sub', consumerAccount: 'NL55INGB0000000000' }),
  })
  return customer.id
}

describe('subscription calls', () => {
  it('create, get, list, the account-wide list, payments, update and cancel (docs.mollie.com/reference/subscriptions-api)', async () => {
    const { client } = recordingClient(sb.baseUrl)
    const customerId = await customerWithMandate()
    const body = { amount: { currency: 'EUR', value: '9.50' }, interval: '1 month', description: 'Magazine' }
    const s = await subscriptionCalls.create(client, customerId, body, { idempotencyKey: 'sub-create-1' })
    expect(s).toMatchObject({ resource: 'subscription', status: 'active', customerId, timesRemaining: null })
    expect((await subscriptionCalls.get(client, customerId, s.id)).id).toBe(s.id)
    expect((await subscriptionCalls.list(client, customerId))._embedded.subscriptions.map((x) => x.id)).toEqual([s.id])
    expect((await subscriptionCalls.listAll(client, { limit: 5 }))._embedded.subscriptions.map((x) => x.id)).toContain(
      s.id,
    )
    const payments = await subscriptionCalls.payments(client, customerId, s.id)
    expect(payments._embedded.payments.map((p) => p.subscriptionId)).toEqual([s.id])
    expect(
      (await subscriptionCalls.update(client, customerId, s.id, { description: 'Magazine plus' })).description,
    ).toBe('Magazine plus')
    expect((await subscriptionCalls.cancel(client, customerId, s.id)).status).toBe('canceled')
  })

  it('the service refusal comes back typed with its field; a bad id or limit is refused before sending', async () => {
    const { client } = recordingClient(sb.baseUrl)
    const customerId = await customerWithMandate()
    const refused = await rejection(
      subscriptionCalls.create(client, customerId, {
        amount: { currency: 'EUR', value: '9.50' },
        interval: '3 fortnights',
        description: 'Bad',
      }),
    )
    expect([refused.status, refused.field]).toEqual([422, 'interval'])
    expect((await rejection(subscriptionCalls.get(client, customerId, 'tr_notasub'))).kind).toBe('invalid-request')
    expect((await rejection(subscriptionCalls.list(client, customerId, { limit: 0 }))).kind).toBe('invalid-request')
  })
})

describe('payment link calls', () => {
  it('create, get, list, update, payments and delete (docs.mollie.com/reference/payment-links-api)', async () => {
    const { client } = recordingClient(sb.baseUrl)
    const link = await paymentLinkCalls.create(client, {
      amount: { currency: 'EUR', value: '5.00' },
      description: 'Tip jar',
    })
    expect(link).toMatchObject({ resource: 'payment-link', archived: false, paidAt: null })
    expect((await paymentLinkCalls.get(client, link.id)).description).toBe('Tip jar')
    expect((await paymentLinkCalls.list(client))._embedded.payment_links.map((l) => l.id)).toContain(link.id)
    expect((await paymentLinkCalls.update(client, link.id, { archived: true })).archived).toBe(true)
    expect((await paymentLinkCalls.payments(client, link.id)).count).toBe(0)
    await paymentLinkCalls.delete(client, link.id)
    expect((await rejection(paymentLinkCalls.get(client, link.id))).status).toBe(404)
  })
})

// Webhooks as documented (issue 48 item 5; https://docs.mollie.com/overview/webhooks): the retry
// schema (10 calls, the last 26 hours after the status change, at the documented gaps), a clock jump
// that runs every retry that came due, each stamped at its own due time; refund webhooks only at the
// documented refund states; a canceled order calls the order's webhook.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHarness, type Harness } from '../helpers/sandbox-harness'
import { startWebhookShop, until, type WebhookShop } from '../helpers/webhook-shop'
import { validOrderBody, validPaymentBody } from '../../helpers/sandbox-fixtures'

let h: Harness
let shop: WebhookShop

beforeAll(async () => {
  shop = await startWebhookShop('/hooks')
  h = await startHarness({ allowLocalWebhooks: true, clockStartMs: Date.parse('2026-07-01T10:00:00Z') })
})
afterAll(async () => {
  await h.close()
  await shop.close()
})

const minutes = (at: string, from: string) => (Date.parse(at) - Date.parse(from)) / 60_000

describe('webhooks as documented', () => {
  it('a shop that never answers 2xx is called 10 times, at 0, 1, 3, 7, 15, 31 minutes and 1, 2, 4 and 26 hours; one clock jump runs them all, each stamped at its due time (Retry schema)', async () => {
    shop.answer = 500
    const p = (await h.api('POST', '/payments', validPaymentBody({ webhookUrl: shop.url }))).json
    await h.choose(p.id, 'paid')
    await until(async () => (await h.admin.webhookDeliveries(p.id))[0]?.attempts.length === 1)
    const first = (await h.admin.webhookDeliveries(p.id))[0]?.attempts[0]?.at ?? ''
    await h.admin.advanceClock({ advanceSeconds: 27 * 3600 })
    await until(async () => (await h.admin.webhookDeliveries(p.id))[0]?.state === 'failed')
    const [delivery] = await h.admin.webhookDeliveries(p.id)
    expect(delivery?.attempts.map((a) => minutes(a.at, first))).toEqual([0, 1, 3, 7, 15, 31, 60, 120, 240, 1560])
    expect(delivery?.attempts.every((a) => a.status === 500)).toBe(true)
    expect(delivery?.nextAttemptAt).toBeNull()
  })

  it('no webhook when a refund is created or canceled; one when it reaches processing and refunded (Payments API)', async () => {
    shop.answer = 200
    const p = (await h.api('POST', '/payments', validPaymentBody({ webhookUrl: shop.url }))).json
    await h.choose(p.id, 'paid')
    await until(async () => (await h.admin.webhookDeliveries(p.id)).length === 1)
    const canceled = (await h.api('POST', `/payments/${p.id}/refunds`, { amount: { currency: 'EUR', value: '1.00' } }))
      .json
    expect((await h.api('DELETE', `/payments/${p.id}/refunds/${canceled.id}`)).status).toBe(204)
    await h.admin.advanceClock({ advanceSeconds: 3600 })
    await h.api('POST', `/payments/${p.id}/refunds`, { amount: { currency: 'EUR', value: '2.00' } })
    expect((await h.admin.webhookDeliveries(p.id)).length).toBe(1)
    await h.admin.advanceClock({ advanceSeconds: 2 * 3600 })
    await until(async () => (await h.admin.webhookDeliveries(p.id)).length === 2)
    await h.admin.advanceClock({ advanceSeconds: 24 * 3600 })
    await until(async () => (await h.admin.webhookDeliveries(p.id)).length === 3)
    expect((await h.admin.webhookDeliveries(p.id)).map((d) => d.kind)).toEqual(['payment', 'refund', 'refund'])
  })

  it('canceling an order calls the order webhook with the order id (Orders API: "the order or part of the order is canceled")', async () => {
    shop.answer = 200
    const order = (
      await h.api('POST', '/orders?embed=payments', {
        ...validOrderBody('WH-1'),
        method: 'klarna',
        webhookUrl: shop.url,
      })
    ).json
    await h.choose(order._embedded.payments[0].id, 'authorized')
    await until(async () => (await h.admin.webhookDeliveries(order.id)).length === 1)
    const canceled = await h.api('DELETE', `/orders/${order.id}`)
    expect(canceled.status).toBe(200)
    await until(async () => (await h.admin.webhookDeliveries(order.id)).length === 2)
    expect((await h.admin.webhookDeliveries(order.id)).map((d) => d.objectId)).toEqual([order.id, order.id])
  })
})

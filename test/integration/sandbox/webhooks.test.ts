// Webhooks (issue 24 item 7, spec 6; https://docs.mollie.com/overview/webhooks): a form POST of
// `id=…` to the object's webhookUrl on each status change, retried on the schedule (on the sandbox
// clock) until the shop answers 2xx, every attempt in the admin delivery log; local targets only
// with allowLocalWebhooks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RETRY_SCHEDULE_MS } from '../../../src/sandbox/webhooks'
import { startHarness, type Harness } from '../helpers/sandbox-harness'
import { startWebhookShop, until, type WebhookShop } from '../helpers/webhook-shop'
import { validPaymentBody } from '../../helpers/sandbox-fixtures'

let h: Harness
let shop: WebhookShop

beforeAll(async () => {
  shop = await startWebhookShop('/webhooks')
  h = await startHarness({ allowLocalWebhooks: true, clockStartMs: Date.parse('2026-07-01T10:00:00Z') })
})
afterAll(async () => {
  await h.close()
  await shop.close()
})

describe('webhooks', () => {
  it('POSTs id=<payment id> as a form on a status change; a 500 is retried on the schedule, on the clock, until 200 (docs.mollie.com/overview/webhooks)', async () => {
    const p = (await h.api('POST', '/payments', validPaymentBody({ webhookUrl: shop.url }))).json
    shop.calls.length = 0
    shop.answer = 500
    await h.choose(p.id, 'paid')
    await until(async () => (await h.admin.webhookDeliveries(p.id))[0]?.attempts.length === 1)
    expect(shop.calls[0]).toEqual({ body: `id=${p.id}`, type: 'application/x-www-form-urlencoded' })
    let [delivery] = await h.admin.webhookDeliveries(p.id)
    expect(delivery?.state).toBe('retrying')
    expect(delivery?.attempts[0]).toMatchObject({ status: 500, error: null })
    // Retries wait for the sandbox clock: the first after a minute.
    await h.admin.advanceClock({ advanceSeconds: (RETRY_SCHEDULE_MS[0] ?? 60_000) / 1000 - 5 })
    expect(shop.calls.length).toBe(1)
    shop.answer = 200
    await h.admin.advanceClock({ advanceSeconds: 10 })
    await until(async () => (await h.admin.webhookDeliveries(p.id))[0]?.state === 'delivered')
    ;[delivery] = await h.admin.webhookDeliveries(p.id)
    expect(delivery?.attempts.map((a) => a.status)).toEqual([500, 200])
    expect(shop.calls.length).toBe(2)
  })

  it('a refund calls the payment webhook with the payment id once it is processing, not when it is created (docs.mollie.com/overview/webhooks)', async () => {
    shop.answer = 200
    const p = (await h.api('POST', '/payments', validPaymentBody({ webhookUrl: shop.url }))).json
    await h.choose(p.id, 'paid')
    await until(async () => (await h.admin.webhookDeliveries(p.id)).length === 1)
    await h.api('POST', `/payments/${p.id}/refunds`, { amount: { currency: 'EUR', value: '1.00' } })
    expect((await h.admin.webhookDeliveries(p.id)).length).toBe(1)
    await h.admin.advanceClock({ advanceSeconds: 2 * 3600 })
    await until(async () => (await h.admin.webhookDeliveries(p.id)).length === 2)
    expect((await h.admin.webhookDeliveries(p.id)).every((d) => d.url === shop.url && d.objectId === p.id)).toBe(true)
  })

  it('without allowLocalWebhooks a local webhook URL is refused at creation (422, field webhookUrl), as the service does', async () => {
    const strict = await startHarness({}, 'test_strictWebhooks0001')
    try {
      const refused = await strict.api('POST', '/payments', validPaymentBody({ webhookUrl: shop.url }))
      expect(refused.status).toBe(422)
      expect(refused.json.field).toBe('webhookUrl')
    } finally {
      await strict.close()
    }
  })

  it('the seeded order of the webhook-down story has failed deliveries in the log', async () => {
    const seeded = await startHarness({ seedPayments: 200, seed: 4 }, 'test_seededWebhooks0001')
    try {
      const deliveries = await seeded.admin.webhookDeliveries()
      const down = deliveries.find((d) => d.url.includes('shop-down.example.com'))
      expect(down?.objectId).toMatch(/^ord_/)
      expect(down?.attempts.length).toBeGreaterThan(3)
      expect(down?.attempts.every((a) => a.status === null && /ENOTFOUND/.test(a.error ?? ''))).toBe(true)
    } finally {
      await seeded.close()
    }
  })
})

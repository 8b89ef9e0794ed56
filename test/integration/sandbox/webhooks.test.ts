// Webhooks (issue 24 item 7, spec 6; https://docs.mollie.com/overview/webhooks): a form POST of
// `id=…` to the object's webhookUrl on each status change, retried on the schedule (on the sandbox
// clock) until the shop answers 2xx, every attempt in the admin delivery log; local targets only
// with allowLocalWebhooks.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RETRY_SCHEDULE_MS } from '../../../src/sandbox/webhooks'
import { startHarness, type Harness } from '../helpers/sandbox-harness'
import { validPaymentBody } from '../../helpers/sandbox-fixtures'

let h: Harness
let shop: Server
let shopUrl: string
const calls: { body: string; type: string | undefined }[] = []
let answer = 500

beforeAll(async () => {
  shop = createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => {
      calls.push({ body, type: req.headers['content-type'] })
      res.writeHead(answer)
      res.end()
    })
  })
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve))
  shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}/webhooks`
  h = await startHarness({ allowLocalWebhooks: true, clockStartMs: Date.parse('2026-07-01T10:00:00Z') })
})
afterAll(async () => {
  await h.close()
  await new Promise((resolve) => shop.close(resolve))
})

async function until(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, 20))
  }
  throw new Error('condition not met in time')
}

describe('webhooks', () => {
  it('POSTs id=<payment id> as a form on a status change; a 500 is retried on the schedule, on the clock, until 200 (docs.mollie.com/overview/webhooks)', async () => {
    const p = (await h.api('POST', '/payments', validPaymentBody({ webhookUrl: shopUrl }))).json
    calls.length = 0
    answer = 500
    await h.choose(p.id, 'paid')
    await until(async () => (await h.admin.webhookDeliveries(p.id))[0]?.attempts.length === 1)
    expect(calls[0]).toEqual({ body: `id=${p.id}`, type: 'application/x-www-form-urlencoded' })
    let [delivery] = await h.admin.webhookDeliveries(p.id)
    expect(delivery?.state).toBe('retrying')
    expect(delivery?.attempts[0]).toMatchObject({ status: 500, error: null })
    // Retries wait for the sandbox clock: the first after a minute.
    await h.admin.advanceClock({ advanceSeconds: (RETRY_SCHEDULE_MS[0] ?? 60_000) / 1000 - 5 })
    expect(calls.length).toBe(1)
    answer = 200
    await h.admin.advanceClock({ advanceSeconds: 10 })
    await until(async () => (await h.admin.webhookDeliveries(p.id))[0]?.state === 'delivered')
    ;[delivery] = await h.admin.webhookDeliveries(p.id)
    expect(delivery?.attempts.map((a) => a.status)).toEqual([500, 200])
    expect(calls.length).toBe(2)
  })

  it('a refund calls the payment webhook with the payment id once it is processing, not when it is created (docs.mollie.com/overview/webhooks)', async () => {
    answer = 200
    const p = (await h.api('POST', '/payments', validPaymentBody({ webhookUrl: shopUrl }))).json
    await h.choose(p.id, 'paid')
    await until(async () => (await h.admin.webhookDeliveries(p.id)).length === 1)
    await h.api('POST', `/payments/${p.id}/refunds`, { amount: { currency: 'EUR', value: '1.00' } })
    expect((await h.admin.webhookDeliveries(p.id)).length).toBe(1)
    await h.admin.advanceClock({ advanceSeconds: 2 * 3600 })
    await until(async () => (await h.admin.webhookDeliveries(p.id)).length === 2)
    expect((await h.admin.webhookDeliveries(p.id)).every((d) => d.url === shopUrl && d.objectId === p.id)).toBe(true)
  })

  it('without allowLocalWebhooks a local webhook URL is refused at creation (422, field webhookUrl), as the service does', async () => {
    const strict = await startHarness({}, 'test_strictWebhooks0001')
    try {
      const refused = await strict.api('POST', '/payments', validPaymentBody({ webhookUrl: shopUrl }))
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

// Which hosts the sandbox's webhook calls reach (issue 45 item 1), as the standalone sandbox
// (`npm run sandbox`) runs: no policy, so any public host, and the one address check. A counting
// shop listens on 127.0.0.1 and ::1; an injected resolver plays the DNS an attacker controls.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { SandboxOptions } from '../../../src/sandbox'
import { RETRY_SCHEDULE_MS } from '../../../src/sandbox/webhooks'
import { validPaymentBody } from '../../helpers/sandbox-fixtures'
import { rebindingResolver, startCountingShop, tableResolver, type CountingShop } from '../../helpers/counting-shop'
import { startHarness, type Harness } from '../helpers/sandbox-harness'

/** TEST-NET-1 (RFC 5737): a public address nobody answers on. */
const PUBLIC = '192.0.2.1'

let shop: CountingShop
let h: Harness | null = null

beforeAll(async () => {
  shop = await startCountingShop()
})
afterEach(async () => {
  await h?.close()
  h = null
  shop.calls.length = 0
})
afterAll(async () => {
  await shop.close()
})

async function start(options: SandboxOptions): Promise<Harness> {
  h = await startHarness({ clockStartMs: Date.parse('2026-07-01T10:00:00Z'), webhookTimeoutMs: 1_000, ...options })
  return h
}

/** A payment with this webhook URL, paid through the checkout; resolves once its delivery settled. */
async function paidWithWebhook(harness: Harness, webhookUrl: string, attempts = 1) {
  const created = await harness.api('POST', '/payments', validPaymentBody({ webhookUrl }))
  expect(created.status, JSON.stringify(created.json)).toBe(201)
  await harness.choose(created.json.id as string, 'paid')
  return settled(harness, created.json.id as string, attempts)
}

async function settled(harness: Harness, id: string, attempts: number) {
  for (let i = 0; i < 200; i++) {
    const [delivery] = await harness.admin.webhookDeliveries(id)
    if (delivery && delivery.attempts.length >= attempts && delivery.state !== 'delivering') return { id, delivery }
    await new Promise((r) => setTimeout(r, 20))
  }
  throw new Error(`the delivery for ${id} did not settle`)
}

describe('webhook hosts: the standalone sandbox', () => {
  it('a name that resolves to ::1 (or another local address in any IPv6 spelling) is not called without allowLocalWebhooks', async () => {
    const answers: Record<string, string[]> = {
      'v6-loopback.example': ['::1'],
      'v6-unspecified.example': ['::'],
      'v4-mapped.example': ['::ffff:127.0.0.1'],
      'v4-mapped-hex.example': ['::ffff:7f00:1'],
      'ula.example': ['fd00::1'],
      'link-local.example': ['fe80::1%lo'],
      'site-local.example': ['fec0::1'],
      'mixed.example': ['203.0.113.9', '::1'],
    }
    const resolver = tableResolver(answers)
    const harness = await start({ resolveWebhookHost: resolver })
    for (const name of Object.keys(answers)) {
      const { delivery } = await paidWithWebhook(harness, `http://${name}:${shop.port}/hook?d=jan@example.com`)
      expect(delivery.state, name).toBe('refused')
      expect(delivery.attempts[0]?.error, name).toMatch(/this machine or a private network/)
    }
    expect(shop.calls).toEqual([])
    // One lookup per attempt: the check and the connection share it.
    expect(resolver.lookups).toEqual(Object.keys(answers))
  })

  it('DNS rebinding (first lookup public, then loopback): the call goes to the address that was checked, never to this machine', async () => {
    const resolver = rebindingResolver(PUBLIC, '::1')
    const harness = await start({ resolveWebhookHost: resolver })
    const { id, delivery } = await paidWithWebhook(harness, `http://rebind.example:${shop.port}/hook`)
    // Sent to the public address it checked (nobody answers there), so it will be retried.
    expect(delivery.state).toBe('retrying')
    expect(delivery.attempts[0]?.error).toMatch(new RegExp(`${PUBLIC.replace(/\./g, '\\.')}|no answer within`))
    expect(resolver.lookups).toEqual(['rebind.example'])
    // The retry resolves again, sees this machine, and does not call it.
    await harness.admin.advanceClock({ advanceSeconds: (RETRY_SCHEDULE_MS[0] ?? 60_000) / 1000 + 1 })
    const after = await settled(harness, id, 2)
    expect(after.delivery.state).toBe('refused')
    expect(resolver.lookups).toEqual(['rebind.example', 'rebind.example'])
    expect(shop.calls).toEqual([])
  })

  it('with allowLocalWebhooks (a developer’s local shop) exactly the expected calls arrive, one lookup each', async () => {
    const resolver = tableResolver({ 'myshop.test': ['::1'] })
    const harness = await start({ resolveWebhookHost: resolver, allowLocalWebhooks: true })
    const first = await paidWithWebhook(harness, `http://myshop.test:${shop.port}/hook`)
    const second = await paidWithWebhook(harness, `http://myshop.test:${shop.port}/hook`)
    expect(first.delivery.state).toBe('delivered')
    expect(second.delivery.state).toBe('delivered')
    expect(shop.calls).toEqual([
      { via: '::1', path: '/hook', body: `id=${first.id}` },
      { via: '::1', path: '/hook', body: `id=${second.id}` },
    ])
    expect(resolver.lookups).toEqual(['myshop.test', 'myshop.test'])
  })
})

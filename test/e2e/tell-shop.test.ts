// Issue 49 item 5, "I paid but the shop says I didn't", played as an agent would in the built renderer
// on the real services (sandbox, client, keychain, request log, action record): a paid payment whose
// webhook calls the shop answered 500 shows a banner; once the shop's developer fixed it, Tell the shop
// again asks main's question naming the host, and the shop's listener gets exactly one POST of the
// payment's id; the answer is in the timeline, the record and the request log. A page-forged call
// reaches no other host and nothing before the question. The seeded merchant's "The shop says I never
// paid" (docs/SANDBOX.md) shows the banner, and Cancel in main's question sends nothing. Each call
// prints its clicks, keys and dialog answers.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Locator } from 'playwright-core'
import type { ApiClient } from '../../src/main/api'
import type { Payment } from '../../src/shared/api-types'
import { TELL_SHOP_USER_AGENT } from '../../src/shared/ipc/tell-shop'
import { TICKET_RULE } from '../../src/shared/ticket'
import { completeCheckout } from '../../src/sandbox'
import { validPaymentBody } from '../helpers/sandbox-fixtures'
import { present } from '../helpers/present'
import { axeAtCallSizes, axeViolations } from './axe'
import { callTally } from './call-tally'
import { startHarness, type Harness } from './harness'

interface Listener {
  origin: string
  /** Answers 500 while the shop is broken, 200 once its developer fixed it. */
  broken: boolean
  calls: { userAgent: string; path: string; body: string }[]
  server: Server
}

async function listen(): Promise<Listener> {
  const shop: Listener = { origin: '', broken: true, calls: [], server: createServer() }
  shop.server.on('request', (req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => {
      shop.calls.push({ userAgent: req.headers['user-agent'] ?? '', path: req.url ?? '', body })
      res.writeHead(shop.broken ? 500 : 200).end()
    })
  })
  await new Promise<void>((resolve) => shop.server.listen(0, '127.0.0.1', resolve))
  shop.origin = `http://127.0.0.1:${(shop.server.address() as AddressInfo).port}`
  return shop
}

let h: Harness
let client: ApiClient
let shop: Listener
/** Another host on this machine, never the payment's webhook: nothing may reach it. */
let elsewhere: Listener

/** The agent's clicks, keys and typed characters, and the answers they gave in main's own dialogs. */
const { tally, startCall, click, press, openPayment } = callTally(() => h.page)
let dialogAnswers = 0
const byTestId = (id: string): Locator => h.page.getByTestId(id)

async function paidPayment(webhookUrl: string): Promise<Payment> {
  const created = await client.createPayment(
    validPaymentBody({ amount: { currency: 'EUR', value: '20.00' }, description: 'Order 1042', webhookUrl }),
  )
  await completeCheckout(present(created._links.checkout).href, 'paid')
  return created
}

const fromPaydesk = (s: Listener) => s.calls.filter((c) => c.userAgent === TELL_SHOP_USER_AGENT)

beforeAll(async () => {
  shop = await listen()
  elsewhere = await listen()
  h = await startHarness({
    name: 'tell-shop',
    deps: {
      // 100: the seeded merchant with its practice calls (docs/SANDBOX.md), Marco Rossi's among them.
      sandboxOptions: { seedPayments: 100 },
      // The shop runs on this machine: the Sandbox's own receiver, as a developer's local shop is.
      sandboxWebhookReceivers: [shop.origin],
      search: { autoSync: false },
    },
  })
  client = await h.services.connections.getActiveClient()
  await byTestId('home-screen').waitFor()
})

afterAll(async () => {
  await h?.close()
  for (const s of [shop, elsewhere]) {
    s?.server.closeAllConnections()
    await new Promise<void>((resolve) => (s ? s.server.close(() => resolve()) : resolve()))
  }
})

describe('I paid but the shop says I didn’t (issue 49 item 5)', () => {
  it('banner → Tell the shop again → main’s question → exactly one POST of the id → timeline, record and log', async () => {
    const payment = await paidPayment(`${shop.origin}/webhooks/payments`)
    // The service's (the Sandbox's) own call answered 500.
    await expect.poll(() => shop.calls.filter((c) => c.body === `id=${payment.id}`).length).toBeGreaterThan(0)
    startCall()
    dialogAnswers = 0
    await openPayment(payment.id)
    const banner = byTestId('shop-banner-sentence')
    await expect
      .poll(() => banner.textContent())
      .toMatch(/^Your shop was not told this payment is paid: it answered 500 since .+\.$/)
    for (const scheme of ['light', 'dark'] as const) {
      await h.page.emulateMedia({ colorScheme: scheme })
      expect(await axeViolations(h.page, { minImpact: 'moderate' })).toEqual([])
    }
    await h.screenshot('shop-not-told')

    // The shop's developer fixed it; the agent tells the shop again and allows the call in main's dialog.
    shop.broken = false
    // A reference the helpdesk cannot have is named under the field, and nothing is sent with it.
    await byTestId('tell-shop-ticket').fill('47 11')
    await expect.poll(() => byTestId('tell-shop-ticket-problem').textContent()).toBe(TICKET_RULE)
    await expect(byTestId('tell-shop').isDisabled()).resolves.toBe(true)
    expect(await axeViolations(h.page, { minImpact: 'moderate' })).toEqual([])
    await h.screenshot('shop-ticket-problem')
    tally.typed += '4711'.length
    await byTestId('tell-shop-ticket').fill('4711')
    await expect(byTestId('tell-shop-ticket-problem').count()).resolves.toBe(0)
    tally.clicks++
    h.dialogAnswers.push(1)
    dialogAnswers++
    const asked = h.questions.length
    await click(byTestId('tell-shop'))
    await expect
      .poll(() => byTestId('tell-shop-result').textContent())
      .toBe(`Told the shop again about ${payment.id}: 127.0.0.1 answered 200: the shop took the call.`)
    const questions = h.questions.slice(asked)
    expect(questions.map((q) => [q.kind, q.buttons, q.defaultId, q.cancelId])).toEqual([
      ['tell-shop', ['Cancel', 'Tell 127.0.0.1'], 0, 0],
    ])
    expect(questions[0]?.detail).toContain(`Address: ${shop.origin}/webhooks/payments`)
    expect(fromPaydesk(shop)).toEqual([
      { userAgent: TELL_SHOP_USER_AGENT, path: '/webhooks/payments', body: `id=${payment.id}` },
    ])
    await expect
      .poll(() => byTestId('payment-timeline').textContent())
      .toMatch(/Shop told again by .+, ticket 4711, the shop answered 200/)
    await expect.poll(() => banner.textContent()).toMatch(/^The shop was told again .+: it answered 200\.$/)
    const rows = await h.services.record.actionsFor({ kind: 'payment', id: payment.id })
    expect(rows.map((a) => [a.action, a.outcome.result, a.outcome.status])).toEqual([['tell-the-shop', 'done', 200]])
    const log = await h.services.requestLog.list()
    const entries = log.entries.filter((e) => e.url === `${shop.origin}/webhooks/payments`)
    expect(entries.map((e) => [e.method, e.status])).toEqual([['POST', 200]])
    await expect.poll(() => byTestId('tell-shop-note').textContent()).toContain(`  id=${payment.id}`)
    for (const scheme of ['light', 'dark'] as const) {
      await h.page.emulateMedia({ colorScheme: scheme })
      expect(await axeViolations(h.page, { minImpact: 'moderate' })).toEqual([])
    }
    await h.screenshot('shop-told-again')
    // The two window sizes too (1280×800 and 960×600), light and dark.
    expect(await axeAtCallSizes(h.page)).toEqual([])
    console.log(JSON.stringify({ call: 'tell the shop again', ...tally, dialogAnswers }))
    // The call in the Inspector, as the request log keeps it.
    await byTestId('tell-shop-inspector').click()
    await expect.poll(() => byTestId('request-detail').textContent()).toContain(`${shop.origin}/webhooks/payments`)
    await expect.poll(() => byTestId('request-detail').textContent()).toContain(`id=${payment.id}`)
  })

  it('a page-forged call reaches no other host, and the payment’s own only after the question (Cancel: nothing)', async () => {
    const payment = await paidPayment(`${shop.origin}/webhooks/payments`)
    const before = fromPaydesk(shop).length
    const asked = h.questions.length
    const replies = await h.page.evaluate(
      async ({ id, evil }) => {
        const api = window.paydesk.payments as unknown as Record<string, (input: unknown) => Promise<unknown>>
        const tell = present(api['tellShop'])
        function present<T>(v: T | undefined): T {
          if (v === undefined) throw new Error('no tellShop')
          return v
        }
        return Promise.all([
          tell({ paymentId: id, url: evil }),
          tell({ paymentId: id, webhookUrl: evil }),
          tell({ paymentId: evil }),
          // Only the payment: main asks, nobody answers yes (Cancel), nothing is sent.
          tell({ paymentId: id }),
        ])
      },
      { id: payment.id, evil: `${elsewhere.origin}/steal` },
    )
    const codes = (replies as { ok: boolean; error?: { code: string; message: string } }[]).map((r) =>
      r.ok ? 'ok' : r.error?.code,
    )
    expect(codes.slice(0, 3)).toEqual(['invalid-input', 'invalid-input', 'invalid-input'])
    expect(codes[3]).toBe('canceled')
    expect(h.questions.slice(asked).map((q) => q.kind)).toEqual(['tell-shop'])
    expect(elsewhere.calls).toEqual([])
    expect(fromPaydesk(shop).length).toBe(before)
  })

  it('the seeded merchant’s "The shop says I never paid": the banner, and Cancel in main’s question sends nothing', async () => {
    await h.services.search.sync()
    await h.services.search.whenIdle()
    startCall()
    dialogAnswers = 0
    await press('Control+k')
    tally.typed += 'marco.rossi@example.com'.length
    await byTestId('search-input').fill('marco.rossi@example.com')
    const offer = byTestId('search-customer')
    await expect.poll(() => offer.textContent()).toContain('Marco Rossi')
    await click(offer)
    const row = h.page.locator('[data-testid="customer-payment-row"][data-status="paid"]').first()
    await row.waitFor()
    const id = present(await row.getAttribute('data-payment-id'))
    await click(row.getByRole('button').first())
    await expect.poll(() => byTestId('payment-detail').textContent()).toContain(id)
    await expect
      .poll(() => byTestId('shop-banner-sentence').textContent())
      .toMatch(/^Your shop was not told this payment is paid: it did not answer since .+\.$/)
    const asked = h.questions.length
    await click(byTestId('tell-shop'))
    dialogAnswers++ // Cancel, the default
    await expect
      .poll(() => byTestId('tell-shop-error').textContent())
      .toBe('Nothing was sent: you did not allow the call to shop-down.example.com.')
    expect(h.questions.slice(asked).map((q) => [q.kind, q.buttons])).toEqual([
      ['tell-shop', ['Cancel', 'Tell shop-down.example.com']],
    ])
    expect(await axeViolations(h.page, { minImpact: 'moderate' })).toEqual([])
    console.log(JSON.stringify({ call: 'the shop says I never paid (seeded), Cancel', ...tally, dialogAnswers }))
  })
})

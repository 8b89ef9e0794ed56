import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { completeCheckout, createSandboxAdmin, type SandboxAdmin } from '../../src/sandbox'
import { emptyDraftContent } from '../../src/shared/order-builder'
import { fill, fillReturnAndAddress, waitSaved } from './builder-helpers'
import { currentCspViolations, startHarness, type Harness } from './harness'
import { present } from '../helpers/present'

// The order builder in Chromium against the real services and sandbox: build, create, pay,
// a refused create highlighted on its field, a restart mid-edit, and the live-mode guard.

const TEST_KEY = 'test_OrdersE2eSandboxTestKey0001'
const LIVE_KEY = 'live_OrdersE2eSandboxLiveKey0001'
const ADMIN_TOKEN = 'admin_OrdersE2eAdminToken0000001'

let h: Harness
let admin: SandboxAdmin
let origin: string

async function fillOrder(page: Page, orderNumber: string): Promise<void> {
  await fill(page, 'field-orderNumber', orderNumber)
  await fill(page, 'field-lines.0.name', 'Running shoes')
  await fill(page, 'field-lines.0.quantity', '2')
  await fill(page, 'field-lines.0.unitPrice', '30')
  // Read in the agent's notation, never rewritten in the field: what is sent is shown next to it.
  await expect(page.getByTestId('field-lines.0.unitPrice').inputValue()).resolves.toBe('30')
  await expect(page.getByTestId('echo-value-lines.0.unitPrice').innerText()).resolves.toContain('30.00 EUR')
  await fill(page, 'field-lines.0.vatRate', '21.00')
  await page.getByTestId('add-discount-line').click()
  await fill(page, 'field-lines.1.name', 'Welcome coupon')
  await fill(page, 'field-lines.1.unitPrice', '-5.00')
  await fill(page, 'field-lines.1.vatRate', '21.00')
  await page.getByTestId('add-shipping-line').click()
  await fill(page, 'field-lines.2.name', 'Shipping')
  await fill(page, 'field-lines.2.unitPrice', '4.95')
  await fill(page, 'field-lines.2.vatRate', '21.00')
  await fillReturnAndAddress(page)
}

describe('order builder', () => {
  beforeAll(async () => {
    h = await startHarness({
      name: 'orders',
      query: 'screen=orders',
      deps: { sandboxOptions: { keys: [TEST_KEY, LIVE_KEY], seedPayments: 10, adminToken: ADMIN_TOKEN } },
    })
    await h.page.getByTestId('create-bar').waitFor()
    await h.services.connections.getActiveClient() // starts the built-in sandbox
    const active = await h.services.connections.activeView()
    origin = new URL(present(active.baseUrl)).origin
    admin = createSandboxAdmin(origin, ADMIN_TOKEN)
  })

  afterAll(async () => {
    await h?.close()
  })

  it('shows no validation messages on a fresh form: only after a field was left, or Create pressed', async () => {
    const { page } = h
    const messages = () => page.locator('.pd-form .field-error').count()
    await expect(messages()).resolves.toBe(0)
    await expect(page.locator('.pd-form [aria-invalid="true"]').count()).resolves.toBe(0)
    await expect(page.getByTestId('problems-pending').textContent()).resolves.toMatch(/\d+ fields still to fill in/)
    await expect(page.getByTestId('problems').count()).resolves.toBe(0)
    await h.screenshot('fresh-form')
    // Leaving the order number empty names that field, and only that one.
    await page.getByTestId('field-orderNumber').focus()
    await page.getByTestId('field-orderNumber').blur()
    await expect.poll(messages).toBe(1)
    await expect(page.getByTestId('problems').textContent()).resolves.toContain('Order number')
  })

  it('builds a three-line order with exact totals and shows what is still missing', async () => {
    const { page } = h
    await fillOrder(page, 'E2E-1')
    await expect(page.getByTestId('field-lines.0.unitPrice').inputValue()).resolves.toBe('30')
    await expect(page.getByTestId('order-amount').textContent()).resolves.toBe('EUR 59.95')
    await expect(page.getByTestId('field-lines.0.vatAmount').getAttribute('aria-label')).resolves.toContain(
      '60.00 × 21.00 / 121.00 = 10.41',
    )
    const preview = JSON.parse((await page.getByTestId('request-preview').textContent()) ?? '{}') as {
      amount: unknown
      lines: { totalAmount: unknown }[]
    }
    expect(preview.amount).toEqual({ currency: 'EUR', value: '59.95' })
    expect(preview.lines.map((l) => l.totalAmount)).toEqual([
      { currency: 'EUR', value: '60.00' },
      { currency: 'EUR', value: '-5.00' },
      { currency: 'EUR', value: '4.95' },
    ])
    await expect(page.getByTestId('problems').count()).resolves.toBe(0)
    await h.screenshot('builder-filled')

    // Keyboard: Ctrl+D duplicates a line, Alt+↑/↓ moves it.
    await page.getByTestId('field-lines.2.name').focus()
    await page.keyboard.press('Control+d')
    await expect(page.getByTestId('order-amount').textContent()).resolves.toBe('EUR 64.90')
    await page.getByTestId('remove-line-3').click()
    await page.getByTestId('field-lines.1.name').focus()
    await page.keyboard.press('Alt+ArrowUp')
    await expect(page.getByTestId('field-lines.0.name').inputValue()).resolves.toBe('Welcome coupon')
    await page.keyboard.press('Alt+ArrowDown')
    await expect(page.getByTestId('field-lines.0.name').inputValue()).resolves.toBe('Running shoes')
    await expect(page.getByTestId('order-amount').textContent()).resolves.toBe('EUR 59.95')

    // A mistake is named before sending, and clicking it focuses the field.
    await fill(page, 'field-billingAddress.email', 'ada@')
    await expect(page.getByTestId('problems').textContent()).resolves.toContain('1 problem: Billing: Customer e-mail')
    await page.getByTestId('problem').first().click()
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('pd-f-billingAddress-email')
    await h.screenshot('validation-errors')
    await fill(page, 'field-billingAddress.email', 'ada@example.org')
    await expect(page.getByTestId('problems').count()).resolves.toBe(0)
  })

  it('creates it on the sandbox, shows the result and opens a payable checkout link', async () => {
    const { page } = h
    await page.keyboard.press('Control+Enter')
    await page.getByTestId('result').waitFor()
    const orderId = await page.getByTestId('result-id').textContent()
    expect(orderId).toMatch(/^ord_/)
    await expect(page.getByTestId('result-amount').textContent()).resolves.toBe('EUR 59.95')
    await expect(page.getByTestId('result-lines').locator('tbody tr').count()).resolves.toBe(3)
    expect((await admin.stats()).ordersByNumber['E2E-1']).toBe(1)
    await h.screenshot('result')

    await page.getByTestId('open-checkout').click()
    await expect.poll(() => h.openedExternal.length).toBe(1)
    const checkoutUrl = present(h.openedExternal[0])
    expect(checkoutUrl.startsWith(`${origin}/checkout/tr_`)).toBe(true)
    expect(checkoutUrl).toBe(await page.getByTestId('checkout-url').textContent())
    // Copy goes through main (the window denies the page the clipboard permission).
    await page.getByTestId('copy-checkout').click()
    await expect.poll(() => h.clipboard.at(-1)).toBe(checkoutUrl)
    // Send it, not just copy it: a ready message in the order's language, or an e-mail draft that
    // main builds (mailto: to the customer, the link in the body).
    await page.getByTestId('copy-link-message').click()
    await expect.poll(() => h.clipboard.at(-1)).toContain(checkoutUrl)
    expect(h.clipboard.at(-1)).toMatch(/^Hello Ada,\n\nYou can pay .*59\.95 for order E2E-1 with this link:/)
    await expect.poll(() => page.getByTestId('send-link-note').textContent()).toMatch(/^Message copied \(\w+\)\.$/)
    await page.getByTestId('email-link').click()
    await expect.poll(() => h.openedExternal.length).toBe(2)
    await expect
      .poll(() => page.getByTestId('send-link-note').textContent())
      .toBe('E-mail draft to ada@example.org opened.')
    const mail = new URL(present(h.openedExternal[1]))
    expect(mail.protocol).toBe('mailto:')
    expect(mail.pathname).toBe('ada@example.org')
    expect(mail.searchParams.get('subject')).toBe('Your payment link for order E2E-1')
    expect(mail.searchParams.get('body')).toContain(checkoutUrl)
    h.openedExternal.splice(1)
    // The customer pays on the sandbox's checkout page (a plain form; its redirect goes to the shop).
    const pageHtml = await (await fetch(checkoutUrl)).text()
    expect(pageHtml).toContain('data-outcome="paid"')
    const paid = await completeCheckout(checkoutUrl, 'paid')
    expect(paid.status).toBe(303)
    const order = await h.services.orders.getOrder(present(orderId))
    expect(order.status).toBe('paid')
  })

  it('highlights the field of a 422 on its line cell after "Send anyway"', async () => {
    const { page } = h
    await page.getByTestId('create-another').click()
    await expect(page.getByTestId('field-orderNumber').inputValue()).resolves.toBe('E2E-2')
    await page.getByTestId('override-lines.0.vatAmount').check()
    await fill(page, 'field-lines.0.vatAmount', '10.46')
    await expect(page.getByTestId('expected-lines.0.vatAmount').textContent()).resolves.toBe('expected 10.41')
    await page.getByTestId('send-anyway').click()
    await page.getByTestId('create-error').waitFor()
    await expect(page.getByTestId('error-field').textContent()).resolves.toBe('lines.0.vatAmount')
    await expect(page.getByTestId('create-error-detail').textContent()).resolves.toContain('expected 10.41')
    const cell = page.locator('#pd-f-lines-0-vatAmount')
    await expect(cell.getAttribute('class')).resolves.toContain('highlight')
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('pd-f-lines-0-vatAmount')
    expect((await admin.stats()).ordersByNumber['E2E-2']).toBeUndefined()
    await h.screenshot('422-highlight')

    // The Inspector link carries the request id of the refused call.
    await expect(page.getByTestId('view-in-inspector').count()).resolves.toBe(1)
  })

  it('keeps the draft through a restart mid-edit', async () => {
    const { page } = h
    await fill(page, 'field-orderNumber', 'E2E-2-restart')
    await fill(page, 'field-billingAddress.city', 'Amsterdam')
    await waitSaved(page)
    const key = await page.getByTestId('idempotency-key').textContent()
    await h.restart()
    // New services: the built-in sandbox runs again (on a new port).
    await h.services.connections.getActiveClient()
    origin = new URL(present((await h.services.connections.activeView()).baseUrl)).origin
    admin = createSandboxAdmin(origin, ADMIN_TOKEN)
    const p = h.page
    await p.getByTestId('create-bar').waitFor()
    await expect.poll(() => p.getByTestId('field-orderNumber').inputValue()).toBe('E2E-2-restart')
    await expect(p.getByTestId('field-billingAddress.city').inputValue()).resolves.toBe('Amsterdam')
    await expect(p.getByTestId('field-lines.0.vatAmount').inputValue()).resolves.toBe('10.46')
    await expect(p.getByTestId('field-lines.2.name').inputValue()).resolves.toBe('Shipping')
    await expect(p.getByTestId('idempotency-key').textContent()).resolves.toBe(key)
    // The created order's draft is listed apart, marked with its order id.
    await expect(p.getByTestId('created-drafts').textContent()).resolves.toContain('ord_')
  })

  it('creates a payment from the Payment tab, warning about a description that will be truncated', async () => {
    const page = h.page
    await page.getByTestId('new-payment-draft').click()
    await fill(page, 'field-paymentAmount', '12,5')
    await expect(page.getByTestId('field-paymentAmount').inputValue()).resolves.toBe('12,5')
    await expect(page.getByTestId('echo-value-paymentAmount').innerText()).resolves.toContain('12.50 EUR')
    await fill(page, 'field-description', `Invoice 7 ${'x'.repeat(260)}`)
    await expect(page.getByTestId('description-truncated').textContent()).resolves.toContain('keeps only')
    await fill(page, 'field-description', 'Invoice 7')
    await expect(page.getByTestId('description-truncated').count()).resolves.toBe(0)
    await fill(page, 'field-redirectUrl', 'https://shop.example/return')
    await page.getByTestId('create').click()
    await page.getByTestId('result').waitFor()
    await expect(page.getByTestId('result-id').textContent()).resolves.toMatch(/^tr_/)
    await expect(page.getByTestId('result-amount').textContent()).resolves.toBe('EUR 12.50')
  })

  it('a payment create whose answer was lost is looked for among the newest payments, and found', async () => {
    const page = h.page
    await page.getByTestId('new-payment-draft').click()
    await fill(page, 'field-paymentAmount', '8,40')
    await fill(page, 'field-description', 'Lost answer 9')
    await fill(page, 'field-redirectUrl', 'https://shop.example/return')
    // The sandbox creates the payment, then closes the connection before any byte: on every attempt.
    await admin.addFault({ path: '/v2/payments', method: 'POST', kind: 'reset-before-headers' })
    try {
      await page.getByTestId('create').click()
      const error = page.getByTestId('create-error')
      await error.waitFor({ timeout: 20_000 })
      await expect(error.textContent()).resolves.toContain('Not confirmed')
    } finally {
      await admin.clearFaults()
    }
    const lookup = page.getByTestId('lost-write-lookup')
    await expect(lookup.textContent()).resolves.toBe('Look for the payment among the newest')
    await lookup.click()
    const result = page.getByTestId('lost-write-lookup-result')
    await result.waitFor()
    await expect(result.textContent()).resolves.toMatch(
      /^Found it: payment tr_\w+ "Lost answer 9" for EUR 8.40 exists, so it was created\./,
    )
    await h.screenshot('payment-answer-lost-found')
    const id = present(/payment (tr_\w+)/.exec((await result.textContent()) ?? '')?.[1])
    await expect(page.getByTestId('lost-write-lookup-open').textContent()).resolves.toBe(`Open payment ${id}`)
    // It is the one the lost answer was for: created once, with what was sent.
    const client = await h.services.connections.getActiveClient()
    const created = await client.getPayment(id)
    expect(created.description).toBe('Lost answer 9')
    expect(created.amount).toEqual({ currency: 'EUR', value: '8.40' })
  })

  it('asks in main before writing on a live connection: no answer sends nothing, "Send to LIVE" creates', async () => {
    const page = h.page
    const baseUrl = `${origin}/v2`
    const added = await page.evaluate(
      async ([secret, url]) =>
        window.paydesk.connections.add({ label: 'Live shop', secret: secret ?? '', baseUrl: url ?? '' }),
      [LIVE_KEY, baseUrl],
    )
    expect(added.ok).toBe(true)
    if (!added.ok) return
    await page.evaluate(async (id) => window.paydesk.connections.setActive({ id }), added.value.id)
    await expect.poll(() => page.getByTestId('orders-connection').textContent()).toContain('LIVE')

    await page.getByTestId('new-order-draft').click()
    await fillOrder(page, 'LIVE-1')
    h.liveConfirmations.length = 0
    await page.getByTestId('create').click()
    // Main's dialog (the harness's stand-in answers Cancel) was shown what main was about to send.
    await expect(page.getByTestId('create-error').textContent()).resolves.toContain('Nothing was sent')
    expect(h.liveConfirmations).toEqual([
      {
        connection: 'Live shop',
        action: 'Create an order',
        amount: 'EUR 59.95',
        reference: 'LIVE-1',
        lineCount: expect.any(Number) as number,
        customer: expect.any(String) as string,
        callbacks: [{ label: 'Customer returns to', url: 'https://shop.example/return' }],
      },
    ])
    await h.screenshot('live-refused')
    expect((await admin.stats()).ordersByNumber['LIVE-1']).toBeUndefined()

    h.liveAnswers.push(true)
    await page.getByTestId('create').click()
    await page.getByTestId('result').waitFor()
    expect(h.liveConfirmations).toHaveLength(2)
    expect((await admin.stats()).ordersByNumber['LIVE-1']).toBe(1)
  })

  it('refuses a page that tries to confirm a live write itself: nothing reaches the service', async () => {
    // A compromised page calls the bridge directly, forging the old "confirmed" flag or leaving it out.
    const hits: string[] = []
    const server = http.createServer((req, res) => {
      hits.push(`${req.method} ${req.url}`)
      res.writeHead(500).end()
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const port = (server.address() as AddressInfo).port
    try {
      const page = h.page
      // The person said yes to main's question about the foreign address (a server they run); the
      // live writes below must still be refused.
      h.dialogAnswers.push(1)
      const added = await page.evaluate(
        async ([secret, url]) =>
          window.paydesk.connections.add({ label: 'Evil live', secret: secret ?? '', baseUrl: url ?? '' }),
        ['live_HostileLiveWriteKey00001', `http://127.0.0.1:${port}/v2`],
      )
      expect(added.ok).toBe(true)
      if (!added.ok) return
      await page.evaluate(async (id) => window.paydesk.connections.setActive({ id }), added.value.id)
      h.liveConfirmations.length = 0
      h.liveAnswers.length = 0
      const content = {
        ...emptyDraftContent('payment'),
        description: 'Forged',
        paymentAmount: '500.00',
        redirectUrl: 'https://evil.example/',
        webhookUrl: 'https://evil.example/hook',
      }
      const outcomes = await page.evaluate(async (content) => {
        const draft = await window.paydesk.drafts.save({ content })
        if (!draft.ok) return [draft.error.code]
        // A create that reached main answers { ok: true, value: created | failure } (one round trip).
        type Reply = { ok: boolean; error?: { code: string }; value?: { ok: boolean; error?: { code: string } } }
        const api = window.paydesk as unknown as Record<
          'payments' | 'orders',
          Record<'create', (input: unknown) => Promise<Reply>>
        >
        const attempts = [
          api.payments.create({ draftId: draft.value.id, confirmedLive: true }),
          api.orders.create({ draftId: draft.value.id, confirmedLive: true }),
          api.payments.create({ draftId: draft.value.id }),
          api.payments.create({ draftId: draft.value.id, content }),
        ]
        return (await Promise.all(attempts)).map((r) => {
          const reply = r.ok ? r.value : r
          return reply?.ok ? 'SENT' : (reply?.error?.code ?? '?')
        })
      }, content)
      expect(outcomes).not.toContain('SENT')
      expect(outcomes.slice(0, 2)).toEqual(['invalid-input', 'invalid-input'])
      expect(hits).toEqual([])
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  })

  it('had no console errors and no CSP violations', async () => {
    expect(h.consoleErrors).toEqual([])
    expect(await currentCspViolations(h.page)).toEqual([])
    expect(h.cspViolations).toEqual([])
  })
})

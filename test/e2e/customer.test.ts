// Issue 25 item 4, the customer view in the built renderer on the real services (sandbox, client,
// node:sqlite index, keychain), on the sandbox's seeded merchant (docs/SANDBOX.md "Practice calls"):
// find a caller by e-mail → the customer → all their payments, exact totals, the failure first with
// its reason → one payment; a customer with three orders shows all three; the customer opens from a
// payment and from an order; Esc goes back.
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Order } from '../../src/shared/api-types'
import { validOrderBody, validPaymentBody } from '../helpers/sandbox-fixtures'
import { startHarness, type Harness } from './harness'

let h: Harness
const suffix = randomBytes(4).toString('hex')
const THREE = `three.orders.${suffix}@example.com`
let threeOrders: Order[] = []

async function search(text: string): Promise<void> {
  await h.page.keyboard.press('Control+k')
  await h.page.getByTestId('search-input').fill(text)
}

/** The customer view's main text, without its "API details". */
async function mainText(): Promise<string> {
  return h.page.getByTestId('customer-body').evaluate((el) => {
    const copy = el.cloneNode(true) as HTMLElement
    copy.querySelector('details')?.remove()
    return copy.innerText
  })
}

/** The request log's entries so far (the Inspector's log). */
async function requestPaths(): Promise<string[]> {
  return (await h.services.requestLog.list()).entries.map((e) => e.path)
}

async function total(currency: string, key: string): Promise<string | null> {
  return h.page.getByTestId(`total-${currency}-${key}`).getAttribute('data-value')
}

describe('customer view', () => {
  beforeAll(async () => {
    h = await startHarness({ name: 'customer', deps: { sandboxOptions: { seedPayments: 150, seed: 25 } } })
    await h.page.getByTestId('home-screen').waitFor()
    const client = await h.services.connections.getActiveClient()
    const billingAddress = {
      givenName: 'Tess',
      familyName: `Three${suffix}`,
      email: THREE,
      streetAndNumber: 'Dam 1',
      postalCode: '1012 JS',
      city: 'Amsterdam',
      country: 'NL',
    }
    threeOrders = []
    for (let i = 1; i <= 3; i++) {
      threeOrders.push(await client.createOrder(validOrderBody(`TESS-${suffix}-${i}`, { billingAddress })))
    }
    await h.services.search.sync()
    await h.services.search.whenIdle()
  })

  afterAll(async () => {
    await h?.close()
  })

  it('finds the caller whose card keeps being refused by e-mail: all payments, exact totals, the failure first', async () => {
    await search('lukas.schneider@example.com')
    const offer = h.page.getByTestId('search-customer')
    await expect.poll(() => offer.textContent()).toContain('Lukas Schneider')
    const requestsBefore = (await requestPaths()).length
    await offer.click()
    await h.page.getByTestId('customer-body').waitFor()
    // Read once: his three payments and the customer with their payments list (two calls), then his
    // mandates and subscriptions (two calls: he has none, so no subscription's payments); it was read
    // twice when the view took its request and the change of the request opened it again.
    await expect.poll(() => h.page.getByTestId('customer-refresh').textContent()).toBe('Read again')
    await h.page.getByTestId('subscriptions-empty').waitFor()
    await new Promise((resolve) => setTimeout(resolve, 300))
    // The log is newest first. The index's background work (its walk of the lists, its re-reads of
    // unsettled payments) may fall in this window on its own timer, so the customer's own reads are
    // counted exactly (a second opening would double them) and the payments read at least once each.
    const sent = (await requestPaths()).slice(0, (await requestPaths()).length - requestsBefore)
    expect(sent.filter((p) => p.startsWith('/v2/customers/'))).toHaveLength(4)
    expect(sent.filter((p) => /^\/v2\/payments\/tr_/.test(p)).length).toBeGreaterThanOrEqual(3)
    expect(await h.page.getByRole('heading', { level: 1 }).textContent()).toContain('Lukas Schneider')
    expect(await h.page.getByTestId('customer-email').textContent()).toBe('lukas.schneider@example.com')
    expect(await h.page.getByTestId('customer-payment-row').count()).toBe(3)
    expect(await total('EUR', 'paid')).toBe('89.00')
    expect(await total('EUR', 'failed')).toBe('178.00')
    expect(await total('EUR', 'open')).toBe('0.00')
    const first = h.page.getByTestId('customer-problem').first()
    expect(await first.getAttribute('data-kind')).toBe('failed')
    expect(await first.textContent()).toContain('The security code (CVV) is incorrect.')
    // Support words only: no API field names outside "API details".
    const text = await mainText()
    for (const field of ['createdAt', 'failureReason', 'amountRefunded', 'customerId', 'sequenceType', 'creditcard']) {
      expect(text).not.toContain(field)
    }

    // The keyboard starts on the heading; Tab goes to "Read again", then to the newest problem, and
    // Enter on it opens the failed payment in its own view.
    await expect.poll(() => h.page.evaluate(() => document.activeElement?.id)).toBe('customer-title')
    const focused = () =>
      h.page.evaluate(() => ({
        id: document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.textContent,
        problem: document.activeElement?.closest('[data-testid="customer-problem"]')?.getAttribute('data-id'),
      }))
    await h.page.keyboard.press('Tab')
    expect((await focused()).id).toBe('customer-refresh')
    // Past the contact details (nothing focusable) and the totals, the first problem's button.
    await h.page.keyboard.press('Tab')
    const failedId = await first.getAttribute('data-id')
    expect(await focused()).toEqual({ id: 'Open payment', problem: failedId })
    await h.page.keyboard.press('Enter')
    await h.page.getByTestId('payment-detail').waitFor()
    expect(await h.page.locator('#pay-detail-title').textContent()).toBe(failedId)
    expect(await h.page.getByTestId('detail-status').textContent()).toBe('failed')
  })

  it('shows all three orders of a customer with three, by keyboard from the search box, and Esc goes back', async () => {
    await h.page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^Home/ }).click()
    await search(THREE)
    await h.page.getByTestId('search-customer').waitFor()
    await h.page.keyboard.press('Shift+Enter')
    await h.page.getByTestId('customer-body').waitFor()
    const rows = h.page.getByTestId('customer-order-row')
    expect(await rows.count()).toBe(3)
    expect((await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-order-id')))).sort()).toEqual(
      threeOrders.map((o) => o.id).sort(),
    )
    // Each order waits for its payment: 3 × €121.00 waiting, exactly.
    expect(await total('EUR', 'open')).toBe('363.00')
    // The keyboard starts on the view's heading, so Esc and Tab act on the view at once.
    await expect.poll(() => h.page.evaluate(() => document.activeElement?.id)).toBe('customer-title')
    await h.page.keyboard.press('Escape')
    await h.page.getByTestId('home-screen').waitFor()
  })

  it('opens from an order view and from a payment’s detail', async () => {
    const order = threeOrders[0] as Order
    await search(order.id)
    await expect.poll(() => h.page.getByTestId('search-direct').textContent()).toContain(order.id)
    await h.page.keyboard.press('Enter')
    await h.page.getByTestId('order-customer-link').click()
    await h.page.getByTestId('customer-body').waitFor()
    expect(await h.page.getByTestId('customer-order-row').count()).toBe(3)
    // Each order of the customer opens in the order view.
    await h.page.getByTestId('customer-order-row').first().getByRole('button').click()
    await h.page.getByTestId('order-status').waitFor()

    // Sanne de Vries's payments carry her customer id: the detail opens the customer through it.
    await search('sanne.devries@example.com')
    await h.page.getByTestId('search-customer').waitFor()
    await h.page.getByTestId('search-results').locator('[role="option"]').first().waitFor()
    await h.page.keyboard.press('Enter')
    await h.page.getByTestId('payment-detail').waitFor()
    await h.page.getByTestId('detail-customer').click()
    await h.page.getByTestId('customer-body').waitFor()
    expect(await h.page.getByTestId('customer-name').textContent()).toBe('Sanne de Vries')
    expect(await h.page.getByTestId('customer-payment-row').count()).toBe(4)
    const first = h.page.getByTestId('customer-problem').first()
    expect(await first.textContent()).toContain('Insufficient funds (bank code AM04)')
    expect(await total('EUR', 'paid')).toBe('38.97')
    expect(await h.page.getByTestId('customer-raw').textContent()).toContain('"resource": "customer"')
  })

  it('offers the customer of a name search; a chargeback and a transfer waiting for days read as problems', async () => {
    await search('Oliver Smith')
    const offer = h.page.getByTestId('search-customer')
    await expect.poll(() => offer.textContent()).toContain('oliver.smith@example.com')
    await offer.click()
    await h.page.getByTestId('customer-problems').waitFor()
    expect(await h.page.getByTestId('customer-name').textContent()).toBe('Oliver Smith')
    const problem = h.page.getByTestId('customer-problem').first()
    expect(await problem.getAttribute('data-kind')).toBe('charged-back')
    expect(await problem.textContent()).toMatch(/The bank took back £120\.00 \(a chargeback\)/)
    expect(await total('GBP', 'chargedBack')).toBe('120.00')
    expect(await total('GBP', 'paid')).toBe('120.00')

    await search('lotte.peeters@example.com')
    await h.page.getByTestId('search-customer').click()
    await expect.poll(() => h.page.getByTestId('customer-problem').first().getAttribute('data-kind')).toBe('open-long')
    expect(await h.page.getByTestId('customer-problem').first().textContent()).toContain(
      'has waited for payment for 5 days',
    )
    expect(await total('EUR', 'open')).toBe('249.00')
  })

  it('says plainly when the customer a payment names is gone, and offers to try again', async () => {
    const client = await h.services.connections.getActiveClient()
    const customer = await client.request<{ id: string }>({
      method: 'POST',
      path: '/customers',
      body: { name: 'Gone Soon', email: `gone.${suffix}@example.com` },
    })
    const payment = await client.createPayment(
      validPaymentBody({ description: `Gone ${suffix}`, customerId: customer.id }),
    )
    await client.request({ method: 'DELETE', path: `/customers/${customer.id}` })
    await search(payment.id)
    await expect.poll(() => h.page.getByTestId('search-direct').textContent()).toContain(payment.id)
    await h.page.keyboard.press('Enter')
    await h.page.getByTestId('detail-customer').click()
    const error = h.page.getByTestId('customer-error')
    await error.waitFor()
    expect(await error.textContent()).toContain(
      `This connection has no customer ${customer.id} any more: it was deleted.`,
    )
    expect(await error.getByRole('button', { name: 'Try again' }).count()).toBe(1)
  })
})

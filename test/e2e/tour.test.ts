// Issue 26's tour of ten support calls, played as an agent would on the built-in Sandbox and its
// seeded merchant (docs/SANDBOX.md "Practice calls"), in the built renderer on the real services.
// Every click and every key press is counted (typed characters apart); each call checks its outcome
// (the object acted upon, the exact amount, the focused field, nothing cut off) and prints one line
// {"call", "clicks", "keys", "typedCharacters"} for the closing note, then holds it to a budget.
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Locator } from 'playwright-core'
import type { ApiClient } from '../../src/main/api'
import type { Order, Payment } from '../../src/shared/api-types'
import { completeCheckout } from '../../src/sandbox'
import { present } from '../helpers/present'
import { validOrderBody, validPaymentBody } from '../helpers/sandbox-fixtures'
import { axeViolations } from './axe'
import { callTally } from './call-tally'
import { startHarness, type Harness } from './harness'
import { layoutProblems } from './layout-check'

const suffix = randomBytes(3).toString('hex')
/** A fixed seed: the same seeded merchant on every run (its stories are there with any seed). */
const SEED = 26

let h: Harness
let client: ApiClient

interface Budget {
  clicks: number
  keys: number
}

/** What one call cost. */
const { tally, startCall, click, press, type, endCall: printCall } = callTally(() => h.page)

function endCall(call: string, budget: Budget): void {
  printCall(call)
  expect(tally.clicks, `${call}: clicks`).toBeLessThanOrEqual(budget.clicks)
  expect(tally.keys, `${call}: keys`).toBeLessThanOrEqual(budget.keys)
}

const byTestId = (id: string): Locator => h.page.getByTestId(id)

async function focusedTestId(): Promise<string | null> {
  return h.page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null)
}

async function detailId(): Promise<string | null> {
  return h.page.locator('#pay-detail-title').textContent()
}

async function orderTitle(): Promise<string | null> {
  return byTestId('order-view').getByRole('heading', { level: 1 }).textContent()
}

/** Ctrl+K and the text typed, as an agent does: the counted start of most calls. */
async function search(text: string): Promise<void> {
  await press('Control+k')
  await expect.poll(focusedTestId).toBe('search-input')
  await type(text)
}

async function allPayments(): Promise<Payment[]> {
  const out: Payment[] = []
  for await (const page of client.iteratePayments({ limit: 250 })) out.push(...page._embedded.payments)
  return out
}

const email = (p: { billingAddress?: { email?: string } }) => p.billingAddress?.email

describe('the tour of ten calls on the seeded merchant', () => {
  let payments: Payment[] = []
  let orders: Order[] = []

  beforeAll(async () => {
    h = await startHarness({ name: 'tour', deps: { sandboxOptions: { seedPayments: 300, seed: SEED } } })
    client = await h.services.connections.getActiveClient()
    await h.page.getByTestId('home-screen').waitFor()
    payments = await allPayments()
    orders = (await client.listOrders({ limit: 250 }))._embedded.orders
    await h.services.search.sync()
    await h.services.search.whenIdle()
  })

  afterAll(async () => {
    await h?.close()
  })

  it('1. find by e-mail and act: Lotte Peeters gets her transfer’s payment link again', async () => {
    const lotte = 'lotte.peeters@example.com'
    const transfer = present(payments.find((p) => email(p) === lotte && p.status === 'open'))
    startCall()
    await search(lotte)
    await click(byTestId(`search-hit-${transfer.id}`))
    await expect.poll(detailId).toBe(transfer.id)
    await expect.poll(() => byTestId('detail-status').textContent()).toBe('open')
    await press('l')
    await expect.poll(() => h.clipboard.at(-1), { timeout: 10_000 }).toBe(present(transfer._links.checkout).href)
    await expect(byTestId('payment-detail').textContent()).resolves.toContain('Lotte Peeters')
    endCall('find by e-mail and act', { clicks: 1, keys: 2 })
  })

  it('2. refund half, then the rest: Lukas Schneider’s €89.00 PayPal payment, to the cent', async () => {
    const lukas = 'lukas.schneider@example.com'
    const paid = present(payments.find((p) => email(p) === lukas && p.status === 'paid'))
    expect(paid.amount).toEqual({ currency: 'EUR', value: '89.00' })
    startCall()
    await search(lukas)
    await click(byTestId(`search-hit-${paid.id}`))
    await expect.poll(detailId).toBe(paid.id)
    await click(byTestId('action-refund'))
    await click(byTestId('refund-amount'))
    await press('Control+a')
    await type('44,50')
    await click(byTestId('refund-dialog-confirm'))
    await byTestId('action-done').waitFor()
    await expect.poll(() => byTestId('detail-amountRemaining').textContent()).toContain('44.50')
    // The rest: the dialog offers what is left. It equals the first half, which the service refuses
    // within the hour as a likely duplicate (shared/service/refunds.ts isDuplicateRefund); the rest is
    // never refused for it (issue 49 item 2): main holds it and sends it when the window ends, and
    // the view says when, with a way to cancel it.
    await click(byTestId('action-refund'))
    await expect(byTestId('refund-amount').inputValue()).resolves.toBe('44.50')
    await click(byTestId('refund-dialog-confirm'))
    await expect
      .poll(() => byTestId('action-done').innerText())
      .toMatch(/Queued at this desk: .* sends this refund of the remaining €44\.50 at \d\d:\d\d UTC/)
    await byTestId('queued-refunds').waitFor()
    const refunds = (await client.listRefunds(paid.id))._embedded.refunds
    expect(refunds.map((r) => r.amount)).toEqual([{ currency: 'EUR', value: '44.50' }])
    expect((await client.getPayment(paid.id)).amountRemaining).toEqual({ currency: 'EUR', value: '44.50' })
    endCall('refund half then the rest', { clicks: 6, keys: 3 })
  })

  it('3. cancel a cancelable order, and a paid one says why not and what to do instead', async () => {
    const number = `TOUR-${suffix}`
    // Paid by bank transfer, still open: an open transfer does not keep its order from being canceled
    // (https://docs.mollie.com/reference/cancel-order), an open iDEAL or card payment would.
    const fresh = await client.createOrder(validOrderBody(number, { method: 'banktransfer' }), { embed: 'payments' })
    await h.services.search.sync()
    await h.services.search.whenIdle()
    const marco = present(orders.find((o) => email(o) === 'marco.rossi@example.com'))
    expect(marco.status).toBe('paid')
    startCall()
    await search(number)
    await click(byTestId(`search-hit-${fresh.id}`))
    await expect.poll(orderTitle).toContain(fresh.id)
    await click(byTestId('action-cancel-order'))
    await click(byTestId('cancel-order-dialog-confirm'))
    await expect.poll(() => byTestId('order-status').textContent()).toBe('canceled')
    const after = await client.getOrder(fresh.id, { embed: 'payments' })
    expect(after.status).toBe('canceled')
    expect(after._embedded?.payments?.map((p) => p.status)).toEqual(['canceled'])
    // The paid order: no cancel, and the view says why and what to do instead.
    await search('marco.rossi@example.com')
    await click(byTestId(`search-hit-${marco.id}`))
    await expect.poll(orderTitle).toContain(marco.id)
    await expect(byTestId('action-cancel-order').count()).resolves.toBe(0)
    const why = byTestId('order-cancel-why')
    await expect(why.innerText()).resolves.toMatch(/cannot be canceled[\s\S]*paid/i)
    await expect(why.innerText()).resolves.toMatch(/refund/i)
    expect(await axeViolations(h.page)).toEqual([])
    // C on a paid order brings the agent to that explanation rather than doing nothing.
    await press('c')
    await expect.poll(focusedTestId).toBe('order-cancel-why')
    expect((await client.getOrder(marco.id)).status).toBe('paid')
    endCall('cancel a cancelable and a paid order', { clicks: 4, keys: 3 })
  })

  it('4. phone order with typos: national phone, 39,95 and a day-first date, each offered in the service’s form', async () => {
    startCall()
    await click(h.page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^Orders/ }))
    await byTestId('create-bar').waitFor()
    const field = async (id: string, text: string) => {
      await click(byTestId(`field-${id}`))
      await press('Control+a')
      await type(text)
    }
    const number = `PHONE-${suffix}`
    await field('orderNumber', number)
    await field('lines.0.name', 'Rain jacket')
    await field('lines.0.unitPrice', '39,95')
    await expect(byTestId('echo-value-lines.0.unitPrice').innerText()).resolves.toContain('39.95 EUR')
    await field('redirectUrl', 'https://shop.example/thanks')
    await field('billingAddress.givenName', 'Anna')
    await field('billingAddress.familyName', 'Jansen')
    await field('billingAddress.email', `anna.jansen.${suffix}@example.com`)
    await field('billingAddress.streetAndNumber', 'Prinsengracht 263')
    await field('billingAddress.postalCode', '1016 GV')
    await field('billingAddress.city', 'Amsterdam')
    await field('billingAddress.country', 'NL')
    await field('billingAddress.phone', '06 1234 5678')
    await expect(byTestId('suggest-billingAddress.phone').innerText()).resolves.toContain('+31612345678')
    await press('Alt+Enter')
    await expect(byTestId('field-billingAddress.phone').inputValue()).resolves.toBe('+31612345678')
    await field('consumerDateOfBirth', '30-04-1980')
    await expect(byTestId('suggest-consumerDateOfBirth').innerText()).resolves.toContain('1980-04-30')
    await press('Alt+Enter')
    await expect(byTestId('field-consumerDateOfBirth').inputValue()).resolves.toBe('1980-04-30')
    // The line was written before the country: its VAT rate is still to choose. Create says so and
    // puts the agent in that field, where Alt+Enter takes the country's standard rate.
    await press('Control+Enter')
    await expect.poll(() => byTestId('problems').innerText()).toContain('Line 1 VAT rate')
    await expect.poll(focusedTestId).toBe('field-lines.0.vatRate')
    await press('Alt+Enter')
    await expect(byTestId('field-lines.0.vatRate').inputValue()).resolves.toBe('21.00')
    await press('Control+Enter')
    await byTestId('result').waitFor()
    const id = present(await byTestId('result-id').textContent())
    const order = await client.getOrder(id)
    expect(order.orderNumber).toBe(number)
    expect(order.amount).toEqual({ currency: 'EUR', value: '39.95' })
    expect(order.billingAddress?.phone).toBe('+31612345678')
    expect(order.consumerDateOfBirth).toBe('1980-04-30')
    expect(order.lines[0]?.vatRate).toBe('21.00')
    endCall('phone order with typos', { clicks: 14, keys: 18 })
  })

  it('5. pasted link: a customer’s message with the checkout link of the real service opens that payment', async () => {
    const lotte = present(payments.find((p) => email(p) === 'lotte.peeters@example.com' && p.status === 'open'))
    const code = lotte.id.slice('tr_'.length)
    const message = `Hello, I used https://www.mollie.com/checkout/select-method/${code} yesterday. Why is it still open?`
    startCall()
    await press('Control+k')
    // Pasted, not typed: one Ctrl+V.
    tally.keys++
    await h.page.keyboard.insertText(message)
    await expect.poll(() => byTestId('search-direct').textContent()).toContain(lotte.id)
    await press('Enter')
    await expect.poll(detailId).toBe(lotte.id)
    await expect(byTestId('detail-status').textContent()).resolves.toBe('open')
    endCall('pasted link', { clicks: 0, keys: 3 })
    // A payment link of the real service is its own object, which Paydesk does not have: it says so.
    await press('Control+k')
    await h.page.keyboard.insertText(
      'Can you check https://paymentlink.mollie.com/payment/4Y0eZitmBnQ6IDoMqZQKh/ please',
    )
    await expect.poll(() => byTestId('search-results').innerText()).toMatch(/payment link/i)
    await press('Escape')
  })

  it('6. failures today: each of today’s failed payments opens from Home and says why it failed', async () => {
    // Two customers tried to pay this morning: one card refused, one iDEAL not completed.
    const card = await client.createPayment(
      validPaymentBody({ method: 'creditcard', description: 'Tour card' } as never),
    )
    await completeCheckout(present(card._links.checkout).href, 'failed', { failureReason: 'insufficient_funds' })
    const ideal = await client.createPayment(validPaymentBody({ method: 'ideal', description: 'Tour iDEAL' } as never))
    await completeCheckout(present(ideal._links.checkout).href, 'failed')
    await h.services.search.sync()
    await h.services.search.whenIdle()
    const home = h.page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^Home/ })
    startCall()
    await click(home)
    const failed = byTestId('home-failures').locator('li', { has: h.page.locator('.status-failed') })
    await expect.poll(() => failed.count()).toBeGreaterThanOrEqual(2)
    const count = await failed.count()
    const reasons: string[] = []
    for (let i = 0; i < count; i++) {
      if (i > 0) await click(home)
      await click(failed.nth(i).getByRole('button'))
      await byTestId('detail-failure-why').waitFor()
      reasons.push(await byTestId('detail-failure-why').innerText())
      await expect(byTestId('detail-status').textContent()).resolves.toBe('failed')
    }
    expect(reasons).toContain('Why it failed: The card payment was refused: The card has insufficient funds.')
    expect(reasons.some((r) => r.includes('no reason for a failed ideal payment'))).toBe(true)
    endCall('failures today', { clicks: 2 * count, keys: 0 })
  })

  it('7. 422 back to the field: a create the service refuses brings the agent to the field at fault', async () => {
    startCall()
    await click(h.page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^Orders/ }))
    await click(byTestId('create-another'))
    // The agent copies the VAT from the customer's paper invoice, which the service computes otherwise.
    await click(byTestId('override-lines.0.vatAmount'))
    await click(byTestId('field-lines.0.vatAmount'))
    await press('Control+a')
    await type('6.95')
    await click(byTestId('send-anyway'))
    await byTestId('create-error').waitFor()
    await expect(byTestId('error-field').textContent()).resolves.toBe('lines.0.vatAmount')
    await expect.poll(() => h.page.evaluate(() => document.activeElement?.id)).toBe('pd-f-lines-0-vatAmount')
    await expect(byTestId('create-error-detail').textContent()).resolves.toContain('expected 6.93')
    // Back in the field: the agent takes the computed VAT again and creates the order.
    await click(byTestId('override-lines.0.vatAmount'))
    await press('Control+Enter')
    await byTestId('result').waitFor()
    const order = await client.getOrder(present(await byTestId('result-id').textContent()))
    expect(order.lines[0]?.vatAmount).toEqual({ currency: 'EUR', value: '6.93' })
    endCall('422 back to the field', { clicks: 6, keys: 2 })
  })

  it('8. keyboard only: Sanne de Vries asks why her subscription stopped', async () => {
    const sanne = 'sanne.devries@example.com'
    const failed = present(payments.find((p) => email(p) === sanne && p.status === 'failed'))
    startCall()
    await search(sanne)
    await byTestId(`search-hit-${failed.id}`).waitFor()
    const active = () =>
      h.page.evaluate(() => {
        const id = document.querySelector('[data-testid="search-input"]')?.getAttribute('aria-activedescendant')
        return id ? (document.getElementById(id)?.getAttribute('data-testid') ?? null) : null
      })
    for (let i = 0; i < 10 && (await active()) !== `search-hit-${failed.id}`; i++) await press('ArrowDown')
    expect(await active()).toBe(`search-hit-${failed.id}`)
    await press('Enter')
    await expect.poll(detailId).toBe(failed.id)
    await expect(byTestId('detail-failure-why').innerText()).resolves.toBe(
      'Why it failed: The customer’s bank returned the direct debit: Insufficient funds (bank code AM04).',
    )
    expect(await axeViolations(h.page)).toEqual([])
    await press('Escape')
    await expect.poll(() => byTestId('payment-detail').count()).toBe(0)
    expect(tally.clicks).toBe(0)
    endCall('keyboard only', { clicks: 0, keys: 8 })
  })

  it('9. 960×600 dark: Emma Dubois asks where her refund is; nothing cut off or overlapping', async () => {
    const emma = 'emma.dubois@example.com'
    const order = present(orders.find((o) => email(o) === emma))
    await h.page.emulateMedia({ colorScheme: 'dark' })
    await h.page.setViewportSize({ width: 960, height: 600 })
    const problems: string[] = []
    startCall()
    await search(emma)
    // The list of hits covers the screen under it on purpose; the views it opens are checked.
    await byTestId(`search-hit-${order.id}`).waitFor()
    await click(byTestId(`search-hit-${order.id}`))
    await expect.poll(orderTitle).toContain(order.id)
    problems.push(...(await layoutProblems(h.page)).map((p) => `order: ${p}`))
    await click(byTestId('order-payment-row').first().getByRole('button'))
    await byTestId('refunds-list').waitFor()
    // The refund's state in words (issue 49 item 3), with what to tell the caller.
    await expect(byTestId('refunds-list').innerText()).resolves.toMatch(/Pending|Being paid out|Sent to the customer/)
    await expect(byTestId('refunds-list').innerText()).resolves.toMatch(/For the caller: Your refund of €/)
    problems.push(...(await layoutProblems(h.page)).map((p) => `payment: ${p}`))
    expect(await axeViolations(h.page)).toEqual([])
    await h.screenshot('960x600-dark')
    expect(await h.page.evaluate(() => getComputedStyle(document.body).colorScheme)).toContain('dark')
    expect(problems).toEqual([])
    endCall('960×600 dark', { clicks: 2, keys: 1 })
    await h.page.setViewportSize({ width: 1360, height: 860 })
    await h.page.emulateMedia({ colorScheme: 'light' })
  })
})

describe('10. the first minute: a new agent’s first run', () => {
  let first: Harness

  beforeAll(async () => {
    first = await startHarness({ name: 'tour-first-run', deps: { sandboxOptions: { seedPayments: 300, seed: SEED } } })
    h = first
    client = await first.services.connections.getActiveClient()
    await first.services.search.sync()
    await first.services.search.whenIdle()
  })

  afterAll(async () => {
    await first?.close()
  })

  it('welcome, Help with F1, one practice call on the seeded merchant', async () => {
    startCall()
    const welcome = byTestId('home-welcome')
    await welcome.waitFor()
    await expect(welcome.innerText()).resolves.toContain('Welcome to Paydesk')
    // The seeded practice customers are named, each with the question they call about.
    await expect(byTestId('home-practice').innerText()).resolves.toContain(
      'Lukas Schneider lukas.schneider@example.com: “My card keeps being refused.”',
    )
    await press('F1')
    await expect(byTestId('help-guide').innerText()).resolves.toContain('Refund all or part of a payment')
    await press('Escape')
    await expect.poll(() => byTestId('help-guide').count()).toBe(0)
    // The practice call the welcome names: find the customer, open a paid payment, refund part.
    const example = present(await byTestId('home-welcome-example').textContent())
    await search(example)
    const hit = byTestId('search-results')
      .locator('[role=option]', { has: h.page.locator('.status-paid') })
      .first()
    await click(hit)
    await byTestId('payment-detail').waitFor()
    const paymentId = present(await detailId())
    // R acts once the payment is read (its Refund… button is shown); pressed earlier it does nothing.
    await byTestId('action-refund').waitFor()
    await press('r')
    await byTestId('refund-dialog').waitFor()
    await press('Shift+Tab')
    await press('Shift+Tab')
    await expect.poll(focusedTestId).toBe('refund-amount')
    await press('Control+a')
    await type('5,00')
    await click(byTestId('refund-dialog-confirm'))
    await byTestId('action-done').waitFor()
    const refunds = (await client.listRefunds(paymentId))._embedded.refunds
    expect(refunds.map((r) => r.amount)).toContainEqual({ currency: 'EUR', value: '5.00' })
    endCall('first minute', { clicks: 2, keys: 8 })
  })
})

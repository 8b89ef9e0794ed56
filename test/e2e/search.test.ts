// The header search box and the home screen in the built renderer, on the real services (sandbox,
// client, node:sqlite index, keychain): find by e-mail → the order, find by amount, paste a checkout
// link, keyboard use, an empty result that says what was searched, and no personal data on disk.
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { completeCheckout, createSandboxAdmin, type SandboxAdmin } from '../../src/sandbox'
import { validOrderBody } from '../helpers/sandbox-fixtures'
import type { Order } from '../../src/shared/api-types'
import { startHarness, type Harness } from './harness'
import { scanDirectory } from './secrets-leak-scan'
import { present } from '../helpers/present'

let h: Harness
const suffix = randomBytes(4).toString('hex')
const EMAIL = `grace.hopper.${suffix}@navy.example`
const FAMILY = `Hopper${suffix}`
let order: Order
let admin: SandboxAdmin
const ADMIN = `admin_${randomBytes(8).toString('hex')}`

async function search(text: string): Promise<void> {
  const input = h.page.getByTestId('search-input')
  await h.page.keyboard.press('Control+k')
  await expect
    .poll(() => h.page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
    .toBe('search-input')
  await input.fill(text)
}

/** The order view's heading: the order number and the id it was opened with. */
async function orderTitle(): Promise<string | null> {
  return h.page.getByTestId('order-view').getByRole('heading', { level: 1 }).textContent()
}

/** Orders the sandbox holds once the test's own is made (its seeded merchant has some too). */
let ordersAtService = 0

describe('search box and home screen', () => {
  beforeAll(async () => {
    h = await startHarness({ name: 'search', deps: { sandboxOptions: { seedPayments: 300, adminToken: ADMIN } } })
    await h.page.getByTestId('home-screen').waitFor()
    const sandbox = present((await h.services.connections.list()).connections.find((c) => c.builtIn))
    admin = createSandboxAdmin(new URL(present(sandbox.baseUrl)).origin, ADMIN)
    const client = await h.services.connections.getActiveClient()
    order = await client.createOrder(
      validOrderBody(`GH-${suffix}`, {
        amount: { currency: 'EUR', value: '59.95' },
        lines: [
          {
            type: 'physical',
            name: 'Compiler manual',
            quantity: 1,
            unitPrice: { currency: 'EUR', value: '59.95' },
            totalAmount: { currency: 'EUR', value: '59.95' },
            vatRate: '0.00',
            vatAmount: { currency: 'EUR', value: '0.00' },
          },
        ],
        billingAddress: {
          givenName: 'Grace',
          familyName: FAMILY,
          email: EMAIL,
          streetAndNumber: 'Navy Yard 1',
          postalCode: '20374',
          city: 'Washington',
          country: 'US',
        },
      }),
      { embed: 'payments' },
    )
    // The seeded merchant has orders of its own: the count the home screen must show is the service's.
    ordersAtService = (await client.listOrders({ limit: 250 }))._embedded.orders.length
    await h.services.search.sync()
    await h.services.search.whenIdle()
  })

  afterAll(async () => {
    await h?.close()
  })

  it('opens on the home screen with the index summary and the connection', async () => {
    await h.page.getByRole('button', { name: 'Sync now' }).click()
    // The sync is a walk over HTTP: on a busy machine it takes longer than a poll's default second.
    await expect
      .poll(() => h.page.getByTestId('home-index').textContent(), { timeout: 15_000 })
      .toMatch(new RegExp(`301 payments and ${ordersAtService} orders`))
    await expect(h.page.getByTestId('home-connection').textContent()).resolves.toContain('Sandbox')
    await h.screenshot('home')
  })

  it('welcomes a new agent with three things to try, and F1 or Help opens the guide to the common calls', async () => {
    const welcome = h.page.getByTestId('home-welcome')
    await expect(welcome.locator('ol > li').count()).resolves.toBe(3)
    await expect(welcome.innerText()).resolves.toMatch(/Ctrl\+K[\s\S]*refund[\s\S]*Paste/)
    await h.page.keyboard.press('F1')
    await expect(h.page.getByTestId('help-guide').innerText()).resolves.toContain('Refund all or part of a payment')
    await h.page.keyboard.press('Escape')
    await expect.poll(() => h.page.getByTestId('help-guide').count()).toBe(0)
    await h.page.getByTestId('home-help').click()
    await h.page.getByTestId('help-guide').waitFor()
    await h.page.keyboard.press('Escape')
    await expect
      .poll(() => h.page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('home-help')
    await expect.poll(() => h.page.getByTestId('help-guide').count()).toBe(0)
    // Help in the app menu: main sends its event, and the page opens the same guide.
    h.services.events.emit('app.help', {})
    await h.page.getByTestId('help-guide').waitFor()
    await h.page.keyboard.press('Escape')
  })

  it('a running sync can be cancelled from the home screen, and the next one ends with everything', async () => {
    // The service answers the next page slowly, so the sync is still running when the agent cancels.
    await admin.addFault({ path: '/v2/payments', kind: 'latency', latencyMs: 4000, count: 1 })
    await h.page.getByRole('button', { name: 'Full re-sync' }).click()
    const cancel = h.page.getByRole('button', { name: 'Cancel sync' })
    await cancel.waitFor()
    await expect(h.page.getByTestId('sync-status').textContent()).resolves.toMatch(/^Syncing/)
    await cancel.click()
    await expect.poll(() => h.page.getByTestId('sync-status').textContent()).toContain('Sync canceled')
    expect(h.services.search.status().state).toBe('canceled')
    await expect(cancel.count()).resolves.toBe(0)
    await admin.clearFaults()
    await h.page.getByRole('button', { name: 'Sync now' }).click()
    // A whole sync, with its reads of the unsettled rows: seconds on a busy machine, as at the start.
    await expect
      .poll(() => h.page.getByTestId('sync-status').textContent(), { timeout: 15_000 })
      .toContain('Index up to date')
    await expect
      .poll(() => h.page.getByTestId('home-index').textContent())
      .toMatch(new RegExp(`301 payments and ${ordersAtService} orders`))
  })

  it('finds an order by the customer e-mail and opens it with Enter', async () => {
    await search(EMAIL)
    const hit = h.page.getByTestId(`search-hit-${order.id}`)
    await hit.waitFor()
    await expect(hit.textContent()).resolves.toContain('Customer e-mail')
    await h.screenshot('find-by-email')
    await h.page.keyboard.press('Enter')
    // The order view: read fresh, with the customer, the items and the payment.
    const view = h.page.getByTestId('order-view')
    await view.waitFor()
    await expect.poll(() => h.page.getByTestId('order-status').textContent()).toBe('created')
    await expect(h.page.getByTestId('order-customer').textContent()).resolves.toContain(EMAIL)
    await expect(h.page.getByTestId('order-lines').textContent()).resolves.toContain('Compiler manual')
    const paymentId = present(order._embedded?.payments?.[0]).id
    await expect(h.page.getByTestId('order-payments').textContent()).resolves.toContain(paymentId)
    await h.screenshot('order-view')
  })

  it('order view → new payment: offered only once the first payment can no longer complete', async () => {
    const first = present(order._embedded?.payments?.[0])
    // The first payment is still open: the button says why it is not offered.
    await expect(h.page.getByTestId('order-new-payment').isDisabled()).resolves.toBe(true)
    await expect(h.page.getByTestId('order-new-payment-why').textContent()).resolves.toContain(first.id)
    // The customer's attempt fails at checkout; the agent refreshes the order.
    expect((await completeCheckout(present(first._links.checkout).href, 'failed')).status).toBe(303)
    await h.page.getByTestId('order-refresh').click()
    await expect.poll(() => h.page.getByTestId('order-new-payment').isDisabled()).toBe(false)
    await h.page.getByTestId('order-new-payment').click()
    const done = h.page.getByTestId('order-new-payment-done')
    await done.waitFor()
    const created = /New payment (tr_\w+) created/.exec((await done.textContent()) ?? '')?.[1]
    expect(created).toBeTruthy()
    await h.page.getByTestId('order-copy-new-checkout').click()
    await expect.poll(() => h.clipboard.at(-1)).toMatch(new RegExp(`/checkout/${created}$`))
    // The order now lists both payments; the new one is open, so no third is offered.
    await expect.poll(() => h.page.getByTestId('order-payment-row').count()).toBe(2)
    await expect(h.page.getByTestId('order-new-payment').isDisabled()).resolves.toBe(true)
    // A payment of the order opens in the payments browser, and its order link comes back here.
    await h.page.locator(`[data-testid="order-payment-row"][data-payment-id="${created}"] button`).click()
    await expect.poll(() => h.page.getByTestId('payment-detail').textContent()).toContain(present(created))
    await h.page.getByTestId('detail-link-order').click()
    await expect.poll(() => h.page.getByTestId('order-payments').textContent()).toContain(present(created))
    await h.screenshot('order-new-payment')
  })

  it('finds by amount in the usual notations, and the hit opens the order', async () => {
    // Start away from the order view, so only the hit can bring it back.
    await h.page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^Home/ }).click()
    await expect.poll(() => h.page.getByTestId('order-view').count()).toBe(0)
    for (const text of ['59.95', '€59,95', `59,95 EUR`]) {
      await search(`${text} ${FAMILY}`)
      await h.page.getByTestId(`search-hit-${order.id}`).waitFor()
      await expect(h.page.getByTestId(`search-hit-${order.id}`).textContent()).resolves.toContain('Amount')
    }
    // The hit opens the order it found, read fresh, with that amount.
    await h.page.getByTestId(`search-hit-${order.id}`).click()
    await expect.poll(() => orderTitle()).toContain(order.id)
    await expect.poll(() => h.page.getByTestId('order-amount').textContent()).toMatch(/59[.,]95/)
  })

  it('opens a pasted checkout link directly, and from the payment its order', async () => {
    const checkout = present(order._links.checkout).href
    const paymentId = present(order._embedded?.payments?.[0]).id
    await search(checkout)
    await expect.poll(() => h.page.getByTestId('search-direct').textContent()).toContain(paymentId)
    await h.page.keyboard.press('Enter')
    await expect.poll(() => h.page.getByTestId('payment-detail').textContent()).toContain(paymentId)
    // The payment belongs to the order: its link opens the order view, which lists the payment.
    await h.page.getByTestId('detail-link-order').click()
    await expect.poll(() => orderTitle()).toContain(order.id)
    await expect.poll(() => h.page.getByTestId('order-payments').textContent()).toContain(paymentId)
  })

  it('finds the object of a pasted message: a link of the real service or an id among other words', async () => {
    const paymentId = present(order._embedded?.payments?.[0]).id
    const code = paymentId.slice('tr_'.length)
    for (const text of [
      `Hi, I tried to pay at https://www.mollie.com/checkout/select-method/${code}. It failed!`,
      `dashboard: https://my.mollie.com/dashboard/org_1/payments/${paymentId}?tab=refunds, thanks`,
      `Is ${paymentId} refunded yet?`,
    ]) {
      await search(text)
      await expect.poll(() => h.page.getByTestId('search-direct').textContent()).toContain(paymentId)
    }
    await search(`my order https://www.mollie.com/checkout/order/${order.id.slice('ord_'.length)} please`)
    await expect.poll(() => h.page.getByTestId('search-direct').textContent()).toContain(order.id)
    await h.page.keyboard.press('Enter')
    await expect.poll(() => orderTitle()).toContain(order.id)
  })

  it('opens an id clicked in the list as Enter does: the keyboard goes to the opened order', async () => {
    await search(order.id)
    await expect.poll(() => h.page.getByTestId('search-direct').textContent()).toContain(order.id)
    await h.page.getByTestId('search-direct').click()
    await expect.poll(() => orderTitle()).toContain(order.id)
    await expect.poll(() => h.page.evaluate(() => document.activeElement?.id)).toBe('order-title')
  })

  it('leaves the keyboard where the agent put it when they press a key while an opened result still loads', async () => {
    // The order takes half a second to come: Ctrl+K meanwhile keeps the search box focused after it came.
    await admin.addFault({ path: `/v2/orders/${order.id}`, method: 'GET', kind: 'latency', latencyMs: 500, count: 1 })
    try {
      await search(order.id)
      await expect.poll(() => h.page.getByTestId('search-direct').textContent()).toContain(order.id)
      await h.page.keyboard.press('Enter')
      await h.page.keyboard.press('Control+k')
      await expect.poll(() => orderTitle()).toContain(order.id)
      await h.page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))
      await expect(h.page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).resolves.toBe(
        'search-input',
      )
    } finally {
      await admin.clearFaults()
    }
    await h.page.keyboard.press('Escape')
  })

  it('says what was searched and how fresh the index is when nothing matches; hostile text is harmless', async () => {
    await search('"nobody-here" OR 1=1 --')
    const empty = h.page.getByTestId('search-empty')
    await empty.waitFor()
    await expect(empty.textContent()).resolves.toMatch(/Nothing matches .*last synced/)
    await search('x'.repeat(10_000))
    await expect.poll(() => h.page.getByTestId('search-error').textContent()).toMatch(/10,000 characters/)
    await h.page.keyboard.press('Escape')
    expect(h.consoleErrors).toEqual([])
  })

  it('leaves no personal data in plain text on disk', async () => {
    await h.services.search.dispose() // checkpoint the WAL into the file
    const { findings, files } = await scanDirectory(h.dataDir, [EMAIL, FAMILY, 'Navy Yard', 'Compiler manual'])
    expect(files.some((f) => f.includes('search-index'))).toBe(true)
    expect(findings).toEqual([])
  })
})

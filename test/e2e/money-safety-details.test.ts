// Issue 49 item 8 (the small things the money-safety tour met) and its axe measure, played in the
// built renderer on the real services (sandbox over HTTP, client, keychain, index): a payment opened
// from its order takes the keyboard; Enter in the refund amount sends; no hint contradicts the
// order's rule; paid and canceled orders show no expiry; the drawer's refunds are not clipped; the
// "May need a call" rows name the customer; the order view's headings are in order; and every state
// the calls visit has no axe finding of moderate or higher, light and dark, at 1280 × 800
// and 960 × 600.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiClient } from '../../src/main/api'
import type { Order, Payment } from '../../src/shared/api-types'
import { completeCheckout, createSandboxAdmin, type SandboxAdmin } from '../../src/sandbox'
import { validOrderBody, validPaymentBody } from '../helpers/sandbox-fixtures'
import { present } from '../helpers/present'
import { toMinor } from '../../src/shared/money'
import { refundBlocker } from '../../src/shared/payment-writes'
import { axeViolations, type AxeFinding } from './axe'
import { startHarness, type Harness } from './harness'
import { layoutProblems } from './layout-check'
import { openById, openSection } from '../helpers/navigation'

const ADMIN = 'money-safety-details-admin'
const SIZES = [
  { width: 1280, height: 800 },
  { width: 960, height: 600 },
] as const

let h: Harness
let client: ApiClient
let admin: SandboxAdmin
/** The payments the sandbox seeded (it seeds the same again after a restart; the tests' own are gone). */
let seededIds: Set<string>
const byTestId = (id: string) => h.page.getByTestId(id)

const customer = (given: string, family: string) => ({
  givenName: given,
  familyName: family,
  email: `${given.toLowerCase()}.${family.toLowerCase()}@example.org`,
  streetAndNumber: 'Dam 1',
  postalCode: '1012 JS',
  city: 'Amsterdam',
  country: 'NL',
})

async function paidPayment(value: string, method?: 'directdebit' | 'ideal'): Promise<Payment> {
  const created = await client.createPayment(
    validPaymentBody({
      amount: { currency: 'EUR', value },
      description: `Details ${value}`,
      ...(method ? { method } : {}),
      billingAddress: customer('Grace', 'Hopper'),
    }),
  )
  await completeCheckout(present(created._links.checkout).href, 'paid')
  return created
}

/** An order whose first payment ended as `outcome` (its checkout completed that way). */
async function orderWith(number: string, outcome: 'paid' | 'failed' | null, given = 'Mira'): Promise<Order> {
  const order = await client.createOrder(validOrderBody(number, { billingAddress: customer(given, 'Okafor') }), {
    embed: 'payments',
  })
  if (outcome) await completeCheckout(present(order._embedded?.payments?.[0]?._links.checkout).href, outcome)
  return order
}

async function openOrder(id: string): Promise<void> {
  await openById(h.page, id)
  await byTestId('order-status').waitFor()
  await expect.poll(() => h.page.locator('#order-title').textContent()).toContain(id)
}

async function openPayment(id: string): Promise<void> {
  await openById(h.page, id)
  await expect.poll(() => byTestId('payment-detail').textContent()).toContain(id)
  await byTestId('payment-actions').waitFor()
}

beforeAll(async () => {
  h = await startHarness({
    name: 'money-safety-details',
    viewport: SIZES[0],
    // A fixed seed: the built-in sandbox seeds the same payments again after a restart (the last test).
    deps: { sandboxOptions: { adminToken: ADMIN, seedPayments: 40, seed: 49 }, search: { autoSync: false } },
  })
  client = await h.services.connections.getActiveClient()
  const sandbox = present((await h.services.connections.list()).connections.find((c) => c.builtIn))
  admin = createSandboxAdmin(new URL(present(sandbox.baseUrl)).origin, ADMIN)
  seededIds = new Set((await client.listPayments({ limit: 250 }))._embedded.payments.map((p) => p.id))
  await byTestId('home-screen').waitFor()
})

afterAll(async () => {
  await h?.close()
})

describe('the small things of the tour (issue 49 item 8)', () => {
  it('a payment opened from its order takes the keyboard: R then opens its refund', async () => {
    const order = await orderWith('DETAILS-FOCUS', 'paid')
    const paymentId = present(order._embedded?.payments?.[0]).id
    await openOrder(order.id)
    await byTestId('order-payments').getByRole('button', { name: paymentId }).click()
    await expect.poll(() => byTestId('payment-detail').textContent()).toContain(paymentId)
    await expect.poll(() => h.page.evaluate(() => document.activeElement?.id)).toBe('pay-detail-title')
    await byTestId('action-refund').waitFor()
    await h.page.keyboard.press('r')
    await byTestId('refund-dialog').waitFor()
    await h.page.keyboard.press('Escape')
  })

  it('Enter in the refund amount sends the refund', async () => {
    const payment = await paidPayment('30.00')
    await openPayment(payment.id)
    await byTestId('action-refund').click()
    await byTestId('refund-guard-none').waitFor()
    await byTestId('refund-amount').fill('12,50')
    await byTestId('refund-amount').press('Enter')
    await byTestId('action-done').waitFor()
    const refunds = (await client.listRefunds(payment.id))._embedded.refunds.map((r) => r.amount.value)
    expect(refunds).toEqual(['12.50'])
  })

  it('a paid payment of a paid order is not told to "cancel the order instead" (the order cannot be)', async () => {
    const order = await orderWith('DETAILS-HINT', 'paid')
    const paymentId = present(order._embedded?.payments?.[0]).id
    await openOrder(order.id)
    await expect(byTestId('order-cancel-why').textContent()).resolves.toMatch(/refund its payment instead/)
    await openPayment(paymentId)
    const actions = byTestId('payment-actions')
    await expect(actions.textContent()).resolves.not.toMatch(/cancel the order instead/)
    await expect(byTestId('action-cancel-payment-na').textContent()).resolves.toMatch(/Refund it instead/)
  })

  it('paid and canceled orders show no expiry; an order still waiting for payment does', async () => {
    const waiting = await orderWith('DETAILS-WAIT', null)
    const paid = await orderWith('DETAILS-PAID', 'paid')
    const canceled = await orderWith('DETAILS-CANC', 'failed')
    await client.cancelOrder(canceled.id)
    const moments = () => h.page.locator('.order-summary dt').allTextContents()
    await openOrder(waiting.id)
    await expect.poll(moments).toContain('Expires')
    for (const o of [paid, canceled]) {
      await openOrder(o.id)
      await expect.poll(() => h.page.locator('.order-summary').textContent()).toContain('Created')
      expect(await moments()).not.toContain('Expires')
    }
  })

  it('the order view’s headings are in order (axe heading-order)', async () => {
    const order = await orderWith('DETAILS-HEAD', 'paid')
    await openOrder(order.id)
    await byTestId('order-timeline').waitFor()
    const all = await axeViolations(h.page, { minImpact: 'moderate' })
    expect(all.filter((f) => f.id === 'heading-order')).toEqual([])
  })

  it('the drawer’s refunds are not clipped, at 1280 × 800 and 960 × 600', async () => {
    const payment = await paidPayment('80.00', 'ideal')
    await client.createRefund(payment.id, {
      amount: { currency: 'EUR', value: '20.00' },
      description: 'Returned the larger of the two boxes',
    })
    await client.createRefund(payment.id, { amount: { currency: 'EUR', value: '15.00' } })
    try {
      for (const size of SIZES) {
        await h.page.setViewportSize(size)
        await openPayment(payment.id)
        await byTestId('refunds-list').waitFor()
        await expect.poll(() => byTestId('refunds-list').locator('li').count()).toBe(2)
        expect(await layoutProblems(h.page), `${size.width} × ${size.height}`).toEqual([])
        // Each refund's text lies inside the drawer (nothing cut at its right edge).
        const cut = await byTestId('refunds-list').evaluate((list) => {
          const drawer = list.closest('.pay-detail')?.getBoundingClientRect()
          if (!drawer) return ['no drawer']
          return [...list.querySelectorAll('p, button')]
            .filter((el) => el.getBoundingClientRect().right > drawer.right + 1)
            .map((el) => (el.textContent ?? '').slice(0, 40))
        })
        expect(cut, `${size.width} × ${size.height}`).toEqual([])
        await h.screenshot(`drawer-refunds-${size.width}`)
      }
    } finally {
      await h.page.setViewportSize(SIZES[0])
    }
  })

  it('"May need a call" rows on Home name the customer, an order’s payment its order’s', async () => {
    await orderWith('DETAILS-CALL', 'failed', 'Ines')
    await h.services.search.sync()
    await h.services.search.whenIdle()
    await openSection(h.page, /^Home/, /./)
    const rows = byTestId('home-failures').locator('li')
    await expect.poll(() => rows.allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining('Ines')]))
    const customers = await byTestId('home-failures').getByTestId('home-failure-customer').allTextContents()
    expect(customers.length).toBeGreaterThan(0)
    // The order holds the customer's address: the row names them with their e-mail, to call or write.
    expect(customers.filter((c) => c.startsWith('Ines Okafor · ines.okafor@example.org '))).toHaveLength(1)
  })
})

describe('lists tell refunds truly (issue 49)', () => {
  it('a payment refunded in full a minute ago: the view says "Refund on its way", its list row "refund made"', async () => {
    const payment = await paidPayment('45.00', 'ideal')
    await client.createRefund(payment.id, { amount: { currency: 'EUR', value: '45.00' } })
    await openPayment(payment.id)
    await expect.poll(() => byTestId('payment-headline-state').textContent()).toBe('Refund on its way')
    // The list reads payments without their refunds: it cannot tell the money left, so never "refunded".
    await byTestId('find-input').fill(payment.id)
    await byTestId('find-from').click()
    const row = h.page.locator(`[data-testid="payment-row"][data-payment-id="${payment.id}"]`)
    await expect.poll(() => row.locator('.badge').first().textContent()).toBe('refund made')
  })

  it('an order whose payment was refunded in full a minute ago reads "Refund on its way", not "Refunded"', async () => {
    const order = await orderWith('DETAILS-TRUTH', 'paid')
    const paymentId = present(order._embedded?.payments?.[0]).id
    await client.createRefund(paymentId, { amount: order.amount })
    await openOrder(order.id)
    await expect.poll(() => byTestId('order-headline-state').textContent()).toBe('Refund on its way')
  })
})

describe('axe on every state the issue-49 calls visit (item 4)', () => {
  const findings: { state: string; finding: AxeFinding }[] = []

  async function scan(state: string): Promise<void> {
    for (const scheme of ['light', 'dark'] as const) {
      await h.page.emulateMedia({ colorScheme: scheme })
      for (const finding of await axeViolations(h.page, { minImpact: 'moderate' })) {
        findings.push({ state: `${state} (${scheme}, ${h.page.viewportSize()?.width ?? '?'} px)`, finding })
      }
    }
    await h.page.emulateMedia({ colorScheme: 'light' })
  }

  async function refundDialog(paymentId: string, ready: string): Promise<void> {
    await openPayment(paymentId)
    await byTestId('action-refund').click()
    await byTestId(ready).waitFor()
  }

  async function closeDialog(): Promise<void> {
    await h.page.keyboard.press('Escape')
    await expect.poll(() => byTestId('refund-dialog').count()).toBe(0)
  }

  it('finds nothing of moderate impact or more, light and dark, at both sizes', async () => {
    const sepa = await paidPayment('25.00', 'directdebit')
    const held = await paidPayment('100.00')
    await admin.openChargeback(held.id, { currency: 'EUR', value: '30.00' })
    const onItsWay = await paidPayment('45.00', 'ideal')
    await client.createRefund(onItsWay.id, { amount: { currency: 'EUR', value: '45.00' } })
    const rest = await paidPayment('79.88')
    await client.createRefund(rest.id, { amount: { currency: 'EUR', value: '39.94' } })
    const order = await orderWith('DETAILS-AXE', 'paid')
    try {
      for (const size of SIZES) {
        await h.page.setViewportSize(size)
        // The payment view with the guard's warnings (a SEPA debit inside its window), its dialog.
        await refundDialog(sepa.id, 'refund-guard-warnings')
        await scan('refund dialog warned (SEPA window)')
        await closeDialog()
        // The dialog holding a refund (an open chargeback), and the payment view charged back.
        await refundDialog(held.id, 'refund-guard-hold')
        await scan('refund dialog held (open chargeback)')
        await closeDialog()
        await scan('payment view, charged back')
        // A refund on its way (pending), with the caller's sentence and Cancel refund.
        await openPayment(onItsWay.id)
        await expect.poll(() => byTestId('payment-headline-state').textContent()).toBe('Refund on its way')
        await scan('payment view, refund on its way')
        // The rest held at this desk (the same amount within the hour).
        await refundDialog(rest.id, 'refund-guard-refunds')
        await byTestId('refund-amount').press('Enter')
        await expect.poll(() => byTestId('action-done').textContent()).toMatch(/Queued at this desk/)
        await scan('payment view, the rest held at this desk')
        await byTestId('queued-refunds').getByRole('button', { name: 'Cancel this refund' }).click()
        // The chargebacks workspace.
        await h.page.keyboard.press('Control+5')
        await byTestId('chargebacks-list').waitFor()
        await scan('chargebacks')
        // The order view, and its customer.
        await openOrder(order.id)
        await byTestId('order-timeline').waitFor()
        await scan('order view')
        await byTestId('order-customer-link').click()
        await byTestId('customer-body').waitFor()
        await scan('customer view')
      }
    } finally {
      await h.page.setViewportSize(SIZES[0])
    }
    console.log(JSON.stringify({ axeScans: 2 * 2 * 8, findings: findings.length }))
    expect(findings).toEqual([])
  })
})

// Last: a restart starts the built-in sandbox again (its seeded payments, none made since).
describe('refund the rest across a restart (issue 49, the held refund kept in the data folder)', () => {
  it('the held refund of the rest is still there, waiting, after Paydesk restarts, and can be canceled', async () => {
    const seeded = (await client.listPayments({ limit: 250 }))._embedded.payments.find(
      (p) =>
        seededIds.has(p.id) &&
        p.status === 'paid' &&
        p.amount.currency === 'EUR' &&
        refundBlocker(p) === null &&
        p.amountRemaining?.value === p.amount.value &&
        toMinor(p.amount) % 2n === 0n &&
        toMinor(p.amount) >= 200n &&
        p.method !== 'directdebit',
    )
    const payment = present(seeded)
    const half = (Number(toMinor(payment.amount) / 2n) / 100).toFixed(2)
    await openPayment(payment.id)
    await byTestId('action-refund').click()
    await byTestId('refund-dialog').waitFor()
    await byTestId('refund-amount').fill(half)
    await byTestId('refund-amount').press('Enter')
    await byTestId('action-done').waitFor()
    await byTestId('action-refund').click()
    await byTestId('refund-guard-refunds').waitFor()
    await expect(byTestId('refund-amount').inputValue()).resolves.toBe(half)
    await byTestId('refund-amount').press('Enter')
    await expect.poll(() => byTestId('action-done').textContent()).toMatch(/Queued at this desk/)
    await expect(byTestId('action-done').textContent()).resolves.toMatch(/kept in the data folder/)
    await expect(byTestId('action-done').textContent()).resolves.not.toMatch(/while Paydesk stays open/)

    await h.restart()
    client = await h.services.connections.getActiveClient()
    await byTestId('home-screen').waitFor()
    await openPayment(payment.id)
    const held = byTestId('queued-refunds')
    await held.waitFor()
    await expect(held.textContent()).resolves.toMatch(/sent at/)
    await expect(held.textContent()).resolves.toMatch(/after reading the payment again/)
    await h.screenshot('refund-rest-held-after-restart')
    for (const scheme of ['light', 'dark'] as const) {
      await h.page.emulateMedia({ colorScheme: scheme })
      expect(await axeViolations(h.page, { minImpact: 'moderate' })).toEqual([])
    }
    await h.page.emulateMedia({ colorScheme: 'light' })
    await held.getByRole('button', { name: 'Cancel this refund' }).click()
    await expect.poll(() => held.textContent()).toContain('Canceled before it was sent; nothing was refunded.')
    // Nothing was sent to the service started again.
    expect((await client.listRefunds(payment.id))._embedded.refunds).toEqual([])
  })
})

// Acting on what the agent found, in the built renderer on the real services (sandbox, client,
// keychain): refund, cancel and change a payment from its view, cancel an order from the order
// view; each behind a confirmation naming amount, customer and connection; the view refreshes; the
// request opens in the Inspector; on a live connection main's own dialog decides.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiClient } from '../../src/main/api'
import { completeCheckout, createSandboxAdmin, type SandboxAdmin } from '../../src/sandbox'
import { paidPaymentFor, validOrderBody, validPaymentBody } from '../helpers/sandbox-fixtures'
import type { Payment } from '../../src/shared/api-types'
import { axeViolations } from './axe'
import { currentCspViolations, startHarness, type Harness } from './harness'
import { present } from '../helpers/present'
import { openById as openIdFromSearch } from '../helpers/navigation'

const TEST_KEY = 'test_ActionsE2eTestKey000000001'
const LIVE_KEY = 'live_ActionsE2eLiveKey000000001'
const ADMIN = 'actions-e2e-admin'

let h: Harness
let client: ApiClient
let admin: SandboxAdmin

const openById = (id: string) => openIdFromSearch(h.page, id)

async function openPayment(id: string): Promise<void> {
  await openById(id)
  await expect.poll(() => h.page.getByTestId('payment-detail').textContent()).toContain(id)
  await h.page.getByTestId('payment-actions').waitFor()
}

const paidPayment = (value: string, email: string): Promise<Payment> => paidPaymentFor(client, value, email)

describe('actions from the payment and order views', () => {
  beforeAll(async () => {
    h = await startHarness({
      name: 'actions',
      deps: {
        sandboxOptions: { keys: [TEST_KEY, LIVE_KEY], adminToken: ADMIN, seedPayments: 10 },
        search: { autoSync: false },
      },
    })
    client = await h.services.connections.getActiveClient()
    const sandbox = present((await h.services.connections.list()).connections.find((c) => c.builtIn))
    admin = createSandboxAdmin(new URL(present(sandbox.baseUrl)).origin, ADMIN)
  })

  afterAll(async () => {
    await h?.close()
  })

  it('refunds part of a paid payment: the agent’s notation read exactly, an ambiguous one asked about, refreshed view, request in the Inspector', async () => {
    const payment = await paidPayment('20.00', 'ada.refund@example.org')
    await openPayment(payment.id)
    await h.page.getByTestId('action-refund').click()
    const dialog = h.page.getByTestId('refund-dialog')
    await dialog.waitFor()
    await expect(dialog.textContent()).resolves.toContain('ada.refund@example.org')
    await expect(dialog.textContent()).resolves.toContain('Sandbox (test)')
    await expect(h.page.getByTestId('refund-remaining').textContent()).resolves.toContain('20.00')
    // "1,234" reads two ways: the dialog asks and takes nothing until the agent chooses.
    await h.page.getByTestId('refund-amount').fill('1,234')
    await expect(h.page.getByTestId('refund-dialog-confirm').isDisabled()).resolves.toBe(true)
    await expect(h.page.getByTestId('echo-refund-amount').innerText()).resolves.toContain('could mean 1234.00 EUR')
    // The agent's own notation is read as it is meant, and what is sent is shown next to the field.
    await h.page.getByTestId('refund-amount').fill('€ 5')
    await expect(h.page.getByTestId('echo-value-refund-amount').innerText()).resolves.toContain('5.00 EUR')
    await expect(h.page.getByTestId('refund-amount').inputValue()).resolves.toBe('€ 5')
    // More than is left is refused before anything is sent.
    await h.page.getByTestId('refund-amount').fill('25.00')
    await expect(h.page.getByTestId('refund-dialog-confirm').isDisabled()).resolves.toBe(true)
    await h.page.getByTestId('refund-amount').fill('5,00')
    await expect(h.page.getByTestId('refund-dialog-confirm').innerText()).resolves.toMatch(/Refund .*5[.,]00/)
    await h.page.getByTestId('refund-description').fill('Damaged box')
    await h.screenshot('refund-dialog')
    expect(await axeViolations(h.page)).toEqual([])
    await h.page.getByTestId('refund-dialog-confirm').click()
    await h.page.getByTestId('action-done').waitFor()
    await expect(h.page.getByTestId('action-done').textContent()).resolves.toMatch(/Refund re_\w+ of EUR 5.00/)
    await expect.poll(() => h.page.getByTestId('detail-amountRemaining').textContent()).toContain('15.00')
    await expect.poll(() => h.page.getByTestId('refunds-list').textContent()).toContain('Damaged box')
    const refunds = await client.listRefunds(payment.id)
    expect(refunds._embedded.refunds.map((r) => r.amount)).toEqual([{ currency: 'EUR', value: '5.00' }])
    await h.screenshot('refunded')
    await h.page.getByTestId('action-done-request').click()
    await expect
      .poll(() => h.page.getByTestId('request-detail').textContent())
      .toContain(`/payments/${payment.id}/refunds`)
  })

  it('a refund made from a payment opened from its row shows in that row at once, with no read of the list', async () => {
    const payment = await paidPayment('12.00', 'ada.row@example.org')
    await h.page.getByTestId('search-input').press('Escape')
    await h.page.keyboard.press('Control+2')
    // The list from the top: the new payment is its first row.
    await h.page.getByTestId('nav-first').click()
    const row = h.page.locator(`.pay-row[data-payment-id="${payment.id}"]`)
    await expect.poll(() => row.textContent()).toContain('paid')
    await row.click()
    await expect.poll(() => h.page.getByTestId('payment-detail').textContent()).toContain(payment.id)
    // Reads of the payments list (GET /v2/payments, a page), from the request log.
    const listReads = async () =>
      (await h.services.requestLog.list()).entries.filter(
        (e) => e.method === 'GET' && /^\/v2\/payments(\?|$)/.test(e.path),
      ).length
    const before = await listReads()
    await h.page.getByTestId('action-refund').click()
    await h.page.getByTestId('refund-dialog').waitFor()
    await h.page.getByTestId('refund-amount').fill('4.00')
    await h.page.getByTestId('refund-dialog-confirm').click()
    await h.page.getByTestId('action-done').waitFor()
    // The row reads the refunded payment from the window's cache: its state is no longer "paid".
    await expect.poll(() => row.textContent()).toMatch(/refund/i)
    expect(await listReads()).toBe(before)
  })

  it('a refund whose answer was lost says it may exist, and its look-up shows the refund was made', async () => {
    const payment = await paidPayment('30.00', 'ada.lost@example.org')
    await openPayment(payment.id)
    // The sandbox makes the refund, then closes the connection before any byte: on every attempt.
    await admin.addFault({ path: `/v2/payments/${payment.id}/refunds`, method: 'POST', kind: 'reset-before-headers' })
    try {
      await h.page.getByTestId('action-refund').click()
      await h.page.getByTestId('refund-dialog').waitFor()
      await h.page.getByTestId('refund-amount').fill('7.00')
      await h.page.getByTestId('refund-dialog-confirm').click()
      const error = h.page.getByTestId('refund-dialog-error')
      await error.waitFor({ timeout: 20_000 })
      await expect(error.textContent()).resolves.toContain('the refund may have been created')
      const lookup = h.page.getByTestId('lost-write-lookup')
      await expect(lookup.textContent()).resolves.toBe(`Look up the refunds of ${payment.id}`)
      await h.screenshot('refund-answer-lost')
    } finally {
      await admin.clearFaults()
    }
    await h.page.getByTestId('lost-write-lookup').click()
    await expect.poll(() => h.page.getByTestId('refund-dialog').count()).toBe(0)
    await expect.poll(() => h.page.getByTestId('detail-amountRemaining').textContent()).toContain('23.00')
    await expect.poll(() => h.page.getByTestId('refunds-list').textContent()).toContain('7.00')
    // Exactly one refund: the retries carried the first attempt's key.
    expect((await client.listRefunds(payment.id))._embedded.refunds).toHaveLength(1)
  })

  it('cancels an open bank transfer (Esc closes only the confirmation), and offers no cancel once it is canceled', async () => {
    const open = await client.createPayment(validPaymentBody({ method: 'banktransfer' } as never))
    await openPayment(open.id)
    // Esc closes the confirmation only: the payment stays open behind it, nothing is sent.
    await h.page.getByTestId('action-cancel-payment').click()
    await h.page.getByTestId('cancel-payment-dialog').waitFor()
    await h.page.keyboard.press('Escape')
    await expect.poll(() => h.page.getByTestId('cancel-payment-dialog').count()).toBe(0)
    await expect(h.page.getByTestId('payment-detail').textContent()).resolves.toContain(open.id)
    expect((await client.getPayment(open.id)).status).toBe('open')
    await h.page.getByTestId('action-cancel-payment').click()
    await h.page.getByTestId('cancel-payment-dialog').waitFor()
    await h.page.getByTestId('cancel-payment-dialog-confirm').click()
    await expect.poll(() => h.page.getByTestId('detail-status').textContent()).toBe('canceled')
    await expect(h.page.getByTestId('action-cancel-payment').count()).resolves.toBe(0)
    expect((await client.getPayment(open.id)).status).toBe('canceled')
  })

  it('changes the description and metadata of an open payment', async () => {
    const open = await client.createPayment(validPaymentBody())
    await openPayment(open.id)
    await h.page.getByTestId('action-update').click()
    await h.page.getByTestId('update-description').fill('Order 1234, corrected')
    await h.page.getByTestId('update-metadata').fill('{"ticket":"SUP-77"}')
    await expect(h.page.getByTestId('update-changes').textContent()).resolves.toBe('description, metadata')
    await h.page.getByTestId('update-dialog-confirm').click()
    await h.page.getByTestId('action-done').waitFor()
    const after = await client.getPayment(open.id)
    expect(after.description).toBe('Order 1234, corrected')
    expect(after.metadata).toEqual({ ticket: 'SUP-77' })
    await expect.poll(() => h.page.getByTestId('detail-raw').textContent()).toContain('SUP-77')
  })

  it('cancels an order from the order view', async () => {
    const order = await client.createOrder(validOrderBody('E2E-CANCEL-1'), { embed: 'payments' })
    // An order with an open payment cannot be canceled (docs.mollie.com/reference/cancel-order).
    await completeCheckout(present(order._embedded?.payments?.[0]?._links.checkout).href, 'failed')
    await openById(order.id)
    await expect.poll(() => h.page.getByTestId('order-status').textContent()).toBe('created')
    await h.page.getByTestId('action-cancel-order').click()
    await h.page.getByTestId('cancel-order-dialog').waitFor()
    expect(await axeViolations(h.page)).toEqual([])
    await h.page.getByTestId('cancel-order-dialog-confirm').click()
    await expect.poll(() => h.page.getByTestId('order-status').textContent()).toBe('canceled')
    await expect(h.page.getByTestId('action-cancel-order').count()).resolves.toBe(0)
    await expect(h.page.getByTestId('order-new-payment-why').textContent()).resolves.toContain('canceled')
  })

  it('on a live connection, main asks first; declined, nothing is refunded', async () => {
    const live = await h.services.connections.add({
      label: 'Shop live',
      secret: LIVE_KEY,
      baseUrl: present(present((await h.services.connections.list()).connections.find((c) => c.builtIn)).baseUrl),
    })
    await h.page.evaluate(async (id) => window.paydesk.connections.setActive({ id }), live.id)
    await h.page.getByTestId('connection-status-label').filter({ hasText: 'Shop live' }).waitFor()
    const liveClient = await h.services.connections.getActiveClient()
    const created = await liveClient.createPayment(validPaymentBody({ amount: { currency: 'EUR', value: '12.50' } }))
    await completeCheckout(present(created._links.checkout).href, 'paid')
    await openPayment(created.id)
    await h.page.getByTestId('action-refund').click()
    await h.page.getByTestId('refund-dialog-live-note').waitFor()
    h.liveConfirmations.length = 0
    h.liveAnswers.push(false)
    await h.page.getByTestId('refund-dialog-confirm').click()
    await expect.poll(() => h.page.getByTestId('refund-dialog-error').count()).toBe(1)
    expect(h.liveConfirmations).toHaveLength(1)
    expect(h.liveConfirmations[0]).toMatchObject({ connection: 'Shop live', amount: 'EUR 12.50' })
    expect((await liveClient.listRefunds(created.id)).count).toBe(0)
    await h.screenshot('live-refund-declined')
    await h.page.keyboard.press('Escape')
    expect(await admin.stats()).toBeTruthy()
  })

  it('had no console errors and no CSP violations', async () => {
    expect(h.consoleErrors).toEqual([])
    expect(await currentCspViolations(h.page)).toEqual([])
  })
})

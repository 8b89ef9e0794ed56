import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { completeCheckout } from '../../src/sandbox'
import { validOrderBody, validPaymentBody } from '../helpers/sandbox-fixtures'
import { axeViolations, type AxeFinding } from './axe'
import { startHarness, type Harness } from './harness'
import { present } from '../helpers/present'
import { openSection, openById as openIdFromSearch } from '../helpers/navigation'

/**
 * axe-core over every screen and state the agent meets: fresh (empty) forms, loaded lists, an
 * open detail, errors, live mode, and all of it again in dark mode. Critical and serious findings
 * fail the test that scanned the state they were found in, each reported with that state; all of
 * them are printed together once the file has run.
 */
const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
const token = (n = 30) => Array.from(randomBytes(n), (b) => BASE62[b % 62]).join('')
const TEST_KEY = `test_${token()}`
const LIVE_KEY = `live_${token()}`

describe('accessibility (axe-core) in Chromium', () => {
  let h: Harness
  const findings: { state: string; finding: AxeFinding }[] = []
  let orderId = ''
  let paidId = ''
  let openId = ''

  beforeAll(async () => {
    h = await startHarness({
      name: 'accessibility',
      deps: { sandboxOptions: { keys: [TEST_KEY, LIVE_KEY], seedPayments: 120, seed: 3 } },
    })
    const client = await h.services.connections.getActiveClient()
    const order = await client.createOrder(validOrderBody('A11Y-ORDER-1'), { embed: 'payments' })
    orderId = order.id
    // Its payment failed, so the order can be canceled (docs.mollie.com/reference/cancel-order).
    await completeCheckout(present(order._embedded?.payments?.[0]?._links.checkout).href, 'failed')
    // A paid payment (refund dialog) and an open one (change dialog) for the action confirmations.
    const paid = await client.createPayment(validPaymentBody())
    expect((await completeCheckout(present(paid._links.checkout).href, 'paid')).status).toBe(303)
    paidId = paid.id
    openId = (await client.createPayment(validPaymentBody({ method: 'banktransfer' } as never))).id
    await h.page.getByRole('navigation', { name: 'Sections' }).waitFor()
    // The customer view's tour finds the practice callers by e-mail in the index.
    await h.services.search.sync()
    await h.services.search.whenIdle()
  })

  afterAll(async () => {
    await h?.close()
  })

  async function scan(state: string): Promise<void> {
    for (const finding of await axeViolations(h.page)) findings.push({ state, finding })
  }

  // Each test answers for the states it scanned: what axe found since it began.
  let firstOfTest = 0
  beforeEach(() => {
    firstOfTest = findings.length
  })
  const foundInThisTest = (): string[] =>
    findings
      .slice(firstOfTest)
      .map(({ state, finding }) => `${state}: ${finding.impact} ${finding.id} ${finding.nodes.join(' ')}`)

  const open = (screen: RegExp, heading: RegExp) => openSection(h.page, screen, heading)

  const openById = (id: string) => openIdFromSearch(h.page, id)

  /** Opens an action's confirmation, scans it, and closes it with Esc. */
  async function closedAfterScan(button: string, dialog: string, state: string): Promise<void> {
    await h.page.getByTestId(button).click()
    await h.page.getByTestId(dialog).waitFor()
    await scan(state)
    await h.page.keyboard.press('Escape')
    await expect.poll(() => h.page.getByTestId(dialog).count()).toBe(0)
  }

  async function tour(scheme: 'light' | 'dark'): Promise<void> {
    await h.page.emulateMedia({ colorScheme: scheme })
    await open(/^Home/, /./)
    await scan(`${scheme}: home`)

    // A search, its list open, closed with Esc and opened again: the box may not point at an option
    // that is gone (it did, on every screen after the first search).
    await h.page.keyboard.press('Control+k')
    await h.page.getByTestId('search-input').fill('A11Y')
    await h.page.locator('[role="listbox"]').first().waitFor()
    await h.page.keyboard.press('ArrowDown')
    await scan(`${scheme}: search list open, an option active`)
    await h.page.keyboard.press('Escape')
    await expect.poll(() => h.page.locator('[role="listbox"]').count()).toBe(0)
    await scan(`${scheme}: search list closed after a search`)
    await h.page.getByTestId('search-input').fill('A11Y-ORDER')
    await h.page.locator('[role="listbox"]').first().waitFor()
    await scan(`${scheme}: search list reopened`)
    await h.page.keyboard.press('Escape')
    await h.page.keyboard.press('Escape')
    // The shortcut sheet (`?`).
    await h.page.locator('body').press('?')
    await h.page.getByTestId('shortcut-sheet').waitFor()
    await scan(`${scheme}: shortcut sheet`)
    await h.page.keyboard.press('Escape')
    await h.page.keyboard.press('F1')
    await h.page.getByTestId('help-guide').waitFor()
    await scan(`${scheme}: help guide`)
    await h.page.keyboard.press('Escape')

    await open(/^Orders/, /^Order/)
    await scan(`${scheme}: orders, fresh form`)
    // Create with the form as it is: the service answers with validation errors.
    const create = h.page.getByRole('button', { name: /^Create/ }).first()
    if (await create.isEnabled()) {
      await create.click()
      await h.page.waitForTimeout(0)
    }
    await scan(`${scheme}: orders, after Create`)

    await open(/^Payments/, /^Payments/)
    await h.page.getByTestId('payment-row').first().waitFor()
    await scan(`${scheme}: payments, loaded`)
    // The toolbar's panels: the filter row, view options and export.
    await h.page.getByTestId('filter-toggle').click()
    await h.page.getByTestId('view-toggle').click()
    await h.page.getByTestId('page-size').waitFor()
    await scan(`${scheme}: payments, filter row and view options open`)
    await h.page.getByTestId('export-toggle').click()
    await h.page.getByTestId('export-csv').waitFor()
    await scan(`${scheme}: payments, export menu open`)
    await h.page.getByTestId('export-toggle').click()
    await h.page.getByTestId('filter-toggle').click()
    await h.page.getByTestId('payment-row').first().click()
    await h.page.getByTestId('payment-detail').waitFor()
    await scan(`${scheme}: payments, detail open`)
    await h.page.getByTestId('find-from').click()
    await h.page.getByTestId('find-input').fill('tr_doesNotExist42')
    await h.page.getByTestId('find-open').click()
    await h.page.getByTestId('detail-error').waitFor()
    await scan(`${scheme}: payments, not found error`)

    // The order view, opened by its id from the search box.
    await h.page.keyboard.press('Control+k')
    await h.page.getByTestId('search-input').fill(orderId)
    await expect.poll(() => h.page.getByTestId('search-direct').textContent()).toContain(orderId)
    await h.page.keyboard.press('Enter')
    await h.page.getByTestId('order-status').waitFor()
    await scan(`${scheme}: order view`)
    await closedAfterScan('action-cancel-order', 'cancel-order-dialog', `${scheme}: order view, cancel dialog`)

    // The customer view from the order's "Customer" link, and a practice caller found by e-mail
    // (contact details, totals, problems, orders and payments, and the API details open).
    await h.page.getByTestId('order-customer-link').click()
    await h.page.getByTestId('customer-body').waitFor()
    await scan(`${scheme}: customer view from an order`)
    await h.page.keyboard.press('Control+k')
    await h.page.getByTestId('search-input').fill('lukas.schneider@example.com')
    await h.page.getByTestId('search-customer').waitFor()
    await scan(`${scheme}: search list offering a customer`)
    await h.page.keyboard.press('Shift+Enter')
    await h.page.getByTestId('customer-problems').waitFor()
    await scan(`${scheme}: customer view with problems`)
    await h.page.getByTestId('customer-body').locator('summary').click()
    await scan(`${scheme}: customer view, API details open`)

    // An order id the connection does not know: the not-found state in plain words.
    await openById('ord_doesNotExist42')
    await h.page.getByTestId('order-error').waitFor()
    await scan(`${scheme}: order view, not found`)

    // The action confirmations of the payment view.
    await openById(paidId)
    await h.page.getByTestId('action-refund').waitFor()
    await h.page.getByTestId('action-refund').click()
    await h.page.getByTestId('refund-dialog').waitFor()
    await h.page.getByTestId('refund-amount').fill('1,234')
    await h.page.getByTestId('choose-refund-amount-0').waitFor()
    await scan(`${scheme}: refund dialog asking about an ambiguous amount`)
    await h.page.keyboard.press('Escape')
    await expect.poll(() => h.page.getByTestId('refund-dialog').count()).toBe(0)
    await openById(openId)
    await closedAfterScan('action-update', 'update-dialog', `${scheme}: change payment dialog`)
    await closedAfterScan('action-cancel-payment', 'cancel-payment-dialog', `${scheme}: cancel payment dialog`)

    await open(/^Inspector/, /^Inspector/)
    await h.page.getByTestId('request-row').first().waitFor()
    await scan(`${scheme}: inspector, list`)
    await h.page.getByTestId('request-row').first().click()
    await h.page.getByTestId('request-detail').waitFor()
    await scan(`${scheme}: inspector, detail open`)

    await open(/^Connections/, /^Connections/)
    await scan(`${scheme}: connections`)
  }

  it('finds no critical or serious violations in light mode', async () => {
    await tour('light')
    expect(foundInThisTest()).toEqual([])
  })

  it('finds none in live mode, with its banner and switcher', async () => {
    await open(/^Connections/, /^Connections/)
    await h.page.getByTestId('add-label').fill('Bakery live')
    await h.page.getByTestId('add-secret').fill(LIVE_KEY)
    const form = h.page.getByTestId('add-connection-form')
    await form.getByText('Advanced: API address').click()
    await h.page.getByTestId('add-use-sandbox-url').click()
    await h.page.getByTestId('add-submit').click()
    await h.page.getByTestId('connection-added').waitFor()
    await h.page.getByTestId('connection-status').click()
    await scan('live: connection switcher open')
    await h.page.getByTestId('connection-switcher').getByText('Bakery live').click()
    await h.page.getByTestId('live-banner').waitFor()
    await scan('live: connections')
    await open(/^Orders/, /^Order/)
    await scan('live: orders')
    for (const scheme of ['dark', 'light'] as const) {
      await h.page.emulateMedia({ colorScheme: scheme })
      await scan(`live ${scheme}: orders`)
    }
    await h.page.getByTestId('connection-status').click()
    await h.page.getByTestId('connection-switcher').getByText('Sandbox').click()
    await h.page.getByTestId('connection-status-label').filter({ hasText: 'Sandbox' }).waitFor()
    expect(foundInThisTest()).toEqual([])
  })

  it('finds none in dark mode', async () => {
    await tour('dark')
    await h.page.emulateMedia({ colorScheme: 'light' })
    expect(foundInThisTest()).toEqual([])
  })

  it('finds none with a theme chosen against the OS, and the choice stays after a reload', async () => {
    const background = () =>
      h.page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--bg').trim())
    await open(/^Payments/, /^Payments/)
    await h.page.emulateMedia({ colorScheme: 'dark' })
    await h.page.getByTestId('theme-picker').selectOption('light')
    expect(await background()).toBe('#f5f7fa')
    await scan('theme light on a dark OS: payments')
    await h.page.emulateMedia({ colorScheme: 'light' })
    await h.page.getByTestId('theme-picker').selectOption('dark')
    expect(await background()).toBe('#10161d')
    await scan('theme dark on a light OS: payments')
    await h.page.reload()
    await h.page.getByRole('navigation', { name: 'Sections' }).waitFor()
    expect(await h.page.evaluate(() => document.documentElement.dataset['theme'])).toBe('dark')
    await expect(h.page.getByTestId('theme-picker').inputValue()).resolves.toBe('dark')
    await open(/^Orders/, /^Order/)
    await scan('theme dark on a light OS: orders')
    await h.page.getByTestId('theme-picker').selectOption('system')
    expect(await h.page.evaluate(() => document.documentElement.dataset['theme'])).toBe('light')
    expect(await background()).toBe('#f5f7fa')
    // "As the system" follows the OS when it switches while the app is open.
    await h.page.emulateMedia({ colorScheme: 'dark' })
    await expect.poll(background).toBe('#10161d')
    await h.page.emulateMedia({ colorScheme: 'light' })
    await expect.poll(background).toBe('#f5f7fa')
    expect(foundInThisTest()).toEqual([])
  })

  it('reports a fault planted in the page: a button without a name and text too faint to read', async () => {
    await h.page.evaluate(() => {
      const box = document.createElement('div')
      box.id = 'planted-faults'
      const button = document.createElement('button')
      button.type = 'button'
      // Styled through the CSSOM: the page's CSP refuses style attributes.
      const faint = document.createElement('p')
      faint.textContent = 'faint words on white'
      faint.style.color = '#f0f0f0'
      faint.style.background = '#ffffff'
      box.append(button, faint)
      document.body.append(box)
    })
    try {
      const ids = (await axeViolations(h.page)).map((f) => f.id)
      expect(ids).toContain('button-name')
      expect(ids).toContain('color-contrast')
    } finally {
      await h.page.evaluate(() => document.getElementById('planted-faults')?.remove())
    }
  })

  afterAll(() => {
    // Reported once, all states together, so one run shows everything to fix.
    if (findings.length) console.log(JSON.stringify(findings, null, 1))
  })
})

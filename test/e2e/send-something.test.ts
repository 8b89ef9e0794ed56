// Issue 49 item 7, "something to send", played as an agent would in the built renderer on the seeded
// merchant of the built-in Sandbox (real client, real HTTP): "prove I paid" ends with the proof of
// payment in the customer's language copied, drafted as an e-mail and saved as a PDF (its page
// rendered in Chromium and its facts checked); "send me a new link" ends with a new payment link for
// a failed payment, copied and drafted. Each call prints its clicks and keys as the tour does.
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Locator } from 'playwright-core'
import type { ApiClient } from '../../src/main/api'
import type { Payment } from '../../src/shared/api-types'
import { completeCheckout } from '../../src/sandbox'
import { GERMAN_BILLING_ADDRESS, validOrderBody, validPaymentBody } from '../helpers/sandbox-fixtures'
import { present } from '../helpers/present'
import { axeViolations } from './axe'
import { callTally } from './call-tally'
import { currentCspViolations, startHarness, type Harness } from './harness'

const TEST_KEY = 'test_SendSomethingE2eTestKey0001'
const LIVE_KEY = 'live_SendSomethingE2eLiveKey0001'

let h: Harness
let client: ApiClient
let files: string

const { startCall, click, press, endCall, openPayment } = callTally(() => h.page)
const byTestId = (id: string): Locator => h.page.getByTestId(id)

async function payment(outcome: 'paid' | 'failed', body: Parameters<typeof validPaymentBody>[0]): Promise<Payment> {
  const created = await client.createPayment(
    validPaymentBody({
      ...body,
      billingAddress: GERMAN_BILLING_ADDRESS,
    }),
  )
  await completeCheckout(present(created._links.checkout).href, outcome)
  return client.getPayment(created.id)
}

/** axe at moderate and above, light and dark, at 1280×800 and 960×600. */
async function noAxeFindings(): Promise<void> {
  for (const viewport of [
    { width: 960, height: 600 },
    { width: 1280, height: 800 },
  ]) {
    await h.page.setViewportSize(viewport)
    for (const scheme of ['light', 'dark'] as const) {
      await h.page.emulateMedia({ colorScheme: scheme })
      expect(await axeViolations(h.page, { minImpact: 'moderate' })).toEqual([])
    }
  }
  await h.page.emulateMedia({ colorScheme: 'light' })
}

beforeAll(async () => {
  files = await mkdtemp(join(tmpdir(), 'paydesk-send-e2e-'))
  h = await startHarness({
    name: 'send-something',
    viewport: { width: 1280, height: 800 },
    deps: { sandboxOptions: { keys: [TEST_KEY, LIVE_KEY], seedPayments: 10 }, search: { autoSync: false } },
  })
  client = await h.services.connections.getActiveClient()
  await h.page.getByTestId('home-screen').waitFor()
})

afterAll(async () => {
  await h?.close()
  await rm(files, { recursive: true, force: true })
})

describe('something to send (issue 49 item 7)', () => {
  it('“prove I paid”: the proof of payment in German, copied, drafted as an e-mail and saved as a PDF', async () => {
    const paid = await payment('paid', {
      amount: { currency: 'EUR', value: '1234.56' },
      description: 'Bestellung <b>42</b>',
      locale: 'de_DE',
      method: 'ideal',
    })
    startCall()
    await openPayment(paid.id)
    await click(byTestId('send-proof'))
    const proof = byTestId('send-proof-view')
    await proof.waitFor()
    const shown = await proof.innerText()
    for (const fact of [
      'Zahlungsbestätigung',
      '1.234,56\u00a0€',
      'iDEAL',
      'Bestellung <b>42</b>',
      paid.id,
      'Sandbox shop',
    ]) {
      expect(shown).toContain(fact)
    }
    await noAxeFindings()

    await click(byTestId('send-proof-copy'))
    await expect.poll(() => h.clipboard.at(-1) ?? '').toMatch(/^Zahlungsbestätigung\n\nSandbox shop bestätigt/)
    expect(h.clipboard.at(-1)).toContain(`Zahlungsreferenz: ${paid.id}`)

    const before = h.openedExternal.length
    await click(byTestId('send-proof-email'))
    await expect.poll(() => h.openedExternal.length).toBe(before + 1)
    const mail = new URL(present(h.openedExternal.at(-1)))
    expect(mail.protocol).toBe('mailto:')
    expect(mail.pathname).toBe('grete@example.org')
    expect(mail.searchParams.get('body')).toBe(present(h.clipboard.at(-1)).replace(/\n/g, '\r\n'))

    const file = join(files, 'zahlungsbestaetigung.pdf')
    h.savePaths.push(file)
    await click(byTestId('send-proof-pdf'))
    // Printing takes Chromium a moment on a busy machine: wait for the note (a wait, not a speed check).
    await expect
      .poll(() => byTestId('send-note').textContent(), { timeout: 20_000 })
      .toContain('Saved as zahlungsbestaetigung.pdf.')
    expect((await readFile(file)).subarray(0, 5).toString('latin1')).toBe('%PDF-')
    // The page main printed, rendered in Chromium: the facts as the customer reads them, markup as text.
    const printed = await h.page.context().newPage()
    try {
      await printed.setContent(present(h.printedPages.at(-1)))
      const facts = Object.fromEntries(
        await printed
          .locator('tr')
          .evaluateAll((rows) =>
            rows.map((r) => [r.querySelector('th')?.textContent, r.querySelector('td')?.textContent]),
          ),
      )
      expect(facts).toMatchObject({
        Betrag: '1.234,56\u00a0€',
        Zahlungsart: 'iDEAL',
        Beschreibung: 'Bestellung <b>42</b>',
        Zahlungsreferenz: paid.id,
        Händler: 'Sandbox shop',
      })
      expect(await printed.locator('b').count()).toBe(0)
      expect(await printed.locator('html').getAttribute('lang')).toBe('de-DE')
    } finally {
      await printed.close()
    }
    await h.screenshot('proof-of-payment')
    endCall('prove I paid: proof of payment copied, e-mailed and saved as PDF')
  })

  it('“send me a new link”: a failed payment gets a new payment link for the same amount, copied and drafted', async () => {
    const failed = await payment('failed', {
      amount: { currency: 'EUR', value: '59.95' },
      description: 'Bestellung 77',
      locale: 'de_DE',
    })
    startCall()
    await openPayment(failed.id)
    await click(byTestId('send-new-link'))
    const view = byTestId('send-link-view')
    await view.waitFor()
    const url = present(await byTestId('send-link-url').textContent())
    const linkId = present(/\/(pl_[A-Za-z0-9]+)/.exec(url)?.[1])
    const link = await client.request<{ amount: unknown; description: string; allowedMethods: unknown }>({
      method: 'GET',
      path: `/payment-links/${linkId}`,
    })
    expect(link).toMatchObject({ amount: { currency: 'EUR', value: '59.95' }, description: 'Bestellung 77' })
    expect(link.allowedMethods).toBeNull()
    // The agent is told the shop will not hear of a payment made through the link.
    expect(await byTestId('send-link-shop-note').innerText()).toMatch(/shop is not told/)
    await noAxeFindings()

    await click(byTestId('send-link-copy'))
    await expect.poll(() => h.clipboard.at(-1)).toBe(url)
    const before = h.openedExternal.length
    await click(byTestId('send-link-email'))
    await expect.poll(() => h.openedExternal.length).toBe(before + 1)
    const mail = new URL(present(h.openedExternal.at(-1)))
    expect(mail.pathname).toBe('grete@example.org')
    expect(present(mail.searchParams.get('body')).split('\r\n')).toContain(url)
    await h.screenshot('new-payment-link')
    endCall('send me a new link: new payment link copied and e-mailed')
  })

  it('on a live connection the welcome and the refund dialog speak of real money, naming the order’s customer', async () => {
    const builtIn = present((await h.services.connections.list()).connections.find((c) => c.builtIn))
    const live = await h.services.connections.add({
      label: 'Shop live',
      secret: LIVE_KEY,
      baseUrl: present(builtIn.baseUrl),
    })
    await h.page.evaluate(async (id) => window.paydesk.connections.setActive({ id }), live.id)
    await h.page.getByTestId('connection-status-label').filter({ hasText: 'Shop live' }).waitFor()
    const liveClient = await h.services.connections.getActiveClient()
    const order = await liveClient.createOrder(validOrderBody('LIVE-77', { method: 'creditcard' }), {
      embed: 'payments',
    })
    const orderPayment = present(order._embedded?.payments?.[0])
    await completeCheckout(present(orderPayment._links.checkout).href, 'paid')
    startCall()
    await click(h.page.getByRole('button', { name: /^Home/ }))
    await expect
      .poll(() => byTestId('home-welcome-live').textContent())
      .toContain('Shop live is a LIVE connection: a refund here sends real money back to a real customer')
    await noAxeFindings()
    await openPayment(orderPayment.id)
    await click(byTestId('action-refund'))
    const dialog = byTestId('refund-dialog')
    await expect
      .poll(() => byTestId('refund-dialog-live-note').textContent())
      .toContain('This refunds real money to the customer’s card.')
    // A payment of an order has no address of its own: the dialog names the order's customer.
    await expect.poll(() => dialog.textContent()).toContain('Piet Mondriaan · piet@example.org, order LIVE-77')
    await noAxeFindings()
    await press('Escape')
    // A new payment link is a write: main asks first, naming the amount and the customer.
    const failed = await liveClient.createPayment(
      validPaymentBody({
        amount: { currency: 'EUR', value: '19.99' },
        description: 'Live order 5',
        billingAddress: { ...validOrderBody().billingAddress, givenName: 'Lotte', email: 'lotte@example.org' },
      }),
    )
    await completeCheckout(present(failed._links.checkout).href, 'failed')
    await openPayment(failed.id)
    h.liveConfirmations.length = 0
    await click(byTestId('send-new-link'))
    await expect.poll(() => byTestId('send-error').textContent()).toContain('Nothing was sent')
    expect(h.liveConfirmations).toMatchObject([
      {
        connection: 'Shop live',
        action: 'Create a payment link',
        amount: 'EUR 19.99',
        customer: 'Lotte Mondriaan <lotte@example.org>',
      },
    ])
    h.liveAnswers.push(true)
    await click(byTestId('send-new-link'))
    await byTestId('send-link-view').waitFor()
    expect(h.liveConfirmations).toHaveLength(2)
    endCall('live: the welcome and the refund dialog name real money and the order’s customer; a new link asked first')
  })

  it('had no console errors and no CSP violations', async () => {
    expect(h.consoleErrors).toEqual([])
    expect(await currentCspViolations(h.page)).toEqual([])
  })
})

// Issue 49: money safety at the desk, played as an agent would in the built renderer on the real
// services (sandbox, client, keychain). Item 1, the collision guard decided in main: an open
// chargeback holds a refund until the agent types why (recorded with the request), a SEPA direct
// debit inside its reversal window is warned of with the day it ends, a colleague's refund made
// while the dialog was open stops the send and is then named, and a guard that cannot read the
// payment sends nothing. Each call prints its clicks and keys as the tour does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Locator } from 'playwright-core'
import type { ApiClient } from '../../src/main/api'
import type { Payment } from '../../src/shared/api-types'
import { createSandboxAdmin, type SandboxAdmin } from '../../src/sandbox'
import { paidPaymentFor } from '../helpers/sandbox-fixtures'
import { present } from '../helpers/present'
import { axeViolations } from './axe'
import { callTally } from './call-tally'
import { startHarness, type Harness } from './harness'

const ADMIN = 'money-safety-e2e-admin'

let h: Harness
let client: ApiClient
let admin: SandboxAdmin

const { tally, startCall, click, press, fill, endCall, openPayment: openCounted } = callTally(() => h.page)
const byTestId = (id: string): Locator => h.page.getByTestId(id)

/** Opens a payment by its id through the search box and waits for its actions. */
async function openPayment(id: string): Promise<void> {
  await openCounted(id)
  await byTestId('payment-actions').waitFor()
}

const paidPayment = (value: string, email: string, method?: 'directdebit' | 'ideal' | 'creditcard'): Promise<Payment> =>
  paidPaymentFor(client, value, email, method ? { method } : {})

const refundsOf = async (id: string) =>
  (await client.listRefunds(id))._embedded.refunds.map((r) => r.amount.value).sort()

beforeAll(async () => {
  h = await startHarness({
    name: 'money-safety',
    deps: { sandboxOptions: { adminToken: ADMIN, seedPayments: 10 }, search: { autoSync: false } },
  })
  client = await h.services.connections.getActiveClient()
  const sandbox = present((await h.services.connections.list()).connections.find((c) => c.builtIn))
  admin = createSandboxAdmin(new URL(present(sandbox.baseUrl)).origin, ADMIN)
  await h.page.getByTestId('home-screen').waitFor()
})

afterAll(async () => {
  await h?.close()
})

describe('money safety: the collision guard in main (issue 49 item 1)', () => {
  it('an open €30 chargeback on €100 holds the refund of the €70 left until a reason is typed, and the reason is recorded', async () => {
    const payment = await paidPayment('100.00', 'held@example.org')
    await admin.openChargeback(payment.id, { currency: 'EUR', value: '30.00' })
    startCall()
    await openPayment(payment.id)
    await click(byTestId('action-refund'))
    const hold = byTestId('refund-guard-hold')
    await expect.poll(() => hold.textContent()).toMatch(/chargeback of €30\.00 .*The refund is held/)
    await expect(byTestId('refund-remaining').textContent()).resolves.toContain('70.00')
    await expect(byTestId('refund-amount').inputValue()).resolves.toBe('70.00')
    // Held: nothing can be sent without a reason.
    await expect(byTestId('refund-dialog-confirm').isDisabled()).resolves.toBe(true)
    for (const scheme of ['light', 'dark'] as const) {
      await h.page.emulateMedia({ colorScheme: scheme })
      expect(await axeViolations(h.page, { minImpact: 'moderate' })).toEqual([])
    }
    await h.page.emulateMedia({ colorScheme: 'light' })
    await fill(byTestId('refund-hold-reason'), 'Merchant settled the dispute with the bank by phone')
    await expect(byTestId('refund-dialog-confirm').innerText()).resolves.toMatch(/Refund €70\.00 anyway/)
    await h.screenshot('refund-held-by-chargeback')
    await click(byTestId('refund-dialog-confirm'))
    await byTestId('action-done').waitFor()
    expect(await refundsOf(payment.id)).toEqual(['70.00'])
    await click(byTestId('action-done-request'))
    await expect
      .poll(() => byTestId('origin').textContent())
      .toContain('refund despite open chargeback, reason: Merchant settled the dispute with the bank by phone')
    endCall('refund held by an open chargeback, sent with a reason')
  })

  it('a SEPA direct debit inside its 8-week window is warned of with the day the window ends', async () => {
    const payment = await paidPayment('25.00', 'sepa@example.org', 'directdebit')
    const read = await client.getPayment(payment.id)
    const ends = new Date(Date.parse(present(read.paidAt)) + 56 * 86_400_000)
    const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(ends)
    startCall()
    await openPayment(payment.id)
    await click(byTestId('action-refund'))
    const warnings = byTestId('refund-guard-warnings')
    await expect.poll(() => warnings.textContent()).toContain('SEPA direct debit')
    await expect(warnings.textContent()).resolves.toContain(`until ${day}`)
    expect(await axeViolations(h.page, { minImpact: 'moderate' })).toEqual([])
    // A warning, not a hold: the agent may refund.
    await click(byTestId('refund-amount'))
    await press('Control+a')
    tally.typed += 4
    await h.page.keyboard.type('5,00')
    await press('Enter')
    await byTestId('action-done').waitFor()
    expect(await refundsOf(payment.id)).toEqual(['5.00'])
    endCall('SEPA window warned, refund sent with Enter')
  })

  it('a colleague’s refund while the dialog is open stops the send, and the dialog then names it', async () => {
    const payment = await paidPayment('50.00', 'colleague@example.org')
    startCall()
    await openPayment(payment.id)
    await click(byTestId('action-refund'))
    await byTestId('refund-guard-none').waitFor()
    await expect(byTestId('refund-refunded').textContent()).resolves.toBe('nothing')
    // Another agent refunds €10.00 from their own desk meanwhile.
    await client.createRefund(payment.id, { amount: { currency: 'EUR', value: '10.00' } })
    await fill(byTestId('refund-amount'), '20.00')
    await click(byTestId('refund-dialog-confirm'))
    const refused = byTestId('refund-dialog-error')
    await expect.poll(() => refused.textContent()).toMatch(/Nothing was sent: the payment changed since you opened/)
    await expect(refused.textContent()).resolves.toContain('a refund of €10.00 was made')
    expect(await refundsOf(payment.id)).toEqual(['10.00'])
    // The dialog shows the payment as it is now: the colleague's refund, made minutes ago.
    await expect.poll(() => byTestId('refund-refunded').textContent()).toContain('10.00')
    await expect(byTestId('refund-remaining').textContent()).resolves.toContain('40.00')
    await expect(byTestId('refund-guard-refunds').textContent()).resolves.toContain('10.00')
    await expect(byTestId('refund-guard-warnings').textContent()).resolves.toMatch(/A refund of €10\.00 was made/)
    expect(await axeViolations(h.page, { minImpact: 'moderate' })).toEqual([])
    await h.screenshot('refund-after-colleague')
    // Seen now: the agent's €20.00 goes through.
    await click(byTestId('refund-dialog-confirm'))
    await byTestId('action-done').waitFor()
    expect(await refundsOf(payment.id)).toEqual(['10.00', '20.00'])
    endCall('a colleague refunded meanwhile')
  })
})

describe('money safety: refund truth (issue 49 item 3)', () => {
  it('a refund made a minute ago is not called refunded, gives the caller a sentence, and can be canceled', async () => {
    const payment = await paidPayment('45.00', 'truth@example.org', 'ideal')
    startCall()
    await openPayment(payment.id)
    await click(byTestId('action-refund'))
    await byTestId('refund-guard-none').waitFor()
    await click(byTestId('refund-dialog-confirm'))
    await byTestId('action-done').waitFor()
    // The whole amount is refunded, but the money has not left: the badge says so.
    await expect.poll(() => byTestId('payment-headline-state').textContent()).toBe('Refund on its way')
    const [refund] = (await client.listRefunds(payment.id))._embedded.refunds
    const item = byTestId(`refund-${present(refund).id}`)
    await expect(item.getByTestId('refund-state').textContent()).resolves.toMatch(
      /^Pending: .* It can still be canceled\./,
    )
    await expect(item.getByTestId('refund-arrival').textContent()).resolves.toContain(
      'for iDEAL it usually reaches the customer',
    )
    await expect(item.getByTestId('refund-for-caller').textContent()).resolves.toMatch(
      /Your refund of €45\.00 was made on .* for iDEAL it usually reaches you the same business day/,
    )
    await expect(byTestId('actions-none').textContent()).resolves.toMatch(/a refund is on its way to the customer/)
    for (const scheme of ['light', 'dark'] as const) {
      await h.page.emulateMedia({ colorScheme: scheme })
      expect(await axeViolations(h.page, { minImpact: 'moderate' })).toEqual([])
    }
    await h.page.emulateMedia({ colorScheme: 'light' })
    await h.screenshot('refund-on-its-way')
    await click(byTestId(`cancel-refund-${present(refund).id}`))
    await byTestId('cancel-refund-dialog').waitFor()
    expect(await axeViolations(h.page, { minImpact: 'moderate' })).toEqual([])
    await click(byTestId('cancel-refund-dialog-confirm'))
    await expect.poll(() => byTestId('action-done').textContent()).toMatch(/was canceled; no money was sent/)
    expect((await client.getRefund(payment.id, present(refund).id)).status).toBe('canceled')
    await expect.poll(() => byTestId('payment-headline-state').textContent()).toBe('Paid')
    await expect(item.getByTestId('refund-state').textContent()).resolves.toBe('Canceled before it went out.')
    await expect(byTestId('action-refund').isVisible()).resolves.toBe(true)
    endCall('refund on its way, told to the caller, then canceled')
  })
})

describe('money safety: refund the rest (issue 49 item 2)', () => {
  it('refund half, then the rest of the same amount: held at this desk with its time, visible and cancelable', async () => {
    const payment = await paidPayment('79.88', 'rest@example.org')
    startCall()
    await openPayment(payment.id)
    await click(byTestId('action-refund'))
    await byTestId('refund-guard-none').waitFor()
    await fill(byTestId('refund-amount'), '39,94')
    await press('Enter')
    await expect.poll(() => byTestId('action-done').textContent()).toMatch(/Refund re_\w+ of EUR 39\.94 was created/)
    await click(byTestId('action-refund'))
    await byTestId('refund-guard-refunds').waitFor()
    await expect(byTestId('refund-amount').inputValue()).resolves.toBe('39.94')
    await click(byTestId('refund-amount'))
    await press('Enter')
    await expect
      .poll(() => byTestId('action-done').textContent())
      .toMatch(/Queued at this desk: .* sends this refund of the remaining €39\.94 at \d\d:\d\d UTC/)
    // Never "wait an hour or use another amount".
    await expect(byTestId('payment-actions').textContent()).resolves.not.toMatch(/wait an hour|different amount/)
    const held = byTestId('queued-refunds')
    await expect(held.textContent()).resolves.toMatch(/€39\.94 sent at/)
    expect(await refundsOf(payment.id)).toEqual(['39.94'])
    expect(await axeViolations(h.page, { minImpact: 'moderate' })).toEqual([])
    await h.screenshot('refund-rest-held')
    await click(held.getByRole('button', { name: 'Cancel this refund' }))
    await expect.poll(() => held.textContent()).toContain('Canceled before it was sent; nothing was refunded.')
    expect(await refundsOf(payment.id)).toEqual(['39.94'])
    endCall('refund half, then the rest: held, then canceled')
  })
})

describe('money safety: chargebacks as a workspace (issue 49 item 4)', () => {
  it('lists the account’s chargebacks open first, newest first, each with its reason, next step and pill', async () => {
    const card = await paidPayment('60.00', 'disputed@example.org', 'creditcard')
    const sepa = await paidPayment('12.99', 'reversed@example.org', 'directdebit')
    const opened = await admin.openChargeback(card.id)
    const old = await admin.openChargeback(sepa.id)
    await admin.reverseChargeback(old.id)
    const newest = await admin.openChargeback(sepa.id)
    startCall()
    await press('Control+5')
    const list = byTestId('chargebacks-list')
    await byTestId(`chargeback-${newest.id}`).waitFor()
    const ids = await list.locator('li').evaluateAll((items) => items.map((i) => i.getAttribute('data-testid')))
    // Open first (newest first among them), the reversed one after every open one.
    expect(ids.indexOf(`chargeback-${newest.id}`)).toBeLessThan(ids.indexOf(`chargeback-${opened.id}`))
    expect(ids.indexOf(`chargeback-${opened.id}`)).toBeLessThan(ids.indexOf(`chargeback-${old.id}`))
    const sepaItem = byTestId(`chargeback-${newest.id}`)
    await expect(sepaItem.textContent()).resolves.toMatch(/€12\.99 taken back on/)
    await expect(sepaItem.textContent()).resolves.toContain(
      'the customer asked their bank to reverse the direct debit (MD06)',
    )
    await expect(sepaItem.getByTestId('chargeback-meaning').textContent()).resolves.toContain(
      'a SEPA reversal cannot be contested',
    )
    await expect(sepaItem.textContent()).resolves.toContain('Ada Lovelace · reversed@example.org')
    const cardItem = byTestId(`chargeback-${opened.id}`)
    await expect(cardItem.getByTestId('chargeback-next').textContent()).resolves.toMatch(
      /send the payment service .* by /,
    )
    await expect(cardItem.textContent()).resolves.toContain('Fee: €19 excl. VAT')
    await expect(byTestId(`chargeback-${old.id}`).textContent()).resolves.toMatch(/Reversed on .* the money came back/)
    // The pill of an open chargeback is not paid's green.
    const pill = await cardItem.locator('.badge').evaluate((b) => getComputedStyle(b).backgroundColor)
    const paidGreen = await h.page.evaluate(() => {
      const probe = document.createElement('span')
      probe.className = 'badge pay-status-paid'
      document.body.append(probe)
      const color = getComputedStyle(probe).backgroundColor
      probe.remove()
      return color
    })
    expect(pill).not.toBe(paidGreen)
    for (const scheme of ['light', 'dark'] as const) {
      await h.page.emulateMedia({ colorScheme: scheme })
      expect(await axeViolations(h.page, { minImpact: 'moderate' })).toEqual([])
    }
    await h.page.emulateMedia({ colorScheme: 'light' })
    await h.screenshot('chargebacks')
    await click(cardItem.getByRole('button', { name: `Open payment ${card.id}` }))
    await expect.poll(() => byTestId('payment-detail').textContent()).toContain(card.id)
    await expect.poll(() => byTestId('payment-headline-state').textContent()).toBe('Charged back')
    endCall('chargebacks workspace, then the payment')
  })
})

// Last: an outage makes the client pause sending for a while (its circuit), which the calls above
// must not meet.
describe('money safety: nothing is sent on a stale read (issue 49, bad input)', () => {
  it('a guard that cannot read the payment (503) offers nothing to send, and says so', async () => {
    const payment = await paidPayment('15.00', 'unread@example.org')
    await openPayment(payment.id)
    await admin.addFault({ path: `/v2/payments/${payment.id}`, method: 'GET', kind: 'status', status: 503 })
    try {
      await click(byTestId('action-refund'))
      const error = byTestId('refund-guard-error')
      await error.waitFor({ timeout: 30_000 })
      await expect(error.textContent()).resolves.toMatch(
        /could not read .* fresh just now \(the service answered 503\)/,
      )
      await expect(byTestId('refund-dialog-confirm').isDisabled()).resolves.toBe(true)
      expect(await axeViolations(h.page, { minImpact: 'moderate' })).toEqual([])
    } finally {
      await admin.clearFaults()
    }
    // The client pauses after an outage (its circuit); reading again goes through once the service is back.
    await expect
      .poll(
        async () => {
          const again = byTestId('refund-guard-error').getByRole('button', { name: 'Read it again' })
          if (await again.isVisible()) await again.click()
          return byTestId('refund-guard-none').isVisible()
        },
        { timeout: 60_000, interval: 2_000 },
      )
      .toBe(true)
    await expect(byTestId('refund-dialog-confirm').isDisabled()).resolves.toBe(false)
    // Nothing was sent while the payment could not be read.
    expect(await refundsOf(payment.id)).toEqual([])
  })
})

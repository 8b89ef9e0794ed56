// Issue 49 item 6, "stop charging me", played as an agent would in the built renderer on the real
// services (sandbox, client, keychain), on the seeded merchant: Sanne de Vries ("Why did my
// subscription stop?") has a SEPA mandate and a monthly coffee subscription. The agent opens her by
// e-mail, sees the mandate (account masked) and the subscription, cancels the subscription, gives the
// caller the sentence, then revokes the mandate; the sandbox holds both stopped afterwards, and the
// action record has both writes. And a colleague's cancel that lands while the dialog is open: main's
// fresh read refuses, nothing is sent, the dialog says why. Each step prints its clicks and keys as the
// ten-call tour does; axe finds nothing of moderate impact or more on each state, light and dark.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Locator } from 'playwright-core'
import type { ApiClient } from '../../src/main/api'
import { mandateCalls, subscriptionCalls } from '../../src/main/api/resources/recurring'
import { present } from '../helpers/present'
import { axeViolations } from './axe'
import { callTally } from './call-tally'
import { startHarness, type Harness } from './harness'

const SANNE = 'sanne.devries@example.com'

let h: Harness
let client: ApiClient

const { tally, startCall, click, press, endCall } = callTally(() => h.page)
const byTestId = (id: string): Locator => h.page.getByTestId(id)

/**
 * Parts of the mandates and subscriptions (and the dialog) that reach past the view's visible width:
 * none may. (The payments table above them is not this test's: it is checked elsewhere.)
 */
async function cutOff(): Promise<string[]> {
  return h.page.evaluate(() => {
    const view = document.querySelector('[data-testid="customer-view"]')
    if (!view) return ['no customer view']
    const right = view.getBoundingClientRect().left + view.clientWidth
    const ids = [
      'mandates-table',
      'subscriptions-table',
      'recurring-done',
      'cancel-subscription-dialog',
      'revoke-mandate-dialog',
    ]
    return ids.flatMap((id) => {
      const el = document.querySelector(`[data-testid="${id}"]`)
      if (!el) return []
      const box = el.getBoundingClientRect()
      const edge = id.endsWith('dialog') ? window.innerWidth : right
      return box.right > edge + 1 || el.scrollWidth > el.clientWidth + 1 ? [`${id} reaches ${box.right} > ${edge}`] : []
    })
  })
}

/** axe at moderate and more, light and dark, at 1280 × 800 and 960 × 600; nothing cut off or out of reach. */
async function noAxeFindings(): Promise<void> {
  for (const size of [
    { width: 1280, height: 800 },
    { width: 960, height: 600 },
  ]) {
    await h.page.setViewportSize(size)
    for (const scheme of ['light', 'dark'] as const) {
      await h.page.emulateMedia({ colorScheme: scheme })
      expect(await axeViolations(h.page, { minImpact: 'moderate' })).toEqual([])
    }
    expect(await cutOff()).toEqual([])
  }
  await h.page.emulateMedia({ colorScheme: 'light' })
}

beforeAll(async () => {
  h = await startHarness({ name: 'stop-charging', deps: { sandboxOptions: { seedPayments: 100 } } })
  client = await h.services.connections.getActiveClient()
  await h.page.getByTestId('home-screen').waitFor()
  await h.services.search.sync()
  await h.services.search.whenIdle()
})

afterAll(async () => {
  await h?.close()
})

describe('stop charging me (issue 49 item 6)', () => {
  it('the agent cancels the subscription, gives the caller the sentence, then revokes the mandate', async () => {
    startCall()
    await press('Control+k')
    tally.typed += SANNE.length
    await byTestId('search-input').fill(SANNE)
    const offer = byTestId('search-customer')
    await expect.poll(() => offer.textContent()).toContain('Sanne de Vries')
    await click(offer)
    const mandateRow = byTestId('mandate-row')
    const subscriptionRow = byTestId('subscription-row')
    await mandateRow.waitFor()
    await subscriptionRow.waitFor()
    endCall('open the caller and see her mandate and subscription')

    // The mandate in words, its account masked: the IBAN is not on the page at all.
    const mandateId = present(await mandateRow.getAttribute('data-mandate-id'))
    const subscriptionId = present(await subscriptionRow.getAttribute('data-subscription-id'))
    expect(await mandateRow.innerText()).toMatch(
      /SEPA Direct Debit\s+NL…0000[\s\S]*Active\s+payments can be taken with it/,
    )
    expect(await h.page.content()).not.toContain('NL55INGB0000000000')
    expect(await subscriptionRow.innerText()).toMatch(/Coffee subscription\s+€12\.99 every 30 days\s+Active/)
    expect(await subscriptionRow.innerText()).toMatch(/\d+\s+last paid /)
    await noAxeFindings()

    startCall()
    await click(byTestId(`cancel-subscription-${subscriptionId}`))
    const cancelDialog = byTestId('cancel-subscription-dialog')
    await cancelDialog.waitFor()
    expect(await byTestId('cancel-subscription-will').innerText()).toMatch(
      /^Canceling stops the subscription “Coffee subscription” \(€12\.99 every 30 days\): its next payment, on .+, will not be taken/,
    )
    await noAxeFindings()
    await click(byTestId('cancel-subscription-dialog-confirm'))
    const done = byTestId('recurring-done')
    await done.waitFor()
    const forCaller = await byTestId('recurring-for-caller').innerText()
    expect(forCaller).toMatch(
      /^For the caller: We have stopped your subscription “Coffee subscription”; no further payments will be taken\. The last payment was on (\d{1,2} \w{3}|\w{3} \d{1,2})\.$/,
    )
    await click(byTestId('recurring-copy-caller'))
    await expect.poll(() => h.clipboard.at(-1)).toBe(forCaller.replace(/^For the caller: /, ''))
    endCall('cancel the subscription and copy the sentence for the caller')
    await expect.poll(() => subscriptionRow.getAttribute('data-status')).toBe('canceled')
    // Canceled: the action no longer applies, and the row says why.
    expect(await byTestId(`cancel-sub-na-${subscriptionId}`).innerText()).toMatch(
      /The subscription “Coffee subscription” was already canceled on .+; no further payments will be taken\./,
    )
    await noAxeFindings()
    const customerId = present(
      (await subscriptionCalls.listAll(client))._embedded.subscriptions.find((s) => s.id === subscriptionId),
    ).customerId
    expect(await subscriptionCalls.get(client, customerId, subscriptionId)).toMatchObject({
      status: 'canceled',
      canceledAt: expect.any(String),
    })

    startCall()
    await click(byTestId(`revoke-mandate-${mandateId}`))
    await byTestId('revoke-mandate-dialog').waitFor()
    expect(await byTestId('revoke-mandate-will').innerText()).toBe(
      'Revoking means no further payments can be taken with this mandate (SEPA Direct Debit, NL…0000). No active subscription uses it. It cannot be undone: to charge this customer again, they must give a new mandate.',
    )
    await noAxeFindings()
    await click(byTestId('revoke-mandate-dialog-confirm'))
    await expect.poll(() => mandateRow.getAttribute('data-status')).toBe('invalid')
    expect(await byTestId('recurring-for-caller').innerText()).toBe(
      'For the caller: We have canceled your permission for us to take payments from your bank account ending 0000; no further payments will be taken with it.',
    )
    endCall('revoke the mandate')
    expect(await byTestId(`revoke-na-${mandateId}`).innerText()).toMatch(/was already revoked/)
    await noAxeFindings()
    await h.screenshot('stop-charging-done')
    expect(await mandateCalls.get(client, customerId, mandateId)).toMatchObject({ status: 'invalid' })

    // Both writes are in the customer's record, on the view (newest first) and in the store.
    await expect
      .poll(() => byTestId('customer-writes-list').innerText())
      .toMatch(/Mandate revoked by [\s\S]*Subscription \(€12\.99 each time\) canceled by /)
    await h.services.record.settled()
    const recorded = await h.services.record.actionsFor({ kind: 'customer', id: customerId })
    expect(recorded.map((r) => [r.action, r.outcome.result])).toEqual([
      ['cancel-subscription', 'done'],
      ['revoke-mandate', 'done'],
    ])
  })
  it('a colleague cancels the subscription while the dialog is open: main reads it fresh, sends nothing and says why', async () => {
    const customer = await client.request<{ id: string }>({
      method: 'POST',
      path: '/customers',
      body: { name: 'Dee Layed', email: 'dee.layed@example.org' },
    })
    const mandate = await client.request<{ id: string }>({
      method: 'POST',
      path: `/customers/${customer.id}/mandates`,
      body: { method: 'directdebit', consumerName: 'Dee Layed', consumerAccount: 'DE89370400440532013000' },
    })
    const sub = await subscriptionCalls.create(client, customer.id, {
      amount: { currency: 'EUR', value: '9.99' },
      interval: '1 month',
      description: 'Streaming monthly',
      mandateId: mandate.id,
    })
    // It starts today, so its first payment was taken at once: the agent opens the customer from it.
    const [first] = (await subscriptionCalls.payments(client, customer.id, sub.id))._embedded.payments
    const paymentId = present(first).id
    startCall()
    await press('Control+k')
    tally.typed += paymentId.length
    await byTestId('search-input').fill(paymentId)
    await expect.poll(() => byTestId('search-direct').textContent()).toContain(paymentId)
    await press('Enter')
    await click(byTestId('detail-customer'))
    await byTestId(`cancel-subscription-${sub.id}`).waitFor()
    await click(byTestId(`cancel-subscription-${sub.id}`))
    const confirm = byTestId('cancel-subscription-dialog-confirm')
    await expect.poll(() => confirm.isEnabled()).toBe(true)
    // The colleague's cancel lands while the dialog is open.
    await subscriptionCalls.cancel(client, customer.id, sub.id)
    const deletes = async () => (await h.services.requestLog.list()).entries.filter((e) => e.method === 'DELETE').length
    const before = await deletes()
    await click(confirm)
    await expect
      .poll(() => byTestId('cancel-subscription-dialog-error').innerText())
      .toMatch(
        /^Nothing was sent: the subscription “Streaming monthly” was already canceled on .+; no further payments will be taken\.$/,
      )
    endCall('a colleague canceled it first: told, nothing sent')
    expect(await deletes()).toBe(before)
    await noAxeFindings()
    await press('Escape')
  })
})

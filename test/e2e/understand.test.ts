// Issue 25: what the agent sees about a payment is true and said in the agent's words. Support calls
// of the Sandbox's seeded merchant (docs/SANDBOX.md "Practice calls"), found by e-mail in the header
// search box and opened in the built renderer, on the real services (sandbox over HTTP, client,
// index): the headline sentence, the customer and the timeline, with API names only under
// "API details".
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SearchHit } from '../../src/shared/ipc/search'
import { present } from '../helpers/present'
import { startHarness, type Harness } from './harness'

let h: Harness

async function hitsFor(email: string): Promise<SearchHit[]> {
  const result = await h.services.search.query(email)
  return result.payments.hits
}

/** Finds the e-mail with the header search box (Ctrl+K) and opens the payment hit with Enter. */
async function openFromSearch(email: string, paymentId: string): Promise<void> {
  await h.page.keyboard.press('Control+k')
  await h.page.getByTestId('search-input').fill(email)
  const hit = h.page.getByTestId(`search-hit-${paymentId}`)
  await hit.waitFor()
  await hit.click()
  await expect.poll(() => h.page.getByTestId('payment-headline').count(), { timeout: 10_000 }).toBe(1)
  // The view reads the payment afresh: wait for that answer, not the list's copy.
  await expect.poll(() => h.page.getByTestId('detail-refresh').textContent()).toBe('Refresh')
  // The list beside it selects this payment's row, or none when it is not listed: never another's.
  await h.page.getByTestId('payment-row').first().waitFor()
  const selected = h.page.locator('[data-testid="payment-row"][aria-selected="true"]')
  expect(await selected.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-payment-id')))).toEqual(
    (await h.page.locator(`[data-testid="payment-row"][data-payment-id="${paymentId}"]`).count()) > 0
      ? [paymentId]
      : [],
  )
}

const text = async (testId: string) => present(await h.page.getByTestId(testId).textContent())

beforeAll(async () => {
  h = await startHarness({ name: 'understand', deps: { sandboxOptions: { seedPayments: 200 } } })
  await h.page.getByTestId('home-screen').waitFor()
  await h.services.search.sync()
  await h.services.search.whenIdle()
})

afterAll(async () => {
  await h?.close()
})

describe('a payment told in the agent’s words (issue 25 item 2)', () => {
  it('“My card keeps being refused”: failed, with the reason in words, the customer and the timeline', async () => {
    const email = 'lukas.schneider@example.com'
    const failed = (await hitsFor(email)).filter((x) => x.status === 'failed')
    expect(failed.length).toBe(2)
    // Whose it is, said once (the index keeps the billing and shipping names and e-mails both).
    for (const hit of failed) expect(hit.customer).toBe(`Lukas Schneider · ${email}`)
    await openFromSearch(email, present(failed[0]).id)
    expect(await text('payment-headline-state')).toBe('Failed')
    // Nothing to do to it, and what to do instead.
    expect(await text('actions-none')).toMatch(
      /^A failed payment cannot be refunded, canceled or changed: no money was taken\. To take the payment again, /,
    )
    expect(await text('payment-headline-sentence')).toMatch(/^Failed on .+: €89\.00 with card was not paid$/)
    expect(await text('detail-failure-why')).toMatch(
      /^Why it failed: The card payment was refused: The (card has insufficient funds|security code \(CVV\) is incorrect)\.$/,
    )
    expect(await text('payment-contact')).toContain('Lukas Schneider')
    const timeline = await text('payment-timeline')
    expect(timeline).toMatch(/Created for €89\.00[\s\S]*Failed: The card payment was refused/)
    // No API field name in the main view; they wait under "API details".
    const story = await text('payment-story')
    expect(story).not.toMatch(/\b(createdAt|failureReason|insufficient_funds|amountRefunded|sequenceType)\b/)
    await expect(h.page.getByTestId('payment-api-details').getAttribute('open')).resolves.toBeNull()
    await h.screenshot('failed-card')
  })

  it('“The bank took the money back”: charged back, and the chargeback in the timeline', async () => {
    const email = 'oliver.smith@example.com'
    const paid = (await hitsFor(email)).find((x) => x.status === 'paid')
    await openFromSearch(email, present(paid).id)
    expect(await text('payment-headline-state')).toBe('Charged back')
    expect(await text('payment-headline-sentence')).toMatch(/£120\.00 charged back/)
    expect(await text('payment-timeline')).toMatch(/Chargeback of £120\.00: the customer's bank took the money back/)
    // Why there is nothing to do: the chargeback, not a refund or "a paid payment".
    expect(await text('actions-none')).toMatch(
      /bank took the whole payment back \(a chargeback\); nothing is left to refund/,
    )
  })

  it('“The shop says I never paid”: paid, the customer from the order, and the shop’s webhook not answering', async () => {
    const email = 'marco.rossi@example.com'
    const paid = (await hitsFor(email)).find((x) => x.status === 'paid')
    await openFromSearch(email, present(paid).id)
    expect(await text('payment-headline-state')).toBe('Paid')
    expect(await text('payment-headline-sentence')).toMatch(/^Paid with .+ on /)
    expect(await text('payment-contact')).toContain('Marco Rossi')
    expect(await text('payment-timeline')).toMatch(/Webhook: your shop (did not answer|answered 5\d\d)/)
  })

  it('“Where is my refund?”: partly refunded, the refund and where it is, from one read of the payment', async () => {
    const email = 'emma.dubois@example.com'
    const paid = present((await hitsFor(email)).find((x) => x.status === 'paid'))
    await h.services.requestLog.flush()
    const seqBefore = Math.max(0, ...(await h.services.requestLog.list()).entries.map((e) => e.seq))
    await openFromSearch(email, paid.id)
    expect(await text('payment-headline-state')).toBe('Partly refunded')
    expect(await text('payment-headline-sentence')).toMatch(/refunded of/)
    expect(await text('payment-timeline')).toMatch(
      /Refund of €[\d.,]+ (sent to the customer|pending|queued|being processed)/,
    )
    // The refunds the actions list are those the read of the payment embedded: no second request.
    await expect.poll(() => h.page.getByTestId('refunds-list').locator('li.refund-item').count()).toBeGreaterThan(0)
    await h.services.requestLog.flush()
    const sent = (await h.services.requestLog.list()).entries.filter((e) => e.seq > seqBefore)
    const forPayment = sent.filter((e) => e.path.includes(paid.id)).map((e) => `${e.method} ${e.path.split('?')[0]}`)
    expect(forPayment).toEqual([`GET /v2/payments/${paid.id}`])
  })
})

describe('an order told in the agent’s words (issue 25 item 3)', () => {
  it('“Where is my refund?” from the order: partly refunded, its payment and the refund in the timeline', async () => {
    const email = 'emma.dubois@example.com'
    const order = present((await h.services.search.query(email)).orders.hits[0])
    await h.page.keyboard.press('Control+k')
    await h.page.getByTestId('search-input').fill(email)
    await h.page.getByTestId(`search-hit-${order.id}`).click()
    await expect.poll(() => h.page.getByTestId('order-headline-state').count(), { timeout: 10_000 }).toBe(1)
    expect(await text('order-headline-state')).toBe('Partly refunded')
    expect(await text('order-headline-sentence')).toMatch(/^Paid on .+ · €[\d.,]+ refunded of €[\d.,]+$/)
    const timeline = await text('order-timeline')
    expect(timeline).toMatch(/placed for €[\d.,]+[\s\S]*Payment: Paid with[\s\S]*Refund of €/)
    expect(timeline).not.toMatch(/\b(createdAt|paidAt|amountRefunded)\b/)
    await h.screenshot('order-story')
  })

  it('“The shop says I never paid” from the order: paid, and the shop’s webhook not answering', async () => {
    const email = 'marco.rossi@example.com'
    const order = present((await h.services.search.query(email)).orders.hits[0])
    await h.page.keyboard.press('Control+k')
    await h.page.getByTestId('search-input').fill(email)
    await h.page.getByTestId(`search-hit-${order.id}`).click()
    await expect.poll(() => h.page.getByTestId('order-headline-state').count(), { timeout: 10_000 }).toBe(1)
    expect(await text('order-headline-state')).toBe('Paid')
    await expect.poll(() => text('order-timeline')).toMatch(/Webhook: your shop (did not answer|answered 5\d\d)/)
  })
})

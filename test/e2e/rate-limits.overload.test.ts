// Issue 46 item 7: over the quota, the status bar says so in the agent's words. The built-in
// Sandbox's READ bucket (1/s, 4 deep) is drained by another app of the same merchant (a loop with
// its own key, as the shop would), while the agent's lookups wait: main decides the bucket is over
// its quota and the status bar and its tooltip say so; this desk is on no team, so the words name
// "other apps" (main cannot see who else holds a key of the merchant).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHarness, type Harness } from './harness'
import { present } from '../helpers/present'

const KEY = 'test_OverloadE2eDeskKey0123456789abcd'
const SHOP_KEY = 'test_OverloadE2eShopKey0123456789abcd'

describe('over the quota, the status bar says so (issue 46 item 7)', () => {
  let h: Harness

  beforeAll(async () => {
    h = await startHarness({
      name: 'rate-limits-overload',
      query: 'screen=payments',
      deps: {
        sandboxOptions: { keys: [KEY, SHOP_KEY], seedPayments: 20, quotas: { test: { read: { q: 1, burst: 4 } } } },
        search: { autoSync: false },
      },
    })
  })

  afterAll(async () => {
    await h?.close()
  })

  it('another app drains the merchant’s read limit: the status bar names it and what it means for lookups', async () => {
    const { page } = h
    await page.locator('[data-testid="ratelimit-status-read"]').waitFor()
    const sandbox = present((await h.services.connections.list()).connections.find((c) => c.builtIn))
    const base = present(sandbox.baseUrl)
    const client = await h.services.connections.getActiveClient()
    const list = await client.listPayments({ limit: 5 })
    const ids = list._embedded.payments.map((p) => p.id)
    // The shop: reads as fast as the bucket allows, taking every token as it comes back.
    let shopping = true
    const shop = (async () => {
      while (shopping) {
        await fetch(`${base}/payments/${present(ids[0])}`, { headers: { authorization: `Bearer ${SHOP_KEY}` } })
        await new Promise((r) => setTimeout(r, 50))
      }
    })()
    // The agent looks up five payments at once while the shop drains the bucket.
    const lookups = ids.map((id) => client.getPayment(id, { deadlineMs: 30_000 }).catch(() => null))
    // The status bar's words and tooltip, read in the frame where it first says so.
    const seen = await page.waitForFunction(
      () => {
        const el = document.querySelector('[data-testid="ratelimit-status-read"]')
        return el?.textContent?.includes('limit used up')
          ? { text: el.textContent, title: el.getAttribute('title') }
          : null
      },
      undefined,
      { timeout: 20_000 },
    )
    const { text, title } = (await seen.jsonValue()) as { text: string; title: string | null }
    await h.screenshot('status-bar-over-quota')
    shopping = false
    await shop
    await Promise.all(lookups)
    expect(text).toMatch(/^READ \d+\/4 .*· limit used up$/)
    expect(title).toContain(
      "The merchant's read limit is used up by other apps on the merchant's account (other desks, the shop)",
    )
    expect(title).toContain('lookups wait about')
  }, 60_000)
})

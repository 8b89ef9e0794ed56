import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHarness, type Harness } from './harness'
import { present } from '../helpers/present'

const KEY = 'test_RateLimitsE2eKey0123456789abcdef'

interface Shown {
  status: string | null
  statusWrite: string | null
  header: string | null
  panel: string | null
  panelPolicy: string | null
  headerPolicy: string | null
  statusPolicy: string | null
  panelState: string | null
}

/** The READ numbers the status bar, the Payments header and the Inspector's panel show, read in one frame. */
async function shown(page: Page): Promise<Shown> {
  return page.evaluate(() => {
    const q = (sel: string) => document.querySelector<HTMLElement>(sel)
    const status = q('[data-testid="ratelimit-status-read"]')
    const header = q('[data-testid="payments-rate-remaining"]')
    const row = q('[data-testid="ratelimit-bucket"][data-class="read"][data-summary="true"]')
    return {
      status: status?.dataset.numbers ?? null,
      statusWrite: q('[data-testid="ratelimit-status-write"]')?.textContent ?? null,
      statusPolicy: status?.dataset.policy ?? null,
      header: header?.textContent ?? null,
      headerPolicy: header?.dataset.policy ?? null,
      panel: row?.querySelector('[data-testid="ratelimit-bucket-numbers"]')?.textContent ?? null,
      panelPolicy: row?.dataset.policy ?? null,
      panelState: row?.querySelector('.badge')?.textContent ?? null,
    }
  })
}

describe('rate limits: one truth in the status bar, the Payments header and the Inspector', () => {
  let h: Harness

  beforeAll(async () => {
    // The status bar is on every screen; the Payments header and the Inspector's panel are on
    // their screens: each is compared with the status bar in the same frame.
    h = await startHarness({
      name: 'rate-limits',
      query: 'screen=payments',
      deps: {
        // A slow READ refill (1/s, 20 deep): what a few pages spend stays visible for seconds.
        sandboxOptions: { keys: [KEY], seedPayments: 300, quotas: { test: { read: { q: 1, burst: 20 } } } },
        search: { autoSync: false },
      },
    })
  })

  afterAll(async () => {
    await h?.close()
  })

  it('shows no numbers for a class before its first request (no "WRITE 1/1" before any write)', async () => {
    const { page } = h
    await page.getByRole('navigation', { name: 'Sections' }).waitFor()
    await page.getByRole('button', { name: /^Payments/ }).click()
    await page.getByTestId('payment-row').first().waitFor()
    await page.getByTestId('ratelimit-status-read').waitFor()
    expect((await shown(page)).statusWrite).toBeNull()
    await expect(page.getByTestId('ratelimit-status').textContent()).resolves.not.toContain('WRITE')
  })

  it('the status bar and the Payments header show the same READ bucket and numbers, live until it is full', async () => {
    const { page } = h
    // Spend a few reads: page through the list.
    for (let i = 0; i < 3; i++) {
      await page.getByTestId('load-more').click()
      await page.locator(`[data-testid="payments-count"][data-pages="${i + 2}"]`).waitFor()
    }
    const spent = await shown(page)
    expect(spent.status).not.toBeNull()
    expect(spent.header).toBe(spent.status)
    expect(spent.headerPolicy).toBe(spent.statusPolicy)
    const [left, capacity] = present(spent.status).split('/').map(Number)
    expect(left).toBeLessThan(present(capacity))
    // Idle: the bucket refills and every view follows without any new request.
    await page.waitForFunction(
      (full) => document.querySelector<HTMLElement>('[data-testid="ratelimit-status-read"]')?.dataset.numbers === full,
      `${capacity}/${capacity}`,
      { timeout: 30_000 },
    )
    const full = await shown(page)
    expect(full.header).toBe(full.status)
  })

  it('the Inspector panel shows the same bucket and numbers as the status bar, and says idle when idle', async () => {
    const { page } = h
    await page.getByRole('button', { name: /^Inspector/ }).click()
    await page.getByRole('heading', { level: 1, name: 'Inspector' }).waitFor()
    await page.locator('[data-testid="ratelimit-bucket"][data-summary="true"][data-class="read"]').waitFor()
    const now = await shown(page)
    expect(now.panel).not.toBeNull()
    expect(now.panel).toBe(now.status)
    expect(now.panelPolicy).toBe(now.statusPolicy)
    const [left, capacity] = present(now.panel).split('/')
    expect(left).toBe(capacity)
    expect(now.panelState).toBe('idle')
    await h.screenshot('inspector-rate-limits')
  })

  it('the Inspector and the Connections screen say what share of the read quota the sync takes, with main’s figures', async () => {
    const { page } = h
    const client = await h.services.connections.getActiveClient()
    const read = client.buckets().find((b) => b.class === 'read' && b.learned && b.background)
    const view = present(read?.background)
    const share = `up to ${Math.round(view.configuredShare * 100)} % of this connection's read quota`
    await page.getByRole('button', { name: /^Inspector/ }).click()
    const panel = page.getByTestId('ratelimit-background')
    await panel.waitFor()
    await expect(panel.getAttribute('data-policy')).resolves.toBe(present(read).policy)
    await expect(panel.textContent()).resolves.toContain(share)
    // Nobody else reads this merchant's bucket in this test: main sees no others. The words follow
    // main's state: a slow start while the bucket is still below half since it was learned (issue 46
    // item 1), then nobody else.
    expect(view.othersActive).toBe(false)
    const words = view.startingUp ? 'Starting up: until the service' : 'Nobody else is using it now'
    await expect(panel.textContent()).resolves.toContain(words)
    await expect(page.getByTestId('ratelimit-status-read').getAttribute('title')).resolves.toContain(share)
    await page.getByRole('button', { name: /^Connections/ }).click()
    const note = page.getByTestId('connections-sync-share')
    await note.waitFor()
    await expect(note.textContent()).resolves.toContain(share)
    await h.screenshot('connections-sync-share')
  })

  it('after a burst, all three agree at each moment while the bucket refills', async () => {
    const { page } = h
    // Burst of reads through the app's own client (as a screen would), then back to Payments.
    const client = await h.services.connections.getActiveClient()
    await Promise.all(Array.from({ length: 8 }, () => client.listPayments({ limit: 5 })))
    await page.getByRole('button', { name: /^Payments/ }).click()
    await page.getByTestId('payments-rate-remaining').waitFor()
    const samples: Shown[] = []
    for (let i = 0; i < 5; i++) {
      // Compare within one frame: both views render from the same store update.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))
      samples.push(await shown(page))
    }
    for (const s of samples) expect(s.header).toBe(s.status)
    const first = present(present(samples[0]).status).split('/').map(Number)
    expect(first[0]).toBeLessThan(present(first[1]))
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { createSandboxAdmin, type SandboxAdmin } from '../../src/sandbox'
import { present } from '../helpers/present'
import { fill, fillReturnAndAddress, waitSaved } from './builder-helpers'
import { startHarness, type Harness } from './harness'

// Issue 16 item 6, "the draft is the unit", in the built renderer against the real services and
// sandbox: the Order/Payment switch changes the draft (and says what it dropped, with Undo); the
// preview and the drafts are in reach beside a long form (wide) or as tabs (narrow); a draft stays
// with its connection; a long description never breaks the header.

const TEST_KEY = 'test_DraftsE2eSandboxTestKey00001'
const OTHER_KEY = 'test_DraftsE2eSandboxOtherKey0001'
const ADMIN_TOKEN = 'admin_DraftsE2eAdminToken00000001'

let h: Harness
let admin: SandboxAdmin
let baseUrl: string

async function fillOrder(page: Page, orderNumber: string): Promise<void> {
  await fill(page, 'field-orderNumber', orderNumber)
  await fill(page, 'field-lines.0.name', 'Teapot')
  await fill(page, 'field-lines.0.unitPrice', '24.95')
  await fill(page, 'field-lines.0.vatRate', '21.00')
  await fillReturnAndAddress(page)
}

/** The element's box lies inside the viewport (reachable without scrolling). */
async function inView(page: Page, testId: string): Promise<boolean> {
  return page.getByTestId(testId).evaluate((el) => {
    const r = el.getBoundingClientRect()
    return r.height > 0 && r.top >= 0 && r.top < window.innerHeight && r.left >= 0 && r.right <= window.innerWidth
  })
}

async function openDraftCount(page: Page): Promise<number> {
  return page.locator('[aria-label="Open drafts"] [data-testid="draft"]').count()
}

describe('the draft is the unit', () => {
  beforeAll(async () => {
    h = await startHarness({
      name: 'drafts',
      query: 'screen=orders',
      viewport: { width: 1440, height: 900 },
      deps: { sandboxOptions: { keys: [TEST_KEY, OTHER_KEY], adminToken: ADMIN_TOKEN } },
    })
    await h.page.getByTestId('create-bar').waitFor()
    await h.services.connections.getActiveClient()
    baseUrl = present((await h.services.connections.activeView()).baseUrl, 'the sandbox address')
    admin = createSandboxAdmin(new URL(baseUrl).origin, ADMIN_TOKEN)
  })

  afterAll(async () => {
    await h?.close()
  })

  it('the Order/Payment switch changes this draft, names what it dropped, and Undo brings it back', async () => {
    const { page } = h
    await fillOrder(page, 'SWITCH-1')
    await waitSaved(page)
    const key = await page.getByTestId('idempotency-key').textContent()
    const drafts = await openDraftCount(page)
    await page.getByTestId('tab-payment').click()
    const banner = page.getByTestId('kind-switched')
    await expect(banner.textContent()).resolves.toContain('This draft is now a payment')
    const dropped = await page.getByTestId('kind-switch-dropped').textContent()
    expect(dropped).toContain('Order number “SWITCH-1”')
    expect(dropped).toContain('Billing address')
    // Kept: the redirect URL, the line (and so the amount), the draft itself and its key.
    await expect(page.getByTestId('field-redirectUrl').inputValue()).resolves.toBe('https://shop.example/return')
    await expect(page.getByTestId('field-lines.0.name').inputValue()).resolves.toBe('Teapot')
    await expect(page.getByTestId('request-preview').textContent()).resolves.toContain('"value": "24.95"')
    await waitSaved(page)
    await expect(page.getByTestId('idempotency-key').textContent()).resolves.toBe(key)
    await expect(openDraftCount(page)).resolves.toBe(drafts)
    await h.screenshot('kind-switched')
    await page.getByTestId('kind-switch-undo').click()
    await expect(page.getByTestId('field-orderNumber').inputValue()).resolves.toBe('SWITCH-1')
    await expect(page.getByTestId('field-billingAddress.city').inputValue()).resolves.toBe('Utrecht')
    await expect(page.getByTestId('kind-switched').count()).resolves.toBe(0)
    await waitSaved(page)
    await expect(openDraftCount(page)).resolves.toBe(drafts)
  })

  it('wide window: the preview and the drafts stay beside the form when it is scrolled to its end', async () => {
    const { page } = h
    // Scroll the form's scrolling container to its end, as an agent at the last field would.
    await page.evaluate(() => {
      let el: HTMLElement | null = document.querySelector('.pd-form')
      while (el && el.scrollHeight <= el.clientHeight) el = el.parentElement
      if (el) el.scrollTop = el.scrollHeight
    })
    // The form is longer than the window: its start is now above the top.
    const formTop = await page.evaluate(() => document.querySelector('.pd-form')?.getBoundingClientRect().top ?? 0)
    expect(formTop).toBeLessThan(0)
    await expect(inView(page, 'create-bar')).resolves.toBe(true)
    await expect(inView(page, 'request-preview')).resolves.toBe(true)
    await expect(inView(page, 'drafts-panel')).resolves.toBe(true)
    await expect(page.getByTestId('builder-view-preview').count()).resolves.toBe(0)
  })

  it('narrow window: form, request preview and drafts are tabs at the top, each one click away', async () => {
    const { page } = h
    await page.setViewportSize({ width: 1100, height: 760 })
    try {
      await page.getByTestId('builder-view-preview').waitFor()
      await expect(inView(page, 'builder-view-preview')).resolves.toBe(true)
      await page.getByTestId('builder-view-preview').click()
      await expect(inView(page, 'request-preview')).resolves.toBe(true)
      await expect(page.getByTestId('create-bar').isVisible()).resolves.toBe(false)
      await page.getByTestId('builder-view-drafts').press('Enter')
      await expect(inView(page, 'drafts-panel')).resolves.toBe(true)
      await h.screenshot('narrow-drafts-tab')
      await page.getByTestId('builder-view-form').click()
      await expect(page.getByTestId('create-bar').isVisible()).resolves.toBe(true)
      await expect(page.getByTestId('request-preview').count()).resolves.toBe(0)
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 })
    }
  })

  it('at 1024 × 640 the lines wrap into labelled cells instead of scrolling sideways', async () => {
    const { page } = h
    await page.setViewportSize({ width: 1024, height: 640 })
    try {
      await page.getByTestId('builder-view-form').click()
      const lines = page.locator('.pd-lines-scroll')
      await lines.waitFor()
      const sideways = await lines.evaluate((el) => el.scrollWidth - el.clientWidth)
      expect(sideways).toBeLessThanOrEqual(0)
      await expect(page.getByTestId('field-lines.0.unitPrice').isVisible()).resolves.toBe(true)
      // Every cell of the line is wide enough for its control (none squeezed into the number column).
      const narrowest = await page
        .getByTestId('line-0')
        .evaluate((el) =>
          Math.min(
            ...[...el.querySelectorAll('tr:first-child > td[data-label]')].map(
              (td) => td.getBoundingClientRect().width,
            ),
          ),
        )
      expect(narrowest).toBeGreaterThanOrEqual(100)
      await h.screenshot('lines-1024')
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 })
    }
  })

  it('a long description stays one line in the header; nothing overflows the window', async () => {
    const { page } = h
    await page.getByTestId('new-payment-draft').click()
    await fill(page, 'field-description', `Refund for the customer's complaint ${'about the teapot '.repeat(40)}`)
    await waitSaved(page)
    await expect(page.getByTestId('draft-name').textContent()).resolves.toContain("Refund for the customer's")
    const layout = await page.evaluate(() => {
      const box = (selector: string) => {
        const el = document.querySelector(selector)
        if (!el) throw new Error(`${selector} is missing`)
        return el.getBoundingClientRect()
      }
      const header = box('.pd-header')
      const name = box('[data-testid="draft-name"]')
      const tab = box('[data-testid="tab-order"]')
      const main = document.getElementById('main') ?? document.documentElement
      return {
        headerHeight: header.height,
        nameHeight: name.height,
        tabTop: tab.top,
        nameTop: name.top,
        overflow: main.scrollWidth - main.clientWidth,
      }
    })
    // One line of text (no wrapping), on the same row as the Order/Payment switch, no sideways scrolling.
    expect(layout.nameHeight).toBeLessThan(30)
    expect(Math.abs(layout.nameTop - layout.tabTop)).toBeLessThan(20)
    expect(layout.headerHeight).toBeLessThan(60)
    expect(layout.overflow).toBeLessThanOrEqual(0)
    await h.screenshot('long-description-header')
  })

  it('a draft stays with its connection: another active connection is named, Create sends nothing until the agent moves it', async () => {
    const { page } = h
    await page.getByTestId('new-order-draft').click()
    await fillOrder(page, 'CONN-1')
    await waitSaved(page)
    await expect(page.getByTestId('foreign-draft').count()).resolves.toBe(0)
    const added = await page.evaluate(
      async ([secret, url]) =>
        window.paydesk.connections.add({ label: 'Second shop', secret: secret ?? '', baseUrl: url ?? '' }),
      [OTHER_KEY, baseUrl],
    )
    expect(added.ok).toBe(true)
    if (!added.ok) return
    await page.evaluate(async (id) => window.paydesk.connections.setActive({ id }), added.value.id)
    const banner = page.getByTestId('foreign-draft')
    await banner.waitFor()
    await expect(banner.textContent()).resolves.toMatch(
      /belongs to the connection .*Sandbox.*Second shop.* is\s+active/,
    )
    await expect(page.getByTestId('draft-connection').textContent()).resolves.toContain('Draft of')
    await expect(
      page.locator('[aria-current="true"] [data-testid="draft-connection-of"]').textContent(),
    ).resolves.toContain('Other connection')
    await h.screenshot('foreign-draft')
    // Create (a page could also call it directly): main refuses, nothing reaches the service.
    await page.getByTestId('create').click()
    await expect(page.getByTestId('create-error').textContent()).resolves.toContain('Nothing was sent')
    expect((await admin.stats()).ordersByNumber['CONN-1']).toBeUndefined()
    await page.getByTestId('move-draft-to-active').click()
    await expect.poll(() => banner.count()).toBe(0)
    await page.getByTestId('create').click()
    await page.getByTestId('result').waitFor()
    expect((await admin.stats()).ordersByNumber['CONN-1']).toBe(1)
  })
})

// The payments browser in Chromium: page sizes and loading more into one virtualized list, the
// filter, the method and state words, and paging under the rate limit (the setup: payments-fixture.ts).
import { describe, expect, it } from 'vitest'
import { currentCspViolations } from './harness'
import { present } from '../helpers/present'
import { methodName } from '../../src/shared/story/words'
import { paymentsBrowser, waitFirstRow, waitPages } from './payments-fixture'

describe('payments browser in Chromium: loading more, filters, words, the rate limit', () => {
  const ctx = paymentsBrowser('payments-loading')

  it('loads more into one virtualized list, dropping far pages and fetching them again', async () => {
    const { page } = ctx.h
    await page.getByTestId('view-toggle').click()
    await page.getByTestId('page-size').fill('250')
    await page.getByTestId('page-size').press('Enter')
    await page.getByTestId('view-toggle').click()
    await waitFirstRow(page, present(ctx.desc[0]))
    for (let n = 1; n < 4; n++) {
      await page.getByTestId('load-more').click()
      await waitPages(page, n + 1)
    }
    // Scroll to the end: the first pages are dropped (placeholders), the rows in view are correct.
    await page.evaluate(() => {
      const box = document.querySelector('[data-testid="payments-scroll"]') as HTMLElement
      box.scrollTop = box.scrollHeight
    })
    await page.waitForFunction(() => {
      const rows = [...document.querySelectorAll<HTMLElement>('[data-testid="payment-row"]')]
      return Number(rows.at(-1)?.getAttribute('aria-rowindex')) - 2 === 999
    })
    // The list still has all 1,000 rows; only the pages near the view are kept.
    const count = page.getByTestId('payments-count')
    await expect(count.getAttribute('data-loaded')).resolves.toBe('1000')
    const kept = Number(await count.getAttribute('data-kept'))
    expect(kept).toBeGreaterThanOrEqual(250)
    expect(kept).toBeLessThan(1000)
    const lastIds = await page.$$eval('[data-testid="payment-row"]', (rows) =>
      rows.map(
        (r) => [Number(r.getAttribute('aria-rowindex')) - 2, (r as HTMLElement).dataset.paymentId ?? ''] as const,
      ),
    )
    for (const [index, id] of lastIds) expect(id).toBe(ctx.desc[index])
    await expect(page.getByTestId('payments-count').getAttribute('data-loaded')).resolves.toBe('1000')
    // No filter on: its fields are one button, not a row of inputs.
    await expect(page.getByTestId('filter-min').count()).resolves.toBe(0)
    // Loading one more page keeps the view where it is (it used to jump back to the selected row).
    const firstVisible = () =>
      page.$$eval('[data-testid="payment-row"]', (rows) =>
        Math.min(...rows.map((r) => Number(r.getAttribute('aria-rowindex')) - 2)),
      )
    const before = await firstVisible()
    expect(before).toBeGreaterThan(700)
    await page.getByTestId('load-more').click()
    await waitPages(page, 5)
    await page.waitForTimeout(200)
    expect(await firstVisible()).toBeGreaterThanOrEqual(before - 10)
    // Back to the top: page 1 is fetched again through its self link and shows the same ids.
    await page.evaluate(() => {
      ;(document.querySelector('[data-testid="payments-scroll"]') as HTMLElement).scrollTop = 0
    })
    await waitFirstRow(page, present(ctx.desc[0]))
    const topIds = await page.$$eval('[data-testid="payment-row"]', (rows) =>
      rows.map((r) => (r as HTMLElement).dataset.paymentId ?? ''),
    )
    expect(topIds).toEqual(ctx.desc.slice(0, topIds.length))
    await ctx.h.screenshot('load-more')
  })

  it('filters the loaded rows with exact amounts, and says what it covers', async () => {
    const { page } = ctx.h
    await page.getByTestId('filter-toggle').click()
    await page.getByTestId('filter-min').fill('100')
    await page.getByTestId('filter-max').fill('200.00')
    const scope = page.getByTestId('filter-scope')
    await scope.filter({ hasText: 'match' }).waitFor()
    const text = (await scope.textContent()) ?? ''
    expect(text).toMatch(/Filter covers only the [\d,]+ loaded payments/)
    const shown = Number(((await page.getByTestId('filter-count').textContent()) ?? '').replace(/,/g, ''))
    expect(shown).toBeGreaterThan(0)
    const rows = await page.$$eval('[data-testid="payment-row"] .col-amount', (cells) => cells.length)
    expect(rows).toBeGreaterThan(0)
    await ctx.h.screenshot('filter')
    await page.getByRole('button', { name: 'Clear filter' }).click()
    await page.getByTestId('view-toggle').click()
    await page.getByTestId('page-size').fill('')
    await page.getByTestId('page-size').press('Enter')
    await waitFirstRow(page, present(ctx.desc[0]))
  })

  it('names the method in the agent’s words, in the rows and in the filter, with the service’s code on hover', async () => {
    const { page } = ctx.h
    await page.getByTestId('payment-row').first().waitFor()
    const cells = await page.$$eval('[data-testid="payment-row"] .col-method[title]', (all) =>
      all.map((c) => [c.getAttribute('title') ?? '', c.textContent ?? '']),
    )
    expect(cells.length).toBeGreaterThan(0)
    for (const [code, text] of cells) expect(text).toBe(methodName(code))
    expect(cells.some(([code, text]) => code !== text)).toBe(true)
    const filterWasOpen = await page.getByTestId('filter-method').isVisible()
    if (!filterWasOpen) await page.getByTestId('filter-toggle').click()
    const options = await page
      .getByTestId('filter-method')
      .locator('option')
      .evaluateAll((all) => all.map((o) => [(o as HTMLOptionElement).value, o.textContent]))
    expect(options).toContainEqual(['creditcard', 'card'])
    expect(options).toContainEqual(['banktransfer', 'bank transfer'])
    expect(options).toContainEqual(['none', '(none)'])
    if (!filterWasOpen) await page.getByTestId('filter-toggle').click()
  })

  it('shows every state word and created time whole, in both densities; only free text is cut with an ellipsis', async () => {
    const { page } = ctx.h
    await page.setViewportSize({ width: 1360, height: 860 })
    /** Opens the View menu (if it is not open), does `change` in it, and closes it again. */
    const inViewMenu = async (change: () => Promise<unknown>) => {
      if ((await page.getByTestId('page-size').count()) === 0) await page.getByTestId('view-toggle').click()
      await change()
      if ((await page.getByTestId('page-size').count()) > 0) await page.getByTestId('view-toggle').click()
    }
    await inViewMenu(async () => {
      await page.getByTestId('page-size').fill('250')
      await page.getByTestId('page-size').press('Enter')
    })
    await page.locator('[data-testid="payments-count"][data-loaded="250"]').waitFor()
    await waitFirstRow(page, present(ctx.desc[0]))
    /** Scrolls the loaded list through: the state words seen, and every cell whose text does not fit. */
    const scan = () =>
      page.evaluate(async () => {
        const box = document.querySelector('[data-testid="payments-scroll"]') as HTMLElement
        const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))
        const states = new Set<string>()
        const cut: string[] = []
        box.scrollTop = 0
        await frame()
        for (let guard = 0; guard < 400; guard++) {
          for (const cell of document.querySelectorAll<HTMLElement>('[data-testid="payment-row"] > [role="cell"]')) {
            if (cell.classList.contains('col-status')) states.add(cell.textContent ?? '')
            // A badge or a time inside the cell: its box must end inside the cell too.
            const inner = (cell.firstElementChild as HTMLElement | null) ?? cell
            const overflows =
              cell.scrollWidth > cell.clientWidth + 0.5 ||
              inner.getBoundingClientRect().right > cell.getBoundingClientRect().right + 0.5
            // A cell drawn without a clip must fit; one with a clip may be cut (with an ellipsis).
            if (overflows && !cell.classList.contains('pay-clip')) cut.push(`${cell.className}: ${cell.textContent}`)
          }
          if (box.scrollTop + box.clientHeight >= box.scrollHeight - 1) break
          box.scrollTop += box.clientHeight
          await frame()
        }
        box.scrollTop = 0
        return {
          states: [...states].sort(),
          cut,
          clippedDates: document.querySelectorAll('.col-createdAt.pay-clip').length,
          probes: document.querySelectorAll('.pay-probe').length,
        }
      })
    for (const density of ['Comfortable', 'Compact']) {
      await inViewMenu(() => page.getByLabel('Rows').selectOption({ label: density }))
      const seen = await scan()
      expect(seen.cut).toEqual([])
      expect(seen.clippedDates).toBe(0)
      expect(seen.probes).toBe(0)
      // The seeded stories carry refunds and chargebacks: the longer words are among those checked.
      expect(seen.states.some((w) => w.includes('refund') || w === 'charged back')).toBe(true)
    }
  })

  it('shows "Waiting for rate limit" with a countdown when paging is throttled, and cancels', async () => {
    const { page } = ctx.h
    // The service answers payment pages with a 429 asking for 20 s until the faults are cleared: long
    // enough that the wait is still on screen however slow this machine is, and the cancel must end it
    // early. Not a single 429: the index's background sync may ask for a page first and take it.
    await ctx.admin.addFault({
      path: '/v2/payments',
      method: 'GET',
      kind: 'status',
      status: 429,
      retryAfter: 20,
    })
    await page.getByTestId('load-more').click()
    const waiting = page.getByTestId('payments-waiting')
    await waiting.waitFor({ timeout: 15_000 })
    expect(await waiting.textContent()).toMatch(/Waiting for rate limit \(\d+ s\)/)
    await ctx.h.screenshot('rate-limited')
    await page.getByTestId('payments-cancel').click()
    await waiting.waitFor({ state: 'detached', timeout: 15_000 })
    await expect(page.getByTestId('payments-error').count()).resolves.toBe(0)
    await ctx.admin.clearFaults()
    // For the report: whether main emits the event yet (the Inspector's wiring); the screen polls meanwhile.
    console.info(
      `rateLimit.changed emitted: ${ctx.h.messagesToRenderer.some((m) => m.startsWith('{"event":"rateLimit.changed"'))}`,
    )
  })

  it('ran with no console errors and no CSP violations', async () => {
    expect(await currentCspViolations(ctx.h.page)).toEqual([])
    expect(ctx.h.consoleErrors).toEqual([])
  })
})

// The payments browser in Chromium: the first page, moving, sorting, jumping to an id, export, columns,
// opening a payment and the keyboard. Loading more, filters, words and the rate limit:
// payments.loading.test.ts (the setup: payments-fixture.ts).
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { currentCspViolations } from './harness'
import { present } from '../helpers/present'
import { paymentsBrowser, listedIds, waitFirstRow, waitIdle, waitPages } from './payments-fixture'

describe('payments browser in Chromium', () => {
  const ctx = paymentsBrowser('payments')

  it('shows the documented default page (50) on first visit, newest first', async () => {
    const { page } = ctx.h
    await page.getByTestId('payment-row').first().waitFor()
    await waitIdle(page)
    await expect(page.getByTestId('payments-count').getAttribute('data-loaded')).resolves.toBe('50')
    await expect(page.getByTestId('payments-count').textContent()).resolves.toMatch(
      /^Rows 1–\d+ of 50 loaded · more to load$/,
    )
    expect(await listedIds(page)).toEqual(ctx.desc.slice(0, 50))
    // No limit was sent: the service's default applied (spec 4.3); the link it gave carries it.
    const firstReply = present(ctx.h.messagesToRenderer.find((m) => m.includes('pageText')))
    const firstPage = JSON.parse((JSON.parse(firstReply) as { value: { pageText: string } }).value.pageText) as {
      count: number
      _links: { self: { href: string } }
    }
    expect(firstPage.count).toBe(50)
    expect(new URL(firstPage._links.self.href).searchParams.get('limit')).toBeNull()
    await ctx.h.screenshot('first-page')
  })

  it('has one way to move: the list grows under the rows loaded, says where the view is, and Newest starts over', async () => {
    const { page } = ctx.h
    // No second way to move: no Back/Forward, no Previous/Next pages.
    for (const id of ['nav-back', 'nav-forward', 'nav-previous', 'nav-next']) {
      await expect(page.getByTestId(id).count()).resolves.toBe(0)
    }
    for (let n = 1; n <= 3; n++) {
      await page.getByTestId('load-more').click()
      await waitPages(page, n + 1)
    }
    await waitIdle(page)
    // One list, in the service's order, exactly the sandbox ids: the next links followed verbatim.
    expect(await listedIds(page)).toEqual(ctx.desc.slice(0, 200))
    await expect.poll(() => page.getByTestId('payments-count').textContent()).toMatch(/^Rows 1–\d+ of 200 loaded/)
    // Scrolled to the end, the indicator follows the view.
    await page.getByTestId('payments-scroll').evaluate((box) => {
      box.scrollTop = box.scrollHeight
    })
    await expect.poll(() => page.getByTestId('payments-count').textContent()).toMatch(/^Rows \d+–200 of 200 loaded/)
    // The position follows every scroll, so it is not read out: only the list's state is a live region.
    const live = await page.getByTestId('payments-count').evaluate((count) => {
      const inLive = (n: Node | null): boolean =>
        n instanceof Element && n.closest('[aria-live], [role="status"], [role="log"], [role="alert"]') !== null
      return {
        position: inLive(count.firstChild),
        statuses: [...count.querySelectorAll('[aria-live]')].map((s) => s.textContent),
      }
    })
    expect(live).toEqual({ position: false, statuses: [' · more to load'] })
    await ctx.h.screenshot('page-4')
    // Newest starts the list over at the top.
    await page.getByTestId('nav-first').click()
    await waitPages(page, 1)
    await waitFirstRow(page, present(ctx.desc[0]))
    await waitIdle(page)
    expect(await listedIds(page)).toEqual(ctx.desc.slice(0, 50))
  })

  it('shows at least 20 rows at 1280 x 800', async () => {
    const { page } = ctx.h
    await page.setViewportSize({ width: 1280, height: 800 })
    await waitFirstRow(page, present(ctx.desc[0]))
    const fullyVisible = () =>
      page.evaluate(() => {
        const box = (document.querySelector('[data-testid="payments-scroll"]') as HTMLElement).getBoundingClientRect()
        const head = document.querySelector('[data-testid="payments-table"] .pay-head')?.getBoundingClientRect()
        const top = Math.max(box.top, head?.bottom ?? box.top)
        const bottom = Math.min(box.bottom, window.innerHeight)
        return [...document.querySelectorAll<HTMLElement>('[data-testid="payment-row"]')].filter((tr) => {
          const r = tr.getBoundingClientRect()
          return r.top >= top - 0.5 && r.bottom <= bottom + 0.5
        }).length
      })
    await ctx.h.screenshot('rows-at-1280x800')
    await expect.poll(fullyVisible).toBeGreaterThanOrEqual(20)
    await page.setViewportSize({ width: 1360, height: 860 })
  })

  it('scrolls by reusing its DOM rows: rows that stay are kept, rows that come in take those that left', async () => {
    const { page } = ctx.h
    await waitIdle(page)
    const seen = await page.evaluate(async () => {
      const box = document.querySelector('[data-testid="payments-scroll"]') as HTMLElement
      const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))
      const rows = () => [...document.querySelectorAll<HTMLElement>('[data-testid="payment-row"]')]
      const rowHeight = rows()[0]?.offsetHeight ?? 26
      // Away from the top, so the rows drawn above the view (overscan) are there before and after.
      box.scrollTop = 5 * rowHeight
      await frame()
      const before = new Map(rows().map((tr) => [tr.dataset.paymentId ?? '', tr]))
      box.scrollTop = 15 * rowHeight
      await frame()
      const after = rows()
      const result = {
        rowsBefore: before.size,
        rowsAfter: after.length,
        newIds: after.filter((tr) => !before.has(tr.dataset.paymentId ?? '')).length,
        // Rows still in view are the same elements; rows that came in are elements that were there.
        kept: after.filter((tr) => before.get(tr.dataset.paymentId ?? '') === tr).length,
        stayed: after.filter((tr) => before.has(tr.dataset.paymentId ?? '')).length,
        created: after.filter((tr) => ![...before.values()].includes(tr)).length,
      }
      box.scrollTop = 0
      await frame()
      return result
    })
    expect(seen.rowsBefore).toBeGreaterThan(20)
    expect(seen.newIds).toBeGreaterThanOrEqual(5)
    expect(seen.kept).toBe(seen.stayed)
    expect(seen.created).toBe(0)
  })

  it("on a flick, draws the new rows in the DOM rows already there, in the list's order: none is moved, nor on a step back up", async () => {
    const { page } = ctx.h
    await waitIdle(page)
    await page.getByTestId('load-more').click() // two pages: room for a flick of a whole window
    await waitPages(page, 2)
    await waitIdle(page)
    const seen = await page.evaluate(async () => {
      const box = document.querySelector('[data-testid="payments-scroll"]') as HTMLElement
      const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))
      const rows = () => [...document.querySelectorAll<HTMLElement>('[data-testid="payment-row"]')]
      // In the DOM in the list's order (what a screen reader walks), whichever DOM row draws which.
      const inOrder = () =>
        rows()
          .map((tr) => Number(tr.getAttribute('aria-rowindex')))
          .every((n, i, all) => i === 0 || n === (all[i - 1] ?? 0) + 1)
      // Away from the top, so the rows drawn above the view (overscan) are there before and after.
      box.scrollTop = 5 * (rows()[0]?.offsetHeight ?? 26)
      await frame()
      const before = rows()
      const idsBefore = new Set(before.map((tr) => tr.dataset.paymentId ?? ''))
      const changes: MutationRecord[] = []
      const observer = new MutationObserver((list) => changes.push(...list))
      observer.observe(before[0]?.parentElement as HTMLElement, { childList: true })
      box.scrollTop += box.clientHeight
      await frame()
      changes.push(...observer.takeRecords())
      observer.disconnect()
      const after = rows()
      const result = {
        rows: after.length,
        newIds: after.filter((tr) => !idsBefore.has(tr.dataset.paymentId ?? '')).length,
        rowsBefore: before.length,
        sameElements: after.filter((tr, i) => before[i] === tr).length,
        added: changes.reduce((n, c) => n + c.addedNodes.length, 0),
        removed: changes.reduce((n, c) => n + c.removedNodes.length, 0),
        inOrder: inOrder(),
      }
      // Then up by 3 rows, a wheel's step: the rows that stay are not moved either (a moved DOM row
      // is removed and added again), and the list is still in order.
      const up: MutationRecord[] = []
      const upObserver = new MutationObserver((list) => up.push(...list))
      upObserver.observe(after[0]?.parentElement as HTMLElement, { childList: true })
      box.scrollTop -= 3 * (after[0]?.offsetHeight ?? 26)
      await frame()
      up.push(...upObserver.takeRecords())
      upObserver.disconnect()
      const movedUp = up.flatMap((c) => [...c.removedNodes]).filter((n) => n.isConnected).length
      const inOrderUp = inOrder()
      box.scrollTop = 0
      await frame()
      return { ...result, movedUp, inOrderUp, inOrderBack: inOrder() }
    })
    expect(seen.rows).toBeGreaterThan(20)
    expect(seen.newIds).toBeGreaterThan(seen.rows / 2)
    // The window may hold a row more or less as the rows line up with its edges: only that row is
    // added or removed, at the end; every other DOM row is the one that was at its place.
    expect(seen).toMatchObject({
      added: Math.max(0, seen.rows - seen.rowsBefore),
      removed: Math.max(0, seen.rowsBefore - seen.rows),
      sameElements: Math.min(seen.rows, seen.rowsBefore),
      inOrder: true,
      movedUp: 0,
      inOrderUp: true,
      inOrderBack: true,
    })
    expect(Math.abs(seen.rows - seen.rowsBefore)).toBeLessThanOrEqual(1)
  })

  it('switches the sort to oldest first', async () => {
    const { page } = ctx.h
    await page.getByTestId('view-toggle').click()
    await page.getByTestId('sort').selectOption('asc')
    await waitFirstRow(page, present(ctx.asc[0]))
    await waitIdle(page)
    expect(await listedIds(page)).toEqual(ctx.asc.slice(0, 50))
    await expect(page.getByTestId('nav-first').textContent()).resolves.toContain('Oldest')
    await page.getByTestId('load-more').click()
    await waitPages(page, 2)
    await waitIdle(page)
    expect(await listedIds(page)).toEqual(ctx.asc.slice(0, 100))
    await page.getByTestId('sort').selectOption('desc')
    await page.getByTestId('view-toggle').click()
    await waitFirstRow(page, present(ctx.desc[0]))
    // The list started over at its top: the indicator names the rows in view again, not "Rows 1–1".
    await expect.poll(() => page.getByTestId('payments-count').textContent()).toMatch(/^Rows 1–\d\d of /)
  })

  it('jumps to an id: opens its detail, and lists from it', async () => {
    const { page } = ctx.h
    const target = present(ctx.desc[321])
    await page.keyboard.press('/')
    await expect(page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).resolves.toBe('find-input')
    await page.keyboard.type(target)
    await page.keyboard.press('Enter')
    const detail = page.getByTestId('payment-detail')
    await detail.getByRole('heading', { name: target }).waitFor()
    await page.getByTestId('detail-raw').waitFor({ state: 'attached' })
    const raw = JSON.parse(present(await page.getByTestId('detail-raw').textContent())) as {
      id: string
      amount: { value: string }
    }
    expect(raw.id).toBe(target)
    await ctx.h.screenshot('detail')
    // The request that fetched it is an inspector entry: the button goes there.
    const toInspector = page.getByTestId('detail-inspector')
    await expect(toInspector.isEnabled()).resolves.toBe(true)
    await toInspector.click()
    await expect(page.getByRole('heading', { level: 1 }).first().textContent()).resolves.toBe('Inspector')
    await page.keyboard.press('Control+2')
    await page.getByTestId('payment-row').first().waitFor()
    await page.getByTestId('find-from').click()
    await waitFirstRow(page, target)
    await waitIdle(page)
    expect(await listedIds(page)).toEqual(ctx.desc.slice(321, 371))
    await expect(page.getByTestId('payments-start').textContent()).resolves.toContain(target)
  })

  it('says clearly that an unknown payment does not exist (404)', async () => {
    const { page } = ctx.h
    await page.getByTestId('find-input').fill('tr_doesNotExist42')
    await page.getByTestId('find-open').click()
    const error = page.getByTestId('detail-error')
    await error.waitFor()
    const text = (await error.textContent()) ?? ''
    expect(text).toContain('was not found (404)')
    expect(text).toContain('404')
    await ctx.h.screenshot('not-found')
    await page.keyboard.press('Escape') // leaves the find box
    await page.keyboard.press('Escape') // closes the detail
    await expect(page.getByTestId('payment-detail').count()).resolves.toBe(0)
  })

  it('exports the listed payments as CSV, written by main, matching the service data', async () => {
    const { page } = ctx.h
    await page.getByTestId('nav-first').click()
    await waitFirstRow(page, present(ctx.desc[0]))
    await waitIdle(page)
    const file = path.join(ctx.tmp, 'export.csv')
    ctx.h.savePaths.push(file)
    ctx.h.dialogAnswers.push(0) // main's question: leave customers' personal data out (its default)
    await page.getByTestId('export-toggle').click()
    await page.getByTestId('export-csv').click()
    await page.getByTestId('export-status').filter({ hasText: 'without customers’ personal data' }).waitFor()
    expect(await page.getByTestId('export-status').textContent()).toMatch(/Exported 50 payments/)
    const csv = (await readFile(file, 'utf8')).replace(/^\uFEFF/, '')
    // The first line says what the file holds; the header follows.
    const [holds, ...lines] = csv.trim().split('\r\n')
    expect(holds).toMatch(/^Customers’ personal data: left out/)
    expect(present(lines[0]).split(',').slice(0, 4)).toEqual(['id', 'status', 'amount', 'currency'])
    expect(lines).toHaveLength(51)
    // The oracle: the same page straight from the sandbox through the API client.
    const client = await ctx.h.services.connections.getActiveClient()
    const truth = (await client.listPayments({ limit: 50 }))._embedded.payments
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(truth.map((p) => p.id))
    for (let i = 0; i < truth.length; i++) {
      const cells = present(lines[i + 1]).split(',')
      expect(cells.slice(1, 4)).toEqual([
        present(truth[i]).status,
        present(truth[i]).amount.value,
        present(truth[i]).amount.currency,
      ])
    }
    await ctx.h.screenshot('exported')
  })

  it('hides a column and keeps the choice after a reload', async () => {
    const { page } = ctx.h
    await page.getByTestId('view-toggle').click()
    await page.getByTestId('column-mode').uncheck()
    await expect(page.locator('.pay-th.col-mode').count()).resolves.toBe(0)
    await page.reload()
    await page.getByRole('navigation', { name: 'Sections' }).waitFor()
    await page.getByRole('button', { name: /^Payments/ }).click()
    await page.getByTestId('payment-row').first().waitFor()
    await expect(page.locator('.pay-th.col-mode').count()).resolves.toBe(0)
    await expect(page.locator('.pay-th.col-amount').count()).resolves.toBe(1)
    await page.getByTestId('view-toggle').click()
    await page.getByTestId('column-mode').check()
    // Esc closes the panel and gives the focus back to its button.
    await page.keyboard.press('Escape')
    await expect(page.getByTestId('column-mode').count()).resolves.toBe(0)
    await expect(page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).resolves.toBe('view-toggle')
  })

  it('opens a payment with one click, and keeps the list readable beside or under the detail', async () => {
    const { page } = ctx.h
    await waitFirstRow(page, present(ctx.desc[0]))
    await page.locator(`.pay-row[data-payment-id="${ctx.desc[0]}"]`).click()
    await page
      .getByTestId('payment-detail')
      .getByRole('heading', { name: present(ctx.desc[0]) })
      .waitFor()
    for (const size of [
      { width: 1024, height: 700 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(size)
      // The columns that do not fit are dropped by priority (mode, method, description, created):
      // the list never scrolls sideways, and id, status and amount stay.
      await expect
        .poll(() => page.getByTestId('payments-scroll').evaluate((box) => box.scrollWidth <= box.clientWidth + 1))
        .toBe(true)
      for (const col of ['id', 'status', 'amount']) {
        await expect(page.locator(`.pay-th.col-${col}`).count()).resolves.toBe(1)
      }
    }
    await page.keyboard.press('Escape')
    await expect(page.getByTestId('payment-detail').count()).resolves.toBe(0)
    // Without the detail at 1024, the dropped columns come back as far as they fit.
    await page.setViewportSize({ width: 1024, height: 700 })
    await expect.poll(() => page.locator('.pay-th.col-createdAt').count()).toBe(1)
    await page.setViewportSize({ width: 1360, height: 860 })
  })

  it('moves and opens with the keyboard: j/k, Enter, Esc, and ] loads more', async () => {
    const { page } = ctx.h
    await waitFirstRow(page, present(ctx.desc[0]))
    await page.locator('body').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('j')
    await page.keyboard.press('j')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('k')
    await expect(page.locator('.pay-row.selected').getAttribute('data-payment-id')).resolves.toBe(ctx.desc[2])
    await page.keyboard.press('Enter')
    await page
      .getByTestId('payment-detail')
      .getByRole('heading', { name: present(ctx.desc[2]) })
      .waitFor()
    await page.keyboard.press('Escape')
    await expect(page.getByTestId('payment-detail').count()).resolves.toBe(0)
    await page.keyboard.press(']')
    await waitPages(page, 2)
    await waitFirstRow(page, present(ctx.desc[0]))
    await page.getByTestId('nav-first').click()
    await waitPages(page, 1)
  })

  it('takes any page size from 1 to 250 and refuses others', async () => {
    const { page } = ctx.h
    await page.getByTestId('view-toggle').click()
    const size = page.getByTestId('page-size')
    await size.fill('300')
    await size.press('Enter')
    await expect(size.getAttribute('aria-invalid')).resolves.toBe('true')
    await size.fill('7')
    await size.press('Enter')
    await page.locator('[data-testid="payments-count"][data-loaded="7"]').waitFor()
    expect(await listedIds(page)).toEqual(ctx.desc.slice(0, 7))
    await page.getByTestId('view-toggle').click()
    await expect(page.getByTestId('page-size').count()).resolves.toBe(0)
  })

  it('ran with no console errors and no CSP violations', async () => {
    expect(await currentCspViolations(ctx.h.page)).toEqual([])
    expect(ctx.h.consoleErrors).toEqual([])
  })
})

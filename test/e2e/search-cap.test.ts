// The search when the index keeps only the newest objects (issue 46 item 8): a search that may miss
// older payments says so in words, with the date, and offers the look-ups that still reach them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHarness, type Harness } from './harness'

let h: Harness

describe('a search over a capped index', () => {
  beforeAll(async () => {
    h = await startHarness({
      name: 'search-cap',
      deps: { sandboxOptions: { seedPayments: 300 }, search: { limits: { payments: 120, orders: 1000 } } },
    })
    await h.page.getByTestId('home-screen').waitFor()
    await h.services.search.sync()
    await h.services.search.whenIdle()
  })

  afterAll(async () => {
    await h?.close()
  })

  it('says which payments are not searched, and Open Payments asks the service instead', async () => {
    await h.page.keyboard.press('Control+k')
    await h.page.getByTestId('search-input').fill('nobody-by-this-name')
    await h.page.getByTestId('search-empty').waitFor()
    const older = h.page.getByTestId('search-older')
    await expect(older.innerText()).resolves.toMatch(
      /^Payments created before .+ are not in this desk's search \(it keeps the newest 120 payments\)/,
    )
    await expect(older.innerText()).resolves.toContain('Paste its id or link')
    await h.screenshot('search-older')
    await older.getByRole('button', { name: 'Open Payments' }).click()
    await h.page.getByTestId('payments-toolbar').waitFor()
    await expect.poll(() => h.page.getByTestId('search-results').count()).toBe(0)
  })
})

describe("the agent's choice of how many payments the index keeps", () => {
  let g: Harness
  beforeAll(async () => {
    g = await startHarness({
      name: 'search-cap-choice',
      deps: { sandboxOptions: { seedPayments: 300 }, search: { limits: { payments: 120, orders: 1000 } } },
    })
    await g.page.getByTestId('home-screen').waitFor()
    await g.services.search.sync()
    await g.services.search.whenIdle()
    await g.page.reload()
  })

  afterAll(async () => {
    await g?.close()
  })

  it('a larger index chosen on Home walks the older payments in, and the search no longer warns', async () => {
    const choice = g.page.getByTestId('index-cap').getByLabel('Keep the newest')
    await expect(choice.inputValue()).resolves.toBe('120')
    await choice.selectOption('100000')
    await g.services.search.whenIdle()
    await expect
      .poll(() => g.page.getByTestId('home-index').textContent(), { timeout: 15_000 })
      .toMatch(/^300 payments/)
    await g.page.keyboard.press('Control+k')
    await g.page.getByTestId('search-input').fill('nobody-by-this-name')
    await g.page.getByTestId('search-empty').waitFor()
    await expect(g.page.getByTestId('search-older').count()).resolves.toBe(0)
  })
})

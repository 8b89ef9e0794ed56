// How the e2e tests move around the app as an agent does: a section from the navigation, an object
// by its id through the search box (Ctrl+K, the id, Enter on the direct answer).
import type { Page } from 'playwright-core'
import { expect } from 'vitest'

/** Opens a section from the navigation and waits for its heading. */
export async function openSection(page: Page, section: RegExp, heading: RegExp): Promise<void> {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: section }).click()
  await page.getByRole('heading', { level: 1, name: heading }).first().waitFor()
}

/** Opens a payment or an order by its id from the search box. */
export async function openById(page: Page, id: string): Promise<void> {
  await page.keyboard.press('Control+k')
  await page.getByTestId('search-input').fill(id)
  // The answer for this id, not the one still shown for the previous search.
  await expect.poll(() => page.getByTestId('search-direct').textContent()).toContain(id)
  await page.keyboard.press('Enter')
}

import type { Page } from 'playwright-core'

// What the builder's e2e tests do again and again: type into a field and leave it, wait for autosave.

/** Types `value` into the control with this test id and leaves it (blur counts as touched and saves). */
export async function fill(page: Page, testId: string, value: string): Promise<void> {
  const input = page.getByTestId(testId)
  await input.fill(value)
  await input.blur()
}

/** Waits until the open draft is saved (encrypted by main). */
export async function waitSaved(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.querySelector('[data-testid="save-state"]')?.textContent?.startsWith('Saved'),
  )
}

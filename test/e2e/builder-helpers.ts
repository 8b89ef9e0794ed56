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

/**
 * Fills the return URL and the full billing address (the service requires all of it on an order,
 * issue 14 item 12) as an agent types them.
 */
export async function fillReturnAndAddress(page: Page): Promise<void> {
  await fill(page, 'field-redirectUrl', 'https://shop.example/return')
  await fill(page, 'field-billingAddress.givenName', 'Ada')
  await fill(page, 'field-billingAddress.familyName', 'Lovelace')
  await fill(page, 'field-billingAddress.email', 'ada@example.org')
  await fill(page, 'field-billingAddress.streetAndNumber', 'Keizersgracht 126')
  await fill(page, 'field-billingAddress.postalCode', '1015 CW')
  await fill(page, 'field-billingAddress.city', 'Utrecht')
  await fill(page, 'field-billingAddress.country', 'NL')
}

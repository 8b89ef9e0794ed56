// The clicks, keys and typed characters an agent's call takes in an e2e test, printed one JSON line
// per call as the ten-call tour prints them (issue 49 "Measured"). One tally per test file.
import type { Locator, Page } from 'playwright-core'
import { expect } from 'vitest'

export function callTally(page: () => Page) {
  const tally = { clicks: 0, keys: 0, typed: 0 }
  return {
    tally,
    startCall(): void {
      Object.assign(tally, { clicks: 0, keys: 0, typed: 0 })
    },
    async click(target: Locator): Promise<void> {
      tally.clicks++
      await target.click()
    },
    async press(key: string): Promise<void> {
      tally.keys++
      await page().keyboard.press(key)
    },
    async fill(target: Locator, text: string): Promise<void> {
      tally.clicks++
      tally.typed += text.length
      await target.fill(text)
    },
    async type(text: string): Promise<void> {
      tally.typed += text.length
      await page().keyboard.type(text)
    },
    /** Opens a payment by its id through the search box, as an agent pasting it does: Ctrl+K, the id, Enter. */
    async openPayment(id: string): Promise<void> {
      tally.keys++
      await page().keyboard.press('Control+k')
      tally.typed += id.length
      await page().getByTestId('search-input').fill(id)
      await expect.poll(() => page().getByTestId('search-direct').textContent()).toContain(id)
      tally.keys++
      await page().keyboard.press('Enter')
      await expect.poll(() => page().getByTestId('payment-detail').textContent()).toContain(id)
    },
    endCall(call: string): void {
      console.log(JSON.stringify({ call, clicks: tally.clicks, keys: tally.keys, typedCharacters: tally.typed }))
    },
  }
}

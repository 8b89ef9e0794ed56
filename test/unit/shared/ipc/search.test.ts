// The search channels' inputs: the index cap is one of the offered choices, decided by main's schema,
// never a number the page makes up (issue 46 item 8).
import { describe, expect, it } from 'vitest'
import { searchChannels } from '../../../../src/shared/ipc/search'
import { PAYMENT_CAP_CHOICES } from '../../../../src/shared/search/index-cap'

const capInput = searchChannels['search.setPaymentCap'].input

describe('search.setPaymentCap input', () => {
  it('takes each offered choice', () => {
    for (const payments of PAYMENT_CAP_CHOICES) expect(capInput.safeParse({ payments }).success).toBe(true)
  })

  it('refuses any other number, a string, a negative or huge cap, and extra fields', () => {
    for (const bad of [
      { payments: 123 },
      { payments: '250000' },
      { payments: -1 },
      { payments: 1e12 },
      { payments: 250_000, orders: 5 },
      {},
    ]) {
      expect(capInput.safeParse(bad).success, JSON.stringify(bad)).toBe(false)
    }
  })
})

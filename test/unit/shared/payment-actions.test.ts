import { describe, expect, it } from 'vitest'
import { cancelOrderBlocker, cancelOrderInstead } from '../../../src/shared/payment-actions'

describe('an order that cannot be canceled says what to do instead', () => {
  it('a paid or completed order is refunded instead', () => {
    for (const status of ['paid', 'completed'] as const) {
      expect(cancelOrderBlocker({ status })).toContain(`this order is ${status}`)
      expect(cancelOrderInstead({ status })).toMatch(/refund its payment instead/)
    }
  })

  it('a cancelable order, or one already canceled or expired, needs no alternative', () => {
    for (const status of ['created', 'authorized', 'shipping', 'canceled', 'expired'] as const) {
      expect(cancelOrderInstead({ status })).toBeNull()
    }
  })
})

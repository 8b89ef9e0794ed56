// The customer view's sentences: support words, no API field names.
import { describe, expect, it } from 'vitest'
import {
  methodWords,
  problemSentence,
  statusWords,
} from '../../../../../src/renderer/src/features/customer/customer-text'
import type { CustomerProblem } from '../../../../../src/shared/customer-summary'

const NOW = Date.parse('2026-11-25T12:00:00Z')
const problem = (over: Partial<CustomerProblem>): CustomerProblem => ({
  kind: 'failed',
  paymentId: 'tr_1',
  orderId: null,
  at: '2026-11-20T12:00:00Z',
  amount: { currency: 'EUR', value: '89.00' },
  reason: null,
  ...over,
})

describe('customer view words', () => {
  it('says each problem as a sentence with its amount and reason', () => {
    expect(problemSentence(problem({ reason: 'The card has insufficient funds.' }), 'en-GB', NOW)).toBe(
      'Payment of €89.00 failed: The card has insufficient funds.',
    )
    expect(problemSentence(problem({ kind: 'open-long' }), 'en-GB', NOW)).toBe(
      'Payment of €89.00 has waited for payment for 5 days.',
    )
    expect(problemSentence(problem({ kind: 'charged-back' }), 'en-GB', NOW)).toBe(
      'The bank took back €89.00 (a chargeback).',
    )
    expect(problemSentence(problem({ kind: 'canceled', paymentId: null, orderId: 'ord_1' }), 'en-GB', NOW)).toBe(
      'Order of €89.00 was canceled.',
    )
  })

  it('names statuses and methods in words', () => {
    expect(statusWords('open')).toBe('Waiting for payment')
    expect(statusWords('somethingnew')).toBe('Somethingnew')
    expect(methodWords('banktransfer')).toBe('Bank transfer')
    expect(methodWords(null)).toBe('Not chosen yet')
  })
})

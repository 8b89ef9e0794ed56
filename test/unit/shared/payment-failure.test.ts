import { describe, expect, it } from 'vitest'
import { failureExplanation } from '../../../src/shared/payment-failure'

describe('failureExplanation: why a payment failed, in plain words', () => {
  it('says nothing for a payment that did not fail', () => {
    expect(failureExplanation({ status: 'paid', method: 'creditcard', details: null })).toBeNull()
  })

  it('gives a card’s failure message, or the message of its reason when the message is missing', () => {
    expect(
      failureExplanation({
        status: 'failed',
        method: 'creditcard',
        details: { failureReason: 'insufficient_funds', failureMessage: 'The card has insufficient funds.' },
      }),
    ).toBe('The card payment was refused: The card has insufficient funds.')
    expect(
      failureExplanation({ status: 'failed', method: 'creditcard', details: { failureReason: 'invalid_cvv' } }),
    ).toBe('The card payment was refused: The security code (CVV) is incorrect.')
  })

  it('gives a direct debit’s bank reason with its code', () => {
    expect(
      failureExplanation({
        status: 'failed',
        method: 'directdebit',
        details: { bankReasonCode: 'AM04', bankReason: 'Insufficient funds' },
      }),
    ).toBe('The customer’s bank returned the direct debit: Insufficient funds (bank code AM04).')
  })

  it('says plainly that the service gives no reason for other methods', () => {
    expect(failureExplanation({ status: 'failed', method: 'ideal', details: null })).toMatch(
      /^The service gives no reason for a failed ideal payment/,
    )
  })
})

// A refund told as it is (issue 49 item 3): the state line, the documented arrival by method, the
// sentence for the caller, and the badge of a payment whose refund has not left yet.
import { describe, expect, it } from 'vitest'
import type { Payment, Refund } from '../../../../src/shared/api-types'
import { paymentState } from '../../../../src/shared/story/payment-story'
import {
  FAILED_REFUND_NEXT_STEP,
  refundArrivalWords,
  refundForCaller,
  refundStateLine,
} from '../../../../src/shared/story/refund-truth'
import { refundArrival, refundIsCancelable } from '../../../../src/shared/service/refunds'
import { noPaymentWriteWhy } from '../../../../src/shared/payment-writes'

const words = { locale: 'en-GB', timeZone: 'UTC' }
const refund = (status: string) =>
  ({ amount: { currency: 'EUR', value: '45.00' }, status, createdAt: '2026-11-28T09:30:00+00:00' }) as Refund

describe('refund truth', () => {
  it('gives the caller a sentence per state, with the documented arrival for the method', () => {
    expect(refundForCaller(refund('processing'), 'ideal', words)).toBe(
      'Your refund of €45.00 left us (made on 28 Nov); for iDEAL it usually reaches you the same business day it is sent out (refunds go out each business day; banks in some countries take longer).',
    )
    expect(refundForCaller(refund('pending'), 'creditcard', words)).toBe(
      "Your refund of €45.00 was made on 28 Nov and goes out with the next business day's refunds; for card it usually reaches you within 14 calendar days, on the card it was paid with (not a bank account).",
    )
    expect(refundForCaller(refund('canceled'), 'ideal', words)).toMatch(
      /was canceled before it went out; no money was sent/,
    )
    expect(refundForCaller(refund('failed'), 'ideal', words)).toMatch(
      /could not be paid out: your bank did not accept it/,
    )
    expect(refundArrivalWords('paypal', 'the customer')).toMatch(
      /^for PayPal it usually reaches the customer as PayPal pays it out/,
    )
    expect(refundArrival('creditcard').source).toMatch(/^https:\/\/help\.mollie\.com\//)
  })

  it('says whether a refund can still be canceled, and what to do about a failed one', () => {
    expect(['queued', 'pending', 'processing', 'refunded', 'failed', 'canceled'].filter(refundIsCancelable)).toEqual([
      'queued',
      'pending',
    ])
    expect(refundStateLine(refund('pending'))).toMatch(/It can still be canceled/)
    expect(refundStateLine(refund('processing'))).toMatch(/can no longer be canceled/)
    expect(FAILED_REFUND_NEXT_STEP).toMatch(/Ask the customer for an account that works/)
  })

  it('never badges a payment Refunded while its refund has not left; says why nothing is left to refund', () => {
    const paid = {
      status: 'paid',
      method: 'ideal',
      amount: { currency: 'EUR', value: '45.00' },
      amountRefunded: { currency: 'EUR', value: '45.00' },
      amountRemaining: { currency: 'EUR', value: '0.00' },
    } as Payment
    const withRefund = (status: string) => ({ ...paid, _embedded: { refunds: [refund(status)] } }) as Payment
    expect(paymentState(withRefund('pending'))).toEqual({ state: 'Refund on its way', tone: 'waiting' })
    expect(paymentState(withRefund('processing')).state).toBe('Refund on its way')
    expect(paymentState(withRefund('refunded'))).toEqual({ state: 'Refunded', tone: 'neutral' })
    // Read without its refunds (a list row), it cannot tell whether the money left: a refund made.
    expect(paymentState(paid)).toEqual({ state: 'Refund made', tone: 'neutral' })
    expect(noPaymentWriteWhy(withRefund('pending'))).toMatch(/a refund is on its way to the customer/)
    expect(noPaymentWriteWhy(withRefund('refunded'))).toBe(
      'This payment has been refunded in full; nothing is left to refund.',
    )
  })
})

import { describe, expect, it } from 'vitest'
import {
  cancelOrderBlocker,
  cancelOrderInstead,
  cancelPaymentBlocker,
  cancelPaymentNextStep,
  noPaymentWriteWhy,
  refundBlocker,
} from '../../../src/shared/payment-writes'
import type { Payment } from '../../../src/shared/api-types'

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

describe('cancel order with an open payment (https://docs.mollie.com/reference/cancel-order)', () => {
  it('waits for an open iDEAL or card payment, but not for an open bank transfer or direct debit', () => {
    const order = (method: Payment['method']) => ({
      status: 'created' as const,
      _embedded: { payments: [{ id: 'tr_open1', status: 'open' as const, method }] },
    })
    expect(cancelOrderBlocker(order('ideal'))).toMatch(/open payment \(tr_open1\)/)
    expect(cancelOrderBlocker(order('creditcard'))).toMatch(/open payment/)
    expect(cancelOrderBlocker(order(null))).toMatch(/open payment/)
    expect(cancelOrderBlocker(order('banktransfer'))).toBeNull()
    expect(cancelOrderBlocker(order('directdebit'))).toBeNull()
  })
})

describe('a paid payment with nothing left to refund says why', () => {
  const eur = (value: string) => ({ currency: 'EUR', value })
  const paid = {
    status: 'paid' as const,
    method: 'creditcard' as const,
    amount: eur('120.00'),
    amountRemaining: eur('0.00'),
  }

  it('refunded in full', () => {
    expect(refundBlocker({ ...paid, amountRefunded: eur('120.00') })).toBe(
      'This payment has been refunded in full; nothing is left to refund.',
    )
  })

  it('taken back by the bank: a chargeback, not a refund', () => {
    const why = refundBlocker({ ...paid, amountRefunded: eur('0.00'), amountChargedBack: eur('120.00') })
    expect(why).toMatch(/bank took the whole payment back \(a chargeback\)/)
    expect(why).not.toMatch(/refunded in full/)
  })

  it('part refunded and the rest charged back', () => {
    expect(refundBlocker({ ...paid, amountRefunded: eur('20.00'), amountChargedBack: eur('100.00') })).toMatch(
      /part was refunded and the customer's bank took back the rest/,
    )
  })

  it('something left: no reason, whatever was charged back', () => {
    expect(refundBlocker({ ...paid, amountRemaining: eur('20.00'), amountChargedBack: eur('100.00') })).toBeNull()
  })
})

describe('a payment no action applies to says why and what to do instead', () => {
  const eur = (value: string) => ({ currency: 'EUR', value })
  const base = { method: 'ideal' as const, amount: eur('10.00') }

  it('ended without money taken: pay again with a new payment, from the order when there is one', () => {
    expect(noPaymentWriteWhy({ ...base, status: 'expired' })).toBe(
      'An expired payment cannot be refunded, canceled or changed: the customer never paid. ' +
        'To take the payment again, create a new payment and send the customer its link.',
    )
    expect(noPaymentWriteWhy({ ...base, status: 'failed', orderId: 'ord_abc123' })).toMatch(
      /^A failed payment .*no money was taken\. To take the payment again, open its order and create a new payment for it\.$/,
    )
    expect(noPaymentWriteWhy({ ...base, status: 'canceled' })).toMatch(/^A canceled payment /)
  })

  it('pending waits for the bank; paid says why it cannot be refunded', () => {
    expect(noPaymentWriteWhy({ ...base, status: 'pending' })).toMatch(/becomes paid or failed by itself/)
    expect(
      noPaymentWriteWhy({ ...base, status: 'paid', amountRemaining: eur('0.00'), amountChargedBack: eur('10.00') }),
    ).toBe(refundBlocker({ ...base, status: 'paid', amountRemaining: eur('0.00'), amountChargedBack: eur('10.00') }))
  })
})

describe('a payment of an order: no hint contradicts the order’s own rule (issue 49 item 8)', () => {
  /** The order a payment of this state belongs to, as the service leaves it. */
  const ORDER_OF = {
    open: 'created',
    pending: 'pending',
    authorized: 'authorized',
    paid: 'paid',
    failed: 'created',
    canceled: 'created',
    expired: 'created',
  } as const

  it('says "cancel the order instead" only where that order can be canceled', () => {
    const methods: Payment['method'][] = ['ideal', 'creditcard', 'banktransfer', 'directdebit', 'klarnapaylater', null]
    for (const status of Object.keys(ORDER_OF) as (keyof typeof ORDER_OF)[]) {
      for (const method of methods) {
        const payment = { id: 'tr_ofOrder1', status, method, orderId: 'ord_1' }
        const why = cancelPaymentBlocker(payment) ?? ''
        const orderWhy = cancelOrderBlocker({ status: ORDER_OF[status] }, [payment])
        if (/cancel the order instead/.test(why)) expect(orderWhy, `${status} ${method}`).toBeNull()
      }
    }
  })

  it('a paid payment of a paid order is refunded, not sent to its order', () => {
    const payment = { status: 'paid' as const, method: 'ideal' as const, orderId: 'ord_1' }
    expect(cancelPaymentBlocker(payment)).toBe(
      'A paid payment cannot be canceled: the customer has paid. Refund it instead.',
    )
    expect(cancelPaymentNextStep(payment)).toBeNull()
    expect(cancelOrderInstead({ status: 'paid' })).toMatch(/refund its payment instead/)
  })

  it('an open iDEAL payment of an order waits; an open bank transfer goes with its order', () => {
    expect(cancelPaymentBlocker({ status: 'open', method: 'ideal', orderId: 'ord_1' })).toMatch(
      /expires by itself .* its order cannot be canceled while it is open/,
    )
    expect(cancelPaymentBlocker({ status: 'open', method: 'banktransfer', orderId: 'ord_1' })).toMatch(
      /canceled with its order; cancel the order instead/,
    )
  })
})

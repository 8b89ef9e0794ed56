// When "New payment link" is offered (issue 49 item 7): a payment that failed, expired or was canceled;
// an order that was not paid and has no payment that can still complete.
import { describe, expect, it } from 'vitest'
import { newLinkProblemForOrder, newLinkProblemForPayment } from '../../../src/shared/new-link'

describe('newLinkProblemForPayment', () => {
  it('offers a link for a failed, expired or canceled payment', () => {
    for (const status of ['failed', 'expired', 'canceled'] as const) {
      expect(newLinkProblemForPayment({ id: 'tr_1', status })).toBeNull()
    }
  })

  it('sends an open payment’s own link instead, and makes none for money that came or may come', () => {
    expect(newLinkProblemForPayment({ id: 'tr_1', status: 'open' })).toBe(
      'tr_1 is still open: the customer can pay it with its own checkout link (send that one).',
    )
    for (const status of ['pending', 'authorized', 'paid'] as const) {
      expect(newLinkProblemForPayment({ id: 'tr_1', status })).toBe(
        `tr_1 is ${status}: a new link is only for a payment that failed, expired or was canceled.`,
      )
    }
  })
})

describe('newLinkProblemForOrder', () => {
  const order = (status: 'created' | 'paid' | 'expired' | 'canceled') => ({ status, orderNumber: 'A-7' })

  it('offers a link for an order not paid whose payments are all over', () => {
    expect(newLinkProblemForOrder(order('created'), [{ id: 'tr_1', status: 'failed' }])).toBeNull()
    expect(newLinkProblemForOrder(order('expired'), [])).toBeNull()
    expect(newLinkProblemForOrder(order('canceled'), [{ id: 'tr_1', status: 'canceled' }])).toBeNull()
  })

  it('refuses a paid order, and an order whose payment can still complete', () => {
    expect(newLinkProblemForOrder(order('paid'), [])).toBe(
      'order A-7 is paid: a new link is only for an order that was not paid.',
    )
    expect(newLinkProblemForOrder(order('created'), [{ id: 'tr_2', status: 'open' }])).toBe(
      'order A-7 has a payment that is open (tr_2): the customer can still pay with it.',
    )
  })
})

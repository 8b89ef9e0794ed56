import { describe, expect, it } from 'vitest'
import type { Order, Payment, Refund } from '../../../../src/shared/api-types'
import { orderExpiryApplies, orderStory } from '../../../../src/shared/story/order-story'
import { link, order, payment, words } from '../../helpers/story-objects'

const paid: Payment = payment({
  id: 'tr_ord1',
  description: 'Order 1042',
  orderId: 'ord_story1',
  _links: { self: link, documentation: link },
})

describe('the story of an order (issue 25 item 3)', () => {
  it('an unpaid order says it waits for the customer, since when', () => {
    const story = orderStory(order(), { words })
    expect(story.state).toBe('Not paid yet')
    expect(story.headline).toBe('Not paid yet: waiting for the customer to pay €59.95 since 20 Nov')
  })

  it('a paid order says when it was paid and how much went back, with its payment and refund in the timeline', () => {
    const story = orderStory(
      order({
        status: 'paid',
        amountRefunded: { currency: 'EUR', value: '20.00' },
        _embedded: {
          payments: [paid],
          refunds: [
            {
              resource: 'refund',
              id: 're_1',
              mode: 'test',
              description: '',
              amount: { currency: 'EUR', value: '20.00' },
              metadata: null,
              status: 'refunded',
              paymentId: 'tr_ord1',
              createdAt: '2026-11-24T10:00:00Z',
              _links: { self: link, payment: link, documentation: link },
            },
          ],
        },
      }),
      { words },
    )
    expect(story.state).toBe('Partly refunded')
    expect(story.headline).toBe('Paid on 23 Nov at 19:42: €59.95 · €20.00 refunded of €59.95')
    expect(story.timeline.map((e) => e.text)).toEqual([
      'Order 1042 placed for €59.95',
      'Payment: Created for €59.95',
      'Payment: Paid with iDEAL',
      'Refund of €20.00 sent to the customer',
    ])
  })

  it('an order whose payment was refunded (not its lines) reads so too', () => {
    const refundedPayment = { ...paid, amountRefunded: { currency: 'EUR', value: '29.00' } }
    const story = orderStory(order({ status: 'paid', _embedded: { payments: [refundedPayment], refunds: [] } }), {
      words,
    })
    expect(story.state).toBe('Partly refunded')
    expect(story.headline).toMatch(/· €29\.00 refunded of €59\.95$/)
  })

  it('an order refunded in full reads Refunded once the money left; an expired one says the customer did not pay', () => {
    const full = { status: 'paid' as const, amountRefunded: { currency: 'EUR', value: '59.95' } }
    const withRefund = (status: string) => order({ ...full, _embedded: { refunds: [{ status } as unknown as Refund] } })
    expect(orderStory(withRefund('refunded')).state).toBe('Refunded')
    expect(orderStory(withRefund('pending')).state).toBe('Refund on its way')
    // Read without its refunds, it cannot tell whether the money left.
    expect(orderStory(order(full)).state).toBe('Refund made')
    const expired = orderStory(order({ status: 'expired', expiredAt: '2026-11-22T08:00:00Z' }), { words })
    expect(expired.headline).toBe('Expired on 22 Nov at 8:00: the customer did not pay €59.95')
    expect(expired.tone).toBe('problem')
  })
})

describe('the expiry an order shows (issue 49 item 8)', () => {
  it('only while it waits to be paid or shipped: never on a paid, canceled or finished order', () => {
    const statuses: Order['status'][] = [
      'created',
      'pending',
      'authorized',
      'paid',
      'shipping',
      'completed',
      'canceled',
      'expired',
    ]
    expect(statuses.filter(orderExpiryApplies)).toEqual(['created', 'pending', 'authorized'])
  })
})

import { describe, expect, it } from 'vitest'
import {
  lookupLabel,
  lookupTarget,
  matchingPayments,
  recentResultWords,
} from '../../../../src/renderer/src/lib/lost-write-lookup'
import { payment } from '../../helpers/story-objects'

const pay = (id: string, description: string, value: string, currency = 'EUR') =>
  payment({ id, description, amount: { currency, value } })

describe('the look-up offered after a lost write answer (issue 27 item 6)', () => {
  it('opens the object a cancel or update acted on, and a payment for its refunds', () => {
    expect(lookupTarget({ kind: 'payment', by: 'id', id: 'tr_a1' })).toEqual({ screen: 'payments', paymentId: 'tr_a1' })
    expect(lookupTarget({ kind: 'order', by: 'id', id: 'ord_b2' })).toEqual({ screen: 'order', orderId: 'ord_b2' })
    expect(lookupTarget({ kind: 'refund', by: 'payment', paymentId: 'tr_c3' })).toEqual({
      screen: 'payments',
      paymentId: 'tr_c3',
    })
    expect(lookupLabel({ kind: 'refund', by: 'payment', paymentId: 'tr_c3' })).toBe('Look up the refunds of tr_c3')
    expect(lookupLabel({ kind: 'order', by: 'id', id: 'ord_b2' })).toBe('Look up order ord_b2')
  })

  it('a payment create is searched among the newest by description and exact amount', () => {
    const lookup = {
      kind: 'payment' as const,
      by: 'recent' as const,
      description: 'Gift 7',
      amount: { currency: 'EUR', value: '12.30' },
    }
    expect(lookupTarget(lookup)).toBeNull()
    const newest = [
      pay('tr_1', 'Gift 7', '12.30'),
      pay('tr_2', 'Gift 7', '12.3'),
      pay('tr_3', 'Gift 7', '12.30', 'USD'),
    ]
    const found = matchingPayments(lookup, [...newest, pay('tr_4', 'Gift 8', '12.30')])
    expect(found.map((p) => p.id)).toEqual(['tr_1'])
    expect(recentResultWords(lookup, found, 50)).toMatch(/payment tr_1 .* exists, so it was created/)
    expect(recentResultWords(lookup, [], 50)).toMatch(/No payment "Gift 7" for EUR 12.30 among the 50 newest/)
    const two = matchingPayments(lookup, [pay('tr_1', 'Gift 7', '12.30'), pay('tr_9', 'Gift 7', '12.30')])
    expect(recentResultWords(lookup, two, 50)).toMatch(/^2 payments .* \(tr_1, tr_9\)/)
  })
})

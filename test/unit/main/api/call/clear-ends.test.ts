import { describe, expect, it } from 'vitest'
import {
  isAlreadyCanceled,
  jsonDepthExceeds,
  lostAnswerSentence,
  lostWriteLookup,
  redirectMessage,
} from '../../../../../src/main/api/call/clear-ends'
import { FirstAnswers } from '../../../../../src/main/api/call/replay-notes'

describe('clear ends (issue 27 item 6)', () => {
  it('measures a very deep answer without overflowing the stack', () => {
    const deep = JSON.parse('['.repeat(100_000) + ']'.repeat(100_000)) as unknown
    expect(jsonDepthExceeds(deep)).toBe(true)
    expect(jsonDepthExceeds({ a: { b: [1, { c: 2 }] } })).toBe(false)
  })

  it('a redirect says it was not followed', () => {
    expect(redirectMessage(302, 'https://elsewhere.example/v2')).toContain('does not follow redirects')
  })

  it('a lost write answer says the object may exist and how to look it up', () => {
    const text = lostAnswerSentence('POST', '/payments', 'key-1')
    expect(text).toContain('the payment may have been created')
    expect(text).toContain('Look it up')
    expect(lostAnswerSentence('DELETE', '/payments/tr_x', undefined)).toContain('may have been canceled')
  })

  it("names the object by the operation table's row of the write", () => {
    expect(lostAnswerSentence('POST', '/customers/cst_1/mandates', 'k')).toContain('the mandate may have been created')
    expect(lostAnswerSentence('DELETE', '/payments/tr_1/refunds/re_1', 'k')).toContain(
      'the refund may have been canceled',
    )
    expect(lostAnswerSentence('POST', '/orders/ord_1/payments', 'k')).toContain('the payment may have been created')
    expect(lostAnswerSentence('POST', '/not-in-the-table', 'k')).toContain('the object may have been created')
  })

  it('recognizes "already canceled" only on a 4xx', () => {
    expect(isAlreadyCanceled(422, 'The payment has already been canceled')).toBe(true)
    expect(isAlreadyCanceled(500, 'already canceled')).toBe(false)
  })

  it('flags a replayed answer that names another object than the first', () => {
    const first = new FirstAnswers(2)
    expect(first.check('k', 'tr_a')).toBeNull()
    expect(first.check('k', 'tr_a')).toBeNull()
    expect(first.check('k', 'tr_b')).toBe('tr_a')
  })

  it('a lost write answer names what can honestly be looked up, from the request as sent', () => {
    const body = { amount: { currency: 'EUR', value: '12.34' }, description: 'Gift card 7' }
    expect(lostWriteLookup('POST', '/payments', body)).toEqual({
      kind: 'payment',
      by: 'recent',
      description: 'Gift card 7',
      amount: { currency: 'EUR', value: '12.34' },
    })
    expect(lostWriteLookup('POST', '/payments', { amount: body.amount })).toBeNull()
    expect(lostWriteLookup('DELETE', '/payments/tr_abc', undefined)).toEqual({
      kind: 'payment',
      by: 'id',
      id: 'tr_abc',
    })
    expect(lostWriteLookup('PATCH', '/payments/tr_abc', {})).toEqual({ kind: 'payment', by: 'id', id: 'tr_abc' })
    expect(lostWriteLookup('POST', '/payments/tr_abc/refunds', body)).toEqual({
      kind: 'refund',
      by: 'payment',
      paymentId: 'tr_abc',
    })
    expect(lostWriteLookup('DELETE', '/orders/ord_k1', undefined)).toEqual({ kind: 'order', by: 'id', id: 'ord_k1' })
    expect(lostWriteLookup('POST', '/orders/ord_k1/payments', {})).toEqual({ kind: 'order', by: 'id', id: 'ord_k1' })
    // Nothing to tell apart: an order create, a read, an id that is not one.
    expect(lostWriteLookup('POST', '/orders', { orderNumber: '1' })).toBeNull()
    expect(lostWriteLookup('GET', '/payments/tr_abc', undefined)).toBeNull()
    expect(lostWriteLookup('DELETE', '/payments/../x', undefined)).toBeNull()
  })
})

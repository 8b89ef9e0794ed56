import { describe, expect, it } from 'vitest'
import {
  FirstAnswers,
  isAlreadyCanceled,
  jsonDepthExceeds,
  lostAnswerSentence,
  redirectMessage,
} from '../../../../src/main/api/clear-ends'

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
})

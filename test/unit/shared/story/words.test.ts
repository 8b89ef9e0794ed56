import { describe, expect, it } from 'vitest'
import { sentenceStart } from '../../../../src/shared/story/words'

describe('sentenceStart: a phrase made to start a sentence', () => {
  it('capitalises the first letter only, and leaves an empty phrase, a capital or a digit as it is', () => {
    expect(sentenceStart('bank transfer')).toBe('Bank transfer')
    expect(sentenceStart('the mandate for NL55 INGB was revoked')).toBe('The mandate for NL55 INGB was revoked')
    expect(sentenceStart('élan')).toBe('Élan')
    expect(sentenceStart('Apple Pay')).toBe('Apple Pay')
    expect(sentenceStart('3 payments')).toBe('3 payments')
    expect(sentenceStart('')).toBe('')
  })
})

import { describe, expect, it } from 'vitest'
import { sentenceStart } from '../../../../src/shared/story/words'

// A phrase and the sentence start made of it: the first letter capitalised only; an empty phrase, a
// capital or a digit left as it is.
const STARTS: [phrase: string, start: string][] = [
  ['bank transfer', 'Bank transfer'],
  ['the mandate for NL55 INGB was revoked', 'The mandate for NL55 INGB was revoked'],
  ['élan', 'Élan'],
  ['Apple Pay', 'Apple Pay'],
  ['3 payments', '3 payments'],
  ['', ''],
]

describe('sentenceStart: a phrase made to start a sentence', () => {
  it.each(STARTS)('%j starts a sentence as %j', (phrase, start) => {
    expect(sentenceStart(phrase)).toBe(start)
  })
})

// An amount the agent types: taken as it is when it is one, otherwise refused with the one reading
// offered as a suggestion; never rounded or changed silently.
import { describe, expect, it } from 'vitest'
import { readAmountInput } from '../../../src/shared/amount-input'

describe('readAmountInput', () => {
  it('takes valid amount values as they are', () => {
    expect(readAmountInput('5.00', 'EUR')).toEqual({ ok: true, amount: { currency: 'EUR', value: '5.00' } })
    expect(readAmountInput(' 1000 ', 'JPY')).toEqual({ ok: true, amount: { currency: 'JPY', value: '1000' } })
  })

  it.each([
    ['5', 'EUR', '5.00'],
    ['5,5', 'EUR', '5.50'],
    ['€ 5,50', 'EUR', '5.50'],
    ['5.50 EUR', 'EUR', '5.50'],
    ['eur5', 'EUR', '5.00'],
    ['05.1', 'EUR', '5.10'],
    ['1.5', 'KWD', '1.500'],
  ])('offers %s in %s as %s, without taking it', (text, currency, suggestion) => {
    const read = readAmountInput(text, currency)
    expect(read).toMatchObject({ ok: false, suggestion })
  })

  it.each([
    ['5.005', 'EUR'], // more decimals than the currency has: no rounding
    ['$5', 'EUR'], // another currency's sign
    ['1,000.00', 'EUR'], // a thousands separator: two readings
    ['-5', 'EUR'],
    ['5e2', 'EUR'],
    ['abc', 'EUR'],
    ['10.5', 'JPY'],
  ])('refuses %s in %s with no suggestion', (text, currency) => {
    const read = readAmountInput(text, currency)
    expect(read).toMatchObject({ ok: false, suggestion: null })
    if (!read.ok) expect(read.message).toMatch(/\S/)
  })

  it('asks for an amount when empty, and names an unknown currency', () => {
    expect(readAmountInput('  ', 'EUR')).toMatchObject({ ok: false, message: 'Enter an amount.' })
    expect(readAmountInput('5.00', 'XXQ')).toMatchObject({ ok: false, message: 'Unknown currency XXQ.' })
  })
})

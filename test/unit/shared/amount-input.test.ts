// The one reader of typed amounts (refund dialog, order builder, search, payments filter): the
// agent's notation read exactly, an ambiguous form asked about, never rounded or changed silently.
import { describe, expect, it } from 'vitest'
import { amountValueOrText, readAmountInput, readAmountText } from '../../../src/shared/amount-input'

describe('readAmountInput', () => {
  it.each([
    ['39,95', 'EUR', '39.95'],
    ['39.95', 'EUR', '39.95'],
    ['1.234,56', 'EUR', '1234.56'],
    ['1,234.56', 'EUR', '1234.56'],
    ['1 234,56', 'EUR', '1234.56'],
    ['1.234.567', 'EUR', '1234567.00'],
    ['€ 39,95', 'EUR', '39.95'],
    ['€39,95', 'EUR', '39.95'],
    ['39,95 EUR', 'EUR', '39.95'],
    ['39,95€', 'EUR', '39.95'],
    ['eur 5', 'EUR', '5.00'],
    ['5', 'EUR', '5.00'],
    ['5,5', 'EUR', '5.50'],
    ['05.1', 'EUR', '5.10'],
    ['-5', 'EUR', '-5.00'],
    ['€ -5,00', 'EUR', '-5.00'],
    ['1.5', 'KWD', '1.500'],
    ['1000', 'JPY', '1000'],
    ['¥ 1000', 'JPY', '1000'],
    ['10.00', 'EUR', '10.00'],
  ])('reads %s in %s as %s', (text, currency, value) => {
    const read = readAmountInput(text, currency)
    expect(read).toEqual({ ok: true, amount: { currency, value }, asTyped: value === text })
  })

  it('asks when one mark is followed by exactly three digits, taking nothing', () => {
    const eur = readAmountInput('1,234', 'EUR')
    expect(eur).toMatchObject({ ok: false, problem: 'ambiguous', choices: ['1234.00'] })
    if (!eur.ok) expect(eur.message).toMatch(/could mean 1234\.00 EUR or 1\.234/)
    expect(readAmountInput('1.234', 'EUR')).toMatchObject({ ok: false, problem: 'ambiguous' })
    // In a currency with three decimals both readings are amounts: both offered.
    expect(readAmountInput('1,234', 'KWD')).toMatchObject({ ok: false, choices: ['1234.000', '1.234'] })
    // A leading zero group is no thousands group: one reading.
    expect(readAmountInput('0,125', 'KWD')).toMatchObject({ ok: true, amount: { value: '0.125' } })
  })

  it.each([
    ['39,9555', 'EUR'], // more decimals than the currency has: never rounded
    ['10.5', 'JPY'],
    ['$5', 'EUR'], // another currency's sign
    ['5 USD', 'EUR'],
    ['1.2.3', 'EUR'],
    ['1.234,5.6', 'EUR'],
    ['12 34', 'EUR'],
    ['5,', 'EUR'],
    ['5e2', 'EUR'],
    ['abc', 'EUR'],
    ['--5', 'EUR'],
    ['€ 5 EUR', 'EUR'],
    ['9'.repeat(16), 'EUR'],
    ['9'.repeat(10_000), 'EUR'],
  ])('refuses %s in %s, with a message and no choice', (text, currency) => {
    const read = readAmountInput(text, currency)
    expect(read).toMatchObject({ ok: false, problem: 'invalid', choices: [] })
    if (!read.ok) expect(read.message).toMatch(/\S/)
  })

  it('says what is wrong: no rounding, another currency, empty, unknown currency', () => {
    expect(readAmountInput('39,9555', 'EUR')).toMatchObject({ message: expect.stringMatching(/at most 2 decimals/) })
    expect(readAmountInput('5 USD', 'EUR')).toMatchObject({ message: expect.stringMatching(/in USD/) })
    expect(readAmountInput('  ', 'EUR')).toMatchObject({ ok: false, problem: 'empty', message: 'Enter an amount.' })
    expect(readAmountInput('5.00', 'XXQ')).toMatchObject({ ok: false, message: 'Unknown currency XXQ.' })
  })

  it('sends the service’s form, or the text unchanged for the rules to name', () => {
    expect(amountValueOrText('€ 39,95', 'EUR')).toBe('39.95')
    expect(amountValueOrText('1,234', 'EUR')).toBe('1,234')
    expect(amountValueOrText('39,9555', 'EUR')).toBe('39,9555')
  })
})

describe('readAmountText (no currency known: search and filters)', () => {
  it('keeps both readings of an ambiguous number and the currency named', () => {
    expect(readAmountText('1,234')).toEqual({
      kind: 'number',
      negative: false,
      currency: undefined,
      readings: [
        { integer: '1234', fraction: '' },
        { integer: '1', fraction: '234' },
      ],
    })
    expect(readAmountText('59,95 usd')).toMatchObject({
      currency: 'USD',
      readings: [{ integer: '59', fraction: '95' }],
    })
    expect(readAmountText('')).toEqual({ kind: 'empty' })
    expect(readAmountText('hello')).toEqual({ kind: 'none' })
  })
})

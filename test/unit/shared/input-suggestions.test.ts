// The builder's offered fixes: only input that reads one way gets a suggestion; ambiguous or hostile
// input gets none (a date in an unreadable order names the format instead).
import { describe, expect, it } from 'vitest'
import { amountOffer, readDateInput, suggestPhone } from '../../../src/shared/input-suggestions'

describe('suggestPhone', () => {
  it('turns a national number of any country into E.164 (libphonenumber-js)', () => {
    expect(suggestPhone('0612345678', 'NL')?.value).toBe('+31612345678')
    expect(suggestPhone('06-12 34 56 78', 'nl')?.value).toBe('+31612345678')
    expect(suggestPhone('(020) 123 4567', 'NL')?.value).toBe('+31201234567')
    expect(suggestPhone('0470 12 34 56', 'BE')?.value).toBe('+32470123456')
    expect(suggestPhone('02 123 45 67', 'BE')?.value).toBe('+3221234567')
    expect(suggestPhone('06 12 34 56 78', 'FR')?.value).toBe('+33612345678')
    expect(suggestPhone('07400 123456', 'GB')?.value).toBe('+447400123456')
    expect(suggestPhone('612 345 678', 'ES')?.value).toBe('+34612345678')
    expect(suggestPhone('0031612345678', 'NL')?.value).toBe('+31612345678')
    expect(suggestPhone('+31 6 1234 5678', 'NL')?.value).toBe('+31612345678')
    // Countries the hand-written rules never knew: German numbers of varying length, the US, Poland.
    expect(suggestPhone('030 1234567', 'DE')?.value).toBe('+49301234567')
    expect(suggestPhone('0151 23456789', 'DE')?.value).toBe('+4915123456789')
    expect(suggestPhone('(212) 555-0123', 'US')?.value).toBe('+12125550123')
    expect(suggestPhone('512 345 678', 'PL')?.value).toBe('+48512345678')
    // Written internationally with 00 from another country: the number keeps its own country.
    expect(suggestPhone('0032 470 12 34 56', 'NL')).toMatchObject({
      value: '+32470123456',
      reason: expect.stringContaining('BE'),
    })
  })

  it('offers nothing for what is already right, no country to read by, or a number that is not valid', () => {
    expect(suggestPhone('+31612345678', 'NL')).toBeNull()
    expect(suggestPhone('+32470123456', 'NL')).toBeNull() // a Belgian number stays as written
    expect(suggestPhone('0612345678', undefined)).toBeNull()
    expect(suggestPhone('0612345678', 'XX')).toBeNull()
    expect(suggestPhone('061234567', 'NL')).toBeNull() // one digit short
    expect(suggestPhone('06123456789', 'NL')).toBeNull() // one digit long
    expect(suggestPhone('', 'NL')).toBeNull()
  })

  it('offers nothing for hostile input', () => {
    for (const text of [
      '06<script>12345678',
      '0612345678; DROP TABLE',
      '06\u000012345678',
      '０６１２３４５６７８', // full-width digits
      '0'.repeat(10_000),
      '06 1234 5678 ext. 12',
      '+31 6 1234 5678 x',
      '٠٦١٢٣٤٥٦٧٨', // Arabic-Indic digits
    ]) {
      expect(suggestPhone(text, 'NL')).toBeNull()
    }
  })
})

describe('readDateInput', () => {
  it('reads a day above 12, or the same day and month, as YYYY-MM-DD', () => {
    expect(readDateInput('30-04-1980')).toEqual({
      kind: 'suggestion',
      suggestion: expect.objectContaining({ value: '1980-04-30' }),
    })
    expect(readDateInput('30/4/1980')).toMatchObject({ suggestion: { value: '1980-04-30' } })
    expect(readDateInput('4.30.1980')).toMatchObject({ suggestion: { value: '1980-04-30' } }) // month-first, day > 12
    expect(readDateInput('05-05-1980')).toMatchObject({ suggestion: { value: '1980-05-05' } })
    expect(readDateInput('29-02-2000')).toMatchObject({ suggestion: { value: '2000-02-29' } })
  })

  it('guesses nothing when day and month could be swapped, and says the format', () => {
    const r = readDateInput('04-05-1980')
    expect(r?.kind).toBe('ambiguous')
    expect(r?.kind === 'ambiguous' ? r.message : '').toContain('YYYY-MM-DD')
    expect(r?.kind === 'ambiguous' ? r.message : '').toMatch(/4 May or 5 April/)
  })

  it('offers nothing for dates that do not exist, what is already right, or hostile input', () => {
    for (const text of [
      '1980-04-30',
      '31-04-1980', // April has 30 days
      '29-02-1999',
      '32-13-1980',
      '00-00-0000',
      '30-04-80', // two-digit year: which century?
      '30-04-1980<img src=x>',
      '30-04-1980 12:00',
      '3０-04-1980',
      '1'.repeat(10_000),
      '',
    ]) {
      const r = readDateInput(text)
      expect(r?.kind === 'suggestion' ? r.suggestion.value : null).toBeNull()
    }
  })
})

describe('amountOffer', () => {
  it('echoes what is sent when the notation was read into another form, and nothing when typed as sent', () => {
    expect(amountOffer('39,95', 'EUR')).toEqual({ echo: '39.95 EUR', question: null, choices: [] })
    expect(amountOffer('€ 1.234,56', 'EUR').echo).toBe('1234.56 EUR')
    expect(amountOffer('39.95', 'EUR')).toEqual({ echo: null, question: null, choices: [] })
    expect(amountOffer('1000', 'JPY').echo).toBeNull()
  })

  it('asks about an ambiguous amount with its readings as choices', () => {
    const offer = amountOffer('1,234', 'EUR')
    expect(offer.echo).toBeNull()
    expect(offer.question).toMatch(/1,234/)
    expect(offer.choices.map((c) => c.value)).toEqual(['1234.00'])
  })

  it('keeps the meaning of a credit line: a positive discount is offered negative, a negative one is left', () => {
    expect(amountOffer('5', 'EUR', true).choices.map((c) => c.value)).toEqual(['-5.00'])
    expect(amountOffer('5,50', 'EUR', true).choices.map((c) => c.value)).toEqual(['-5.50'])
    expect(amountOffer('-5', 'EUR', true).choices).toEqual([])
    expect(amountOffer('0', 'EUR', true).choices).toEqual([])
    // A normal line never changes sign.
    expect(amountOffer('-5', 'EUR').choices).toEqual([])
  })

  it('offers nothing for what is unreadable, rounded or hostile', () => {
    for (const [text, currency] of [
      ['5.0055', 'EUR'],
      ['$5', 'EUR'],
      ['5e3', 'EUR'],
      ['NaN', 'EUR'],
      ['9'.repeat(10_000), 'EUR'],
      ['5', 'XXX'],
      ['', 'EUR'],
    ] as const) {
      expect(amountOffer(text, currency)).toEqual({ echo: null, question: null, choices: [] })
    }
  })
})

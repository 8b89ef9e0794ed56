import { describe, it, expect } from 'vitest'
import fc from 'fast-check'
import {
  VAT_ROUNDING_RULE,
  MoneyError,
  amountFromMinor,
  compareAmounts,
  computeLineTotals,
  computeVatAmount,
  currencyDecimals,
  formatAmountForDisplay,
  fromMinor,
  isKnownCurrency,
  maximumMinorUnits,
  parseAmountValue,
  parseVatRate,
  toMinor,
  vatFormulaText,
} from '../../../src/shared/money'
import { addAmounts, isNegative, isZero, multiplyByQuantity, subtract, sumAmounts } from '../../helpers/money'

const eur = (value: string) => ({ currency: 'EUR', value })

function reasonOf(value: unknown, currency: unknown): string {
  const r = parseAmountValue(value, currency)
  if (r.ok) throw new Error(`expected ${String(value)} ${String(currency)} to be refused`)
  return r.reason
}

describe('currencies', () => {
  it('knows ISO 4217 minor units', () => {
    expect(currencyDecimals('EUR')).toBe(2)
    expect(currencyDecimals('USD')).toBe(2)
    expect(currencyDecimals('GBP')).toBe(2)
    expect(currencyDecimals('JPY')).toBe(0)
    expect(currencyDecimals('KRW')).toBe(0)
    expect(currencyDecimals('ISK')).toBe(0)
    for (const c of ['KWD', 'BHD', 'JOD', 'OMR', 'TND']) expect(currencyDecimals(c)).toBe(3)
  })

  it('isKnownCurrency accepts only upper-case known codes', () => {
    expect(isKnownCurrency('EUR')).toBe(true)
    expect(isKnownCurrency('eur')).toBe(false)
    expect(isKnownCurrency('EURO')).toBe(false)
    expect(isKnownCurrency('XXX')).toBe(false)
    expect(isKnownCurrency('toString')).toBe(false)
    expect(isKnownCurrency('__proto__')).toBe(false)
    expect(isKnownCurrency(978)).toBe(false)
    expect(() => currencyDecimals('ABC')).toThrow(RangeError)
  })

  it('has a maximum per currency in minor units', () => {
    expect(maximumMinorUnits('EUR')).toBe(100_000_000n) // 1,000,000.00
    expect(maximumMinorUnits('KWD')).toBe(1_000_000_000n) // 1,000,000.000
    expect(maximumMinorUnits('JPY')).toBe(150_000_000n)
  })
})

describe('parseAmountValue', () => {
  // Values with exactly the currency's decimals, and the minor units they stand for.
  const PARSED: [value: string, currency: string, minor: bigint][] = [
    ['10.00', 'EUR', 1000n],
    ['0.01', 'EUR', 1n],
    ['-5.25', 'EUR', -525n],
    ['1000', 'JPY', 1000n],
    ['0', 'JPY', 0n],
    ['1.005', 'KWD', 1005n],
    ['-0.00', 'EUR', 0n],
    ['999999999999999.99', 'EUR', 99999999999999999n],
  ]
  it.each(PARSED)('parses %s %s into %i minor units', (value, currency, minor) => {
    expect(parseAmountValue(value, currency)).toEqual({ ok: true, value: minor })
  })

  it('refuses the wrong number of decimals with a precise reason', () => {
    expect(reasonOf('10', 'EUR')).toBe('EUR amounts need exactly 2 decimals, as in "10.00"')
    expect(reasonOf('10.0', 'EUR')).toBe('EUR amounts need exactly 2 decimals, as in "10.00"')
    expect(reasonOf('10.000', 'EUR')).toBe('EUR amounts need exactly 2 decimals, as in "10.00"')
    expect(reasonOf('1000.00', 'JPY')).toBe('JPY amounts take no decimals, as in "1000"')
    expect(reasonOf('1.00', 'KWD')).toBe('KWD amounts need exactly 3 decimals, as in "10.000"')
  })

  it('refuses numbers, bad shapes and unknown currencies', () => {
    expect(reasonOf(10, 'EUR')).toBe('the value must be a string such as "10.00", not a number')
    expect(reasonOf(null, 'EUR')).toBe('the value must be a string such as "10.00"')
    for (const bad of [
      '',
      '+1.00',
      '1e3',
      ' 1.00',
      '1.00 ',
      '1,00',
      '.50',
      '1.',
      '--1.00',
      'NaN',
      '0x10',
      '1_000.00',
    ]) {
      expect(reasonOf(bad, 'EUR')).toMatch(/is not a decimal number/)
    }
    expect(reasonOf('010.00', 'EUR')).toMatch(/leading zeros/)
    expect(reasonOf('1234567890123456.00', 'EUR')).toBe('the value has too many digits')
    expect(reasonOf('10.00', 'EURO')).toBe('the currency "EURO" is not a known ISO 4217 code')
    expect(reasonOf('10.00', undefined)).toBe('the currency must be a three-letter ISO 4217 code string')
  })

  it('round-trips through fromMinor for every known decimals class', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 15n - 1n), max: 10n ** 15n - 1n }),
        fc.constantFrom('EUR', 'JPY', 'KWD'),
        (minor, currency) => {
          const text = fromMinor(minor, currency)
          expect(parseAmountValue(text, currency)).toEqual({ ok: true, value: minor })
        },
      ),
      { numRuns: 300 },
    )
  })
})

describe('fromMinor / toMinor', () => {
  it('writes minor units with the currency decimals', () => {
    expect(fromMinor(1041n, 'EUR')).toBe('10.41')
    expect(fromMinor(5n, 'EUR')).toBe('0.05')
    expect(fromMinor(-1n, 'EUR')).toBe('-0.01')
    expect(fromMinor(0n, 'EUR')).toBe('0.00')
    expect(fromMinor(-5n, 'KWD')).toBe('-0.005')
    expect(fromMinor(1000n, 'JPY')).toBe('1000')
    expect(fromMinor(0n, 'JPY')).toBe('0')
    expect(fromMinor(-7n, 'JPY')).toBe('-7')
    expect(() => fromMinor(1n, 'ZZZ')).toThrow(MoneyError)
  })

  it('toMinor throws MoneyError on invalid amounts', () => {
    expect(toMinor(eur('12.34'))).toBe(1234n)
    expect(() => toMinor(eur('12.3'))).toThrow(MoneyError)
    expect(() => toMinor({ currency: 'JPY', value: '1.5' })).toThrow(/no decimals/)
  })
})

describe('arithmetic', () => {
  it('adds, subtracts, multiplies and sums exactly', () => {
    expect(addAmounts(eur('0.10'), eur('0.20'))).toEqual(eur('0.30'))
    expect(subtract(eur('1.00'), eur('1.01'))).toEqual(eur('-0.01'))
    expect(multiplyByQuantity(eur('0.07'), 3)).toEqual(eur('0.21'))
    expect(multiplyByQuantity({ currency: 'KWD', value: '1.234' }, 10n)).toEqual({ currency: 'KWD', value: '12.340' })
    expect(sumAmounts([eur('0.10'), eur('0.20'), eur('-0.05')], 'EUR')).toEqual(eur('0.25'))
    expect(sumAmounts([], 'JPY')).toEqual({ currency: 'JPY', value: '0' })
    // 0.1 + 0.2 in floats is 0.30000000000000004; large values keep every digit
    expect(addAmounts(eur('99999999999999.99'), eur('0.01'))).toEqual(eur('100000000000000.00'))
  })

  it('compares and tests sign', () => {
    expect(compareAmounts(eur('1.00'), eur('2.00'))).toBe(-1)
    expect(compareAmounts(eur('2.00'), eur('2.00'))).toBe(0)
    expect(compareAmounts(eur('-0.00'), eur('0.00'))).toBe(0)
    expect(compareAmounts(eur('2.01'), eur('2.00'))).toBe(1)
    expect(isNegative(eur('-0.01'))).toBe(true)
    expect(isNegative(eur('-0.00'))).toBe(false)
    expect(isNegative(eur('0.00'))).toBe(false)
    expect(isZero(eur('-0.00'))).toBe(true)
  })

  it('refuses mixed currencies and fractional quantities', () => {
    expect(() => addAmounts(eur('1.00'), { currency: 'USD', value: '1.00' })).toThrow(/Currency mismatch/)
    expect(() => subtract(eur('1.00'), { currency: 'USD', value: '1.00' })).toThrow(MoneyError)
    expect(() => compareAmounts(eur('1.00'), { currency: 'USD', value: '1.00' })).toThrow(MoneyError)
    expect(() => sumAmounts([eur('1.00')], 'USD')).toThrow(MoneyError)
    expect(() => multiplyByQuantity(eur('1.00'), 1.5)).toThrow(MoneyError)
  })
})

describe('rounding: half away from zero', () => {
  it('names the rule', () => {
    expect(VAT_ROUNDING_RULE).toBe('half-away-from-zero')
  })

  it('divides with halves going away from zero, and drops less than a half (JPY: no decimals)', () => {
    const jpyVat = (value: string, rate: string): string => computeVatAmount({ currency: 'JPY', value }, rate).value
    // rate 100: VAT = total / 2
    expect(jpyVat('5', '100')).toBe('3') // 2.5
    expect(jpyVat('-5', '100')).toBe('-3') // -2.5
    expect(jpyVat('1', '100')).toBe('1') // 0.5
    expect(jpyVat('-1', '100')).toBe('-1') // -0.5
    // rate 50: VAT = total / 3
    expect(jpyVat('4', '50')).toBe('1') // 1.33
    expect(jpyVat('5', '50')).toBe('2') // 1.67
    expect(jpyVat('-4', '50')).toBe('-1') // -1.33
    expect(jpyVat('-5', '50')).toBe('-2') // -1.67
    expect(jpyVat('1', '50')).toBe('0') // 0.33
    expect(jpyVat('0', '50')).toBe('0')
  })
})

describe('VAT (spec 2.3)', () => {
  it('matches hand-computed examples', () => {
    // 60.00 × 21 / 121 = 10.4132...
    expect(computeVatAmount(eur('60.00'), '21.00')).toEqual(eur('10.41'))
    expect(computeVatAmount(eur('60.00'), '21')).toEqual(eur('10.41'))
    // 100.00 × 21 / 121 = 17.3553...
    expect(computeVatAmount(eur('100.00'), '21.00')).toEqual(eur('17.36'))
    // 10.00 × 5.5 / 105.5 = 0.5213...
    expect(computeVatAmount(eur('10.00'), '5.5')).toEqual(eur('0.52'))
    // 121.00 × 21 / 121 = 21.00 exactly
    expect(computeVatAmount(eur('121.00'), '21.00')).toEqual(eur('21.00'))
    // 1.000 KWD × 21 / 121 = 0.17355... KWD
    expect(computeVatAmount({ currency: 'KWD', value: '1.000' }, '21.00')).toEqual({ currency: 'KWD', value: '0.174' })
    // 1000 JPY × 10 / 110 = 90.9...
    expect(computeVatAmount({ currency: 'JPY', value: '1000' }, '10')).toEqual({ currency: 'JPY', value: '91' })
    expect(computeVatAmount(eur('55.55'), '0.00')).toEqual(eur('0.00'))
  })

  it('rounds exact halves away from zero, also for negative totals', () => {
    // rate 100: VAT is half the total
    expect(computeVatAmount(eur('0.01'), '100')).toEqual(eur('0.01')) // 0.005
    expect(computeVatAmount(eur('-0.01'), '100')).toEqual(eur('-0.01'))
    expect(computeVatAmount(eur('0.03'), '100.00')).toEqual(eur('0.02')) // 0.015
    expect(computeVatAmount({ currency: 'JPY', value: '3' }, '100')).toEqual({ currency: 'JPY', value: '2' })
    expect(computeVatAmount({ currency: 'JPY', value: '-3' }, '100')).toEqual({ currency: 'JPY', value: '-2' })
    // rate 20: VAT is a sixth of the total; 0.03 / 6 = 0.005
    expect(computeVatAmount(eur('0.03'), '20.00')).toEqual(eur('0.01'))
    expect(computeVatAmount(eur('-0.03'), '20.00')).toEqual(eur('-0.01'))
    // just below half: 0.02 / 6 = 0.0033 -> 0.00
    expect(computeVatAmount(eur('0.02'), '20.00')).toEqual(eur('0.00'))
    // discount line: -10.00 × 21 / 121 = -1.7355...
    expect(computeVatAmount(eur('-10.00'), '21.00')).toEqual(eur('-1.74'))
  })

  it('parses VAT rates as strings only', () => {
    expect(parseVatRate('21.00')).toEqual({ ok: true, value: { numerator: 2100n, scale: 2, text: '21.00' } })
    expect(parseVatRate('5.5')).toEqual({ ok: true, value: { numerator: 55n, scale: 1, text: '5.5' } })
    expect(parseVatRate('100.00').ok).toBe(true)
    const refused = [21, '21,00', '21.000', '100.01', '101', '-5.00', '', 'abc', '1e1', null]
    for (const r of refused) expect(parseVatRate(r).ok, String(r)).toBe(false)
    const asNumber = parseVatRate(21)
    expect(asNumber.ok === false && asNumber.reason).toBe('the VAT rate must be a string such as "21.00", not a number')
  })

  it('writes the formula as the service detail shows it', () => {
    const rate = parseVatRate('21.00')
    if (!rate.ok) throw new Error('rate')
    expect(vatFormulaText(eur('60.00'), rate.value)).toBe('60.00 × 21.00 / 121.00')
    const half = parseVatRate('5.5')
    if (!half.ok) throw new Error('rate')
    expect(vatFormulaText(eur('10.00'), half.value)).toBe('10.00 × 5.5 / 105.5')
  })
})

describe('computeLineTotals (spec 2.3)', () => {
  it('total = unitPrice × quantity − discountAmount, VAT from that total', () => {
    // 10.00 × 3 − 2.50 = 27.50; 27.50 × 21 / 121 = 4.7727... -> 4.77
    expect(
      computeLineTotals({ quantity: 3, unitPrice: eur('10.00'), discountAmount: eur('2.50'), vatRate: '21.00' }),
    ).toEqual({ totalAmount: eur('27.50'), vatAmount: eur('4.77') })
    expect(computeLineTotals({ quantity: 2, unitPrice: { currency: 'JPY', value: '1500' } })).toEqual({
      totalAmount: { currency: 'JPY', value: '3000' },
    })
    expect(computeLineTotals({ quantity: 1, unitPrice: eur('-5.00'), vatRate: '21.00' })).toEqual({
      totalAmount: eur('-5.00'),
      vatAmount: eur('-0.87'), // -5 × 21 / 121 = -0.8677
    })
  })

  it('refuses bad quantities, mixed currencies and bad rates', () => {
    expect(() => computeLineTotals({ quantity: 0, unitPrice: eur('1.00') })).toThrow(MoneyError)
    expect(() => computeLineTotals({ quantity: 1.5, unitPrice: eur('1.00') })).toThrow(MoneyError)
    expect(() =>
      computeLineTotals({ quantity: 1, unitPrice: eur('1.00'), discountAmount: { currency: 'USD', value: '0.10' } }),
    ).toThrow(/Currency mismatch/)
    expect(() => computeLineTotals({ quantity: 1, unitPrice: eur('1.00'), vatRate: '21%' })).toThrow(MoneyError)
  })
})

describe('formatAmountForDisplay', () => {
  it('formats per locale without going through a float', () => {
    expect(formatAmountForDisplay(eur('1234.50'), 'nl_NL')).toContain('1.234,50')
    expect(formatAmountForDisplay(eur('1234.50'), 'en-US')).toContain('1,234.50')
    // 17 significant digits: a float would print 1,000,000,000,000,000.00
    expect(formatAmountForDisplay(eur('999999999999999.99'), 'en_US')).toContain('999,999,999,999,999.99')
    expect(formatAmountForDisplay(eur('-0.01'), 'en_US')).toMatch(/-.*0\.01/)
  })

  it('uses the currency decimals and survives bad input', () => {
    expect(formatAmountForDisplay({ currency: 'JPY', value: '1000' }, 'en_US')).toMatch(/1,000$/)
    expect(formatAmountForDisplay({ currency: 'KWD', value: '1.005' }, 'en_US')).toContain('1.005')
    expect(formatAmountForDisplay(eur('1.00'), 'not a locale!!')).toContain('1.00')
    expect(formatAmountForDisplay(eur('1.0'), 'en_US')).toBe('1.0 EUR')
  })

  it('amountFromMinor builds an Amount', () => {
    expect(amountFromMinor(-1999n, 'USD')).toEqual({ currency: 'USD', value: '-19.99' })
  })
})

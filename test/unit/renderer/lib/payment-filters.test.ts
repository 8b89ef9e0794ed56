import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  compareAmountWithBound,
  compileFilter,
  EMPTY_FILTER,
  isFilterActive,
  parseDecimal,
} from '../../../../src/renderer/src/lib/payment-filters'
import type { Payment } from '../../../../src/shared/api-types'
import { present } from '../../../helpers/present'
import { payment } from '../../helpers/story-objects'

function p(value: string, currency = 'EUR', over: Partial<Payment> = {}): Payment {
  const id = `tr_${value.replace(/\W/g, '')}${currency}`
  return payment({ id, description: 'Invoice 42', amount: { currency, value }, ...over })
}

describe('exact amount comparison', () => {
  it('compares at the bound precision, never through floats', () => {
    // 0.1 + 0.2 style traps: 0.30 vs "0.3", and a bound with more decimals than the currency.
    expect(compareAmountWithBound({ currency: 'EUR', value: '0.30' }, present(parseDecimal('0.3')))).toBe(0)
    expect(compareAmountWithBound({ currency: 'EUR', value: '10.00' }, present(parseDecimal('10.0010')))).toBe(-1)
    expect(compareAmountWithBound({ currency: 'JPY', value: '1000' }, present(parseDecimal('999.5')))).toBe(1)
    expect(compareAmountWithBound({ currency: 'KWD', value: '1.005' }, present(parseDecimal('1.0050')))).toBe(0)
    // Beyond float precision: 9007199254740993 cents is not representable as a double.
    expect(
      compareAmountWithBound(
        { currency: 'EUR', value: '90071992547409.93' },
        present(parseDecimal('90071992547409.92')),
      ),
    ).toBe(1)
  })

  it('agrees with integer arithmetic for random cents', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 14n }), fc.bigInt({ min: 0n, max: 10n ** 14n }), (a, b) => {
        const text = (n: bigint) => `${n / 100n}.${(n % 100n).toString().padStart(2, '0')}`
        const expected = a < b ? -1 : a > b ? 1 : 0
        expect(compareAmountWithBound({ currency: 'EUR', value: text(a) }, present(parseDecimal(text(b))))).toBe(
          expected,
        )
      }),
    )
  })

  it('rejects text that is not a decimal', () => {
    for (const bad of ['', 'abc', '1e3', '1.2.3', '--1', '1.1234567']) expect(parseDecimal(bad)).toBeNull()
    expect(parseDecimal('10,5')).toEqual({ digits: 105n, scale: 1 })
  })

  it('reads bounds in the agent’s notation with the one amount reader, and asks when one reads two ways', () => {
    expect(parseDecimal('1.234,56')).toEqual({ digits: 123456n, scale: 2 })
    expect(parseDecimal('1,234.56')).toEqual({ digits: 123456n, scale: 2 })
    expect(parseDecimal('€ 39,95')).toEqual({ digits: 3995n, scale: 2 })
    expect(parseDecimal('1,234')).toBeNull()
    const f = compileFilter({ ...EMPTY_FILTER, minAmount: '1,234' })
    expect(f.ok).toBe(false)
    if (!f.ok) expect(f.error).toMatch(/could be a whole number or have three decimals/)
  })
})

describe('compileFilter', () => {
  const rows = [
    p('9.99'),
    p('10.00'),
    p('150.50', 'EUR', { status: 'open', method: 'creditcard', description: 'Gift for Tuesday' }),
    p('200.00', 'USD', { method: null }),
    p('200.01'),
    p('5000', 'JPY', { status: 'failed' }),
  ]
  const run = (patch: Partial<typeof EMPTY_FILTER>) => {
    const f = compileFilter({ ...EMPTY_FILTER, ...patch })
    if (!f.ok) throw new Error(f.error)
    return rows.filter(f.test).map((r) => `${r.amount.value} ${r.amount.currency}`)
  }

  it('keeps an inclusive amount range exactly', () => {
    expect(run({ minAmount: '10', maxAmount: '200' })).toEqual(['10.00 EUR', '150.50 EUR', '200.00 USD'])
    expect(run({ minAmount: '10.00', maxAmount: '200.00', currency: 'EUR' })).toEqual(['10.00 EUR', '150.50 EUR'])
    expect(run({ maxAmount: '9.99' })).toEqual(['9.99 EUR'])
  })

  it('filters by status, method (with "none"), and text', () => {
    expect(run({ statuses: ['open', 'failed'] })).toEqual(['150.50 EUR', '5000 JPY'])
    expect(run({ methods: ['none'] })).toEqual(['200.00 USD'])
    expect(run({ text: 'tuesday' })).toEqual(['150.50 EUR'])
    // The method as the list shows it ("bank transfer"), as well as its code.
    const words = compileFilter({ ...EMPTY_FILTER, text: 'Bank transfer' })
    expect(words.ok && words.test(p('1.00', 'EUR', { method: 'banktransfer' }))).toBe(true)
    expect(words.ok && words.test(p('1.00', 'EUR', { method: 'ideal' }))).toBe(false)
    expect(run({ text: 'creditcard' })).toEqual(['150.50 EUR'])
  })

  it('reports a bound that is not a number instead of matching nothing silently', () => {
    const f = compileFilter({ ...EMPTY_FILTER, minAmount: 'ten' })
    expect(f.ok).toBe(false)
  })

  it('knows when it is active', () => {
    expect(isFilterActive(EMPTY_FILTER)).toBe(false)
    expect(isFilterActive({ ...EMPTY_FILTER, text: ' x ' })).toBe(true)
    expect(isFilterActive({ ...EMPTY_FILTER, text: '   ' })).toBe(false)
  })
})

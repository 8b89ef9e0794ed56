// Standard VAT rates for a new order line's default: valid service rates, looked up by country.
import { describe, expect, it } from 'vitest'
import { parseVatRate } from '../../../src/shared/money'
import { STANDARD_VAT_RATES, standardVatRate } from '../../../src/shared/vat-rates'

describe('standardVatRate', () => {
  it('gives the rate of a listed country in the service’s vatRate form, any case', () => {
    expect(standardVatRate('NL')).toBe('21.00')
    expect(standardVatRate('de')).toBe('19.00')
    expect(standardVatRate(' fi ')).toBe('25.50')
  })
  it('gives nothing for an unknown, empty or hostile country', () => {
    for (const c of ['', 'XX', undefined, null, '__proto__', 'constructor']) expect(standardVatRate(c)).toBeNull()
  })
  it('holds only rates the service accepts', () => {
    for (const rate of Object.values(STANDARD_VAT_RATES)) expect(parseVatRate(rate).ok).toBe(true)
  })
})

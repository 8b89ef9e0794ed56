import { describe, expect, it } from 'vitest'
import { amountFormulaText, computeOrderTotals } from '../../../../src/shared/order-rules'
import { eur } from '../../../helpers/order-bodies'
import { present } from '../../../helpers/present'

describe('computeOrderTotals', () => {
  it('gives each line its expected totals with formulas, and the order amount', () => {
    const t = computeOrderTotals(
      [
        { quantity: 2, unitPrice: eur('30.00'), vatRate: '21.00' },
        { type: 'physical', quantity: 3, unitPrice: '10.00', discountAmount: '2.50', vatRate: '21.00' },
        { type: 'discount', quantity: 1, unitPrice: '-5.00' },
      ],
      'EUR',
    )
    expect(t.lines[0]).toEqual({
      index: 0,
      totalAmount: eur('60.00'),
      totalFormula: '30.00 × 2 = 60.00',
      vatAmount: eur('10.41'),
      vatFormula: '60.00 × 21.00 / 121.00 = 10.41',
      problem: null,
    })
    expect(present(t.lines[1]).totalFormula).toBe('10.00 × 3 - 2.50 = 27.50')
    expect(present(t.lines[1]).vatAmount).toEqual(eur('4.77'))
    expect(present(t.lines[2]).vatAmount).toBeNull()
    expect(t.amount).toEqual(eur('82.50'))
    expect(t.amountFormula).toBe('60.00 + 27.50 + -5.00 = 82.50')
  })

  it('reports incomplete lines without throwing and leaves the amount open', () => {
    const t = computeOrderTotals(
      [
        { quantity: 1, unitPrice: '10.0' },
        { quantity: 0, unitPrice: '1.00' },
        { quantity: 1, unitPrice: '1.00', vatRate: 'x' },
        { quantity: 1, unitPrice: '2.00' },
      ],
      'EUR',
    )
    expect(present(t.lines[0]).problem).toMatch(/unit price/)
    expect(present(t.lines[1]).problem).toMatch(/quantity/)
    expect(present(t.lines[2]).problem).toMatch(/VAT rate/)
    expect(present(t.lines[2]).totalAmount).toEqual(eur('1.00'))
    expect(present(t.lines[3]).totalAmount).toEqual(eur('2.00'))
    expect(t.amount).toBeNull()
    expect(computeOrderTotals([], 'EUR').amount).toBeNull()
    expect(computeOrderTotals([{ quantity: 1, unitPrice: '1.00' }], 'XYZ').amount).toBeNull()
  })

  it('summarises long sums', () => {
    const t = computeOrderTotals(
      Array.from({ length: 10 }, () => ({ quantity: 1, unitPrice: '1.00' })),
      'EUR',
    )
    expect(t.amountFormula).toBe('sum of 10 line totals = 10.00')
  })
})

describe('amountFormulaText: one wording for the builder’s amount and the totals', () => {
  it('adds up to eight terms, and names the count beyond', () => {
    const amount = { currency: 'EUR', value: '8.00' }
    expect(amountFormulaText(Array(8).fill('1.00'), amount)).toBe(`${Array(8).fill('1.00').join(' + ')} = 8.00`)
    expect(amountFormulaText(Array(9).fill('1.00'), { currency: 'EUR', value: '9.00' })).toBe(
      'sum of 9 line totals = 9.00',
    )
    expect(amountFormulaText(['5.00'], { currency: 'EUR', value: '5.00' })).toBe('5.00 = 5.00')
  })
})

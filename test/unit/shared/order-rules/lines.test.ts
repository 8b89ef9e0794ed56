import { describe, expect, it } from 'vitest'
import { SKU_MAX_LENGTH, validateCreateOrder } from '../../../../src/shared/order-rules'
import { API_KEY, eur, orderFields, withOrder } from '../../../helpers/order-bodies'

describe('validateCreateOrder: line rules (spec 2.3)', () => {
  it('requires name, quantity, unitPrice and totalAmount', () => {
    for (const key of ['name', 'quantity', 'unitPrice', 'totalAmount']) {
      const b = withOrder((b) => delete b.lines[0][key])
      expect(orderFields(b)[0], key).toBe(`lines.0.${key}`)
    }
  })

  it('requires quantity to be an integer of at least 1', () => {
    for (const q of [0, -1, 1.5, '2', null]) {
      expect(orderFields(withOrder((b) => (b.lines[0].quantity = q)))[0], String(q)).toBe('lines.0.quantity')
    }
  })

  it('allows negative unit prices only for discount, store_credit and gift_card', () => {
    expect(orderFields(withOrder((b) => (b.lines[1].type = 'physical')))).toEqual(['lines.1.unitPrice'])
    expect(orderFields(withOrder((b) => (b.lines[1].type = 'store_credit')))).toEqual([])
    expect(orderFields(withOrder((b) => (b.lines[1].type = 'gift_card')))).toEqual([])
    // a line without type is physical (spec 2.3 default)
    expect(orderFields(withOrder((b) => delete b.lines[1].type))).toEqual(['lines.1.unitPrice'])
  })

  it('refuses a positive unit price on credit lines and accepts zero on any line', () => {
    const positiveDiscount = withOrder((b) => {
      b.amount = eur('65.00')
      b.lines[1].unitPrice = eur('5.00')
      b.lines[1].totalAmount = eur('5.00')
    })
    expect(orderFields(positiveDiscount)).toEqual(['lines.1.unitPrice'])
    const free = withOrder((b) => {
      b.lines.push({ type: 'gift_card', name: 'Card', quantity: 1, unitPrice: eur('0.00'), totalAmount: eur('0.00') })
      b.lines.push({
        type: 'digital',
        name: 'Free e-book',
        quantity: 3,
        unitPrice: eur('0.00'),
        totalAmount: eur('0.00'),
      })
    })
    expect(orderFields(free)).toEqual([])
  })

  it('requires discountAmount to be positive, and ignores it on discount lines (spec 2.3 "irrelevant")', () => {
    const neg = withOrder((b) => {
      b.lines[0].discountAmount = eur('-1.00')
    })
    expect(orderFields(neg)[0]).toBe('lines.0.discountAmount')
    const onDiscount = withOrder((b) => {
      b.lines[1].discountAmount = eur('1.00')
    })
    expect(orderFields(onDiscount)).toEqual([])
    expect(orderFields(withOrder((b) => (b.lines[1].discountAmount = eur('-3.00'))))).toEqual([])
    expect(orderFields(withOrder((b) => (b.lines[1].discountAmount = eur('0.00'))))).toEqual([])
  })

  it('checks totalAmount = unitPrice × quantity − discountAmount, naming the expected value', () => {
    // 30.00 × 2 − 2.50 = 57.50, but the line says 60.00
    const b = withOrder((b) => (b.lines[0].discountAmount = eur('2.50')))
    const v = validateCreateOrder(b, API_KEY)
    expect(v[0]).toEqual({
      field: 'lines.0.totalAmount',
      message: 'The total amount is 60.00, expected 57.50 (30.00 × 2 - 2.50).',
      expected: '57.50',
    })
    const c = withOrder((b) => (b.lines[0].quantity = 3))
    expect(validateCreateOrder(c, API_KEY)[0]).toEqual({
      field: 'lines.0.totalAmount',
      message: 'The total amount is 60.00, expected 90.00 (30.00 × 3).',
      expected: '90.00',
    })
  })

  it('accepts a consistent line with a discount', () => {
    // 30.00 × 2 − 2.50 = 57.50; 57.50 × 21 / 121 = 9.979... -> 9.98; order 57.50 − 5.00 = 52.50
    const b = withOrder((b) => {
      Object.assign(b.lines[0], { discountAmount: eur('2.50'), totalAmount: eur('57.50'), vatAmount: eur('9.98') })
      b.amount = eur('52.50')
    })
    expect(validateCreateOrder(b, API_KEY)).toEqual([])
  })

  it('checks vatAmount = totalAmount × vatRate / (100 + vatRate) with the spec detail', () => {
    const b = withOrder((b) => (b.lines[0].vatAmount = eur('10.46')))
    expect(validateCreateOrder(b, API_KEY)).toEqual([
      {
        field: 'lines.0.vatAmount',
        message: 'The VAT amount is 10.46, expected 10.41 (60.00 × 21.00 / 121.00).',
        expected: '10.41',
      },
    ])
    // 4th line (index 3)
    const d = withOrder((b) => {
      b.lines.push({ name: 'Sticker', quantity: 1, unitPrice: eur('0.00'), totalAmount: eur('0.00') })
      b.lines.push({
        name: 'Mug',
        quantity: 1,
        unitPrice: eur('10.00'),
        totalAmount: eur('10.00'),
        vatRate: '9.00',
        vatAmount: eur('0.82'),
      })
      b.amount = eur('65.00')
    })
    // 10.00 × 9 / 109 = 0.8256... -> 0.83
    expect(validateCreateOrder(d, API_KEY)).toEqual([
      {
        field: 'lines.3.vatAmount',
        message: 'The VAT amount is 0.82, expected 0.83 (10.00 × 9.00 / 109.00).',
        expected: '0.83',
      },
    ])
  })

  it('requires vatRate as a numeric string and vatRate with vatAmount together', () => {
    expect(orderFields(withOrder((b) => (b.lines[0].vatRate = 21)))).toEqual(['lines.0.vatRate'])
    expect(orderFields(withOrder((b) => (b.lines[0].vatRate = '21,00')))).toEqual(['lines.0.vatRate'])
    expect(orderFields(withOrder((b) => (b.lines[0].vatRate = '21')))).toEqual([])
    expect(orderFields(withOrder((b) => delete b.lines[0].vatRate))).toEqual(['lines.0.vatRate'])
    expect(orderFields(withOrder((b) => delete b.lines[0].vatAmount))).toEqual(['lines.0.vatAmount'])
  })

  it('limits sku to 64 characters', () => {
    expect(SKU_MAX_LENGTH).toBe(64)
    expect(orderFields(withOrder((b) => (b.lines[0].sku = 'x'.repeat(64))))).toEqual([])
    expect(orderFields(withOrder((b) => (b.lines[0].sku = 'x'.repeat(65))))).toEqual(['lines.0.sku'])
    // 64 emoji are 64 characters (128 UTF-16 units)
    expect(orderFields(withOrder((b) => (b.lines[0].sku = '📦'.repeat(64))))).toEqual([])
    expect(orderFields(withOrder((b) => (b.lines[0].sku = 123)))).toEqual(['lines.0.sku'])
  })

  it('checks type, category, line metadata and line URLs', () => {
    expect(orderFields(withOrder((b) => (b.lines[0].type = 'tip')))).toEqual(['lines.0.type'])
    expect(orderFields(withOrder((b) => (b.lines[0].category = 'meal')))).toEqual([])
    expect(orderFields(withOrder((b) => (b.lines[0].category = 'food')))).toEqual(['lines.0.category'])
    expect(orderFields(withOrder((b) => (b.lines[0].metadata = 'x'.repeat(2000))))).toEqual(['lines.0.metadata'])
    expect(orderFields(withOrder((b) => (b.lines[0].imageUrl = 'https://cdn.example/a.png')))).toEqual([])
    expect(orderFields(withOrder((b) => (b.lines[0].imageUrl = '/a.png')))).toEqual(['lines.0.imageUrl'])
    expect(orderFields(withOrder((b) => (b.lines[0].productUrl = 'ftp://example.org/x')))).toEqual([
      'lines.0.productUrl',
    ])
  })

  it('checks that the line totals add up to the order amount', () => {
    const v = validateCreateOrder(
      withOrder((b) => (b.amount = eur('60.00'))),
      API_KEY,
    )
    expect(v).toEqual([
      {
        field: 'amount',
        message: 'The amount is 60.00, expected 55.00 (the sum of the 2 line totals).',
        expected: '55.00',
      },
    ])
  })
})

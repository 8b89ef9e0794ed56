import { describe, expect, it } from 'vitest'
import { validateCreateOrder } from '../../../../src/shared/order-rules'
import { API_KEY, eur, fields, orderFields, validOrder, withOrder } from '../../../helpers/order-bodies'
import { present } from '../../../helpers/present'

describe('validateCreateOrder: amounts (spec 2.1)', () => {
  // The service names the part of the Amount (https://docs.mollie.com/overview/handling-errors; issue 14 item 10).
  it('names amount.currency and amount.value for currency and value problems', () => {
    expect(orderFields(withOrder((b) => (b.amount = { currency: 'EURO', value: '55.00' })))).toEqual([
      'amount.currency',
    ])
    expect(orderFields(withOrder((b) => (b.amount = { currency: 'eur', value: '55.00' })))).toEqual(['amount.currency'])
    expect(orderFields(withOrder((b) => (b.amount = { value: '55.00' })))).toEqual(['amount.currency'])
    expect(orderFields(withOrder((b) => (b.amount = { currency: 'EUR', value: 55 })))).toEqual(['amount.value'])
    expect(orderFields(withOrder((b) => (b.amount = eur('55.0'))))).toEqual(['amount.value'])
    expect(orderFields(withOrder((b) => (b.amount = 'EUR 55.00')))).toEqual(['amount'])
    const v = validateCreateOrder(
      withOrder((b) => (b.amount = eur('55'))),
      API_KEY,
    )
    expect(present(v[0]).message).toContain('EUR amounts need exactly 2 decimals')
  })

  it('requires the currency decimals of JPY and KWD', () => {
    const jpy = {
      ...validOrder(),
      amount: { currency: 'JPY', value: '1000' },
      lines: [
        {
          name: 'Tea',
          quantity: 1,
          unitPrice: { currency: 'JPY', value: '1000' },
          totalAmount: { currency: 'JPY', value: '1000' },
        },
      ],
    }
    expect(orderFields(jpy)).toEqual([])
    present(jpy.lines[0]).unitPrice.value = '1000.00'
    expect(orderFields(jpy)).toEqual(['lines.0.unitPrice.value'])
  })

  it('refuses an amount of zero or less', () => {
    const zero = withOrder((b) => {
      b.amount = eur('0.00')
      b.lines = [{ name: 'Free', quantity: 1, unitPrice: eur('0.00'), totalAmount: eur('0.00') }]
    })
    expect(orderFields(zero)).toEqual(['amount'])
  })

  it('refuses an amount above the maximum with field amount (spec 7 rule 2)', () => {
    const over = withOrder((b) => {
      b.amount = eur('1000000.01')
      b.lines = [{ name: 'Yacht', quantity: 1, unitPrice: eur('1000000.01'), totalAmount: eur('1000000.01') }]
    })
    const v = validateCreateOrder(over, API_KEY)
    expect(fields(v)).toEqual(['amount'])
    expect(present(v[0]).message).toBe('The amount is higher than the maximum of 1000000.00 EUR.')
    const atMax = withOrder((b) => {
      b.amount = eur('1000000.00')
      b.lines = [{ name: 'Yacht', quantity: 1, unitPrice: eur('1000000.00'), totalAmount: eur('1000000.00') }]
    })
    expect(orderFields(atMax)).toEqual([])
  })

  it('requires every line to share the order currency', () => {
    const b = withOrder((b) => (b.lines[1].unitPrice = { currency: 'USD', value: '-5.00' }))
    const v = validateCreateOrder(b, API_KEY)
    expect(fields(v)).toEqual(['lines.1.unitPrice.currency'])
    expect(present(v[0]).message).toContain('USD')
    expect(orderFields(withOrder((b) => (b.lines[0].vatAmount = { currency: 'GBP', value: '10.41' })))).toEqual([
      'lines.0.vatAmount.currency',
    ])
  })
})

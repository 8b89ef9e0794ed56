import { describe, expect, it } from 'vitest'
import {
  PAYMENT_DESCRIPTION_MAX,
  truncatedDescription,
  validateCreatePayment,
} from '../../../../src/shared/order-rules'
import { API_KEY, ORG, eur, paymentFields, validPayment, withPayment } from '../../../helpers/order-bodies'

describe('validateCreatePayment (spec 4.2, 2.6)', () => {
  it('accepts a minimal valid payment', () => {
    expect(validateCreatePayment(validPayment(), API_KEY)).toEqual([])
  })

  it('requires amount and description', () => {
    expect(paymentFields(withPayment((b) => delete b.amount))).toEqual(['amount'])
    expect(paymentFields(withPayment((b) => delete b.description))).toEqual(['description'])
    expect(paymentFields(withPayment((b) => (b.description = 12345)))).toEqual(['description'])
  })

  it('does not refuse a description over 255 characters (the service truncates)', () => {
    expect(PAYMENT_DESCRIPTION_MAX).toBe(255)
    expect(paymentFields(withPayment((b) => (b.description = 'd'.repeat(1000))))).toEqual([])
    expect(truncatedDescription('d'.repeat(300))).toBe('d'.repeat(255))
    expect(truncatedDescription('short')).toBe('short')
    // by characters, so a surrogate pair is never split
    const emoji = truncatedDescription('😀'.repeat(300))
    expect([...emoji]).toHaveLength(255)
    expect(emoji).toBe('😀'.repeat(255))
  })

  it('requires redirectUrl unless sequenceType is recurring', () => {
    expect(paymentFields(withPayment((b) => delete b.redirectUrl))).toEqual(['redirectUrl'])
    expect(
      paymentFields(
        withPayment((b) =>
          Object.assign(b, { redirectUrl: null, sequenceType: 'recurring', customerId: 'cst_8wmqcHMN4U' }),
        ),
      ),
    ).toEqual([])
    expect(
      paymentFields(
        withPayment((b) =>
          Object.assign(b, { redirectUrl: undefined, sequenceType: 'first', customerId: 'cst_8wmqcHMN4U' }),
        ),
      ),
    ).toEqual(['redirectUrl'])
    expect(paymentFields(withPayment((b) => (b.sequenceType = 'monthly')))).toEqual(['sequenceType'])
  })

  // https://docs.mollie.com/reference/v2/payments-api/create-payment: customerId, mandateId.
  it('requires a customer for first and recurring payments, and well-formed customer and mandate ids', () => {
    expect(paymentFields(withPayment((b) => (b.sequenceType = 'first')))).toEqual(['customerId'])
    expect(paymentFields(withPayment((b) => (b.sequenceType = 'recurring')))).toEqual(['customerId'])
    expect(paymentFields(withPayment((b) => (b.customerId = 'customer-1')))).toEqual(['customerId'])
    expect(
      paymentFields(
        withPayment((b) => Object.assign(b, { sequenceType: 'recurring', customerId: 'cst_a1', mandateId: 7 })),
      ),
    ).toEqual(['mandateId'])
    expect(paymentFields(withPayment((b) => (b.expiresAt = '2026-13-01')))).toEqual(['expiresAt'])
  })

  it('checks amount sign and maximum', () => {
    expect(paymentFields(withPayment((b) => (b.amount = eur('0.00'))))).toEqual(['amount'])
    expect(
      paymentFields(
        withPayment((b) =>
          Object.assign(b, { amount: eur('0.00'), sequenceType: 'first', customerId: 'cst_8wmqcHMN4U' }),
        ),
      ),
    ).toEqual([])
    expect(paymentFields(withPayment((b) => (b.amount = eur('-1.00'))))).toEqual(['amount'])
    const over = validateCreatePayment(
      withPayment((b) => (b.amount = eur('1000000.01'))),
      API_KEY,
    )
    expect(over).toEqual([{ field: 'amount', message: 'The amount is higher than the maximum of 1000000.00 EUR.' }])
  })

  it('checks webhookUrl, method, locale and metadata as for orders', () => {
    expect(paymentFields(withPayment((b) => (b.webhookUrl = 'http://localhost:3000/')))).toEqual(['webhookUrl'])
    expect(paymentFields(withPayment((b) => (b.method = 'bitcoin')))).toEqual(['method'])
    expect(paymentFields(withPayment((b) => (b.locale = 'nl')))).toEqual(['locale'])
    expect(paymentFields(withPayment((b) => (b.metadata = false)))).toEqual(['metadata'])
    expect(
      paymentFields(
        withPayment(
          (b) =>
            (b.billingAddress = {
              email: 'nope',
              streetAndNumber: 'Dam 1',
              postalCode: '1012 JS',
              city: 'Amsterdam',
              country: 'NL',
            }),
        ),
      ),
    ).toEqual(['billingAddress.email'])
  })

  it('applies profileId and testmode rules', () => {
    expect(paymentFields(validPayment(), ORG)).toEqual(['profileId'])
    expect(
      paymentFields(
        withPayment((b) => (b.profileId = 'pfl_x')),
        API_KEY,
      ),
    ).toEqual(['profileId'])
    expect(
      paymentFields(
        withPayment((b) => (b.testmode = true)),
        API_KEY,
      ),
    ).toEqual(['testmode'])
    expect(
      paymentFields(
        withPayment((b) => Object.assign(b, { profileId: 'pfl_x', testmode: true })),
        ORG,
      ),
    ).toEqual([])
  })

  it('requires lines for billie, in3, klarna, riverty and voucher', () => {
    for (const m of ['billie', 'in3', 'klarna', 'riverty', 'voucher']) {
      expect(paymentFields(withPayment((b) => (b.method = m))), m).toEqual(['lines'])
    }
    expect(paymentFields(withPayment((b) => (b.method = ['ideal', 'in3'])))).toEqual(['lines'])
    expect(paymentFields(withPayment((b) => (b.method = 'ideal')))).toEqual([])
    const withLines = withPayment((b) => {
      b.method = 'klarna'
      b.lines = [{ description: 'Book', quantity: 1, unitPrice: eur('10.00'), totalAmount: eur('10.00') }]
    })
    expect(paymentFields(withLines)).toEqual([])
  })

  it('checks payment lines: description, quantity, tip, totals, VAT and their sum', () => {
    const line = () => ({
      description: 'Book',
      quantity: 2,
      quantityUnit: 'pcs',
      unitPrice: eur('5.00'),
      totalAmount: eur('10.00'),
      vatRate: '9.00',
      vatAmount: eur('0.83'), // 10.00 × 9 / 109 = 0.8256
    })
    const ok = withPayment((b) => (b.lines = [line()]))
    expect(paymentFields(ok)).toEqual([])
    expect(paymentFields(withPayment((b) => (b.lines = [{ ...line(), description: '' }])))).toEqual([
      'lines.0.description',
    ])
    expect(
      paymentFields(withPayment((b) => (b.lines = [{ ...line(), name: 'Book', description: undefined }]))),
    ).toEqual(['lines.0.description'])
    expect(paymentFields(withPayment((b) => (b.lines = [{ ...line(), quantity: 0 }])))[0]).toBe('lines.0.quantity')
    expect(paymentFields(withPayment((b) => (b.lines = [{ ...line(), type: 'tip' }])))).toEqual(['lines.0.type'])
    expect(paymentFields(withPayment((b) => (b.lines = [{ ...line(), quantityUnit: 2 }])))).toEqual([
      'lines.0.quantityUnit',
    ])
    expect(paymentFields(withPayment((b) => (b.lines = [])))).toEqual(['lines'])
    const wrongVat = validateCreatePayment(
      withPayment((b) => (b.lines = [{ ...line(), vatAmount: eur('0.82') }])),
      API_KEY,
    )
    expect(wrongVat).toEqual([
      {
        field: 'lines.0.vatAmount',
        message: 'The VAT amount is 0.82, expected 0.83 (10.00 × 9.00 / 109.00).',
        expected: '0.83',
      },
    ])
    const wrongSum = validateCreatePayment(
      withPayment((b) => (b.lines = [line(), line()])),
      API_KEY,
    )
    expect(wrongSum).toEqual([
      {
        field: 'amount',
        message: 'The amount is 10.00, expected 20.00 (the sum of the 2 line totals).',
        expected: '20.00',
      },
    ])
    const usd = withPayment((b) => (b.lines = [{ ...line(), totalAmount: { currency: 'USD', value: '10.00' } }]))
    expect(paymentFields(usd)).toEqual(['lines.0.totalAmount.currency'])
  })
})

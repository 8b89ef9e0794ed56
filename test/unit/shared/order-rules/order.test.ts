import { describe, expect, it } from 'vitest'
import { validateCreateOrder, validateCreatePayment } from '../../../../src/shared/order-rules'
import { API_KEY, ORG, eur, orderFields, validOrder, withOrder } from '../../../helpers/order-bodies'
import { present } from '../../../helpers/present'

describe('validateCreateOrder: the valid fixture', () => {
  it('accepts a valid order with an API key', () => {
    expect(validateCreateOrder(validOrder(), API_KEY)).toEqual([])
  })

  it('accepts it with an organization token when profileId is given', () => {
    expect(
      validateCreateOrder(
        withOrder((b) => (b.profileId = 'pfl_QkEhN94Ba')),
        ORG,
      ),
    ).toEqual([])
  })

  it('ignores read-only and unknown fields (spec 4.1)', () => {
    const b = withOrder((b) => {
      Object.assign(b, {
        resource: 'order',
        id: 'ord_x',
        mode: 'live',
        status: 'paid',
        isCancelable: 'yes',
        createdAt: 'yesterday',
        amountRefunded: 'nonsense',
        _links: 42,
        somethingNew: { a: 1 },
      })
      Object.assign(b.lines[0], { resource: 'orderline', id: 'odl_1', status: 'x', quantityShipped: -1, _links: null })
    })
    expect(validateCreateOrder(b, API_KEY)).toEqual([])
  })

  it('treats null as absent for optional fields', () => {
    const b = withOrder((b) => {
      Object.assign(b, {
        cancelUrl: null,
        webhookUrl: null,
        shippingAddress: null,
        metadata: null,
        method: null,
        expiresAt: null,
      })
      Object.assign(b.lines[0], { sku: null, imageUrl: null, discountAmount: null })
    })
    expect(validateCreateOrder(b, API_KEY)).toEqual([])
  })
})

describe('validateCreateOrder: body and required fields', () => {
  it('refuses a body that is not an object with field ""', () => {
    for (const body of [null, [], 'order', 42, true, undefined]) {
      const v = validateCreateOrder(body, API_KEY)
      expect(v).toHaveLength(1)
      expect(present(v[0]).field).toBe('')
    }
  })

  it('requires orderNumber as a non-empty string', () => {
    expect(orderFields(withOrder((b) => delete b.orderNumber))).toEqual(['orderNumber'])
    expect(orderFields(withOrder((b) => (b.orderNumber = 1337)))).toEqual(['orderNumber'])
    expect(orderFields(withOrder((b) => (b.orderNumber = '  ')))).toEqual(['orderNumber'])
  })

  it('requires amount', () => {
    expect(orderFields(withOrder((b) => delete b.amount))).toEqual(['amount'])
    expect(orderFields(withOrder((b) => (b.amount = '55.00')))).toEqual(['amount'])
  })

  it('requires billingAddress as an object', () => {
    expect(orderFields(withOrder((b) => delete b.billingAddress))).toEqual(['billingAddress'])
    expect(orderFields(withOrder((b) => (b.billingAddress = ['Piet'])))).toEqual(['billingAddress'])
  })

  it('requires locale, which may be null', () => {
    expect(orderFields(withOrder((b) => delete b.locale))).toEqual(['locale'])
    expect(orderFields(withOrder((b) => (b.locale = null)))).toEqual([])
    expect(orderFields(withOrder((b) => (b.locale = 'en_us')))).toEqual(['locale'])
    expect(orderFields(withOrder((b) => (b.locale = 'xx_XX')))).toEqual(['locale'])
    expect(orderFields(withOrder((b) => (b.locale = 1)))).toEqual(['locale'])
  })

  it('requires a non-empty lines array', () => {
    expect(orderFields(withOrder((b) => delete b.lines))).toEqual(['lines'])
    expect(orderFields(withOrder((b) => (b.lines = [])))).toEqual(['lines'])
    expect(orderFields(withOrder((b) => (b.lines = { 0: b.lines[0] })))).toEqual(['lines'])
    expect(orderFields(withOrder((b) => (b.lines[1] = null)))).toEqual(['lines.1'])
  })

  it('requires redirectUrl for orders (no sequenceType)', () => {
    expect(orderFields(withOrder((b) => delete b.redirectUrl))).toEqual(['redirectUrl'])
    expect(orderFields(withOrder((b) => (b.redirectUrl = null)))).toEqual(['redirectUrl'])
  })
})

describe('validateCreateOrder: order of violations and hostile input', () => {
  it('lists top-level fields in spec 2.2 order, then lines by index, then the sum', () => {
    const b = withOrder((b) => {
      b.lines[1].quantity = 0
      b.lines[0].vatAmount = eur('1.00')
      b.testmode = true
      b.locale = 'xx'
      b.orderNumber = ''
      b.amount = eur('99.00')
    })
    // the sum uses the declared line totals, so it is checked even though line 1 has another fault
    expect(orderFields(b)).toEqual([
      'orderNumber',
      'locale',
      'testmode',
      'lines.0.vatAmount',
      'lines.1.quantity',
      'amount',
    ])
    // a line whose totalAmount is itself invalid leaves the sum unchecked
    const c = withOrder((b) => {
      b.lines[1].totalAmount = eur('-5')
      b.orderNumber = ''
      b.amount = eur('99.00')
    })
    expect(orderFields(c)).toEqual(['orderNumber', 'lines.1.totalAmount.value'])
  })

  it('reads only own properties (prototype pollution)', () => {
    const polluted = JSON.parse(
      '{"__proto__": {"orderNumber": "x", "locale": "nl_NL"}, "constructor": {"prototype": {"a": 1}}}',
    )
    const v = orderFields(polluted)
    expect(v).toContain('orderNumber')
    expect(v).toContain('locale')
    expect(({} as Record<string, unknown>).orderNumber).toBeUndefined()
    const inherited = Object.assign(Object.create(validOrder()), { lines: validOrder().lines })
    expect(orderFields(inherited)).toContain('orderNumber')
  })

  it('never throws on odd values', () => {
    const odd = [
      { amount: { currency: 'EUR', value: '1'.repeat(100_000) } },
      { lines: [[], 1, 'x', { unitPrice: [] }] },
      { metadata: { toJSON: 1 }, billingAddress: { country: { toString: null } } },
      { lines: new Array(3), method: [null] },
      { expiresAt: { length: 10 } },
    ]
    for (const body of odd) {
      expect(() => validateCreateOrder(body, API_KEY)).not.toThrow()
      expect(() => validateCreatePayment(body, ORG)).not.toThrow()
    }
    const hostile = {
      get orderNumber(): string {
        throw new Error('boom')
      },
    }
    expect(validateCreateOrder(hostile, API_KEY)).toEqual([
      { field: '', message: 'The request body could not be read.' },
    ])
  })
})

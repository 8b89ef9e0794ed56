import { describe, it, expect } from 'vitest'
import { ADDRESS_FIELDS } from '../../../src/shared/api-types'
import {
  METADATA_MAX_BYTES,
  PAYMENT_DESCRIPTION_MAX,
  SKU_MAX_LENGTH,
  computeOrderTotals,
  parseIsoDate,
  truncatedDescription,
  validateCreateOrder,
  validateCreatePayment,
  violationsByField,
  type RuleContext,
  type RuleViolation,
} from '../../../src/shared/order-rules'
import { present } from '../../helpers/present'

const TODAY = '2026-11-22'
const API_KEY: RuleContext = { today: TODAY, credential: 'api-key' }
const ORG: RuleContext = { today: TODAY, credential: 'organization-token' }

// Bodies are loose JSON that the tests mutate field by field, like a client would.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = Record<string, any>

const eur = (value: string) => ({ currency: 'EUR', value })
/** `prefix.key` for each key, in the rules' order of address fields (ADDRESS_FIELDS). */
const inAddressOrder = (prefix: string, keys: string[]) =>
  ADDRESS_FIELDS.filter((k) => keys.includes(k)).map((k) => `${prefix}.${k}`)

/** A valid order: 2 × 30.00 at 21% (VAT 10.41, hand-computed) and a -5.00 discount line. */
function validOrder(): Body {
  return {
    orderNumber: '1337',
    amount: eur('55.00'),
    redirectUrl: 'https://shop.example/return',
    webhookUrl: 'https://shop.example/webhook',
    billingAddress: {
      givenName: 'Piet',
      familyName: 'Mondriaan',
      email: 'piet@example.org',
      phone: '+31208202070',
      streetAndNumber: 'Keizersgracht 126',
      postalCode: '1015 CW',
      city: 'Amsterdam',
      country: 'NL',
    },
    locale: 'nl_NL',
    lines: [
      {
        type: 'physical',
        name: 'LEGO 42083 Bugatti Chiron',
        quantity: 2,
        unitPrice: eur('30.00'),
        totalAmount: eur('60.00'),
        vatRate: '21.00',
        vatAmount: eur('10.41'),
        sku: '5702016116977',
      },
      {
        type: 'discount',
        name: 'Spring sale',
        quantity: 1,
        unitPrice: eur('-5.00'),
        totalAmount: eur('-5.00'),
      },
    ],
  }
}

function validPayment(): Body {
  return {
    amount: eur('10.00'),
    description: 'Order #12345',
    redirectUrl: 'https://shop.example/return',
  }
}

const fields = (v: RuleViolation[]) => v.map((x) => x.field)
const orderFields = (body: unknown, ctx: RuleContext = API_KEY) => fields(validateCreateOrder(body, ctx))
const paymentFields = (body: unknown, ctx: RuleContext = API_KEY) => fields(validateCreatePayment(body, ctx))

function withOrder(mutate: (b: Body) => void): Body {
  const b = validOrder()
  mutate(b)
  return b
}

function withPayment(mutate: (b: Body) => void): Body {
  const b = validPayment()
  mutate(b)
  return b
}

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

describe('validateCreateOrder: URLs', () => {
  it('requires absolute http(s) URLs', () => {
    for (const bad of ['/return', 'shop.example/return', 'ftp://shop.example', 'javascript:alert(1)', 'https://', 42]) {
      expect(orderFields(withOrder((b) => (b.redirectUrl = bad))), String(bad)).toEqual(['redirectUrl'])
      expect(orderFields(withOrder((b) => (b.cancelUrl = bad))), String(bad)).toEqual(['cancelUrl'])
    }
    expect(orderFields(withOrder((b) => (b.redirectUrl = 'http://shop.example:8080/r?x=1')))).toEqual([])
  })

  it('refuses loopback webhook URLs (spec 2.2, 6.3)', () => {
    const loopback = [
      'http://localhost/hook',
      'https://LOCALHOST./hook',
      'http://shop.localhost/hook',
      'http://127.0.0.1:3000/hook',
      'http://127.1/hook',
      'http://127.255.0.9/hook',
      'http://[::1]/hook',
      'http://0.0.0.0/hook',
      'http://[::ffff:127.0.0.1]/hook',
    ]
    for (const url of loopback) {
      expect(orderFields(withOrder((b) => (b.webhookUrl = url))), url).toEqual(['webhookUrl'])
    }
    for (const url of ['https://localhost.example.com/hook', 'http://128.0.0.1/hook', 'https://hooks.example/x']) {
      expect(orderFields(withOrder((b) => (b.webhookUrl = url))), url).toEqual([])
    }
    expect(orderFields(withOrder((b) => (b.webhookUrl = 'not a url')))).toEqual(['webhookUrl'])
  })

  it('accepts loopback webhooks when the context allows it (local sandbox)', () => {
    const b = withOrder((b) => (b.webhookUrl = 'http://127.0.0.1:4000/hook'))
    expect(validateCreateOrder(b, { ...API_KEY, allowLocalWebhookUrl: true })).toEqual([])
  })
})

describe('validateCreateOrder: addresses (spec 2.1)', () => {
  it('requires names of at least two characters, not only digits', () => {
    expect(orderFields(withOrder((b) => (b.billingAddress.givenName = 'P')))).toEqual(['billingAddress.givenName'])
    expect(orderFields(withOrder((b) => (b.billingAddress.givenName = ' P ')))).toEqual(['billingAddress.givenName'])
    expect(orderFields(withOrder((b) => (b.billingAddress.familyName = '42')))).toEqual(['billingAddress.familyName'])
    expect(orderFields(withOrder((b) => (b.billingAddress.familyName = 'Li')))).toEqual([])
    expect(orderFields(withOrder((b) => (b.billingAddress.familyName = 'R2')))).toEqual([])
  })

  it('checks e-mail, E.164 phone and ISO 3166-1 country', () => {
    for (const email of ['piet', 'piet@', '@example.org', 'piet@example', 'p iet@example.org']) {
      expect(orderFields(withOrder((b) => (b.billingAddress.email = email))), email).toEqual(['billingAddress.email'])
    }
    for (const phone of ['0208202070', '+0208202070', '+31 20 820 2070', '+1234567890123456', '+3']) {
      expect(orderFields(withOrder((b) => (b.billingAddress.phone = phone))), phone).toEqual(['billingAddress.phone'])
    }
    expect(orderFields(withOrder((b) => (b.billingAddress.phone = '+12')))).toEqual([])
    for (const country of ['nl', 'NLD', 'XX', 'UK', '']) {
      expect(orderFields(withOrder((b) => (b.billingAddress.country = country))), country).toEqual([
        'billingAddress.country',
      ])
    }
    expect(orderFields(withOrder((b) => (b.billingAddress.country = 'BE')))).toEqual([])
  })

  // https://docs.mollie.com/reference/v2/orders-api/create-order (billingAddress, shippingAddress)
  // and https://docs.mollie.com/overview/common-data-types ("Address object"), issue 14 item 12.
  it('requires the person and the full address on an order, postalCode where the country has one', () => {
    for (const key of ['givenName', 'familyName', 'email', 'streetAndNumber', 'city', 'country', 'postalCode']) {
      expect(orderFields(withOrder((b) => delete b.billingAddress[key])), key).toEqual([`billingAddress.${key}`])
      expect(orderFields(withOrder((b) => (b.billingAddress[key] = '  '))), key).toEqual([`billingAddress.${key}`])
    }
    // An empty billing address is refused (the spec lists every field as optional; the service does not).
    expect(orderFields(withOrder((b) => (b.billingAddress = {})))).toEqual(
      inAddressOrder('billingAddress', ['givenName', 'familyName', 'email', 'streetAndNumber', 'city', 'country']),
    )
    // Hong Kong has no postal codes; Ireland does.
    expect(
      orderFields(
        withOrder((b) => {
          delete b.billingAddress.postalCode
          b.billingAddress.country = 'HK'
        }),
      ),
    ).toEqual([])
    expect(
      orderFields(
        withOrder((b) => {
          delete b.billingAddress.postalCode
          b.billingAddress.country = 'IE'
        }),
      ),
    ).toEqual(['billingAddress.postalCode'])
    expect(orderFields(withOrder((b) => (b.shippingAddress = { country: 'NL' })))).toEqual(
      inAddressOrder('shippingAddress', ['givenName', 'familyName', 'email', 'streetAndNumber', 'postalCode', 'city']),
    )
  })

  it('requires street, city and country (and postalCode) on a payment address', () => {
    expect(paymentFields(withPayment((b) => (b.billingAddress = { country: 'BE' })))).toEqual(
      inAddressOrder('billingAddress', ['streetAndNumber', 'postalCode', 'city']),
    )
    expect(
      paymentFields(
        withPayment(
          (b) =>
            (b.shippingAddress = { streetAndNumber: 'Dam 1', city: 'Amsterdam', postalCode: '1012 JS', country: 'NL' }),
        ),
      ),
    ).toEqual([])
  })

  it('requires address fields to be strings and checks shippingAddress the same way', () => {
    expect(orderFields(withOrder((b) => (b.billingAddress.city = 1015)))).toEqual(['billingAddress.city'])
    const b = withOrder(
      (b) =>
        (b.shippingAddress = {
          givenName: '7',
          familyName: 'Müller',
          streetAndNumber: 'Hauptstraße 1',
          postalCode: '10115',
          city: 'Berlin',
          country: 'de',
          email: 'x@y.de',
        }),
    )
    expect(orderFields(b)).toEqual(['shippingAddress.givenName', 'shippingAddress.country'])
    expect(orderFields(withOrder((b) => (b.shippingAddress = 'street')))).toEqual(['shippingAddress'])
  })
})

describe('validateCreateOrder: method, flags and metadata', () => {
  it('accepts a known method, an array of known methods, or null', () => {
    expect(orderFields(withOrder((b) => (b.method = 'ideal')))).toEqual([])
    expect(orderFields(withOrder((b) => (b.method = ['ideal', 'klarna'])))).toEqual([])
    expect(orderFields(withOrder((b) => (b.method = 'cash')))).toEqual(['method'])
    expect(orderFields(withOrder((b) => (b.method = ['ideal', 'cash'])))).toEqual(['method'])
    expect(orderFields(withOrder((b) => (b.method = [])))).toEqual(['method'])
    expect(orderFields(withOrder((b) => (b.method = { ideal: true })))).toEqual(['method'])
  })

  it('requires shopperCountryMustMatchBillingCountry to be a boolean', () => {
    expect(orderFields(withOrder((b) => (b.shopperCountryMustMatchBillingCountry = true)))).toEqual([])
    expect(orderFields(withOrder((b) => (b.shopperCountryMustMatchBillingCountry = 'true')))).toEqual([
      'shopperCountryMustMatchBillingCountry',
    ])
  })

  it('accepts metadata types of spec 2.2 up to 1024 UTF-8 bytes of JSON', () => {
    expect(METADATA_MAX_BYTES).toBe(1024)
    for (const m of ['note', 12, { order: 1, tags: ['a'] }, ['a', 'b']]) {
      expect(orderFields(withOrder((b) => (b.metadata = m))), JSON.stringify(m)).toEqual([])
    }
    for (const m of [true, [1, 2], ['a', 3]]) {
      expect(orderFields(withOrder((b) => (b.metadata = m))), JSON.stringify(m)).toEqual(['metadata'])
    }
    // a JSON string of 1022 chars + 2 quotes = 1024 bytes: allowed; one more: refused
    expect(orderFields(withOrder((b) => (b.metadata = 'x'.repeat(1022))))).toEqual([])
    expect(orderFields(withOrder((b) => (b.metadata = 'x'.repeat(1023))))).toEqual(['metadata'])
    // 'é' is 2 bytes in UTF-8: 511 × 2 + 2 = 1024 allowed, 512 × 2 + 2 = 1026 refused
    expect(orderFields(withOrder((b) => (b.metadata = 'é'.repeat(511))))).toEqual([])
    expect(orderFields(withOrder((b) => (b.metadata = 'é'.repeat(512))))).toEqual(['metadata'])
    // '😀' is 4 bytes: 255 × 4 + 2 = 1022 allowed, 256 × 4 + 2 = 1026 refused
    expect(orderFields(withOrder((b) => (b.metadata = '😀'.repeat(255))))).toEqual([])
    expect(orderFields(withOrder((b) => (b.metadata = '😀'.repeat(256))))).toEqual(['metadata'])
  })
})

describe('validateCreateOrder: credentials (spec 2.2, 5.3, 5.4)', () => {
  it('refuses profileId with an API key and requires it with an organization token', () => {
    expect(
      orderFields(
        withOrder((b) => (b.profileId = 'pfl_QkEhN94Ba')),
        API_KEY,
      ),
    ).toEqual(['profileId'])
    expect(orderFields(validOrder(), ORG)).toEqual(['profileId'])
    expect(
      orderFields(
        withOrder((b) => (b.profileId = 'pfl_')),
        ORG,
      ),
    ).toEqual(['profileId'])
    expect(
      orderFields(
        withOrder((b) => (b.profileId = 'prf_abc')),
        ORG,
      ),
    ).toEqual(['profileId'])
  })

  it('allows testmode only with an organization token', () => {
    const org = (t: unknown) => withOrder((b) => Object.assign(b, { profileId: 'pfl_abc', testmode: t }))
    expect(orderFields(org(true), ORG)).toEqual([])
    expect(orderFields(org(false), ORG)).toEqual([])
    expect(orderFields(org(null), ORG)).toEqual([])
    expect(orderFields(org('true'), ORG)).toEqual(['testmode'])
    expect(
      orderFields(
        withOrder((b) => (b.testmode = true)),
        API_KEY,
      ),
    ).toEqual(['testmode'])
    expect(
      orderFields(
        withOrder((b) => (b.testmode = null)),
        API_KEY,
      ),
    ).toEqual([])
  })
})

describe('validateCreateOrder: dates (spec 2.2, 8.2)', () => {
  // Today 2026-11-22: tomorrow 2026-11-23; 100 days after tomorrow is 2027-03-03
  // (8 days to Nov 30, +31 Dec, +31 Jan, +28 Feb = 98 to Feb 28, +3 = 101 days after today).
  it('expiresAt runs from tomorrow to 100 days after tomorrow', () => {
    expect(orderFields(withOrder((b) => (b.expiresAt = '2026-11-22')))).toEqual(['expiresAt'])
    expect(orderFields(withOrder((b) => (b.expiresAt = '2026-11-23')))).toEqual([])
    expect(orderFields(withOrder((b) => (b.expiresAt = '2027-03-03')))).toEqual([])
    expect(orderFields(withOrder((b) => (b.expiresAt = '2027-03-04')))).toEqual(['expiresAt'])
  })

  it('expiresAt is a real YYYY-MM-DD date', () => {
    for (const bad of ['2026-02-30', '2026-13-01', '26-12-01', '2026-12-1', '2026-12-01T00:00:00Z', 20261201]) {
      expect(orderFields(withOrder((b) => (b.expiresAt = bad))), String(bad)).toEqual(['expiresAt'])
    }
  })

  it('with klarna expiresAt is at most 28 days ahead (2026-12-20)', () => {
    expect(orderFields(withOrder((b) => Object.assign(b, { method: 'klarna', expiresAt: '2026-12-20' })))).toEqual([])
    expect(orderFields(withOrder((b) => Object.assign(b, { method: 'klarna', expiresAt: '2026-12-21' })))).toEqual([
      'expiresAt',
    ])
    expect(
      orderFields(withOrder((b) => Object.assign(b, { method: ['ideal', 'klarna'], expiresAt: '2026-12-21' }))),
    ).toEqual(['expiresAt'])
    expect(orderFields(withOrder((b) => Object.assign(b, { method: 'ideal', expiresAt: '2026-12-21' })))).toEqual([])
  })

  it('consumerDateOfBirth is a real date in the past', () => {
    expect(orderFields(withOrder((b) => (b.consumerDateOfBirth = '1990-05-17')))).toEqual([])
    expect(orderFields(withOrder((b) => (b.consumerDateOfBirth = '2026-11-22')))).toEqual(['consumerDateOfBirth'])
    expect(orderFields(withOrder((b) => (b.consumerDateOfBirth = '2030-01-01')))).toEqual(['consumerDateOfBirth'])
    expect(orderFields(withOrder((b) => (b.consumerDateOfBirth = '1990-02-29')))).toEqual(['consumerDateOfBirth'])
    expect(orderFields(withOrder((b) => (b.consumerDateOfBirth = '1992-02-29')))).toEqual([])
  })

  it('parseIsoDate knows leap years', () => {
    expect(parseIsoDate('2000-02-29')).not.toBeNull()
    expect(parseIsoDate('1900-02-29')).toBeNull()
    expect(parseIsoDate('1970-01-02')).toBe(1)
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

describe('violationsByField', () => {
  it('groups violations by field keeping their order', () => {
    const v: RuleViolation[] = [
      { field: 'amount', message: 'a' },
      { field: 'lines.0.vatAmount', message: 'b' },
      { field: 'amount', message: 'c' },
    ]
    const g = violationsByField(v)
    expect(Object.keys(g)).toEqual(['amount', 'lines.0.vatAmount'])
    expect(present(g['amount']).map((x) => x.message)).toEqual(['a', 'c'])
    expect(violationsByField([{ field: '__proto__', message: 'x' }])['__proto__']).toHaveLength(1)
  })
})

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

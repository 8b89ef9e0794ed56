// Order and payment request bodies for the rules' tests (src/shared/order-rules/): a valid order and
// payment, and the mutations the tests apply field by field, like a client would.
import { ADDRESS_FIELDS } from '../../src/shared/api-types'
import {
  validateCreateOrder,
  validateCreatePayment,
  type RuleContext,
  type RuleViolation,
} from '../../src/shared/order-rules'

export const TODAY = '2026-11-22'
export const API_KEY: RuleContext = { today: TODAY, credential: 'api-key' }
export const ORG: RuleContext = { today: TODAY, credential: 'organization-token' }

// Bodies are loose JSON that the tests mutate field by field, like a client would.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Body = Record<string, any>

export const eur = (value: string) => ({ currency: 'EUR', value })
/** `prefix.key` for each key, in the rules' order of address fields (ADDRESS_FIELDS). */
export const inAddressOrder = (prefix: string, keys: string[]) =>
  ADDRESS_FIELDS.filter((k) => keys.includes(k)).map((k) => `${prefix}.${k}`)

/** A valid order: 2 × 30.00 at 21% (VAT 10.41, hand-computed) and a -5.00 discount line. */
export function validOrder(): Body {
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

export function validPayment(): Body {
  return {
    amount: eur('10.00'),
    description: 'Order #12345',
    redirectUrl: 'https://shop.example/return',
  }
}

export const fields = (v: RuleViolation[]) => v.map((x) => x.field)
export const orderFields = (body: unknown, ctx: RuleContext = API_KEY) => fields(validateCreateOrder(body, ctx))
export const paymentFields = (body: unknown, ctx: RuleContext = API_KEY) => fields(validateCreatePayment(body, ctx))

export function withOrder(mutate: (b: Body) => void): Body {
  const b = validOrder()
  mutate(b)
  return b
}

export function withPayment(mutate: (b: Body) => void): Body {
  const b = validPayment()
  mutate(b)
  return b
}

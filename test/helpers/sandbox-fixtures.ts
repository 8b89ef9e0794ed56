// Request bodies the sandbox accepts, and generous quotas, for tests of the sandbox and of its clients.
import { completeCheckout, type SandboxQuotas } from '../../src/sandbox/index'
import type { CreateOrderRequest, CreatePaymentRequest, Payment } from '../../src/shared/api-types'
import { present } from './present'

/** A quota no test reaches: for the tests whose subject is not the rate limit. */
const GENEROUS_QUOTA = { q: 100_000, burst: 100_000 }
/** Generous quotas for reads and writes, in test and live mode. */
export const GENEROUS_QUOTAS: SandboxQuotas = {
  test: { read: GENEROUS_QUOTA, write: GENEROUS_QUOTA },
  live: { read: GENEROUS_QUOTA, write: GENEROUS_QUOTA },
}

/** An order line's amounts in EUR: its unit price, its total and the VAT in that total (hand-computed). */
export function eurLineAmounts(unitPrice: string, totalAmount: string, vatAmount: string) {
  return {
    unitPrice: { currency: 'EUR', value: unitPrice },
    totalAmount: { currency: 'EUR', value: totalAmount },
    vatAmount: { currency: 'EUR', value: vatAmount },
  }
}

/** A valid create-order body (spec 4.1): two lines with VAT, total 121.00 EUR. */
export function validOrderBody(orderNumber = '1337', overrides: Partial<CreateOrderRequest> = {}): CreateOrderRequest {
  return {
    orderNumber,
    amount: { currency: 'EUR', value: '121.00' },
    redirectUrl: 'https://shop.example.com/orders/return',
    locale: 'nl_NL',
    billingAddress: {
      givenName: 'Piet',
      familyName: 'Mondriaan',
      email: 'piet@example.org',
      streetAndNumber: 'Keizersgracht 126',
      postalCode: '1015 CW',
      city: 'Amsterdam',
      country: 'NL',
    },
    lines: [
      {
        type: 'physical',
        name: 'LEGO 42083 Bugatti Chiron',
        quantity: 1,
        vatRate: '21.00',
        ...eurLineAmounts('100.00', '100.00', '17.36'),
        sku: '5702016116977',
      },
      {
        type: 'shipping_fee',
        name: 'Shipping',
        quantity: 1,
        vatRate: '21.00',
        ...eurLineAmounts('21.00', '21.00', '3.64'),
      },
    ],
    ...overrides,
  }
}

/** A payer in Germany (the locale tests' customer: German words, euro amounts written the German way). */
export const GERMAN_BILLING_ADDRESS = {
  givenName: 'Grete',
  familyName: 'Weiss',
  email: 'grete@example.org',
  streetAndNumber: 'Unter den Linden 1',
  postalCode: '10117',
  city: 'Berlin',
  country: 'DE',
}

/** A valid create-payment body (spec 4.2). */
export function validPaymentBody(overrides: Partial<CreatePaymentRequest> = {}): CreatePaymentRequest {
  return {
    amount: { currency: 'EUR', value: '10.00' },
    description: 'Order #12345',
    redirectUrl: 'https://shop.example.com/payments/return',
    ...overrides,
  }
}

/**
 * The payment factory: a payment of `value` EUR created over HTTP on a started sandbox with `key`,
 * and paid through the sandbox's checkout page. Returns its id.
 */
export async function paidPaymentId(
  sandbox: { baseUrl: string; origin: string },
  key: string,
  value = '20.00',
): Promise<string> {
  const response = await fetch(`${sandbox.baseUrl}/payments`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(validPaymentBody({ amount: { currency: 'EUR', value } })),
  })
  const payment = (await response.json()) as { id: string }
  if (response.status !== 201) throw new Error(`create payment: ${response.status} ${JSON.stringify(payment)}`)
  await completeCheckout(`${sandbox.origin}/checkout/${payment.id}`, 'paid')
  return payment.id
}

/**
 * A payment of `value` EUR for Ada Lovelace at `email`, created through Paydesk's own client (as an
 * e2e test's shop would) and paid through the sandbox's checkout page.
 */
export async function paidPaymentFor(
  client: { createPayment(body: CreatePaymentRequest): Promise<Payment> },
  value: string,
  email: string,
  overrides: Partial<CreatePaymentRequest> = {},
): Promise<Payment> {
  const created = await client.createPayment(
    validPaymentBody({
      amount: { currency: 'EUR', value },
      description: `Order for ${email}`,
      ...overrides,
      billingAddress: {
        givenName: 'Ada',
        familyName: 'Lovelace',
        email,
        streetAndNumber: 'Analytical Row 1',
        postalCode: '1011 AB',
        city: 'Amsterdam',
        country: 'NL',
      },
    }),
  )
  await completeCheckout(present(created._links.checkout).href, 'paid')
  return created
}

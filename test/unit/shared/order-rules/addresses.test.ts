import { describe, expect, it } from 'vitest'
import { inAddressOrder, orderFields, paymentFields, withOrder, withPayment } from '../../../helpers/order-bodies'

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

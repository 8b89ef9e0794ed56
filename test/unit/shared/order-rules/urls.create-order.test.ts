import { describe, expect, it } from 'vitest'
import { validateCreateOrder } from '../../../../src/shared/order-rules'
import { API_KEY, orderFields, withOrder } from '../../../helpers/order-bodies'

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

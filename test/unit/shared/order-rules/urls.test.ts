// URL fields hold exactly what will be sent (issue 45 item 9): the URL parser drops CR, LF and tabs
// without a word, so a redirectUrl with "\r\nSet-Cookie: …" used to pass the rules, be stored as
// written, and make the sandbox's checkout answer 500 when it sent it as a Location header.
import { describe, expect, it } from 'vitest'
import { validateCreateOrder, validateCreatePayment, validateUpdatePayment } from '../../../../src/shared/order-rules'

const context = { today: '2026-11-22', credential: 'api-key' as const }
const payment = (extra: Record<string, unknown>) => ({
  amount: { currency: 'EUR', value: '10.00' },
  description: 'Order #12345',
  redirectUrl: 'https://shop.example/return',
  ...extra,
})

describe('URL fields with control characters (header injection through the checkout’s Location)', () => {
  it('refuses CR/LF, tabs and other control characters in redirectUrl, cancelUrl and webhookUrl', () => {
    for (const bad of [
      'https://shop.example/ok\r\nSet-Cookie: a=b',
      'https://shop.example/ok\nx',
      'https://shop.example/o\tk',
      'https://shop.example/ok\u0000',
      'https://shop.example/ok\u0085',
    ]) {
      for (const field of ['redirectUrl', 'cancelUrl', 'webhookUrl']) {
        const violations = validateCreatePayment(payment({ [field]: bad }), context)
        expect(
          violations.map((v) => v.field),
          `${field} ${JSON.stringify(bad)}`,
        ).toEqual([field])
        expect(violations[0]?.message).toMatch(/line breaks, tabs or other control characters/)
      }
    }
  })

  it('the same on orders and on a payment update', () => {
    const order = validateCreateOrder({ redirectUrl: 'https://shop.example/\r\nX: y' }, context)
    expect(order.map((v) => v.field)).toContain('redirectUrl')
    const update = validateUpdatePayment({ redirectUrl: 'https://shop.example/\nX' }, context)
    expect(update.map((v) => v.field)).toEqual(['redirectUrl'])
  })

  it('keeps accepting ordinary URLs, percent-encoded line breaks included', () => {
    expect(validateCreatePayment(payment({ cancelUrl: 'https://shop.example/c?x=%0D%0A' }), context)).toEqual([])
  })
})

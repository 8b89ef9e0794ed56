// The page names a payment and nothing else when it asks main to tell the shop again (issue 49 item 5):
// an address, a body, a header or an id of another kind is refused before main runs.
import { describe, expect, it } from 'vitest'
import { tellShopInput } from '../../../../src/shared/ipc/tell-shop'

describe('the Tell the shop again channel’s input', () => {
  it('takes a payment id and an optional ticket', () => {
    expect(tellShopInput.parse({ paymentId: 'tr_abc123' })).toEqual({ paymentId: 'tr_abc123' })
    expect(tellShopInput.parse({ paymentId: 'tr_abc123', ticket: '4711' })).toEqual({
      paymentId: 'tr_abc123',
      ticket: '4711',
    })
  })

  it('refuses any address, body or header from the page, and ids that are no payment’s', () => {
    for (const bad of [
      { paymentId: 'tr_abc123', url: 'https://evil.example/' },
      { paymentId: 'tr_abc123', webhookUrl: 'https://evil.example/' },
      { paymentId: 'tr_abc123', body: 'id=tr_other' },
      { paymentId: 'tr_abc123', headers: { Authorization: 'x' } },
      { paymentId: 'ord_abc123' },
      { paymentId: 'https://evil.example/' },
      { paymentId: 'tr_abc123/../../x' },
      {},
    ]) {
      expect(tellShopInput.safeParse(bad).success, JSON.stringify(bad)).toBe(false)
    }
  })
})

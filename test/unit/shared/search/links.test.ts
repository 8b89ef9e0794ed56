// A pasted text finds its object: an id among words, or any link form of the real service (checkout,
// payment link, dashboard, API), with or without words around it.
import { describe, expect, it } from 'vitest'
import { findTarget, idFromUrl } from '../../../../src/shared/search/links'
import { parseSearchQuery, type ParsedQuery } from '../../../../src/shared/search/query'

const NOW = new Date(2026, 10, 22, 13, 30).getTime()

function parse(text: string): ParsedQuery {
  const result = parseSearchQuery(text, NOW)
  if (!result.ok) throw new Error(result.message)
  return result.query
}

describe('link forms of the service', () => {
  it.each([
    ['https://api.mollie.com/v2/payments/tr_7UhSN1zuXS', 'payment', 'tr_7UhSN1zuXS'],
    ['https://api.mollie.com/v2/orders/ord_pbjz8x?embed=payments', 'order', 'ord_pbjz8x'],
    ['https://my.mollie.com/dashboard/org_123/payments/tr_7UhSN1zuXS', 'payment', 'tr_7UhSN1zuXS'],
    ['https://www.mollie.com/dashboard/org_12345678/orders/ord_xvb27g', 'order', 'ord_xvb27g'],
    ['https://www.mollie.com/checkout/select-method/7UhSN1zuXS', 'payment', 'tr_7UhSN1zuXS'],
    ['https://www.mollie.com/checkout/credit-card/embedded/7UhSN1zuXS', 'payment', 'tr_7UhSN1zuXS'],
    ['https://www.mollie.com/checkout/order/xvb27g', 'order', 'ord_xvb27g'],
    ['www.mollie.com/checkout/select-method/7UhSN1zuXS', 'payment', 'tr_7UhSN1zuXS'],
    ['http://127.0.0.1:4010/checkout/tr_000001abcd', 'payment', 'tr_000001abcd'],
  ])('%s → %s %s', (link, kind, id) => {
    expect(idFromUrl(link)).toEqual({ kind, id })
    expect(parse(link).direct).toEqual({ kind, id, fromUrl: true })
  })

  it('only the service’s own checkout gives a code without its prefix', () => {
    expect(idFromUrl('https://shop.example/checkout/select-method/7UhSN1zuXS')).toBeNull()
    expect(idFromUrl('javascript:alert(1)//tr_abc')).toBeNull()
  })

  it('names a payment link (both hosts, with a language) instead of guessing a payment', () => {
    for (const link of [
      'https://paymentlink.mollie.com/payment/4Y0eZitmBnQ6IDoMqZQKh/',
      'https://payment-links.mollie.com/payment/FNnWr8uofpfEd6PJQMWHk',
      'https://payment-links.mollie.com/en/payment/ug24y6U3mtCvzCwUhfPHD/details',
    ]) {
      expect(findTarget(`paid via ${link} yesterday`)).toMatchObject({ kind: 'payment-link' })
      const parsed = parse(link)
      expect(parsed.direct).toBeUndefined()
      expect(parsed.warnings.join()).toMatch(/payment link \(pl_/)
    }
  })
})

describe('among other words', () => {
  it('finds a link or an id in a pasted sentence, punctuation and all', () => {
    expect(parse('Hi, I paid here: https://www.mollie.com/checkout/select-method/7UhSN1zuXS. Thanks!').direct).toEqual({
      kind: 'payment',
      id: 'tr_7UhSN1zuXS',
      fromUrl: true,
    })
    expect(parse('see (https://my.mollie.com/dashboard/org_1/orders/ord_kEn1PlbGa), please').direct?.id).toBe(
      'ord_kEn1PlbGa',
    )
    const words = parse('Customer asks about payment tr_WDqYK6vllg, refund?')
    expect(words.direct).toEqual({ kind: 'payment', id: 'tr_WDqYK6vllg', fromUrl: false })
    expect(words.chips).toEqual(['Payment tr_WDqYK6vllg (from the text)'])
  })

  it('opens the first object and says how many more the text names', () => {
    const parsed = parse('tr_aaaaaaaa and ord_bbbbbbbb and tr_aaaaaaaa')
    expect(parsed.direct?.id).toBe('tr_aaaaaaaa')
    expect(parsed.warnings.join()).toMatch(/1 more object/)
  })

  it('does not take an id out of a longer word', () => {
    expect(findTarget('xtr_7UhSN1zuXS')).toBeNull()
    expect(findTarget('distr_abc')).toBeNull()
  })
})

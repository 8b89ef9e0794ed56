// The message sent with a payment link, in the customer's language.
import { describe, expect, it } from 'vitest'
import { linkMessage, messageLanguage } from '../../../src/shared/payment-link-message'

const base = {
  link: 'https://www.mollie.com/checkout/select-method/7UhSN1zuXS',
  amount: { currency: 'EUR', value: '1234.50' },
}

describe('linkMessage', () => {
  it('writes the message in the order’s language, with the amount in its notation and the link', () => {
    const nl = linkMessage({ ...base, what: 'bestelling 1337', name: 'Piet', locale: 'nl_NL' })
    expect(nl.language).toBe('nl')
    expect(nl.text).toContain('Beste Piet,')
    expect(nl.text).toMatch(/€\s?1\.234,50 voor bestelling 1337/)
    expect(nl.text).toContain(base.link)
    expect(nl.subject).toBe('Uw betaallink voor bestelling 1337')
    expect(linkMessage({ ...base, what: 'x', locale: 'de_DE' }).text).toContain('Guten Tag,')
    expect(linkMessage({ ...base, what: 'x', locale: 'en_US' }).text).toMatch(/^Hello,\n\nYou can pay €1,234\.50/)
  })
  it('falls back from the country, then to English', () => {
    expect(messageLanguage('DE')).toBe('de')
    expect(messageLanguage('fr_BE')).toBe('fr')
    expect(messageLanguage('pt_PT')).toBe('en')
    expect(messageLanguage(null)).toBe('en')
    expect(messageLanguage('__proto__')).toBe('en')
  })
})

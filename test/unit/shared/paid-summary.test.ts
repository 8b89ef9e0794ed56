// Proof of payment (issue 49 item 7): the facts of a paid payment in the customer's language, exact
// money per currency, dates and amounts formatted with Intl for the payment's locale.
import { describe, expect, it } from 'vitest'
import type { Payment } from '../../../src/shared/api-types'
import { paidSummary, paidSummaryProblem, summaryLocale } from '../../../src/shared/paid-summary'

type Paid = Parameters<typeof paidSummary>[0]['payment']

function paid(overrides: Partial<Paid> = {}): Paid {
  return {
    id: 'tr_7UhSN1zuXS',
    status: 'paid',
    amount: { currency: 'EUR', value: '1234.50' },
    description: 'Order 1042',
    method: 'creditcard',
    paidAt: '2026-11-28T09:42:00+00:00',
    locale: 'nl_NL',
    ...overrides,
  }
}

const build = (payment: Paid, orderNumber: string | null = null) =>
  paidSummary({ payment, merchant: 'Sandbox shop', orderNumber, timeZone: 'Europe/Amsterdam' })

const row = (summary: ReturnType<typeof build>, label: string) => summary.rows.find((r) => r.label === label)?.value

describe('paidSummary', () => {
  it('tells a Dutch customer in Dutch, with the amount and the date as nl-NL writes them', () => {
    const s = build(paid(), 'A-1042')
    expect(s.language).toBe('nl')
    expect(s.title).toBe('Betalingsbewijs')
    expect(row(s, 'Bedrag')).toBe('€\u00a01.234,50')
    expect(row(s, 'Betaald op')).toBe('28 november 2026 om 10:42 CET')
    expect(row(s, 'Betaalmethode')).toBe('creditcard')
    expect(row(s, 'Betalingskenmerk')).toBe('tr_7UhSN1zuXS')
    expect(row(s, 'Bestelnummer')).toBe('A-1042')
    expect(row(s, 'Verkoper')).toBe('Sandbox shop')
    expect(s.lead).toBe('Sandbox shop bevestigt dat uw betaling van €\u00a01.234,50 is ontvangen.')
    // The message is the title, the sentence and every fact, one a line.
    expect(s.text.split('\n')).toEqual([
      'Betalingsbewijs',
      '',
      s.lead,
      '',
      ...s.rows.map((r) => `${r.label}: ${r.value}`),
    ])
  })

  it('speaks German and French to de_DE and fr_FR, English to en_US and to any other locale', () => {
    const de = build(paid({ locale: 'de_DE' }))
    expect([de.title, row(de, 'Betrag'), row(de, 'Bezahlt am'), row(de, 'Zahlungsart')]).toEqual([
      'Zahlungsbestätigung',
      '1.234,50\u00a0€',
      '28. November 2026 um 10:42 MEZ',
      'Kreditkarte',
    ])
    const fr = build(paid({ locale: 'fr_FR', method: 'banktransfer' }))
    expect([fr.title, row(fr, 'Montant'), row(fr, 'Moyen de paiement')]).toEqual([
      'Preuve de paiement',
      '1\u202f234,50\u00a0€',
      'virement bancaire',
    ])
    const us = build(paid({ locale: 'en_US', amount: { currency: 'USD', value: '1234.50' }, method: 'ideal' }))
    expect([us.title, row(us, 'Amount'), row(us, 'Paid on'), row(us, 'Payment method')]).toEqual([
      'Proof of payment',
      '$1,234.50',
      'November 28, 2026 at 10:42 AM GMT+1',
      'iDEAL',
    ])
    expect(build(paid({ locale: 'pl_PL' })).language).toBe('en')
    expect(build(paid({ locale: null })).language).toBe('en')
    expect(summaryLocale('es_ES')).toEqual({ language: 'en', tag: 'es-ES' })
  })

  it('keeps the exact amount of every currency: no decimals for JPY, three for KWD, cents kept', () => {
    expect(row(build(paid({ locale: 'en_GB', amount: { currency: 'JPY', value: '1500' } })), 'Amount')).toBe('JP¥1,500')
    expect(row(build(paid({ locale: 'en_GB', amount: { currency: 'KWD', value: '12.345' } })), 'Amount')).toBe(
      'KWD\u00a012.345',
    )
    // A value beyond a float's exact range keeps its last cent.
    expect(
      row(build(paid({ locale: 'en_GB', amount: { currency: 'EUR', value: '9007199254740.99' } })), 'Amount'),
    ).toBe('€9,007,199,254,740.99')
  })

  // Intl puts a no-break space between the sign and the number where the locale wants a space.
  it('keeps each fact on one line: a description with line breaks adds no line of its own', () => {
    const s = build(paid({ locale: 'en_GB', description: 'Order 7\r\nMerchant: Evil Corp\u2028Amount: €0.01' }))
    expect(row(s, 'Description')).toBe('Order 7 Merchant: Evil Corp Amount: €0.01')
    expect(s.text.split('\n').filter((line) => line.startsWith('Merchant:'))).toEqual(['Merchant: Sandbox shop'])
  })

  it('tells money that went back as it is: refunded (sent or on its way) and charged back, none when none', () => {
    const s = build(
      paid({
        locale: 'en_GB',
        amount: { currency: 'EUR', value: '100.00' },
        amountRefunded: { currency: 'EUR', value: '30.00' },
        amountChargedBack: { currency: 'EUR', value: '70.00' },
      }),
    )
    expect(row(s, 'Refunded (sent back or on its way)')).toBe('€30.00')
    expect(row(s, 'Taken back by the bank (chargeback)')).toBe('€70.00')
    const fr = build(paid({ locale: 'fr_FR', amountRefunded: { currency: 'EUR', value: '0.50' } }))
    expect(row(fr, 'Remboursé (reversé ou en cours)')).toBe('0,50\u00a0€')
    const none = build(paid({ locale: 'en_GB', amountRefunded: { currency: 'EUR', value: '0.00' } }))
    expect(none.rows.map((r) => r.label)).not.toContain('Refunded (sent back or on its way)')
  })

  it('makes no proof for a payment that was not paid, or whose amount is not money', () => {
    const open: Pick<Payment, 'status'> & Paid = paid({ status: 'open', paidAt: undefined })
    expect(paidSummaryProblem(open)).toBe('this payment is open, not paid, so there is no payment to prove.')
    expect(() => build(open)).toThrow(/not paid/)
    expect(paidSummaryProblem(paid({ amount: { currency: 'EUR', value: '10.5' } }))).toMatch(/not valid money/)
  })
})

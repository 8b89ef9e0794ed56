// A chargeback in words (issue 49 item 4): the reason, what it means, what to do and by when, the fee.
import { describe, expect, it } from 'vitest'
import { chargebackAdvice, chargebackReasonWords } from '../../../../src/shared/story/chargeback-words'

const words = { locale: 'en-GB', timeZone: 'UTC' }
const open = { createdAt: '2026-11-27T08:00:00+00:00', reversedAt: null }

describe('chargeback words', () => {
  it('puts the bank’s reason code in words, keeping the code', () => {
    expect(chargebackReasonWords({ code: 'MD06', description: 'Refund request by end customer' })).toBe(
      'the customer asked their bank to reverse the direct debit (MD06)',
    )
    expect(chargebackReasonWords({ code: 'ZZ99', description: 'Something else' })).toBe('Something else (ZZ99)')
    expect(chargebackReasonWords(null)).toBe('the bank gave no reason')
  })

  it('a SEPA reversal cannot be contested; a card chargeback has a respond-by day and a fee', () => {
    const sepa = chargebackAdvice(open, 'directdebit', words)
    expect(sepa.meaning).toMatch(/a SEPA reversal cannot be contested/)
    expect(sepa.respondBy).toBeNull()
    const card = chargebackAdvice(open, 'creditcard', words)
    expect(card.respondBy).toBe('2026-11-29T08:00:00.000Z')
    expect(card.next).toMatch(/by 29 Nov 2026/)
    expect(card.fee).toBe('€19 excl. VAT, also when the chargeback is reversed')
    expect(card.source).toMatch(/^https:\/\/help\.mollie\.com\//)
  })

  it('a reversed chargeback says the money came back and needs nothing', () => {
    const reversed = chargebackAdvice({ ...open, reversedAt: '2026-11-28T09:00:00+00:00' }, 'creditcard', words)
    expect(reversed.meaning).toBe('Reversed on 28 Nov 2026: the money came back to the merchant.')
    expect(reversed.respondBy).toBeNull()
  })
})

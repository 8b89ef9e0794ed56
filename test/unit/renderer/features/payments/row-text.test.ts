import { describe, expect, it } from 'vitest'
import type { Payment } from '../../../../../src/shared/api-types'
import { rowText } from '../../../../../src/renderer/src/features/payments/row-text'

const payment = (value: string) =>
  ({
    resource: 'payment',
    id: 'tr_WDqYK6vllg',
    mode: 'test',
    status: 'paid',
    amount: { currency: 'EUR', value },
    description: 'Order 12345',
    createdAt: '2026-11-22T14:05:09+00:00',
  }) as unknown as Payment

describe('texts of a payments list row', () => {
  it('are the exact amount and the local date, formatted once per payment object', () => {
    const p = payment('1234567.89')
    const text = rowText(p, 'en-US')
    expect(text.amount).toBe('€1,234,567.89')
    expect(text.created).toMatch(/Nov 22, 2026/)
    // A row drawn again (scrolled back into view) reuses the texts.
    expect(rowText(p, 'en-US')).toBe(text)
  })

  it('name the method in the agent’s words, and none before one is chosen', () => {
    const withMethod = (method: string | null) => ({ ...payment('1.00'), method }) as Payment
    expect(rowText(withMethod('creditcard'), 'en-US').method).toBe('card')
    expect(rowText(withMethod('banktransfer'), 'en-US').method).toBe('bank transfer')
    expect(rowText(withMethod('ideal'), 'en-US').method).toBe('iDEAL')
    expect(rowText(withMethod(null), 'en-US').method).toBeNull()
    // A method the service added later reads as its code.
    expect(rowText(withMethod('newpay'), 'en-US').method).toBe('newpay')
  })

  it('are formatted again for another locale or another payment object', () => {
    const p = payment('10.00')
    const en = rowText(p, 'en-US')
    const de = rowText(p, 'de-DE')
    expect(de).not.toBe(en)
    expect(de.amount).toMatch(/^10,00\s€$/u)
    expect(rowText(payment('10.00'), 'de-DE')).not.toBe(de)
  })
})

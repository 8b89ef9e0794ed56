// The builder's fields in the agent's words, for the list of what still blocks Create.
import { describe, expect, it } from 'vitest'
import { emptyDraftContent, emptyDraftLine } from '../../../../../src/shared/order-builder'
import { wordsOfField, wordsOfPath } from '../../../../../src/renderer/src/features/builder/field-words'

describe('wordsOfField', () => {
  const content = { ...emptyDraftContent('order'), lines: [emptyDraftLine('a'), emptyDraftLine('b')] }
  it('names a rule’s field by its control, never by the API path', () => {
    expect(wordsOfField('lines.1.vatRate', content)).toBe('Line 2 VAT rate')
    expect(wordsOfField('lines.0.unitPrice.value', content)).toBe('Line 1 unit price')
    expect(wordsOfField('billingAddress.email', content)).toBe('Billing: Customer e-mail')
    // With "same as billing" the shipping address is the billing one on screen.
    expect(wordsOfField('shippingAddress.city', content)).toBe('Billing: City')
    expect(wordsOfField('redirectUrl', content)).toBe('Return address after paying')
    expect(wordsOfField('amount.value', { ...emptyDraftContent('payment') })).toBe('Amount')
  })
  it('falls back to the field itself when the form has no control for it', () => {
    expect(wordsOfField('sequenceType', content)).toBe('sequenceType')
    expect(wordsOfPath('lines.3.sku')).toBe('Line 4 SKU')
  })
})

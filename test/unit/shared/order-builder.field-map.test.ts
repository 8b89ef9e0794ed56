import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  controlIdOf,
  emptyDraftContent,
  emptyDraftLine,
  formTargetOf,
  type DraftContent,
} from '../../../src/shared/order-builder'

function orderWithLines(n: number): DraftContent {
  const c = emptyDraftContent('order')
  c.lines = Array.from({ length: n }, (_, i) => emptyDraftLine(`k${i}`))
  return c
}

describe('formTargetOf: a service field path → the builder control', () => {
  const order = orderWithLines(5)

  it('maps a line cell to that line (0-based: lines.3 is the fourth line)', () => {
    expect(formTargetOf('lines.3.vatAmount', order)).toEqual({
      path: 'lines.3.vatAmount',
      controlId: 'pd-f-lines-3-vatAmount',
      lineIndex: 3,
      inLineDetails: false,
    })
  })

  it('maps detail fields so the line details get opened', () => {
    expect(formTargetOf('lines.1.sku', order)).toMatchObject({ path: 'lines.1.sku', lineIndex: 1, inLineDetails: true })
    expect(formTargetOf('lines.0.metadata', order)).toMatchObject({ inLineDetails: true })
  })

  it('maps address fields and the parts of an Amount', () => {
    expect(formTargetOf('billingAddress.email', order)?.controlId).toBe('pd-f-billingAddress-email')
    // The service names the part (issue 14 item 10): a value is the Amount's control, a currency
    // the form's one currency control.
    expect(formTargetOf('amount.value', order)?.path).toBe('amount')
    expect(formTargetOf('lines.0.unitPrice.value', order)?.path).toBe('lines.0.unitPrice')
    expect(formTargetOf('lines.2.unitPrice.currency', order)?.path).toBe('currency')
    expect(formTargetOf('amount.currency', order)?.controlId).toBe('pd-f-currency')
  })

  it('shows a shipping field on the billing address while "same as billing" is on', () => {
    expect(formTargetOf('shippingAddress.city', { ...order, shippingSameAsBilling: true })?.path).toBe(
      'billingAddress.city',
    )
    expect(formTargetOf('shippingAddress.city', { ...order, shippingSameAsBilling: false })?.path).toBe(
      'shippingAddress.city',
    )
  })

  it('maps a whole line to its name and "lines" or a missing line to the add button', () => {
    expect(formTargetOf('lines.2', order)?.path).toBe('lines.2.name')
    expect(formTargetOf('lines', order)?.path).toBe('lines.add')
    expect(formTargetOf('lines.9.name', order)?.path).toBe('lines.add')
  })

  it('maps payment fields: description lines, the typed amount without lines', () => {
    const payment = { ...emptyDraftContent('payment'), lines: [emptyDraftLine('a')] }
    expect(formTargetOf('amount', payment)?.path).toBe('paymentAmount')
    expect(formTargetOf('lines.0.description', { ...payment, paymentWithLines: true })?.path).toBe('lines.0.name')
    expect(formTargetOf('lines.0.description', payment)).toBeNull()
    expect(formTargetOf('amount', { ...payment, paymentWithLines: true })?.path).toBe('amount')
    expect(formTargetOf('description', payment)?.path).toBe('description')
  })

  it('maps profileId/testmode only for organization tokens', () => {
    expect(formTargetOf('profileId', order)).toBeNull()
    expect(formTargetOf('profileId', order, { organizationToken: true })?.path).toBe('profileId')
  })

  it('answers null for empty, unknown or non-string fields', () => {
    expect(formTargetOf('', order)).toBeNull()
    expect(formTargetOf(null, order)).toBeNull()
    expect(formTargetOf('description', order)).toBeNull()
    expect(formTargetOf('sequenceType', order)).toBeNull()
  })

  it('never throws and always yields an id derived from its path', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 6 }), (field, n) => {
        const t = formTargetOf(field, orderWithLines(n))
        if (t) {
          expect(t.controlId).toBe(controlIdOf(t.path))
          if (t.lineIndex !== null) expect(t.lineIndex).toBeLessThan(n)
        }
      }),
    )
  })
})

import { describe, expect, it } from 'vitest'
import type { Payment } from '../../../../../src/shared/api-types'
import { PAYMENT_STATE_WORDS, paymentState } from '../../../../../src/shared/story/payment-story'
import {
  cellMayOverflow,
  DEFAULT_FIT,
  dateSamples,
  fitFromMeasures,
  knownOrMeasuredFit,
  type ColumnFit,
  probeTexts,
} from '../../../../../src/renderer/src/features/payments/column-fit'
import { COLUMN_WIDTHS } from '../../../../../src/renderer/src/features/payments/fit-columns'
import { formatLocalDateTime } from '../../../../../src/renderer/src/lib/format'
import { rowText } from '../../../../../src/renderer/src/features/payments/row-text'

const payment = (over: Partial<Payment> = {}): Payment =>
  ({
    resource: 'payment',
    id: 'tr_WDqYK6vllg',
    mode: 'test',
    status: 'paid',
    createdAt: '2026-11-26T12:43:52+00:00',
    amount: { currency: 'EUR', value: '39.95' },
    description: 'Order 1',
    ...over,
  }) as Payment

describe('payments columns sized to what they show', () => {
  it('measures every state word and method the list can show, refunds and chargebacks included', () => {
    const words = probeTexts('en-US').status
    for (const p of [
      payment(),
      payment({ status: 'open' }),
      payment({ amountRefunded: { currency: 'EUR', value: '10.00' } }),
      payment({ amountRefunded: { currency: 'EUR', value: '39.95' } }),
      payment({ amountChargedBack: { currency: 'EUR', value: '39.95' } }),
    ]) {
      expect(words).toContain(paymentState(p).state.toLowerCase())
    }
    expect(PAYMENT_STATE_WORDS).toContain('Partly refunded')
    // The methods as the rows show them: in the agent's words, not the service's codes.
    const methods = probeTexts('en-US').method
    for (const m of ['bank transfer', 'card', 'iDEAL', 'SEPA direct debit']) expect(methods).toContain(m)
    expect(methods).not.toContain('banktransfer')
    for (const code of ['creditcard', 'klarnapaylater', 'paysafecard'] as const) {
      const p = payment({ method: code })
      expect(methods).toContain(rowText(p, 'en-US').method)
    }
  })

  it('samples the dates at their longest: every month, one- and two-digit hours, morning and evening', () => {
    const samples = dateSamples('en-US')
    // en-US: "Sep 28, 2026, 10:48:48 PM" is among the longest a date of this format can be.
    const longest = Math.max(...samples.map((s) => s.length))
    for (const month of [0, 4, 8, 11]) {
      for (const hour of [0, 1, 11, 12, 13, 23]) {
        const any = formatLocalDateTime(new Date(2026, month, 5, hour, 7, 9).toISOString(), 'en-US')
        expect(any.length).toBeLessThanOrEqual(longest)
      }
    }
    // Another locale gives its own texts.
    expect(dateSamples('de-DE')).not.toEqual(samples)
  })

  it('widens a column to its longest text, never narrows one, and counts the id characters that fit', () => {
    // A 7.2 px monospace character with 20 px of padding: ids of 10 and 20 characters.
    const fit = fitFromMeasures({ status: 141.3, method: 90, createdAt: 100, mode: 70, id10: 92, id20: 164 })
    expect(fit.widths['status']).toBe(143)
    expect(fit.widths['createdAt']).toBe(COLUMN_WIDTHS['createdAt'])
    expect(fit.widths['mode']).toBe(71)
    expect(fit.widths['method']).toBe(COLUMN_WIDTHS['method'])
    expect(fit.widths['description']).toBeUndefined()
    // (190 - 20 - 1) / 7.2 = 23.4
    expect(fit.idChars).toBe(23)
    // The fixed table is not changed.
    expect(COLUMN_WIDTHS['status']).toBe(110)
  })

  it('clips only a cell whose text may not fit its measured column', () => {
    const fit = fitFromMeasures({ status: 150, method: 100, createdAt: 210, mode: 70, id10: 92, id20: 164 })
    const p = payment()
    const text = rowText(p, 'en-US')
    // Measured columns with known texts: drawn whole, without a clip.
    const p2 = payment({ method: 'creditcard' })
    for (const id of ['id', 'status', 'method', 'createdAt', 'mode'])
      expect(cellMayOverflow(id, p2, rowText(p2, 'en-US'), fit)).toBe(false)
    expect(cellMayOverflow('method', payment({ method: null }), text, fit)).toBe(false)
    // Free text and amounts: always clipped with an ellipsis.
    for (const id of ['amount', 'description']) expect(cellMayOverflow(id, p, text, fit)).toBe(true)
    // Texts outside what was measured are clipped.
    const long = payment({ id: `tr_${'a'.repeat(40)}` })
    expect(cellMayOverflow('id', long, rowText(long, 'en-US'), fit)).toBe(true)
    const odd = payment({ status: 'some-new-status-of-the-service' as Payment['status'] })
    expect(cellMayOverflow('status', odd, rowText(odd, 'en-US'), fit)).toBe(true)
    const notDate = payment({ createdAt: 'yesterday afternoon, more or less' })
    expect(cellMayOverflow('createdAt', notDate, rowText(notDate, 'en-US'), fit)).toBe(true)
    const method = payment({ method: 'a-method-the-service-added-later' as Payment['method'] })
    expect(cellMayOverflow('method', method, rowText(method, 'en-US'), fit)).toBe(true)
    const mode = payment({ mode: 'staging' as Payment['mode'] })
    expect(cellMayOverflow('mode', mode, rowText(mode, 'en-US'), fit)).toBe(true)
    // Unmeasured: ids up to 16 characters.
    expect(DEFAULT_FIT.idChars).toBe(16)
  })
})

describe('knownOrMeasuredFit (the cache of use-column-fit.ts)', () => {
  const fit = fitFromMeasures({ status: 90, method: 80, createdAt: 150, mode: 40, id10: 70, id20: 140 })

  it('measures once per density and language, and keeps what it measured', () => {
    const kept = new Map<string, ColumnFit>()
    let measured = 0
    const measure = () => {
      measured += 1
      return fit
    }
    expect(knownOrMeasuredFit(kept, 'comfortable', 'en-GB', measure)).toBe(fit)
    expect(knownOrMeasuredFit(kept, 'comfortable', 'en-GB', measure)).toBe(fit)
    expect(measured).toBe(1)
    knownOrMeasuredFit(kept, 'compact', 'en-GB', measure)
    knownOrMeasuredFit(kept, 'comfortable', 'de-DE', measure)
    expect(measured).toBe(3)
  })

  it('keeps nothing when nothing could be measured, so the next try measures again', () => {
    const kept = new Map<string, ColumnFit>()
    expect(knownOrMeasuredFit(kept, 'comfortable', 'en-GB', () => null)).toBeNull()
    expect(kept.size).toBe(0)
    expect(knownOrMeasuredFit(kept, 'comfortable', 'en-GB', () => fit)).toBe(fit)
  })
})

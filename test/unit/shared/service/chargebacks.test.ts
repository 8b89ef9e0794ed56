// The SEPA reversal window (https://docs.mollie.com/docs/sepa-direct-debit: "Within 8 weeks").
import { describe, expect, it } from 'vitest'
import { SEPA_REVERSAL_WINDOW_MS, sepaReversalWindowEnd } from '../../../../src/shared/service/chargebacks'

const paidAt = '2026-11-18T09:00:00+00:00'
const debit = { method: 'directdebit', status: 'paid', paidAt, createdAt: '2026-11-18T08:00:00+00:00' }

describe('sepaReversalWindowEnd', () => {
  it('ends 8 weeks (56 days) after the money was taken', () => {
    expect(SEPA_REVERSAL_WINDOW_MS).toBe(56 * 86_400_000)
    expect(sepaReversalWindowEnd(debit, Date.parse('2026-11-28T00:00:00Z'))).toBe('2027-01-13T09:00:00.000Z')
  })

  it('is null once the window ended, for other methods and for payments not paid', () => {
    expect(sepaReversalWindowEnd(debit, Date.parse('2027-01-13T09:00:00Z'))).toBeNull()
    expect(sepaReversalWindowEnd({ ...debit, method: 'ideal' }, Date.parse('2026-11-28T00:00:00Z'))).toBeNull()
    expect(sepaReversalWindowEnd({ ...debit, status: 'failed' }, Date.parse('2026-11-28T00:00:00Z'))).toBeNull()
  })
})

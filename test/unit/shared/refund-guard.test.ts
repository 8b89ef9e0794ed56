// The refund guard's facts and words (issue 49 item 1), pure: what main read becomes what the dialog says.
import { describe, expect, it } from 'vitest'
import type { Chargeback, Payment, Refund } from '../../../src/shared/api-types'
import {
  buildRefundGuard,
  guardChange,
  refundHold,
  refundWarnings,
  RECENT_REFUND_MS,
} from '../../../src/shared/refund-guard'

const NOW = Date.parse('2026-11-28T10:00:00Z')
const words = { locale: 'en-GB', timeZone: 'UTC' }
const payment = {
  id: 'tr_1',
  status: 'paid',
  method: 'directdebit',
  amount: { currency: 'EUR', value: '100.00' },
  amountRefunded: { currency: 'EUR', value: '30.00' },
  amountRemaining: { currency: 'EUR', value: '40.00' },
  amountChargedBack: { currency: 'EUR', value: '30.00' },
  createdAt: '2026-11-18T09:00:00+00:00',
  paidAt: '2026-11-18T09:05:00+00:00',
} as Payment
const refund = (id: string, value: string, createdAt: string, status = 'refunded') =>
  ({ id, amount: { currency: 'EUR', value }, status, createdAt, description: '' }) as unknown as Refund
const chargeback = (id: string, reversedAt: string | null) =>
  ({
    id,
    amount: { currency: 'EUR', value: '30.00' },
    createdAt: '2026-11-27T08:00:00+00:00',
    reason: { code: 'MD06', description: 'Refund request by end customer' },
    reversedAt,
  }) as Chargeback

describe('buildRefundGuard', () => {
  const older = refund('re_old', '10.00', '2026-11-20T10:00:00+00:00')
  const recent = refund('re_new', '20.00', new Date(NOW - 12 * 60_000).toISOString(), 'pending')
  const guard = buildRefundGuard(
    payment,
    [older, recent],
    [chargeback('chb_open', null), chargeback('chb_rev', '2026-11-27T09:00:00+00:00')],
    NOW,
    (id) => (id === 're_new' ? 'this desk' : null),
  )

  it('lists every refund newest first, marks the last hour, and keeps only chargebacks not reversed', () => {
    expect(guard.refunds.map((r) => [r.id, r.recent, r.by])).toEqual([
      ['re_new', true, 'this desk'],
      ['re_old', false, null],
    ])
    expect(guard.openChargebacks.map((c) => c.id)).toEqual(['chb_open'])
    expect(guard.remaining).toEqual({ currency: 'EUR', value: '40.00' })
    expect(RECENT_REFUND_MS).toBe(3_600_000)
  })

  it('says the refund is held, why, and that a reason is needed', () => {
    expect(refundHold(guard, words)).toBe(
      "The customer's bank opened a chargeback of €30.00 on 27 Nov 2026 (“Refund request by end customer”): it is taking that money back already, so a refund now could pay the customer twice. The refund is held; send it anyway only with a reason, which is recorded.",
    )
    expect(refundHold(buildRefundGuard(payment, [], [], NOW), words)).toBeNull()
  })

  it('warns of the SEPA reversal window with its end, and of a refund made in the last hour', () => {
    expect(guard.sepaWindowEndsAt).toBe('2027-01-13T09:05:00.000Z')
    expect(refundWarnings(guard, words)).toEqual([
      'This is a SEPA direct debit: the customer can still have it reversed by their bank, no questions asked, until 13 Jan 2027. A refund now and a reversal later would pay them twice.',
      'A refund of €20.00 was made 12 minutes ago by this desk (pending). Make sure this one is not the same refund again.',
    ])
  })

  it('tells what changed since the agent saw it; nothing when the deciding facts are the same', () => {
    const before = buildRefundGuard(payment, [older], [], NOW)
    expect(guardChange(before.token, buildRefundGuard(payment, [older], [], NOW + 60_000))).toBeNull()
    expect(guardChange(before.token, buildRefundGuard(payment, [older, recent], [], NOW), words)).toBe(
      'The payment changed since you opened the refund: a refund of €20.00 was made at 9:48. Check the refund again before you send it.',
    )
    expect(guardChange(before.token, buildRefundGuard(payment, [older], [chargeback('chb_open', null)], NOW))).toMatch(
      /a chargeback is open now/,
    )
  })
})

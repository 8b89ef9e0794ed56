// "Stop charging me" (issue 49 item 6) in the agent's words: the account masked (never the whole
// IBAN), the interval, why an action does not apply, what it will do, and the sentence for the caller.
import { describe, expect, it } from 'vitest'
import type { MandateRow, SubscriptionRow } from '../../../../src/shared/ipc/recurring'
import {
  cancelNotApplicable,
  cancelWillDo,
  intervalWords,
  maskedAccount,
  revokeNotApplicable,
  revokeWillDo,
  stoppedDone,
  stoppedForCaller,
} from '../../../../src/shared/story/recurring-words'

const words = { locale: 'en-GB', timeZone: 'UTC' }

const gym: SubscriptionRow = {
  id: 'sub_gym',
  description: 'Gym monthly',
  amount: { currency: 'EUR', value: '29.95' },
  interval: '1 month',
  status: 'active',
  method: null,
  nextPaymentDate: '2026-12-01',
  startDate: '2026-09-01',
  createdAt: '2026-09-01T08:00:00+00:00',
  canceledAt: null,
  times: null,
  timesCharged: 3,
  moreCharges: false,
  lastPaidAt: '2026-11-01T00:00:00+00:00',
  underWay: null,
}

const sepa: MandateRow = {
  id: 'mdt_1',
  method: 'directdebit',
  account: 'NL…0000',
  holder: 'Gym Goer',
  status: 'valid',
  since: '2026-09-01',
  reference: null,
  subscriptionIds: ['sub_gym'],
}

describe('recurring words', () => {
  it('masks the account: an IBAN by country and last four, a card by label and last four, PayPal by domain', () => {
    expect(maskedAccount({ method: 'directdebit', details: { consumerAccount: 'NL55 INGB 0000 0001 23' } })).toBe(
      'NL…0123',
    )
    expect(maskedAccount({ method: 'creditcard', details: { cardNumber: '6787', cardLabel: 'Mastercard' } })).toBe(
      'Mastercard ending 6787',
    )
    expect(maskedAccount({ method: 'paypal', details: { consumerAccount: 'sanne@example.com' } })).toBe(
      's…@example.com',
    )
    expect(maskedAccount({ method: 'directdebit', details: {} })).toBeNull()
  })

  it('tells the interval in words', () => {
    expect(['1 month', '3 months', '1 week', '14 days', 'soon'].map(intervalWords)).toEqual([
      'every month',
      'every 3 months',
      'every week',
      'every 14 days',
      'soon',
    ])
  })

  it('gives the caller the sentence after a cancel, with the last payment', () => {
    expect(stoppedForCaller({ mandate: null, subscriptions: [gym] }, words)).toBe(
      'We have stopped your subscription “Gym monthly”; no further payments will be taken. The last payment was on 1 Nov.',
    )
    expect(
      stoppedForCaller({ mandate: null, subscriptions: [{ ...gym, timesCharged: 0, lastPaidAt: null }] }, words),
    ).toBe(
      'We have stopped your subscription “Gym monthly”; no further payments will be taken. No payment was taken under it.',
    )
    // Payments that could not be read: no claim either way.
    expect(
      stoppedForCaller({ mandate: null, subscriptions: [{ ...gym, timesCharged: null, lastPaidAt: null }] }, words),
    ).toBe('We have stopped your subscription “Gym monthly”; no further payments will be taken.')
    // A failed charge is no payment taken; one still being collected is named, not hidden.
    const collecting = { ...gym, underWay: { amount: gym.amount, createdAt: '2026-11-26T00:00:00+00:00' } }
    expect(stoppedForCaller({ mandate: null, subscriptions: [collecting] }, words)).toBe(
      'We have stopped your subscription “Gym monthly”; no further payments will be taken. The last payment was on 1 Nov. A payment of €29.95 started on 26 Nov is still being collected; this does not stop it.',
    )
    expect(stoppedDone({ mandate: null, subscriptions: [gym] }, words)).toBe(
      'The subscription “Gym monthly” (€29.95 every month) is canceled: no further payments will be taken.',
    )
  })

  it('gives the caller the sentence after a revoke, naming the subscriptions that stopped with it', () => {
    expect(stoppedForCaller({ mandate: sepa, subscriptions: [gym] }, words)).toBe(
      'We have canceled your permission for us to take payments from your bank account ending 0000; no further payments will be taken with it. Your subscription “Gym monthly” stopped with it. The last payment was on 1 Nov.',
    )
    expect(revokeWillDo(sepa, [gym], words)).toBe(
      'Revoking means no further payments can be taken with this mandate (SEPA Direct Debit, NL…0000). The service also cancels every subscription that uses it: “Gym monthly” (€29.95 every month). It cannot be undone: to charge this customer again, they must give a new mandate.',
    )
  })

  it('says what a cancel will do, and why an action does not apply', () => {
    expect(cancelWillDo(gym, words)).toMatch(
      /^Canceling stops the subscription “Gym monthly” \(€29\.95 every month\): its next payment, on 1 Dec, will not be taken, nor any after it\./,
    )
    expect(cancelNotApplicable(gym, words)).toBeNull()
    expect(cancelNotApplicable({ ...gym, status: 'canceled', canceledAt: '2026-11-20T10:00:00+00:00' }, words)).toBe(
      'the subscription “Gym monthly” was already canceled on 20 Nov; no further payments will be taken.',
    )
    expect(cancelNotApplicable({ ...gym, status: 'completed' }, words)).toMatch(/has ended: it took all its payments/)
    expect(revokeNotApplicable(sepa)).toBeNull()
    expect(revokeNotApplicable({ ...sepa, status: 'invalid' })).toBe(
      'the mandate for NL…0000 was already revoked (or is no longer valid); no payments can be taken with it.',
    )
  })
})

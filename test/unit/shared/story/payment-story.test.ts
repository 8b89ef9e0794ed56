import { describe, expect, it } from 'vitest'
import type { Refund } from '../../../../src/shared/api-types'
import { paymentState, paymentStory } from '../../../../src/shared/story/payment-story'
import { chargeback, payment, refund, words } from '../../helpers/story-objects'

describe('the headline of a payment', () => {
  it('says how it was paid, when, and how much of it went back', () => {
    const p = payment({ amountRefunded: { currency: 'EUR', value: '20.00' } })
    expect(paymentStory(p, { words }).headline).toBe('Paid with iDEAL on 23 Nov at 19:42 · €20.00 refunded of €59.95')
  })

  it('names the reason of a failed card payment in words, not its code', () => {
    const p = payment({
      status: 'failed',
      method: 'creditcard',
      paidAt: undefined,
      failedAt: '2026-11-23T19:41:00Z',
      details: { failureReason: 'insufficient_funds' },
    })
    const story = paymentStory(p, { words })
    expect(story.headline).toBe('Failed on 23 Nov at 19:41: €59.95 with card was not paid')
    expect(story.why).toBe('The card payment was refused: The card has insufficient funds.')
    expect(story.timeline.at(-1)?.text).toBe('Failed: The card payment was refused: The card has insufficient funds.')
    expect(JSON.stringify(story)).not.toMatch(/insufficient_funds/)
    expect(story.tone).toBe('problem')
  })

  it('says an open bank transfer is waiting for the money, since when', () => {
    const p = payment({ status: 'open', method: 'banktransfer', paidAt: undefined, createdAt: '2026-11-20T08:00:00Z' })
    expect(paymentStory(p, { words }).headline).toBe('Open: waiting for the bank transfer of €59.95 since 20 Nov')
  })
})

describe('the state the lists show', () => {
  const refunded = (value: string) => ({ amountRefunded: { currency: 'EUR', value } })
  const withRefunds = (...statuses: Refund['status'][]) => ({
    _embedded: { refunds: statuses.map((status) => refund({ status })) },
  })

  it('reads a paid payment read with its refunds as Refunded, Partly refunded or Refund on its way; a chargeback first', () => {
    expect(paymentState(payment()).state).toBe('Paid')
    expect(paymentState(payment({ ...refunded('59.95'), ...withRefunds('refunded') })).state).toBe('Refunded')
    expect(paymentState(payment({ ...refunded('0.01'), ...withRefunds('refunded') })).state).toBe('Partly refunded')
    expect(paymentState(payment({ ...refunded('59.95'), ...withRefunds('refunded', 'pending') })).state).toBe(
      'Refund on its way',
    )
    expect(paymentState(payment({ ...refunded('59.95'), ...withRefunds('queued') })).state).toBe('Refund on its way')
    expect(paymentState(payment(refunded('0.00'))).state).toBe('Paid')
    expect(
      paymentState(payment({ amountChargedBack: { currency: 'EUR', value: '59.95' }, amountRefunded: undefined }))
        .state,
    ).toBe('Charged back')
    expect(paymentState(payment({ status: 'expired' })).state).toBe('Expired')
  })

  it('reads a list row (no refunds read) by what it knows: a refund made, never Refunded', () => {
    const row = payment({ ...refunded('59.95'), _embedded: undefined })
    expect(paymentState(row).state).toBe('Refund made')
    expect(paymentState(payment({ ...refunded('0.01'), _embedded: undefined })).state).toBe('Part refund made')
    // The refunds read for the view decide for the same row.
    expect(paymentState(row, [{ status: 'pending' }]).state).toBe('Refund on its way')
    expect(paymentState(row, [{ status: 'refunded' }]).state).toBe('Refunded')
  })

  it('tells the list and the view the same for a refund still pending', () => {
    const p = payment({ ...refunded('59.95'), ...withRefunds('pending') })
    expect(paymentStory(p, { words }).state).toBe('Refund on its way')
    expect(paymentState({ ...p, _embedded: undefined }).state).not.toBe('Refunded')
  })
})

describe('the timeline of a payment', () => {
  it('holds its moments, each refund, each chargeback and each webhook attempt, oldest first', () => {
    const p = payment({
      _embedded: { refunds: [refund()], chargebacks: [chargeback({ amount: { currency: 'EUR', value: '39.95' } })] },
    })
    const story = paymentStory(p, {
      words,
      deliveries: [
        {
          url: 'https://shop.example/hook',
          state: 'retrying',
          attempts: [
            { at: '2026-11-23T19:42:01Z', status: 500, error: null },
            { at: '2026-11-23T19:43:01Z', status: null, error: 'timeout' },
          ],
          nextAttemptAt: '2026-11-23T20:43:01Z',
        },
      ],
    })
    expect(story.timeline.map((e) => e.text)).toEqual([
      'Created for €59.95',
      'Paid with iDEAL',
      'Webhook: your shop answered 500',
      'Webhook: your shop did not answer (timeout) (retry 1)',
      'Webhook: next try 23 Nov, 20:43',
      'Refund of €20.00 pending: it goes to the bank with the next batch (“Damaged box”)',
      "Chargeback of €39.95: the customer's bank took the money back: Account closed",
    ])
    expect(story.timeline.map((e) => e.tone)).toEqual([
      'neutral',
      'done',
      'problem',
      'problem',
      'waiting',
      'waiting',
      'problem',
    ])
  })

  it('tells a webhook the host did not allow (issue 45 item 1) as not sent, why, and what the service would do', () => {
    const story = paymentStory(payment(), {
      words,
      deliveries: [
        {
          url: 'http://exfil.example:4351/c?d=jan@example.com',
          state: 'not-allowed',
          attempts: [{ at: '2026-11-23T19:42:01Z', status: null, error: 'Not sent: host not allowed. …' }],
          nextAttemptAt: null,
        },
      ],
    })
    expect(story.timeline.at(-1)).toEqual({
      at: '2026-11-23T19:42:01Z',
      tone: 'problem',
      text:
        'Webhook not sent: host not allowed. The Sandbox calls exfil.example only after you allow it (Paydesk asks ' +
        'once per host name); the payment service itself would call the shop here.',
    })
  })

  it('uses no API field name in the headline or the timeline', () => {
    const p = payment({ status: 'authorized', paidAt: undefined, authorizedAt: '2026-11-23T19:41:00Z' })
    const story = paymentStory(p, { words })
    const text = [story.headline, ...story.timeline.map((e) => e.text)].join(' ')
    expect(text).not.toMatch(/[a-z][A-Z]|_/)
    expect(story.headline).toBe('Authorized on 23 Nov at 19:41: €59.95 reserved, not yet captured')
  })
})

import { describe, expect, it } from 'vitest'
import type { Payment } from '../../../../src/shared/api-types'
import type { TellShopResult } from '../../../../src/shared/ipc/tell-shop'
import type { DeliveryRecord } from '../../../../src/shared/deliveries'
import { shopBanner, shopDeveloperNote } from '../../../../src/shared/story/shop-told'
import type { ActionRecordEntry } from '../../../../src/shared/team-record'

const words = { locale: 'en-GB', timeZone: 'UTC' }
const paid = { status: 'paid', webhook: true } as const

function delivery(statuses: (number | null)[], state: DeliveryRecord['state'] = 'retrying'): DeliveryRecord {
  return {
    url: 'https://shop.example/hook',
    state,
    attempts: statuses.map((status, i) => ({
      at: new Date(Date.UTC(2026, 10, 28, 10, 42 + i)).toISOString(),
      status,
      error: status === null ? 'getaddrinfo ENOTFOUND shop.example' : null,
    })),
    nextAttemptAt: null,
  }
}

function told(at: string, status: number | null, result: 'done' | 'refused'): ActionRecordEntry {
  return {
    id: 'r',
    seq: 1,
    at,
    agent: 'anna',
    desk: 'd',
    action: 'tell-the-shop',
    object: { kind: 'payment', id: 'tr_1' },
    amount: null,
    idempotencyKey: null,
    ticket: null,
    reason: null,
    outcome: { result, status, resultId: null, summary: '' },
    prevHash: '0',
    hash: '1',
  }
}

describe('the banner of a paid payment the shop was not told about', () => {
  it('says what the shop answered and since when', () => {
    expect(shopBanner(paid, [delivery([500, 500])], [], words)?.sentence).toBe(
      'Your shop was not told this payment is paid: it answered 500 since 28 Nov, 10:42.',
    )
    expect(shopBanner(paid, [delivery([null])], [], words)?.sentence).toBe(
      'Your shop was not told this payment is paid: it did not answer since 28 Nov, 10:42.',
    )
  })

  it('shows nothing when the payment is not paid, the shop took a call, or the Sandbox never called', () => {
    expect(shopBanner({ status: 'open', webhook: true }, [delivery([500])], [], words)).toBeNull()
    expect(shopBanner(paid, [delivery([500, 200], 'delivered')], [], words)).toBeNull()
    // A later series the shop took (the payment's next status change) means it was told.
    const later: DeliveryRecord = {
      url: 'https://shop.example/hook',
      state: 'delivered',
      attempts: [{ at: '2026-11-28T11:00:00Z', status: 204, error: null }],
      nextAttemptAt: null,
    }
    expect(shopBanner(paid, [delivery([500]), later], [], words)).toBeNull()
    expect(shopBanner(paid, [delivery([null], 'not-allowed')], [], words)).toBeNull()
    expect(shopBanner(paid, [], [], words)).toBeNull()
  })

  it('after Tell the shop again: what the shop answered then', () => {
    const failed = [delivery([500])]
    expect(shopBanner(paid, failed, [told('2026-11-28T10:50:00Z', 200, 'done')], words)).toMatchObject({
      tone: 'done',
      sentence: 'The shop was told again 28 Nov, 10:50: it answered 200.',
    })
    expect(shopBanner(paid, failed, [told('2026-11-28T10:50:00Z', 500, 'refused')], words)?.sentence).toBe(
      'Your shop was not told this payment is paid: told again 28 Nov, 10:50, it answered 500. Send its developer the note.',
    )
  })
})

describe('on a connection that does not show the service’s calls (not the built-in Sandbox)', () => {
  it('offers the call without claiming a failure, for a paid payment the service calls a shop about', () => {
    expect(shopBanner(paid, null, [], words)).toMatchObject({
      tone: 'neutral',
      sentence:
        'This connection does not show the payment service’s calls to the shop. If the shop says it was not told this payment is paid, tell it again.',
    })
    expect(shopBanner({ status: 'paid', webhook: false }, null, [], words)).toBeNull()
    expect(shopBanner({ status: 'open', webhook: true }, null, [], words)).toBeNull()
    expect(shopBanner(paid, null, [told('2026-11-28T10:50:00Z', 204, 'done')], words)?.sentence).toBe(
      'The shop was told again 28 Nov, 10:50: it answered 204.',
    )
  })
})

describe('the note for the shop’s developer', () => {
  it('names the payment, every failed call, and the call Paydesk sent with its answer', () => {
    const payment = {
      id: 'tr_1',
      amount: { value: '20.00', currency: 'EUR' },
      paidAt: '2026-11-28T10:41:00Z',
      status: 'paid',
    } as Payment
    const banner = shopBanner(paid, [delivery([500, null])], [], words)
    const sent: TellShopResult = {
      url: 'https://shop.example/hook',
      objectId: 'tr_1',
      body: 'id=tr_1',
      answer: { at: '2026-11-28T10:50:00.000Z', status: 500, failure: null, durationMs: 120 },
      sentence: '',
      requestId: 'tell_1',
    }
    const note = shopDeveloperNote(payment, banner, sent)
    for (const part of [
      'Payment tr_1 (€20.00) is paid since 2026-11-28T10:41:00.000Z.',
      '  2026-11-28T10:42:00.000Z  HTTP 500',
      '  2026-11-28T10:43:00.000Z  no answer (getaddrinfo ENOTFOUND shop.example)',
      'At 2026-11-28T10:50:00.000Z we sent your webhook the same call again',
      '  POST https://shop.example/hook',
      '  id=tr_1',
      'Your shop answered HTTP 500 after 120 ms.',
    ]) {
      expect(note).toContain(part)
    }
  })
})

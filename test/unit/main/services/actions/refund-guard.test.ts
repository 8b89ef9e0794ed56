/**
 * The collision guard decided in main (issue 49 item 1), with a scripted client: main reads the
 * payment with its refunds and chargebacks before a refund; an open chargeback holds the refund
 * unless a reason is given (and the reason goes with the request); a refund made since the dialog
 * opened (a colleague's) stops the send; a read that fails sends nothing.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ApiError } from '../../../../../src/main/api'
import type { Chargeback, Payment, Refund } from '../../../../../src/shared/api-types'
import { actionsOverClient, scriptedPayment } from '../../../helpers/actions-over-client'
import { chargeback as storyChargeback } from '../../../helpers/story-objects'

const NOW = Date.parse('2026-03-12T10:00:00Z')

function paymentWith(refunds: Refund[], chargebacks: Chargeback[], extra: Partial<Payment> = {}): Payment {
  // Paid with a card, 100.00 EUR of which 70.00 is left to refund.
  const amounts = { amount: amount('100.00'), amountRemaining: amount('70.00') }
  return scriptedPayment({
    id: 'tr_00000000GUARD',
    method: 'creditcard',
    ...amounts,
    _embedded: { refunds, chargebacks },
    ...extra,
  })
}

// An open chargeback of 30.00 EUR, two days before NOW.
const chargeback = storyChargeback({
  id: 'chb_0000000001',
  amount: { currency: 'EUR', value: '30.00' },
  createdAt: '2026-03-10T08:00:00+00:00',
  paymentId: 'tr_00000000GUARD',
})

const colleagues = {
  resource: 'refund',
  id: 're_0000000COLL',
  status: 'pending',
  description: '',
  amount: { currency: 'EUR', value: '20.00' },
  createdAt: '2026-03-12T09:58:00+00:00',
} as unknown as Refund

let dataDir: string
let calls: string[]
let reads: (() => Payment)[]

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'paydesk-guard-unit-'))
  calls = []
  reads = []
})

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

/** A service whose client answers the payment reads in turn (the last answer repeats). */
function service() {
  let read = 0
  const client = {
    getPayment: async (_id: string, opts?: { embed?: string[] }) => {
      calls.push(`getPayment ${opts?.embed?.join(',') ?? ''}`)
      const next = reads[Math.min(read++, reads.length - 1)]
      if (!next) throw new Error('no read scripted')
      return next()
    },
    listRefunds: async () => {
      calls.push('listRefunds')
      return { count: 0, _embedded: { refunds: [] }, _links: {} }
    },
    createRefund: async (_id: string, body: { amount: { value: string } }, opts?: { origin?: { action: string } }) => {
      calls.push(`createRefund ${body.amount.value} (${opts?.origin?.action ?? ''})`)
      return { ...colleagues, id: 're_0000000MINE', amount: body.amount }
    },
  }
  return actionsOverClient(client, {
    dataDir,
    record: () => {},
    now: () => NOW,
  })
}

const amount = (value: string) => ({ currency: 'EUR', value })

describe('the refund guard in main', () => {
  it('holds a refund on a payment with an open chargeback; a typed reason sends it and goes with the request', async () => {
    reads = [() => paymentWith([], [chargeback])]
    const actions = service()
    const { guard } = await actions.refundGuard({ paymentId: 'tr_00000000GUARD' })
    expect(guard.openChargebacks).toEqual([
      { id: 'chb_0000000001', amount: amount('30.00'), createdAt: chargeback.createdAt, reason: 'Account closed' },
    ])
    const refund = { paymentId: 'tr_00000000GUARD', amount: amount('70.00'), seen: guard.token }
    await expect(actions.refund(refund)).rejects.toThrow(/chargeback of €30\.00.*The refund is held/)
    await expect(actions.refund({ ...refund, holdReason: '  short ' })).rejects.toThrow(/held/)
    expect(calls.filter((c) => c.startsWith('createRefund'))).toEqual([])
    await actions.refund({ ...refund, holdReason: 'Merchant agreed with the bank on the phone' })
    expect(calls.filter((c) => c.startsWith('createRefund'))).toEqual([
      'createRefund 70.00 (refund despite open chargeback, reason: Merchant agreed with the bank on the phone)',
    ])
  })

  it('refuses a refund when a colleague refunded since the dialog opened, naming that refund', async () => {
    reads = [() => paymentWith([], []), () => paymentWith([colleagues], [], { amountRemaining: amount('80.00') })]
    const actions = service()
    const { guard } = await actions.refundGuard({ paymentId: 'tr_00000000GUARD' })
    expect(guard.refunds).toEqual([])
    await expect(
      actions.refund({ paymentId: 'tr_00000000GUARD', amount: amount('50.00'), seen: guard.token }),
    ).rejects.toThrow(/changed since you opened the refund: a refund of €20\.00 was made at/)
    expect(calls).toEqual(['getPayment refunds,chargebacks', 'getPayment refunds,chargebacks'])
    // Seen now (the dialog read again), it goes through, and the new refund is named as this desk's.
    const again = await actions.refundGuard({ paymentId: 'tr_00000000GUARD' })
    expect(again.guard.refunds).toMatchObject([{ id: 're_0000000COLL', recent: true, by: null }])
    await actions.refund({ paymentId: 'tr_00000000GUARD', amount: amount('50.00'), seen: again.guard.token })
    reads = [() => paymentWith([colleagues, { ...colleagues, id: 're_0000000MINE' }], [])]
    const after = await actions.refundGuard({ paymentId: 'tr_00000000GUARD' })
    expect(after.guard.refunds.map((r) => r.by)).toContain('this desk')
  })

  it('a refund sent without the guard goes through only when there is nothing to tell', async () => {
    reads = [() => paymentWith([colleagues], [])]
    const actions = service()
    await expect(actions.refund({ paymentId: 'tr_00000000GUARD', amount: amount('5.00') })).rejects.toThrow(
      /open the refund dialog/,
    )
    reads = [() => paymentWith([], [])]
    await actions.refund({ paymentId: 'tr_00000000GUARD', amount: amount('5.00') })
    expect(calls.filter((c) => c.startsWith('createRefund'))).toEqual(['createRefund 5.00 (refund)'])
  })

  it.each([
    ['503', new ApiError({ kind: 'http', status: 503, message: 'Service Unavailable' }), /answered 503/],
    ['429', new ApiError({ kind: 'http', status: 429, message: 'Too Many Requests' }), /answered 429/],
    ['no answer', new ApiError({ kind: 'network', message: 'ECONNRESET' }), /connection failed/],
  ])('a read that fails (%s) sends nothing and says so', async (_name, error, words) => {
    reads = [
      () => {
        throw error
      },
    ]
    const actions = service()
    await expect(actions.refundGuard({ paymentId: 'tr_00000000GUARD' })).rejects.toThrow(words)
    await expect(actions.refund({ paymentId: 'tr_00000000GUARD', amount: amount('5.00') })).rejects.toThrow(
      /Nothing was sent: Paydesk could not read tr_00000000GUARD fresh just now .* never sends a refund on an older reading/,
    )
    expect(calls.filter((c) => c.startsWith('createRefund'))).toEqual([])
  })

  it('names a SEPA direct debit still inside its 8-week reversal window, with the day it ends', async () => {
    reads = [
      () =>
        paymentWith([], [], {
          method: 'directdebit',
          paidAt: '2026-03-02T09:00:00+00:00',
        }),
    ]
    const { guard } = await service().refundGuard({ paymentId: 'tr_00000000GUARD' })
    expect(guard.sepaWindowEndsAt).toBe('2026-04-27T09:00:00.000Z')
  })
})

/**
 * The refund's check for a refund already made, when the service answers the payment read without
 * the embedded refunds it was asked for: main then reads the refunds list, and still refuses.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Payment } from '../../../../../src/shared/api-types'
import { actionsOverClient, scriptedPayment, scriptedRefund } from '../../../helpers/actions-over-client'

const NOW = Date.parse('2026-03-02T10:00:00Z')
const payment = scriptedPayment({
  amountRefunded: { currency: 'EUR', value: '4.00' },
  amountRemaining: { currency: 'EUR', value: '26.00' },
})
const earlier = scriptedRefund('re_00000000BBBB', '4.00', '2026-03-02T09:50:00+00:00')

let dataDir: string
let calls: string[]

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'paydesk-refund-unit-'))
  calls = []
})

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

function service(read: Payment) {
  const client = {
    getPayment: async (_id: string, opts?: { embed?: string[] }) => {
      calls.push(`getPayment ${opts?.embed?.join(',') ?? ''}`)
      return read
    },
    listRefunds: async () => {
      calls.push('listRefunds')
      return { count: 1, _embedded: { refunds: [earlier] }, _links: {} }
    },
    createRefund: async () => {
      calls.push('createRefund')
      return earlier
    },
  }
  return actionsOverClient(client, {
    dataDir,
    record: () => {},
    now: () => NOW,
  })
}

describe('refund: a refund already made', () => {
  it('is found in the refunds the payment was read with, without a second request', async () => {
    const actions = service({ ...payment, _embedded: { refunds: [earlier] } })
    await expect(actions.refund({ paymentId: payment.id, amount: { currency: 'EUR', value: '4.00' } })).rejects.toThrow(
      /already made/,
    )
    expect(calls).toEqual(['getPayment refunds,chargebacks'])
  })

  it('is looked up in the refunds list when the answer carried no embedded refunds', async () => {
    const actions = service(payment)
    await expect(actions.refund({ paymentId: payment.id, amount: { currency: 'EUR', value: '4.00' } })).rejects.toThrow(
      /already made/,
    )
    expect(calls).toEqual(['getPayment refunds,chargebacks', 'listRefunds'])
  })
})

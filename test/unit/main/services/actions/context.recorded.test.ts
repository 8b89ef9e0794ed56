/**
 * Every write the actions send is recorded with the service's answer (issue 50 item 2): done with the
 * object it made, refused with the service's status, or unknown when the answer was lost. The record
 * is decided here in main, from what the client returned or threw.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ApiError } from '../../../../../src/main/api/call/errors'
import type { Payment, Refund } from '../../../../../src/shared/api-types'
import type { NewActionRecord } from '../../../../../src/shared/team-record'
import { actionsOverClient, scriptedPayment, scriptedRefund } from '../../../helpers/actions-over-client'

const payment = scriptedPayment({ _embedded: { refunds: [] } })
const made = scriptedRefund('re_00000000CCCC', '12.50', '2026-03-02T10:00:00+00:00')

let dataDir: string
let records: NewActionRecord[]
let sentBodies: unknown[]

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'paydesk-recorded-unit-'))
  records = []
  sentBodies = []
})

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

function service(answer: () => Promise<Refund>, read: Payment = payment) {
  const client = {
    getPayment: async () => read,
    createRefund: async (_id: string, body: unknown, opts: { idempotencyKey?: string }) => {
      sentBodies.push({ body, key: opts.idempotencyKey })
      return answer()
    },
    cancelPayment: async () => ({ ...payment, status: 'canceled' }),
  }
  return actionsOverClient(client, {
    dataDir,
    record: (row) => records.push(row),
  })
}

const twelveFifty = { currency: 'EUR', value: '12.50' }

describe('every write is recorded with the service answer', () => {
  it('a refund done: amount, key, ticket (also in the refund metadata) and the refund made', async () => {
    const actions = service(async () => made)
    await actions.refund({ paymentId: payment.id, amount: twelveFifty, ticket: '4711' })
    const sent = sentBodies[0] as { body: { metadata?: unknown }; key: string }
    expect(sent.body.metadata).toEqual({ ticket: '4711' })
    expect(records).toEqual([
      expect.objectContaining({
        action: 'refund',
        object: { kind: 'payment', id: payment.id },
        amount: twelveFifty,
        idempotencyKey: sent.key,
        ticket: '4711',
        outcome: expect.objectContaining({ result: 'done', resultId: made.id }),
      }),
    ])
  })

  it('a refund the service refused: recorded as refused with its status, and the error still reaches the agent', async () => {
    const actions = service(async () => {
      throw new ApiError({ kind: 'http', status: 422, message: 'The amount is higher than the amount remaining.' })
    })
    await expect(actions.refund({ paymentId: payment.id, amount: twelveFifty })).rejects.toThrow(/amount remaining/)
    expect(records.map((r) => r.outcome)).toEqual([
      expect.objectContaining({ result: 'refused', status: 422, resultId: null }),
    ])
    expect(records[0]?.ticket).toBeNull()
  })

  it('a refund whose answer was lost: recorded as unknown (it may have taken effect)', async () => {
    const actions = service(async () => {
      throw new ApiError({ kind: 'timeout', message: 'The service did not answer in time.' })
    })
    await expect(actions.refund({ paymentId: payment.id, amount: twelveFifty })).rejects.toThrow(/in time/)
    expect(records.map((r) => r.outcome.result)).toEqual(['unknown'])
    expect(records[0]?.outcome.summary).toMatch(/may have taken effect/)
  })

  it('a cancel is recorded with the payment amount', async () => {
    const open = { ...payment, status: 'open', method: 'banktransfer', isCancelable: true } as Payment
    const actions = service(async () => made, open)
    await actions.cancelPayment({ paymentId: payment.id, ticket: 'SUP-9' })
    expect(records).toEqual([
      expect.objectContaining({
        action: 'cancel',
        object: { kind: 'payment', id: payment.id },
        amount: payment.amount,
        ticket: 'SUP-9',
        outcome: expect.objectContaining({ result: 'done' }),
      }),
    ])
  })

  it('nothing sent, nothing recorded: a refund main refuses before sending', async () => {
    const actions = service(async () => made)
    await expect(
      actions.refund({ paymentId: payment.id, amount: { currency: 'EUR', value: '99.00' } }),
    ).rejects.toThrow(/Nothing was sent/)
    expect(records).toEqual([])
  })
})

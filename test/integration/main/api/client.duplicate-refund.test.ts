// A duplicate refund (the sandbox's 409 for the same amount on the same payment within the window of
// src/shared/service/refunds.ts) reads in plain words through the real client, apart from the
// Idempotency-Key 409, and is not retried.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { completeCheckout, startSandbox, type RunningSandbox } from '../../../../src/sandbox/index'
import { explainRequest } from '../../../../src/shared/explanations'
import { validPaymentBody } from '../../../helpers/sandbox-fixtures'
import { TEST_KEY, recordingClient, rejection } from '../../helpers/api-client'

let sb: RunningSandbox
const eur = (value: string) => ({ currency: 'EUR', value })

beforeAll(async () => {
  sb = await startSandbox({
    seedPayments: 0,
    keys: [TEST_KEY],
    quotas: { test: { read: { q: 500, burst: 500 }, write: { q: 500, burst: 500 } } },
  })
})
afterAll(async () => {
  await sb.close()
})

describe('duplicate refund through the client', () => {
  it('says a refund of this amount was made less than an hour ago and what to do, not the idempotency text', async () => {
    const { client, events } = recordingClient(sb.baseUrl)
    const payment = await client.createPayment(validPaymentBody({ amount: eur('30.00') }))
    await completeCheckout(`${sb.origin}/checkout/${payment.id}`, 'paid')
    await client.createRefund(payment.id, { amount: eur('5.00') }, { idempotencyKey: 'dup-refund-1' })
    const error = await rejection(
      client.createRefund(payment.id, { amount: eur('5.00') }, { idempotencyKey: 'dup-refund-2' }),
    )
    expect(error.status).toBe(409)
    // https://docs.mollie.com/overview/handling-errors: the 409 names no field.
    expect(error.field ?? null).toBeNull()
    expect(error.message).toMatch(/^A refund of this amount was made on this payment less than an hour ago; /)
    expect(error.message).toMatch(/Check the payment's refunds/)
    expect(error.message).not.toMatch(/idempotency/i)
    // Final: sent once, not retried as a busy key would be.
    expect(events.filter((e) => e.idempotencyKey === 'dup-refund-2')).toHaveLength(1)
    const explained = explainRequest({
      method: 'POST',
      status: 409,
      errorKind: 'http',
      field: error.field,
      detail: error.detail,
      attempts: 1,
      idempotencyKey: 'dup-refund-2',
    })
    expect(explained.title).toBe('409 · duplicate refund')
    expect(explained.text).toMatch(/^A refund of this amount was made on this payment less than an hour ago; /)
    expect((await client.getPayment(payment.id)).amountRemaining).toEqual(eur('25.00'))
    client.dispose()
  })

  it('an Idempotency-Key 409 still reads as the key being processed', () => {
    const explained = explainRequest({
      method: 'POST',
      status: 409,
      errorKind: 'http',
      detail: 'A request with this Idempotency-Key is still being processed.',
      attempts: 1,
      idempotencyKey: 'k',
    })
    expect(explained.title).toBe('409 · still being processed')
    expect(explained.text).toMatch(/idempotency key/)
  })
})

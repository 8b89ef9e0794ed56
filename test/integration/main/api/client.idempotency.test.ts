// The API client and the service's idempotency answers (https://docs.mollie.com/overview/api-idempotency):
// a replay is reported as one, a key reused for other values gets a clear 400 message, and a 409
// ("still being processed") is sent again with the same key until the first result comes back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSandboxAdmin, startSandbox, type RunningSandbox, type SandboxAdmin } from '../../../../src/sandbox/index'
import { validOrderBody, validPaymentBody } from '../../../helpers/sandbox-fixtures'
import { TEST_KEY, recordingClient, rejection } from '../../helpers/api-client'
import { present } from '../../../helpers/present'

let sb: RunningSandbox
let admin: SandboxAdmin
const generous = { q: 500, burst: 500 }

beforeAll(async () => {
  sb = await startSandbox({ seedPayments: 0, keys: [TEST_KEY], quotas: { test: { read: generous, write: generous } } })
  admin = createSandboxAdmin(sb.origin, sb.adminToken)
})

afterAll(async () => {
  await sb.close()
})

describe('API client and idempotency', () => {
  it('notes a replayed answer (Idempotent-Replayed: true) on the attempt', async () => {
    const { client, events } = recordingClient(sb.baseUrl)
    const first = await client.createPayment(validPaymentBody(), { idempotencyKey: 'client-replay' })
    const again = await client.createPayment(validPaymentBody(), { idempotencyKey: 'client-replay' })
    expect(again.id).toBe(first.id)
    expect(present(events[0]).notes.join(' ')).not.toMatch(/saved answer/)
    expect(events[1]?.notes.join(' ')).toMatch(/saved answer to the first request with this idempotency key/)
    client.dispose()
  })

  it('explains a 400 for a key already used with other values', async () => {
    const { client } = recordingClient(sb.baseUrl)
    await client.createPayment(validPaymentBody(), { idempotencyKey: 'client-reuse' })
    const e = await rejection(client.createOrder(validOrderBody('CLIENT-REUSE'), { idempotencyKey: 'client-reuse' }))
    expect(e.status).toBe(400)
    expect(e.attempts).toHaveLength(1)
    expect(e.message).toMatch(/idempotency key was already used for a request to another endpoint or with other values/)
    expect((await admin.stats()).ordersByNumber['CLIENT-REUSE']).toBeUndefined()
    client.dispose()
  })

  it('sends a 409 (first request still processing) again with the same key and gets the first result', async () => {
    const slow = recordingClient(sb.baseUrl, { timeouts: { connectMs: 1000, headersMs: 5000, bodyMs: 5000 } })
    const second = recordingClient(sb.baseUrl, { timeouts: { connectMs: 1000, headersMs: 5000, bodyMs: 5000 } })
    await admin.addFault({ path: '/v2/payments', method: 'POST', kind: 'latency', latencyMs: 600, count: 1 })
    const body = validPaymentBody({ description: 'client in flight' })
    const first = slow.client.createPayment(body, { idempotencyKey: 'client-409' })
    while ((await admin.stats()).idempotencyInFlight < 1) await new Promise((r) => setTimeout(r, 10))
    const duplicate = await second.client.createPayment(body, { idempotencyKey: 'client-409' })
    expect(duplicate.id).toBe((await first).id)
    expect(second.events.map((e) => e.status)).toEqual([409, 201])
    expect(second.events[1]?.notes.join(' ')).toMatch(/saved answer/)
    expect((await admin.stats()).idempotencyInFlight).toBe(0)
    slow.client.dispose()
    second.client.dispose()
  })
})

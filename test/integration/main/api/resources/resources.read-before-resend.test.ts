// Cancels and updates are safe against a resend without an Idempotency-Key, against the sandbox over
// real HTTP. https://docs.mollie.com/overview/api-idempotency: "All POST endpoints accept idempotency
// keys. Sending idempotency keys for GET, PATCH, or DELETE requests [...] These keys will thus always be
// ignored by the Mollie API." So the client sends none on PATCH and DELETE and, when it cannot tell
// whether one was done (lost answer, 5xx), reads the object before sending anything again.
import { describe, expect, it } from 'vitest'
import * as calls from '../../../../../src/main/api/resources/fulfilment'
import { completeCheckout } from '../../../../../src/sandbox/index'
import { validOrderBody, validPaymentBody } from '../../../../helpers/sandbox-fixtures'
import { present } from '../../../../helpers/present'
import { TEST_KEY, recordingClient, rejection, sandboxForFile } from '../../../helpers/api-client'

const env = sandboxForFile({
  keys: [TEST_KEY],
  quotas: { test: { read: { q: 500, burst: 500 }, write: { q: 500, burst: 500 } } },
})

/** The methods of the attempts, in order, and whether any PATCH or DELETE carried a key. */
function trail(events: { method: string; idempotencyKey?: string | null }[]) {
  return {
    methods: events.map((e) => e.method),
    keyed: events.some((e) => (e.method === 'PATCH' || e.method === 'DELETE') && e.idempotencyKey),
  }
}

describe('cancel and update: read before a resend, no Idempotency-Key on PATCH and DELETE', () => {
  it('a cancel whose answer was lost is read, found canceled and not sent again', async () => {
    const { client, events } = recordingClient(env.sb.baseUrl)
    const payment = await client.createPayment(validPaymentBody({ method: 'banktransfer' }))
    await env.admin.addFault({
      path: `/v2/payments/${payment.id}`,
      method: 'DELETE',
      kind: 'reset-after-headers',
      count: 1,
    })
    events.length = 0
    const canceled = await client.cancelPayment(payment.id)
    expect(canceled.status).toBe('canceled')
    expect(trail(events)).toEqual({ methods: ['DELETE', 'GET'], keyed: false })
    await env.admin.clearFaults()
    client.dispose()
  })

  it('a cancel refused with a 503 before anything was done is read, found open, and sent once more', async () => {
    const { client, events } = recordingClient(env.sb.baseUrl)
    const payment = await client.createPayment(validPaymentBody({ method: 'banktransfer' }))
    await env.admin.addFault({
      path: `/v2/payments/${payment.id}`,
      method: 'DELETE',
      kind: 'status',
      status: 503,
      count: 1,
    })
    events.length = 0
    const canceled = await client.cancelPayment(payment.id)
    expect(canceled.status).toBe('canceled')
    expect(trail(events)).toEqual({ methods: ['DELETE', 'GET', 'DELETE'], keyed: false })
    await env.admin.clearFaults()
    client.dispose()
  })

  it('an update whose answer was lost is read, found changed and not sent again', async () => {
    const { client, events } = recordingClient(env.sb.baseUrl)
    const payment = await client.createPayment(validPaymentBody())
    await env.admin.addFault({ path: `/v2/payments/${payment.id}`, method: 'PATCH', kind: 'truncated-body', count: 1 })
    events.length = 0
    const updated = await client.updatePayment(payment.id, { description: 'After the lost answer', metadata: null })
    expect(updated.description).toBe('After the lost answer')
    expect(trail(events)).toEqual({ methods: ['PATCH', 'GET'], keyed: false })
    await env.admin.clearFaults()
    client.dispose()
  })

  it('an order cancel whose answer was lost is read and found canceled', async () => {
    const { client, events } = recordingClient(env.sb.baseUrl)
    const order = await client.createOrder(validOrderBody('RBR-ORDER-1'), { embed: 'payments' })
    await completeCheckout(order._embedded?.payments?.[0]?._links.checkout?.href ?? '', 'failed')
    await env.admin.addFault({
      path: `/v2/orders/${order.id}`,
      method: 'DELETE',
      kind: 'reset-after-headers',
      count: 1,
    })
    events.length = 0
    const canceled = await client.cancelOrder(order.id, { embed: 'payments' })
    expect(canceled.status).toBe('canceled')
    expect(trail(events)).toEqual({ methods: ['DELETE', 'GET'], keyed: false })
    await env.admin.clearFaults()
    client.dispose()
  })

  it('canceling part of a line is never resent blindly: after a lost answer one unit is canceled, not two', async () => {
    const { client, events } = recordingClient(env.sb.baseUrl)
    const body = validOrderBody('RBR-LINES-1', { method: 'klarna' })
    body.lines[0] = { ...present(body.lines[0]), quantity: 2, unitPrice: { currency: 'EUR', value: '50.00' } }
    const order = await client.createOrder(body, { embed: 'payments' })
    await completeCheckout(order._embedded?.payments?.[0]?._links.checkout?.href ?? '', 'authorized')
    const line = present(order.lines[0])
    // The lines are canceled, then the connection closes before any byte of the 204.
    await env.admin.addFault({
      path: `/v2/orders/${order.id}/lines`,
      method: 'DELETE',
      kind: 'reset-before-headers',
      count: 1,
    })
    events.length = 0
    const lost = await rejection(calls.cancelOrderLines(client, order.id, [{ id: line.id, quantity: 1 }]))
    expect(lost.message).toMatch(/may have been canceled\. Look it up before sending it again\./)
    expect(trail(events)).toEqual({ methods: ['DELETE'], keyed: false })
    expect(present((await client.getOrder(order.id)).lines[0]).quantityCanceled).toBe(1)
    await env.admin.clearFaults()
    client.dispose()
  })
})

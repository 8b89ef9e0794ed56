// The API client's actions against the sandbox over real HTTP: refunds, cancels, updates, order
// with embedded payments; each keyed write survives a lost answer without acting twice (cancels and
// updates after a lost answer: resources.read-before-resend.test.ts).
import { describe, expect, it } from 'vitest'
import { completeCheckout } from '../../../../src/sandbox/index'
import { validOrderBody, validPaymentBody } from '../../../helpers/sandbox-fixtures'
import { orgTokenCredential, recordingClient, rejection, sandboxForFile } from '../../helpers/api-client'
import { present } from '../../../helpers/present'

const env = sandboxForFile()

async function pay(paymentId: string, outcome = 'paid'): Promise<void> {
  await completeCheckout(`${env.sb.origin}/checkout/${paymentId}`, outcome)
}

const eur = (value: string) => ({ currency: 'EUR', value })

describe('refunds through the client', () => {
  it('creates, lists and reads refunds; the payment follows; the key travels on the POST', async () => {
    const { client, events } = recordingClient(env.sb.baseUrl)
    const payment = await client.createPayment(validPaymentBody({ amount: eur('25.00') }))
    await pay(payment.id)
    const refund = await client.createRefund(
      payment.id,
      { amount: eur('10.01'), description: 'Late delivery' },
      { idempotencyKey: 'client-refund-1', origin: { screen: 'payments', action: 'refund' } },
    )
    expect(refund.resource).toBe('refund')
    expect(refund.amount).toEqual(eur('10.01'))
    const post = present(events.find((e) => e.method === 'POST' && e.url.includes('/refunds')))
    expect(post.idempotencyKey).toBe('client-refund-1')
    expect(post.origin).toEqual({ screen: 'payments', action: 'refund' })
    const after = await client.getPayment(payment.id)
    expect(after.amountRemaining).toEqual(eur('14.99'))
    const list = await client.listRefunds(payment.id, { limit: 10 })
    expect(list._embedded.refunds.map((r) => r.id)).toEqual([refund.id])
    expect((await client.getRefund(payment.id, refund.id)).id).toBe(refund.id)
    client.dispose()
  })

  it('a refund whose answer is lost is sent again with the same key and made once', async () => {
    const { client, events } = recordingClient(env.sb.baseUrl)
    const payment = await client.createPayment(validPaymentBody({ amount: eur('30.00') }))
    await pay(payment.id)
    await env.admin.addFault({
      path: `/v2/payments/${payment.id}/refunds`,
      method: 'POST',
      kind: 'reset-after-headers',
      count: 1,
    })
    const refund = await client.createRefund(payment.id, { amount: eur('5.00') })
    const posts = events.filter((e) => e.method === 'POST' && e.url.includes('/refunds'))
    expect(posts.length).toBe(2)
    expect(new Set(posts.map((e) => e.idempotencyKey)).size).toBe(1)
    const list = await client.listRefunds(payment.id)
    expect(list._embedded.refunds.map((r) => r.id)).toEqual([refund.id])
    expect((await client.getPayment(payment.id)).amountRemaining).toEqual(eur('25.00'))
    await env.admin.clearFaults()
    client.dispose()
  })

  it('more than remains is a typed 422 naming the amount', async () => {
    const { client } = recordingClient(env.sb.baseUrl)
    const payment = await client.createPayment(validPaymentBody({ amount: eur('2.00') }))
    await pay(payment.id)
    const error = await rejection(client.createRefund(payment.id, { amount: eur('2.01') }))
    expect(error.status).toBe(422)
    expect(error.field).toBe('amount')
    const badId = await rejection(client.createRefund('ord_x1', { amount: eur('1.00') }))
    expect(badId.kind).toBe('invalid-request')
    client.dispose()
  })
})

describe('cancel and update through the client', () => {
  it('updates a payment with PATCH', async () => {
    const { client } = recordingClient(env.sb.baseUrl)
    const payment = await client.createPayment(validPaymentBody())
    const updated = await client.updatePayment(payment.id, {
      description: 'New text',
      webhookUrl: 'https://shop.example.com/hook',
      metadata: { note: 'a' },
    })
    expect(updated.description).toBe('New text')
    expect(updated.webhookUrl).toBe('https://shop.example.com/hook')
    expect(updated.metadata).toEqual({ note: 'a' })
    client.dispose()
  })

  it('reads an order with its payments and cancels it', async () => {
    const { client } = recordingClient(env.sb.baseUrl)
    const order = await client.createOrder(validOrderBody('CLI-ACT-1'))
    const read = await client.getOrder(order.id, { embed: 'payments' })
    expect(read._embedded?.payments?.[0]?.orderId).toBe(order.id)
    // An order with an open payment cannot be canceled (docs.mollie.com/reference/cancel-order).
    await completeCheckout(read._embedded?.payments?.[0]?._links.checkout?.href ?? '', 'failed')
    const canceled = await client.cancelOrder(order.id, { embed: 'payments' })
    expect(canceled.status).toBe('canceled')
    expect(canceled._embedded?.payments?.[0]?.status).toBe('failed')
    client.dispose()
  })

  it('with an organization token the writes carry testmode only (query for DELETE, body for PATCH/POST)', async () => {
    const { client, events } = recordingClient(env.sb.baseUrl, {}, orgTokenCredential(env.sb.profileId))
    const payment = await client.createPayment(validPaymentBody({ method: 'banktransfer' }))
    const updated = await client.updatePayment(payment.id, { description: 'Token update' })
    expect(updated.description).toBe('Token update')
    const canceled = await client.cancelPayment(payment.id)
    expect(canceled.status).toBe('canceled')
    const del = present(events.find((e) => e.method === 'DELETE'))
    expect(del.url).toContain('testmode=true')
    expect(del.url).not.toContain('profileId')
    const patch = present(events.find((e) => e.method === 'PATCH'))
    expect(patch.requestBody).not.toContain('profileId')
    client.dispose()
  })
})

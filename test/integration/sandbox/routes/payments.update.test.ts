// Update payment (issue 24 item 8, docs.mollie.com/reference/update-payment) and the Idempotency-Key
// ignored on GET, PATCH and DELETE (docs.mollie.com/overview/api-idempotency), over real HTTP.
import { describe, expect, it } from 'vitest'
import { useHarness } from '../../helpers/sandbox-harness'
import { validPaymentBody } from '../../../helpers/sandbox-fixtures'

const h = useHarness({ clockStartMs: Date.parse('2026-05-04T08:00:00Z') })

describe('update payment (docs.mollie.com/reference/update-payment)', () => {
  it('method and locale change on an open payment created without a method', async () => {
    const p = (await h.api('POST', '/payments', validPaymentBody())).json
    expect(p.method).toBeNull()
    const updated = await h.api('PATCH', `/payments/${p.id}`, { method: 'ideal', locale: 'de_DE' })
    expect(updated.status).toBe(200)
    expect(updated.json).toMatchObject({ method: 'ideal', locale: 'de_DE' })
    expect((await h.api('GET', `/payments/${p.id}`)).json).toMatchObject({ method: 'ideal', locale: 'de_DE' })
    expect((await h.api('PATCH', `/payments/${p.id}`, { locale: 'xx_XX' })).json.field).toBe('locale')
  })

  it('method does not change on a payment created with one: 422 naming method', async () => {
    const p = (await h.api('POST', '/payments', validPaymentBody({ method: 'creditcard' }))).json
    const refused = await h.api('PATCH', `/payments/${p.id}`, { method: 'ideal' })
    expect(refused.status).toBe(422)
    expect(refused.json.field).toBe('method')
    expect((await h.api('GET', `/payments/${p.id}`)).json.method).toBe('creditcard')
  })

  it('description, webhookUrl and metadata change after payment; redirectUrl, cancelUrl, method and locale do not', async () => {
    const p = await h.paidPayment()
    const changes = {
      description: 'Order #12345, corrected',
      webhookUrl: 'https://shop.example.com/webhooks/2',
      metadata: { ticket: 'T-9' },
    }
    const updated = await h.api('PATCH', `/payments/${p.id}`, changes)
    expect(updated.status).toBe(200)
    expect(updated.json).toMatchObject({ ...changes, status: 'paid' })
    // https://docs.mollie.com/reference/update-payment: the return URLs only until the payment is finalized.
    for (const field of ['redirectUrl', 'cancelUrl']) {
      const late = await h.api('PATCH', `/payments/${p.id}`, { [field]: 'https://shop.example.com/payments/return-2' })
      expect(late.status).toBe(422)
      expect(late.json.field).toBe(field)
    }
    expect((await h.api('GET', `/payments/${p.id}`)).json.redirectUrl).toBe(p.redirectUrl)
    const locale = await h.api('PATCH', `/payments/${p.id}`, { locale: 'fr_FR' })
    expect(locale.status).toBe(422)
    expect(locale.json.field).toBe('locale')
  })

  it('redirectUrl and cancelUrl change while the payment is open (docs.mollie.com/reference/update-payment)', async () => {
    const p = (await h.api('POST', '/payments', validPaymentBody())).json
    const changes = { redirectUrl: 'https://shop.example.com/back', cancelUrl: 'https://shop.example.com/cancel' }
    const updated = await h.api('PATCH', `/payments/${p.id}`, changes)
    expect(updated.status).toBe(200)
    expect(updated.json).toMatchObject(changes)
  })

  it('a field no update can change is refused with 422 naming it, and nothing changes', async () => {
    const p = (await h.api('POST', '/payments', validPaymentBody())).json
    for (const [field, value] of [
      ['amount', { currency: 'EUR', value: '1.00' }],
      ['sequenceType', 'first'],
      ['expiresAt', '2026-05-10'],
    ] as const) {
      const refused = await h.api('PATCH', `/payments/${p.id}`, { description: 'changed', [field]: value })
      expect(refused.status).toBe(422)
      expect(refused.json.field).toBe(field)
    }
    const now = (await h.api('GET', `/payments/${p.id}`)).json
    expect(now.amount).toEqual(p.amount)
    expect(now.description).toBe(p.description)
  })
})

// https://docs.mollie.com/overview/api-idempotency: "All POST endpoints accept idempotency keys.
// Sending idempotency keys for GET, PATCH, or DELETE requests is not necessary [...] These keys will
// thus always be ignored by the Mollie API."
describe('Idempotency-Key is ignored on GET, PATCH and DELETE (docs.mollie.com/overview/api-idempotency)', () => {
  it('a PATCH with a used key is done again: another body with the same key changes the payment, nothing replayed', async () => {
    const p = (await h.api('POST', '/payments', validPaymentBody())).json
    const key = { 'Idempotency-Key': 'patch-key-1' }
    const first = await h.api('PATCH', `/payments/${p.id}`, { description: 'First change' }, key)
    expect(first.status).toBe(200)
    const other = await h.api('PATCH', `/payments/${p.id}`, { description: 'Another change' }, key)
    expect(other.status).toBe(200)
    expect((await h.api('GET', `/payments/${p.id}`)).json.description).toBe('Another change')
  })

  it('a DELETE with the same key twice is two cancels: the second is refused as a canceled payment is', async () => {
    const p = (await h.api('POST', '/payments', validPaymentBody({ method: 'banktransfer' }))).json
    const key = { 'Idempotency-Key': 'delete-key-1' }
    const first = await h.api('DELETE', `/payments/${p.id}`, undefined, key)
    expect(first.status).toBe(200)
    expect(first.json.status).toBe('canceled')
    const again = await h.api('DELETE', `/payments/${p.id}`, undefined, key)
    expect(again.status).toBe(422)
  })

  it('a GET with a key a POST used answers the GET (no 400 for another endpoint)', async () => {
    const key = { 'Idempotency-Key': 'post-then-get-1' }
    const p = (await h.api('POST', '/payments', validPaymentBody(), key)).json
    const read = await h.api('GET', `/payments/${p.id}`, undefined, key)
    expect(read.status).toBe(200)
    expect(read.json.id).toBe(p.id)
  })
})

// Issue 24 item 8: form-encoded `metadata` holding JSON text comes back as an object, as with a JSON
// body (https://docs.mollie.com/reference/create-payment, metadata); plain text stays text.
import { describe, expect, it } from 'vitest'
import { useHarness } from '../helpers/sandbox-harness'

const h = useHarness()

async function formPayment(metadata: string) {
  const body = new URLSearchParams({
    'amount[currency]': 'EUR',
    'amount[value]': '10.00',
    description: 'Form body',
    redirectUrl: 'https://shop.example.com/return',
    metadata,
  })
  const response = await fetch(`${h.sandbox.baseUrl}/payments`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${h.key}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: body.toString(),
  })
  return { status: response.status, json: (await response.json()) as { metadata: unknown } }
}

describe('form-encoded metadata (docs.mollie.com/reference/create-payment)', () => {
  it('JSON text becomes the JSON value; other text stays text', async () => {
    const object = await formPayment('{"order_id":"12345","items":[1,2]}')
    expect(object.status).toBe(201)
    expect(object.json.metadata).toEqual({ order_id: '12345', items: [1, 2] })
    expect((await formPayment('just a note')).json.metadata).toBe('just a note')
    expect((await formPayment('{not json')).json.metadata).toBe('{not json')
  })
})

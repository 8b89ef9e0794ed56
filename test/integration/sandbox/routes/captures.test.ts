// Captures (issue 24 item 3): https://docs.mollie.com/reference/captures-api and
// https://docs.mollie.com/reference/release-authorization, over real HTTP; and with the official client.
import { describe, expect, it } from 'vitest'
import { useHarness } from '../../helpers/sandbox-harness'
import { validPaymentBody } from '../../../helpers/sandbox-fixtures'

const eur = (value: string) => ({ currency: 'EUR', value })

const h = useHarness({ clockStartMs: Date.parse('2026-05-04T08:00:00Z') })

async function authorized() {
  const p = (await h.api('POST', '/payments', { ...validPaymentBody({ method: 'creditcard' }), captureMode: 'manual' }))
    .json
  expect(p.captureMode).toBe('manual')
  await h.choose(p.id, 'paid')
  return (await h.api('GET', `/payments/${p.id}`)).json
}

describe('captures', () => {
  it('captureMode manual: paying authorizes, with captureBefore (docs.mollie.com/reference/create-payment)', async () => {
    const p = await authorized()
    expect(p.status).toBe('authorized')
    expect(Date.parse(p.captureBefore) - Date.parse(p.authorizedAt)).toBe(28 * 86_400_000)
    const bad = await h.api('POST', '/payments', { ...validPaymentBody({ method: 'ideal' }), captureMode: 'manual' })
    expect(bad.status).toBe(422)
    expect(bad.json.field).toBe('captureMode')
    expect((await h.api('POST', '/payments', { ...validPaymentBody(), captureMode: 'later' })).json.field).toBe(
      'captureMode',
    )
  })

  it('create-capture (partial), get-capture, list-captures; the payment is paid with amountCaptured (docs.mollie.com/reference/create-capture)', async () => {
    const p = await authorized()
    const capture = await h.api('POST', `/payments/${p.id}/captures`, { amount: eur('4.00'), description: 'First box' })
    expect(capture.status).toBe(201)
    expect(capture.json).toMatchObject({ resource: 'capture', status: 'pending', amount: eur('4.00'), paymentId: p.id })
    expect(capture.json.id).toMatch(/^cpt_/)
    const after = (await h.api('GET', `/payments/${p.id}`)).json
    expect(after.status).toBe('paid')
    expect(after.amountCaptured).toEqual(eur('4.00'))
    expect(after.amountRemaining).toEqual(eur('4.00'))
    expect(after._links.captures.href).toContain(`/payments/${p.id}/captures`)
    await h.admin.advanceClock({ advanceSeconds: 61 })
    expect((await h.api('GET', `/payments/${p.id}/captures/${capture.json.id}`)).json.status).toBe('succeeded')
    expect((await h.api('GET', `/payments/${p.id}/captures`)).json._embedded.captures).toHaveLength(1)
    expect((await h.api('GET', `/payments/${p.id}?embed=captures`)).json._embedded.captures).toHaveLength(1)
    expect((await h.api('POST', `/payments/${p.id}/captures`, {})).status).toBe(422)
  })

  it('refuses bad captures with the field named; release-authorization answers 202 and cancels (docs.mollie.com/reference/release-authorization)', async () => {
    const p = await authorized()
    expect((await h.api('POST', `/payments/${p.id}/captures`, { amount: eur('11.00') })).json.field).toBe('amount')
    expect(
      (await h.api('POST', `/payments/${p.id}/captures`, { amount: { currency: 'USD', value: '1.00' } })).json.field,
    ).toBe('amount.currency')
    expect((await h.api('POST', `/payments/${p.id}/captures`, { amount: eur('1') })).json.field).toBe('amount.value')
    const released = await h.api('POST', `/payments/${p.id}/release-authorization`)
    expect(released.status).toBe(202)
    const after = (await h.api('GET', `/payments/${p.id}`)).json
    expect(after.status).toBe('canceled')
    expect(after.captureBefore).toBeUndefined()
    expect((await h.api('POST', `/payments/${p.id}/release-authorization`)).status).toBe(422)
  })
})

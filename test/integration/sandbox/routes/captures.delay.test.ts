// captureDelay (issue 48 item 6, https://docs.mollie.com/reference/create-payment): accepted, returned,
// and the authorized payment is captured by itself once the delay has passed on the sandbox clock.
import { describe, expect, it } from 'vitest'
import { useHarness } from '../../helpers/sandbox-harness'
import { validPaymentBody } from '../../../helpers/sandbox-fixtures'

const h = useHarness({ clockStartMs: Date.parse('2026-05-04T08:00:00Z') })

describe('captureDelay', () => {
  it('is accepted and returned; paying authorizes; the delay later the payment is captured', async () => {
    const created = await h.api('POST', '/payments', {
      ...validPaymentBody({ method: 'creditcard' }),
      captureDelay: '8 hours',
    })
    expect(created.status).toBe(201)
    expect(created.json.captureDelay).toBe('8 hours')
    await h.choose(created.json.id, 'paid')
    const held = (await h.api('GET', `/payments/${created.json.id}`)).json
    expect(held).toMatchObject({ status: 'authorized', captureDelay: '8 hours' })
    await h.admin.advanceClock({ advanceSeconds: 7 * 3600 })
    expect((await h.api('GET', `/payments/${created.json.id}`)).json.status).toBe('authorized')
    await h.admin.advanceClock({ advanceSeconds: 3600 + 1 })
    const captured = (await h.api('GET', `/payments/${created.json.id}`)).json
    expect(captured.status).toBe('paid')
    expect(captured.amountCaptured).toEqual(created.json.amount)
  })

  it('refuses a malformed delay, one over 7 days, one with captureMode manual, and a method that cannot hold', async () => {
    for (const body of [
      { captureDelay: '8 weeks', method: 'creditcard' },
      { captureDelay: '8 days', method: 'creditcard' },
      { captureDelay: 8, method: 'creditcard' },
      { captureDelay: '2 days', captureMode: 'manual', method: 'creditcard' },
      { captureDelay: '2 days', method: 'ideal' },
    ]) {
      const refused = await h.api('POST', '/payments', { ...validPaymentBody(), ...body })
      expect(refused.status, JSON.stringify(body)).toBe(422)
      expect(refused.json.field).toBe('captureDelay')
    }
    expect(
      (await h.api('POST', '/payments', { ...validPaymentBody({ method: 'creditcard' }), captureDelay: '7 days' }))
        .status,
    ).toBe(201)
  })
})

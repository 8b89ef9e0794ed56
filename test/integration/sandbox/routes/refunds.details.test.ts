// Refund details of the documentation (issue 48 item 6): a description of at most 140 characters
// (https://docs.mollie.com/reference/create-refund), and the duplicate-refund 409 in the service's
// words for a 409, without a field (https://docs.mollie.com/overview/handling-errors).
import { describe, expect, it } from 'vitest'
import { useHarness } from '../../helpers/sandbox-harness'

const eur = (value: string) => ({ currency: 'EUR', value })

const h = useHarness({ clockStartMs: Date.parse('2026-05-06T08:00:00Z') })

describe('refund details', () => {
  it('a description of 141 characters is refused naming description; 140 is taken', async () => {
    const payment = await h.paidPayment({ amount: eur('50.00') })
    const long = await h.api('POST', `/payments/${payment.id}/refunds`, {
      amount: eur('1.00'),
      description: 'x'.repeat(141),
    })
    expect(long.status).toBe(422)
    expect(long.json.field).toBe('description')
    const fits = await h.api('POST', `/payments/${payment.id}/refunds`, {
      amount: eur('1.00'),
      description: 'x'.repeat(140),
    })
    expect(fits.status).toBe(201)
  })

  it('the duplicate 409 opens with the documented words and has no field', async () => {
    const payment = await h.paidPayment({ amount: eur('50.00') })
    await h.api('POST', `/payments/${payment.id}/refunds`, { amount: eur('2.00') })
    const dup = await h.api('POST', `/payments/${payment.id}/refunds`, { amount: eur('2.00') })
    expect(dup.status).toBe(409)
    expect(dup.json.title).toBe('Conflict')
    expect(dup.json.detail.startsWith('You are making a duplicate API call that was probably a mistake')).toBe(true)
    expect('field' in dup.json).toBe(false)
  })
})

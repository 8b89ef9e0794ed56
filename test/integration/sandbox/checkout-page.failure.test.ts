// Failure reasons (issue 24 item 6): a failed card payment carries details.failureReason and
// failureMessage (https://docs.mollie.com/components/handling-errors); the checkout page lets the
// tester choose the reason.
import { describe, expect, it } from 'vitest'
import { CARD_FAILURE_REASONS } from '../../../src/shared/service/enums'
import { useHarness } from '../helpers/sandbox-harness'
import { validPaymentBody } from '../../helpers/sandbox-fixtures'

const h = useHarness()

describe('failure reasons at checkout', () => {
  it('the Fail button offers every documented card failure reason', async () => {
    const p = (await h.api('POST', '/payments', validPaymentBody({ method: 'creditcard' }))).json
    const html = await (await fetch(`${h.sandbox.origin}/checkout/${p.id}`)).text()
    for (const reason of Object.keys(CARD_FAILURE_REASONS)) expect(html).toContain(`value="${reason}"`)
  })

  it('a chosen reason lands in details.failureReason with its failureMessage (docs.mollie.com/components/handling-errors)', async () => {
    const p = (await h.api('POST', '/payments', validPaymentBody({ method: 'creditcard' }))).json
    await h.choose(p.id, 'failed', { failureReason: 'insufficient_funds' })
    const failed = (await h.api('GET', `/payments/${p.id}`)).json
    expect(failed.status).toBe('failed')
    expect(failed.details.failureReason).toBe('insufficient_funds')
    expect(failed.details.failureMessage).toBe(CARD_FAILURE_REASONS.insufficient_funds)
    expect(failed.details.cardNumber).toMatch(/^\d{4}$/)
  })

  it('without a choice a card failure is unknown_reason; a direct debit carries a bank reason; an unknown reason is refused', async () => {
    const p = (await h.api('POST', '/payments', validPaymentBody())).json
    await h.choose(p.id, 'failed')
    const failed = (await h.api('GET', `/payments/${p.id}`)).json
    expect(failed.method).toBe('creditcard')
    expect(failed.details.failureReason).toBe('unknown_reason')
    const ideal = (await h.api('POST', '/payments', validPaymentBody({ method: 'ideal' }))).json
    await h.choose(ideal.id, 'failed')
    expect((await h.api('GET', `/payments/${ideal.id}`)).json.details).toBeNull()
    const other = (await h.api('POST', '/payments', validPaymentBody({ method: 'creditcard' }))).json
    const refused = (await h.choose(other.id, 'failed', { failureReason: 'bad_luck' })) as { status: number }
    expect(refused.status).toBe(400)
    expect((await h.api('GET', `/payments/${other.id}`)).json.status).toBe('open')
  })
})

// Chargebacks (issue 24 item 4): https://docs.mollie.com/reference/chargebacks-api, opened and
// reversed through the admin API, over real HTTP.
import { describe, expect, it } from 'vitest'
import { useHarness } from '../../helpers/sandbox-harness'

const eur = (value: string) => ({ currency: 'EUR', value })

const h = useHarness()

describe('chargebacks', () => {
  it('list-payment-chargebacks, get-chargeback and amountChargedBack on the payment (docs.mollie.com/reference/list-payment-chargebacks)', async () => {
    const payment = await h.paidPayment({ method: 'creditcard' })
    expect(payment.amountChargedBack).toBeUndefined()
    const opened = await h.admin.openChargeback(payment.id, eur('4.00'))
    const list = (await h.api('GET', `/payments/${payment.id}/chargebacks`)).json
    expect(list.count).toBe(1)
    const chargeback = list._embedded.chargebacks[0]
    expect(chargeback).toMatchObject({
      resource: 'chargeback',
      id: opened.id,
      amount: eur('4.00'),
      paymentId: payment.id,
    })
    expect(chargeback.id).toMatch(/^chb_/)
    expect(chargeback.reason.code).toBe('4837')
    expect(chargeback.reversedAt).toBeNull()
    const after = (await h.api('GET', `/payments/${payment.id}`)).json
    expect(after.amountChargedBack).toEqual(eur('4.00'))
    expect(after.amountRemaining).toEqual(eur('6.00'))
    expect(after._links.chargebacks.href).toBe(`${h.sandbox.baseUrl}/payments/${payment.id}/chargebacks`)
    const one = await h.api('GET', `/payments/${payment.id}/chargebacks/${opened.id}?embed=payment`)
    expect(one.json._embedded.payment.id).toBe(payment.id)
    expect((await h.api('GET', `/payments/${payment.id}/chargebacks/chb_nothing1`)).status).toBe(404)
    const embedded = (await h.api('GET', `/payments/${payment.id}?embed=chargebacks`)).json
    expect(embedded._embedded.chargebacks.map((c: { id: string }) => c.id)).toEqual([opened.id])
  })

  it('list-all-chargebacks: GET /v2/chargebacks, newest first (docs.mollie.com/reference/list-all-chargebacks)', async () => {
    const a = await h.paidPayment()
    const b = await h.paidPayment()
    const ca = await h.admin.openChargeback(a.id)
    const cb = await h.admin.openChargeback(b.id)
    const list = (await h.api('GET', '/chargebacks?limit=2')).json
    expect(list._embedded.chargebacks.map((c: { id: string }) => c.id)).toEqual([cb.id, ca.id])
    expect((await h.api('GET', '/chargebacks?embed=refunds')).json.field).toBe('embed')
    // A payment charged back in full has nothing left to refund.
    const refused = await h.api('POST', `/payments/${a.id}/refunds`, { amount: eur('1.00') })
    expect(refused.status).toBe(422)
  })

  it('a reversal sets reversedAt and gives the amount back; the admin API refuses bad input with a field', async () => {
    const payment = await h.paidPayment()
    const opened = await h.admin.openChargeback(payment.id)
    const reversed = await h.admin.reverseChargeback(opened.id)
    expect(reversed.reversedAt).toMatch(/\+00:00$/)
    const after = (await h.api('GET', `/payments/${payment.id}`)).json
    expect(after.amountChargedBack).toBeUndefined()
    expect(after.amountRemaining).toEqual(eur('10.00'))
    await expect(h.admin.reverseChargeback(opened.id)).rejects.toThrow(/409/)
    await expect(h.admin.openChargeback('tr_nothing1')).rejects.toThrow(/422.*paymentId/)
    await expect(h.admin.openChargeback(payment.id, eur('11.00'))).rejects.toThrow(/422.*amount/)
    const open = (
      await h.api('POST', '/payments', {
        amount: eur('3.00'),
        description: 'x',
        redirectUrl: 'https://shop.example.com/r',
      })
    ).json
    await expect(h.admin.openChargeback(open.id)).rejects.toThrow(/422/)
  })
})

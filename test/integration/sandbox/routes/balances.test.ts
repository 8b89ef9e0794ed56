// Balances and settlements (issue 48 item 4) over real HTTP: a balance per currency
// (https://docs.mollie.com/reference/balances-api), its transactions, weekly settlements with their
// payments and refunds (https://docs.mollie.com/reference/settlements-api); a refund the balance
// cannot cover is `queued` and leaves the queue when it can; a processing refund can fail
// (https://docs.mollie.com/payments/refunds, "Refund statuses").
import { describe, expect, it } from 'vitest'
import { useHarness, type Json } from '../../helpers/sandbox-harness'
import { validPaymentBody } from '../../../helpers/sandbox-fixtures'

const eur = (value: string) => ({ currency: 'EUR', value })

// A Wednesday: the running week began on Monday 2026-05-04.
const h = useHarness({ clockStartMs: Date.parse('2026-05-06T08:00:00Z') })

describe('balances, queued and failed refunds, settlements', () => {
  it('a balance per currency holds what came in this week (docs.mollie.com/reference/get-balance)', async () => {
    await h.paidPayment({ amount: eur('40.00') })
    await h.paidPayment({ amount: { currency: 'GBP', value: '12.50' }, method: 'creditcard' })
    const primary = await h.api('GET', '/balances/primary')
    expect(primary.status).toBe(200)
    expect(primary.json).toMatchObject({ resource: 'balance', currency: 'EUR', status: 'active' })
    expect(primary.json.availableAmount).toEqual(eur('40.00'))
    const list = (await h.api('GET', '/balances')).json._embedded.balances.map((b: Json) => b.currency)
    expect(list.sort()).toEqual(['EUR', 'GBP'])
    const gbp = (await h.api('GET', '/balances?currency=GBP')).json._embedded.balances[0]
    expect((await h.api('GET', `/balances/${gbp.id}`)).json.availableAmount).toEqual({
      currency: 'GBP',
      value: '12.50',
    })
  })

  it('a refund the balance cannot cover is queued, and leaves the queue when a payment comes in (docs.mollie.com/payments/refunds)', async () => {
    const payment = await h.paidPayment({ amount: eur('30.00') })
    // The week's balance is settled on Monday: the next week starts empty.
    await h.admin.advanceClock({ to: '2026-05-11T09:00:00Z' })
    const refund = await h.api('POST', `/payments/${payment.id}/refunds`, { amount: eur('25.00') })
    expect(refund.status).toBe(201)
    expect(refund.json.status).toBe('queued')
    await h.admin.advanceClock({ advanceSeconds: 3 * 3600 })
    expect((await h.api('GET', `/payments/${payment.id}/refunds/${refund.json.id}`)).json.status).toBe('queued')
    await h.paidPayment({ amount: eur('20.00') })
    expect((await h.api('GET', `/payments/${payment.id}/refunds/${refund.json.id}`)).json.status).toBe('queued')
    await h.paidPayment({ amount: eur('10.00') })
    expect((await h.api('GET', `/payments/${payment.id}/refunds/${refund.json.id}`)).json.status).toBe('pending')
    expect((await h.api('GET', '/balances/primary')).json.availableAmount).toEqual(eur('5.00'))
    await h.admin.advanceClock({ advanceSeconds: 2 * 3600 + 1 })
    expect((await h.api('GET', `/payments/${payment.id}/refunds/${refund.json.id}`)).json.status).toBe('processing')
    const transactions = (await h.api('GET', '/balances/primary/transactions')).json._embedded.balance_transactions
    expect(transactions[0]).toMatchObject({ type: 'refund', resultAmount: eur('-25.00') })
    expect(transactions[0].context).toEqual({ paymentId: payment.id, refundId: refund.json.id })
  })

  it('a processing refund can fail; its amount goes back to the payment and the balance', async () => {
    const payment = await h.paidPayment({ amount: eur('8.00') })
    const refund = (await h.api('POST', `/payments/${payment.id}/refunds`, { amount: eur('3.00') })).json
    expect(refund.status).toBe('pending')
    const before = (await h.api('GET', '/balances/primary')).json.availableAmount
    await h.admin.advanceClock({ advanceSeconds: 2 * 3600 + 1 })
    const failed = await h.admin.failRefund(refund.id)
    expect(failed.status).toBe('failed')
    const after = (await h.api('GET', `/payments/${payment.id}`)).json
    expect(after.amountRemaining).toEqual(eur('8.00'))
    expect(after.amountRefunded).toEqual(eur('0.00'))
    const cents = (a: Json) => Math.round(Number(a.value) * 100)
    expect(cents((await h.api('GET', '/balances/primary')).json.availableAmount)).toBe(cents(before) + 300)
    await expect(h.admin.failRefund(refund.id)).rejects.toThrow()
  })

  it('each week is settled: paid out with its payments and refunds; the running week is open (docs.mollie.com/reference/list-settlements)', async () => {
    const list = (await h.api('GET', '/settlements?sort=asc')).json._embedded.settlements
    const first = list.find((s: Json) => s.amount.currency === 'EUR')
    expect(first).toMatchObject({ resource: 'settlement', status: 'paidout', amount: eur('70.00') })
    expect(first.settledAt).toBe('2026-05-11T00:00:00+00:00')
    expect((await h.api('GET', `/settlements/${first.id}`)).json.id).toBe(first.id)
    const payments = (await h.api('GET', `/settlements/${first.id}/payments`)).json._embedded.payments
    expect(payments.map((p: Json) => p.amount.value).sort()).toEqual(['30.00', '40.00'])
    const open = (await h.api('GET', '/settlements/open')).json
    expect(open.status).toBe('open')
    const refunds = (await h.api('GET', `/settlements/${open.id}/refunds`)).json._embedded.refunds
    expect(refunds.map((r: Json) => r.amount.value)).toEqual(['25.00'])
    const transfers = (await h.api('GET', '/balances/primary/transactions?sort=asc')).json._embedded
      .balance_transactions
    expect(transfers.find((t: Json) => t.type === 'outgoing-transfer')).toMatchObject({
      resultAmount: eur('-70.00'),
      context: { settlementId: first.id },
    })
  })

  it('bad ids, queries and pagination answer the error object, never a 500', async () => {
    const shape = (r: { status: number; json: Json }, status: number, field?: string) => {
      expect(r.status).toBe(status)
      expect(r.json).toMatchObject({ status, title: expect.any(String), detail: expect.any(String) })
      expect(r.json._links.documentation.href).toEqual(expect.any(String))
      if (field !== undefined) expect(r.json.field).toBe(field)
    }
    shape(await h.api('GET', '/balances/bal_nope'), 404)
    shape(await h.api('GET', '/balances/bal_nope/transactions'), 404)
    shape(await h.api('GET', '/settlements/stl_nope'), 404)
    shape(await h.api('GET', '/settlements/stl_nope/payments'), 404)
    shape(await h.api('GET', '/settlements/stl_nope/refunds'), 404)
    shape(await h.api('GET', '/balances?currency=euro'), 400, 'currency')
    shape(await h.api('GET', '/balances?limit=300'), 400, 'limit')
    shape(await h.api('GET', '/settlements?from=stl_nope'), 400, 'from')
    shape(await h.api('GET', '/balances/primary/transactions?sort=up'), 400, 'sort')
    shape(await h.api('POST', '/balances', {}), 405)
    expect((await h.api('POST', '/payments', validPaymentBody())).status).toBe(201)
  })
})

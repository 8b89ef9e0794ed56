// The seeded merchant tells the truth (issue 48 items 4 and 7): no payment in a currency its method
// does not take (https://docs.mollie.com/reference/list-methods), the refunded-order-line practice call
// holds a line refund (https://docs.mollie.com/reference/create-order-refund), a queued and a failed
// refund (https://docs.mollie.com/payments/refunds), orders count their refunds, names agree with
// the person.
import { describe, expect, it } from 'vitest'
import { METHOD_CURRENCIES } from '../../../../src/shared/service/methods'
import { useHarness } from '../../helpers/sandbox-harness'

const NOW = Date.parse('2026-06-17T12:00:00Z')

const h = useHarness({ seedPayments: 2000, seed: 7, clockStartMs: NOW })

describe('the seeded merchant tells the truth', () => {
  it('no payment uses a method in a currency that method does not take; klarna only on orders', async () => {
    const payments = await h.listAll('/payments', 'payments')
    const wrong = payments.filter(
      (p) => p.method !== null && !(METHOD_CURRENCIES[p.method] ?? []).includes(p.amount.currency),
    )
    expect(wrong.map((p) => `${p.id} ${p.method} ${p.amount.currency}`)).toEqual([])
    expect(payments.filter((p) => p.method === 'klarna' && !p.orderId)).toEqual([])
  })

  it('the refunded order line of the "Where is my refund?" call is a line refund on that line', async () => {
    const customers = await h.listAll('/customers', 'customers')
    const emma = customers.find((c) => c.metadata?.story === 'partial-refund')
    const [payment] = (await h.api('GET', `/customers/${emma.id}/payments`)).json._embedded.payments
    const order = (await h.api('GET', `/orders/${payment.orderId}?embed=refunds`)).json
    const [refund] = order._embedded.refunds
    expect(refund.lines).toHaveLength(1)
    expect(refund.lines[0]).toMatchObject({ id: order.lines[0].id, quantity: order.lines[0].quantity })
    expect(refund.amount).toEqual(order.lines[0].totalAmount)
    expect(order.lines[0]).toMatchObject({ quantityRefunded: order.lines[0].quantity, refundableQuantity: 0 })
    expect(order.amountRefunded).toEqual(refund.amount)
  })

  it('holds a queued refund the balance cannot cover, and a failed one whose money came back', async () => {
    const refunds = await h.listAll('/refunds', 'refunds')
    const queued = refunds.find((r) => r.status === 'queued')
    const failed = refunds.find((r) => r.status === 'failed')
    expect(queued).toBeDefined()
    expect(failed).toBeDefined()
    const balance = (await h.api('GET', `/balances?currency=${queued.amount.currency}`)).json._embedded.balances[0]
    expect(Number(balance.availableAmount.value)).toBeLessThan(Number(queued.amount.value))
    const failedPayment = (await h.api('GET', `/payments/${failed.paymentId}`)).json
    expect(failedPayment.amountRemaining).toEqual(failedPayment.amount)
  })

  it("an order's amountRefunded is what its refunds took", async () => {
    const refunds = (await h.listAll('/refunds', 'refunds')).filter((r) => r.orderId)
    const byOrder = new Map<string, number>()
    for (const r of refunds) {
      if (r.status === 'failed' || r.status === 'canceled') continue
      byOrder.set(r.orderId, (byOrder.get(r.orderId) ?? 0) + Math.round(Number(r.amount.value) * 100))
    }
    expect(byOrder.size).toBeGreaterThan(0)
    for (const [id, cents] of byOrder) {
      const order = (await h.api('GET', `/orders/${id}`)).json
      expect(Math.round(Number(order.amountRefunded?.value ?? 0) * 100), id).toBe(cents)
    }
  })

  it('Polish family names agree with the person (Zofia Kowalska, not Kowalski)', async () => {
    const customers = await h.listAll('/customers', 'customers')
    const polish = customers.filter((c) => c.metadata.country === 'PL')
    expect(polish.length).toBeGreaterThan(5)
    const women = polish.filter((c) => /^(Zofia|Zuzanna|Hanna) /.test(c.name))
    expect(women.length).toBeGreaterThan(0)
    for (const c of women) expect(c.name).not.toMatch(/(sk|ck)i$/)
  })
})

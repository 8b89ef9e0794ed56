// The seeded merchant (issue 24 item 9): realistic customers, orders, payments in every status over
// 90 days up to the clock's now, refunds, chargebacks, failed card payments with reasons, open bank
// transfers, and the practice stories of docs/SANDBOX.md; deterministic for a seed.
import { describe, expect, it } from 'vitest'
import { startHarness, useHarness, type Json } from '../../helpers/sandbox-harness'

const NOW = Date.parse('2026-06-15T12:00:00Z')

const h = useHarness({ seedPayments: 1200, seed: 21, clockStartMs: NOW })

describe('seeded merchant', () => {
  it('customers have names, e-mails (reserved domains), phones and addresses in several countries', async () => {
    const customers = await h.listAll('/customers', 'customers')
    expect(customers.length).toBeGreaterThan(100)
    const countries = new Set(customers.map((c) => c.metadata.country))
    expect(countries.size).toBeGreaterThanOrEqual(6)
    for (const c of customers) {
      expect(c.name).toMatch(/\S+ \S+/)
      expect(c.email).toMatch(/^[a-z.]+\d*@example\.(com|org|net)$/)
      expect(c.metadata.phone).toMatch(/^\+\d{9,14}$/)
    }
    const withAddress = (await h.listAll('/payments', 'payments')).filter((p) => p.customerId)
    expect(withAddress[0].billingAddress).toMatchObject({
      streetAndNumber: expect.any(String),
      postalCode: expect.any(String),
      city: expect.any(String),
    })
  })

  it('payments in every status over the 90 days up to the clock; failed cards carry reasons; bank transfers open for days', async () => {
    const payments = await h.listAll('/payments', 'payments')
    expect(payments.length).toBe(1200)
    expect(new Set(payments.map((p) => p.status))).toEqual(
      new Set(['paid', 'open', 'canceled', 'expired', 'failed', 'authorized']),
    )
    const times = payments.map((p) => Date.parse(p.createdAt))
    expect(Math.min(...times)).toBeGreaterThanOrEqual(NOW - 90 * 86_400_000 - 1000)
    expect(Math.max(...times)).toBeLessThanOrEqual(NOW)
    const failedCards = payments.filter((p) => p.status === 'failed' && p.method === 'creditcard')
    expect(failedCards.length).toBeGreaterThan(3)
    for (const p of failedCards) expect(p.details.failureReason).toMatch(/^[a-z_]+$/)
    const openTransfers = payments.filter((p) => p.status === 'open' && p.method === 'banktransfer')
    expect(openTransfers.length).toBeGreaterThan(0)
    for (const p of openTransfers) expect(Date.parse(p.expiresAt)).toBeGreaterThan(NOW)
    // Nothing is open past its expiry: every other open payment is younger than its method allows.
    for (const p of payments.filter((x) => x.status === 'open')) expect(Date.parse(p.expiresAt)).toBeGreaterThan(NOW)
    expect(payments.some((p) => p.sequenceType === 'recurring' && p.mandateId)).toBe(true)
  })

  it('orders with lines: discounts, shipping, several VAT rates; totals add up', async () => {
    const orders = await h.listAll('/orders', 'orders')
    expect(orders.length).toBeGreaterThan(40)
    const lines = orders.flatMap((o) => o.lines)
    expect(lines.some((l) => l.type === 'shipping_fee')).toBe(true)
    expect(lines.some((l) => l.discountAmount)).toBe(true)
    expect(new Set(lines.map((l) => l.vatRate)).size).toBeGreaterThanOrEqual(4)
    for (const o of orders) {
      const cents = o.lines.reduce((sum: number, l: Json) => sum + Math.round(Number(l.totalAmount.value) * 100), 0)
      expect(cents).toBe(Math.round(Number(o.amount.value) * 100))
    }
  })

  it('partial and full refunds, chargebacks with amountChargedBack', async () => {
    const refunds = await h.listAll('/refunds', 'refunds')
    expect(refunds.length).toBeGreaterThan(20)
    expect(refunds.some((r) => r.description === 'Full refund')).toBe(true)
    expect(refunds.some((r) => r.description === 'Partial refund')).toBe(true)
    expect(refunds.some((r) => r.status === 'refunded')).toBe(true)
    const chargebacks = await h.listAll('/chargebacks', 'chargebacks')
    expect(chargebacks.length).toBeGreaterThan(0)
    const charged = (await h.api('GET', `/payments/${chargebacks[0].paymentId}`)).json
    expect(charged.amountChargedBack).toBeDefined()
  })

  it('the practice stories of docs/SANDBOX.md are there', async () => {
    const customers = await h.listAll('/customers', 'customers')
    const byStory = Object.fromEntries(customers.filter((c) => c.metadata.story).map((c) => [c.metadata.story, c]))
    expect(byStory['subscription-failed'].email).toBe('sanne.devries@example.com')
    const sanne = (await h.api('GET', `/customers/${byStory['subscription-failed'].id}/payments`)).json._embedded
      .payments
    expect(sanne.map((p: Json) => p.status)).toEqual(['failed', 'paid', 'paid', 'paid'])
    expect(sanne[0].details.bankReasonCode).toBe('AM04')
    const lukas = (await h.api('GET', `/customers/${byStory['card-declined'].id}/payments`)).json._embedded.payments
    expect(lukas.map((p: Json) => p.details.failureReason ?? p.status)).toEqual([
      'paid',
      'invalid_cvv',
      'insufficient_funds',
    ])
    const oliver = (await h.api('GET', `/customers/${byStory.chargeback.id}/payments`)).json._embedded.payments
    expect(oliver[0].amountChargedBack).toEqual({ currency: 'GBP', value: '120.00' })
    const lotte = (await h.api('GET', `/customers/${byStory['bank-transfer-waiting'].id}/payments`)).json._embedded
      .payments
    expect(lotte[0]).toMatchObject({ status: 'open', method: 'banktransfer' })
    const emma = (await h.api('GET', `/customers/${byStory['partial-refund'].id}/payments`)).json._embedded.payments
    expect(emma[0].orderId).toMatch(/^ord_/)
    expect(Number(emma[0].amountRefunded.value)).toBeGreaterThan(0)
    expect(byStory['webhook-down']).toBeDefined()
  })

  it('is deterministic for a seed: the same data, ids and profile', async () => {
    const again = await startHarness({ seedPayments: 1200, seed: 21, clockStartMs: NOW })
    try {
      expect(again.sandbox.profileId).toBe(h.sandbox.profileId)
      const a = (await h.api('GET', '/payments?limit=20')).json._embedded.payments
      const b = (await again.api('GET', '/payments?limit=20')).json._embedded.payments
      expect(b).toEqual(JSON.parse(JSON.stringify(a).replaceAll(h.sandbox.origin, again.sandbox.origin)))
    } finally {
      await again.close()
    }
  })

  it('a seeded open bank transfer expires when the clock passes its expiresAt', async () => {
    const payments = await h.listAll('/payments', 'payments')
    const open = payments.find((p) => p.status === 'open' && p.method === 'banktransfer')
    await h.admin.advanceClock({ to: open.expiresAt })
    expect((await h.api('GET', `/payments/${open.id}`)).json.status).toBe('expired')
  })
})

describe('the partial-refund story on any seed', () => {
  it('Emma Dubois’s payment is partly refunded, never wholly (a one-line order with free shipping too)', async () => {
    // Seed 18 gives Emma a one-product order with free shipping (its first line is the whole amount).
    for (const seed of [18, 1, 2, 3, 21]) {
      const s = await startHarness({ seedPayments: 200, seed, clockStartMs: NOW })
      try {
        const customers = await s.listAll('/customers', 'customers')
        const emma = customers.find((c) => c.metadata?.story === 'partial-refund')
        expect(emma, `seed ${seed}`).toBeDefined()
        const [payment] = (await s.api('GET', `/customers/${emma?.id}/payments`)).json._embedded.payments as Json[]
        const refunded = Number(payment?.amountRefunded.value)
        expect(refunded, `seed ${seed}`).toBeGreaterThan(0)
        expect(refunded, `seed ${seed}`).toBeLessThan(Number(payment?.amount.value))
      } finally {
        await s.close()
      }
    }
  }, 120_000)
})

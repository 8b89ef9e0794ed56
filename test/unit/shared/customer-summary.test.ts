import { describe, expect, it } from 'vitest'
import {
  customerProblems,
  customerTotals,
  daysSince,
  failureReasonText,
  type CustomerOrder,
  type CustomerPayment,
} from '../../../src/shared/customer-summary'

const NOW = Date.parse('2026-11-25T12:00:00Z')
const eur = (value: string) => ({ currency: 'EUR', value })

function payment(id: string, status: string, value: string, over: Partial<CustomerPayment> = {}): CustomerPayment {
  return {
    id,
    createdAt: '2026-11-20T10:00:00Z',
    status,
    method: 'creditcard',
    amount: eur(value),
    amountRefunded: null,
    amountChargedBack: null,
    description: '',
    orderId: null,
    endedAt: null,
    failure: null,
    fresh: true,
    ...over,
  }
}

function order(id: string, status: string, over: Partial<CustomerOrder> = {}): CustomerOrder {
  return {
    id,
    orderNumber: id,
    createdAt: '2026-11-01T10:00:00Z',
    status,
    amount: eur('10.00'),
    amountRefunded: null,
    endedAt: null,
    fresh: true,
    ...over,
  }
}

describe('customerTotals', () => {
  it('sums paid, refunded, charged back, failed and open per currency as exact decimal strings', () => {
    // 0.10 + 0.20 is 0.30000000000000004 in floats; the totals must say 0.30.
    const totals = customerTotals([
      payment('tr_a', 'paid', '0.10', { amountRefunded: eur('0.05') }),
      payment('tr_b', 'paid', '0.20', { amountChargedBack: eur('0.20') }),
      payment('tr_c', 'failed', '89.00'),
      payment('tr_d', 'failed', '89.00'),
      payment('tr_e', 'open', '249.00'),
      payment('tr_f', 'authorized', '1.01'),
      payment('tr_g', 'expired', '5.00'),
      payment('tr_h', 'paid', '120.00', { amount: { currency: 'GBP', value: '120.00' } }),
      payment('tr_i', 'paid', '1000', { amount: { currency: 'JPY', value: '1000' } }),
    ])
    expect(totals).toEqual([
      { currency: 'EUR', paid: '0.30', refunded: '0.05', chargedBack: '0.20', failed: '178.00', open: '250.01' },
      { currency: 'GBP', paid: '120.00', refunded: '0.00', chargedBack: '0.00', failed: '0.00', open: '0.00' },
      { currency: 'JPY', paid: '1000', refunded: '0', chargedBack: '0', failed: '0', open: '0' },
    ])
  })

  it('leaves out an amount that is not valid money instead of guessing', () => {
    const totals = customerTotals([payment('tr_a', 'paid', '1.234'), payment('tr_b', 'paid', '2.00')])
    expect(totals).toEqual([
      { currency: 'EUR', paid: '2.00', refunded: '0.00', chargedBack: '0.00', failed: '0.00', open: '0.00' },
    ])
  })

  it('has no totals for no payments', () => {
    expect(customerTotals([])).toEqual([])
  })
})

describe('customerProblems', () => {
  it('lists failed, expired, canceled, charged back and long-open payments, most recent first', () => {
    const problems = customerProblems(
      [
        payment('tr_paid', 'paid', '10.00', { createdAt: '2026-11-24T10:00:00Z' }),
        payment('tr_cb', 'paid', '120.00', {
          createdAt: '2026-10-16T10:00:00Z',
          amountChargedBack: eur('120.00'),
        }),
        payment('tr_fail1', 'failed', '89.00', {
          createdAt: '2026-11-22T12:00:00Z',
          endedAt: '2026-11-22T12:01:00Z',
          failure: 'The card has insufficient funds.',
        }),
        payment('tr_fail2', 'failed', '89.00', {
          createdAt: '2026-11-22T12:04:00Z',
          endedAt: '2026-11-22T12:05:00Z',
          failure: 'The security code (CVV) is incorrect.',
        }),
        payment('tr_exp', 'expired', '5.00', { createdAt: '2026-11-01T10:00:00Z', endedAt: '2026-11-02T10:00:00Z' }),
        payment('tr_cancel', 'canceled', '5.00', {
          createdAt: '2026-11-03T10:00:00Z',
          endedAt: '2026-11-03T11:00:00Z',
        }),
        payment('tr_open_old', 'open', '249.00', { createdAt: '2026-11-20T12:00:00Z' }),
        payment('tr_open_new', 'open', '9.00', { createdAt: '2026-11-25T06:00:00Z' }),
      ],
      [],
      NOW,
    )
    expect(problems.map((p) => [p.kind, p.paymentId])).toEqual([
      ['failed', 'tr_fail2'],
      ['failed', 'tr_fail1'],
      ['open-long', 'tr_open_old'],
      ['canceled', 'tr_cancel'],
      ['expired', 'tr_exp'],
      ['charged-back', 'tr_cb'],
    ])
    expect(problems[0]?.reason).toBe('The security code (CVV) is incorrect.')
    expect(problems[5]?.amount).toEqual(eur('120.00'))
  })

  it('names an expired or canceled order once, unless one of its payments already says so', () => {
    const problems = customerProblems(
      [payment('tr_x', 'expired', '10.00', { orderId: 'ord_told', endedAt: '2026-11-10T00:00:00Z' })],
      [
        order('ord_told', 'expired', { endedAt: '2026-11-10T00:00:00Z' }),
        order('ord_quiet', 'canceled', { endedAt: '2026-11-12T00:00:00Z' }),
        order('ord_paid', 'paid'),
      ],
      NOW,
    )
    expect(problems.map((p) => [p.kind, p.paymentId ?? p.orderId])).toEqual([
      ['canceled', 'ord_quiet'],
      ['expired', 'tr_x'],
    ])
  })

  it('orders problems of the same moment by id, so the list does not shuffle between openings', () => {
    const at = { createdAt: '2026-11-20T00:00:00Z', endedAt: '2026-11-21T00:00:00Z' }
    const a = customerProblems([payment('tr_a', 'failed', '1.00', at), payment('tr_b', 'failed', '1.00', at)], [], NOW)
    const b = customerProblems([payment('tr_b', 'failed', '1.00', at), payment('tr_a', 'failed', '1.00', at)], [], NOW)
    expect(a.map((p) => p.paymentId)).toEqual(['tr_b', 'tr_a'])
    expect(b.map((p) => p.paymentId)).toEqual(['tr_b', 'tr_a'])
  })
})

describe('failureReasonText', () => {
  it('says the service message, the card reason or the bank reason with its code', () => {
    expect(failureReasonText({ failureMessage: 'Declined by the bank.', failureReason: 'card_declined' })).toBe(
      'Declined by the bank.',
    )
    expect(failureReasonText({ failureReason: 'insufficient_funds' })).toBe('The card has insufficient funds.')
    expect(failureReasonText({ bankReasonCode: 'AM04', bankReason: 'Insufficient funds' })).toBe(
      'Insufficient funds (bank code AM04)',
    )
    expect(failureReasonText({ failureReason: 'made_up' })).toBeNull()
    expect(failureReasonText(null)).toBeNull()
  })
})

describe('daysSince', () => {
  it('counts whole days, at least one', () => {
    expect(daysSince('2026-11-20T12:00:00Z', NOW)).toBe(5)
    expect(daysSince('2026-11-25T11:00:00Z', NOW)).toBe(1)
  })
})

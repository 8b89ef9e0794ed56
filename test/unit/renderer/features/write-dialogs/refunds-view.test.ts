// What the refunds under a payment's actions show, and when they are read apart (issue 25: opening a
// payment costs one read; its refunds come embedded in it).
import { describe, expect, it } from 'vitest'
import type { Payment, Refund } from '../../../../../src/shared/api-types'
import { refundsView } from '../../../../../src/renderer/src/features/write-dialogs/refunds-view'

const refund = (id: string): Refund =>
  ({ resource: 'refund', id, amount: { currency: 'EUR', value: '5.00' }, status: 'pending' }) as Refund

function payment(refunded: string | null, embedded?: Refund[]): Payment {
  return {
    id: 'tr_refundsView01',
    amount: { currency: 'EUR', value: '20.00' },
    ...(refunded ? { amountRefunded: { currency: 'EUR', value: refunded } } : {}),
    ...(embedded ? { _embedded: { refunds: embedded } } : {}),
  } as Payment
}

describe('refundsView', () => {
  it('shows the refunds the read embedded and reads nothing apart', () => {
    const view = refundsView(payment('5.00', [refund('re_a')]), null, null, false)
    expect(view).toEqual({ list: [refund('re_a')], error: null, readApart: false })
  })

  it('a copy from the list with refunds reads them apart, unless a fresh read is on its way', () => {
    expect(refundsView(payment('5.00'), null, null, false).readApart).toBe(true)
    expect(refundsView(payment('5.00'), null, null, true).readApart).toBe(false)
    expect(refundsView(payment('0.00'), null, null, false).readApart).toBe(false)
    expect(refundsView(payment(null), null, null, false).readApart).toBe(false)
  })

  it('shows refunds read apart only for the payment they were read for', () => {
    const listed = { paymentId: 'tr_refundsView01', list: [refund('re_b')] }
    expect(refundsView(payment('5.00'), listed, null, false).list).toEqual([refund('re_b')])
    expect(refundsView(payment('5.00'), { ...listed, paymentId: 'tr_other000001' }, null, false).list).toEqual([])
  })

  it('an error of an earlier separate read is not shown once the read embedded the refunds', () => {
    expect(refundsView(payment('5.00'), null, 'offline', false).error).toBe('offline')
    expect(refundsView(payment('5.00', [refund('re_a')]), null, 'offline', false).error).toBeNull()
  })
})

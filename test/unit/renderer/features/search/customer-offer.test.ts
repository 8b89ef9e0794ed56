// Which customer a search offers to open: the e-mail searched for, or the best hit's customer.
import { describe, expect, it } from 'vitest'
import { customerOffer, onceName } from '../../../../../src/renderer/src/features/search/customer-offer'
import type { SearchHit, SearchResult } from '../../../../../src/shared/ipc/search'

function hit(id: string, customer: string): SearchHit {
  return {
    kind: 'payment',
    id,
    createdAt: '2026-11-20T10:00:00Z',
    status: 'paid',
    state: 'paid',
    method: null,
    amount: { currency: 'EUR', value: '1.00' },
    orderId: null,
    title: id,
    customer,
    matched: [],
    latestPaymentId: null,
  }
}

function result(text: string, hits: SearchHit[], direct: SearchResult['direct'] = null): SearchResult {
  const group = { hits, more: false, broad: false }
  return {
    text,
    chips: [],
    warnings: [],
    direct,
    orders: { hits: [], more: false, broad: false },
    payments: group,
    index: {
      connectionId: 'c',
      payments: 1,
      orders: 0,
      syncedAt: null,
      notice: null,
      cap: { payments: 250_000, orders: 100_000 },
      keptSince: { payments: null, orders: null },
    },
    tookMs: 1,
  }
}

describe('customerOffer', () => {
  it('offers the e-mail searched for, with the name a hit gives it', () => {
    const r = result('Sanne.DeVries@example.com ', [
      hit('tr_1', 'Someone Else · other@example.com'),
      hit('tr_2', 'Sanne de Vries Sanne de Vries · sanne.devries@example.com'),
    ])
    expect(customerOffer(r)).toEqual({ email: 'sanne.devries@example.com', name: 'Sanne de Vries' })
  })

  it('offers the best hit’s customer for a name search, and nothing without hits or for an id', () => {
    expect(customerOffer(result('lukas', [hit('tr_1', 'Lukas Schneider · lukas.schneider@example.com')]))).toEqual({
      email: 'lukas.schneider@example.com',
      name: 'Lukas Schneider',
    })
    expect(customerOffer(result('lukas', [hit('tr_1', 'Lukas Schneider')]))).toBeNull()
    expect(customerOffer(result('a@b.example', []))).toBeNull()
    expect(customerOffer(result('tr_1', [hit('tr_1', 'x · x@y.example')], { kind: 'payment', id: 'tr_1' }))).toBeNull()
  })

  it('says a name given twice (billing and shipping) once', () => {
    expect(onceName('Ann Lee Ann Lee')).toBe('Ann Lee')
    expect(onceName('Ann Ann Lee')).toBe('Ann Ann Lee')
    expect(onceName('Emma')).toBe('Emma')
  })
})

// Search results as main answers them, for the renderer's search tests: a hit and a result around it.
import type { SearchHit, SearchResult } from '../../../src/shared/ipc/search'

/** A payment hit (or an order's, with kind 'order') naming its customer as the search box shows it. */
export function searchHit(id: string, customer: string, kind: SearchHit['kind'] = 'payment'): SearchHit {
  return {
    kind,
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

/** The answer to `text`: these payment hits (and order hits, a direct id, a ticket's objects when given). */
export function searchResult(
  text: string,
  hits: SearchHit[],
  more: { direct?: SearchResult['direct']; orders?: SearchHit[]; ticket?: SearchResult['ticket'] } = {},
): SearchResult {
  return {
    text,
    chips: [],
    warnings: [],
    direct: more.direct ?? null,
    ticket: more.ticket ?? null,
    orders: { hits: more.orders ?? [], more: false, broad: false },
    payments: { hits, more: false, broad: false },
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

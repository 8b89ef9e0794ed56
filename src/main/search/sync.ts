// Background sync of one connection's index (ARCHITECTURE.md, "Sync"): walks GET /payments and
// GET /orders newest first, page by page at background priority through the rate-limited client,
// until it meets what the index already holds. Each page's rows and the cursor of the next page are
// committed in one transaction, so an interrupted sync (network fault, 429, quit mid-page) resumes at
// the page it had not committed: no gaps, and upserts by id leave no duplicates.
import type { Order, OrderList, Payment, PaymentList } from '../../shared/api-types'
import type { SyncKind } from '../../shared/ipc/search'
import { MAX_PAGE_SIZE } from '../../shared/api-types'
import { orderRow, paymentRow, type SearchIndex, type SyncMarker } from './index-db'
import type { RefreshClient, SyncCallOptions } from './refresh'
import { refreshUnsettledAll } from './refresh-walk'
import { refreshChanged, type ChangesClient } from './changes'

export type { SyncCallOptions }

export interface SyncClient {
  listPayments(
    input: { limit?: number; sort?: 'asc' | 'desc' } | { link: string },
    opts: SyncCallOptions,
  ): Promise<PaymentList>
  listOrders(
    input: { limit?: number; sort?: 'asc' | 'desc' } | { link: string },
    opts: SyncCallOptions,
  ): Promise<OrderList>
  /** By id, to read unsettled objects again (refresh.ts); a client without them only walks. */
  getPayment?(id: string, opts: SyncCallOptions): Promise<Payment>
  getOrder?(id: string, opts: SyncCallOptions): Promise<Order>
  /** To walk the refunds and chargebacks lists (changes.ts); a client without it does not. */
  request?: ChangesClient['request']
}

export interface PageReport {
  kind: SyncKind
  items: number
}

export interface SyncRunOptions {
  full: boolean
  signal: AbortSignal
  onPage: (report: PageReport) => void
  now: () => number
  pageSize?: number
}

/** The cursor link of a walk in progress was refused (e.g. the object it names is gone). */
function isStaleCursor(error: unknown): boolean {
  const e = error as { status?: number; kind?: string }
  return e?.status === 400 || e?.status === 404
}

export async function syncIndex(index: SearchIndex, client: SyncClient, options: SyncRunOptions): Promise<void> {
  for (const kind of ['payments', 'orders'] as const) {
    await syncKind(index, client, kind, options)
  }
  // Then what the index holds that can still change on its own (refresh.ts), when the client can read by id.
  if (client.getPayment && client.getOrder) {
    const reader: RefreshClient = { getPayment: client.getPayment.bind(client), getOrder: client.getOrder.bind(client) }
    const walker = {
      ...reader,
      listPayments: client.listPayments.bind(client),
      listOrders: client.listOrders.bind(client),
    }
    for (const kind of ['payments', 'orders'] as const) {
      await refreshUnsettledAll(index, walker, kind, { signal: options.signal })
    }
    // And the settled ones refunds and chargebacks changed since (changes.ts).
    if (client.request) await refreshChanged(index, { ...reader, request: client.request.bind(client) }, options)
  }
}

async function syncKind(
  index: SearchIndex,
  client: SyncClient,
  kind: SyncKind,
  options: SyncRunOptions,
): Promise<void> {
  const callOpts: SyncCallOptions = {
    signal: options.signal,
    priority: 'background',
    origin: { screen: 'search', action: options.full ? 'full re-sync' : 'sync' },
  }
  const list = (input: { limit?: number; sort?: 'asc' | 'desc' } | { link: string }) =>
    kind === 'payments' ? client.listPayments(input, callOpts) : client.listOrders(input, callOpts)
  const first = { limit: options.pageSize ?? MAX_PAGE_SIZE, sort: 'desc' as const }

  let marker = index.marker(kind)
  if (options.full && !marker.full)
    marker = { ...marker, full: true, nextLink: null, walkTopId: null, walkTopCreatedMs: null }

  let page: PaymentList | OrderList
  if (marker.nextLink) {
    try {
      page = await list({ link: marker.nextLink })
    } catch (error) {
      if (!isStaleCursor(error)) throw error
      // Start the walk again from the top; it still stops at what a completed walk held, so nothing is skipped.
      marker = { ...marker, nextLink: null, walkTopId: null, walkTopCreatedMs: null }
      page = await list(first)
    }
  } else {
    page = await list(first)
  }

  for (;;) {
    const items = (
      kind === 'payments' ? (page as PaymentList)._embedded.payments : (page as OrderList)._embedded.orders
    ) as (Payment | Order)[]
    const newest = items[0]
    if (newest !== undefined) {
      const scope = `${newest.profileId}|${newest.mode}`
      const held = index.scope()
      if (held === null) index.setScope(scope)
      else if (held !== scope) {
        // The connection now reaches another account or mode: never mix them.
        index.clear()
        index.setScope(scope)
        marker = index.marker(kind)
      }
    }
    if (marker.walkTopId === null && newest !== undefined) {
      marker = { ...marker, walkTopId: newest.id, walkTopCreatedMs: Date.parse(newest.createdAt) }
    }
    let stopAt = items.length
    if (!marker.full && marker.newestId !== null) {
      for (const [i, item] of items.entries()) {
        const created = Date.parse(item.createdAt)
        if (item.id === marker.newestId || (marker.newestCreatedMs !== null && created < marker.newestCreatedMs)) {
          stopAt = i
          break
        }
      }
    }
    const nextHref = page._links?.next?.href ?? null
    const reachedEnd = stopAt < items.length || nextHref === null
    const next: SyncMarker = reachedEnd
      ? {
          newestId: marker.walkTopId ?? marker.newestId,
          newestCreatedMs: marker.walkTopCreatedMs ?? marker.newestCreatedMs,
          nextLink: null,
          walkTopId: null,
          walkTopCreatedMs: null,
          full: false,
          lastCompletedAt: options.now(),
        }
      : { ...marker, nextLink: nextHref }
    // Ask for the next page before indexing this one: the request waits for its token in the
    // client's limiter while this page is encrypted and written, so the walk runs at the READ quota
    // instead of quota-minus-indexing-time. The marker still advances only after the rows are in.
    let following: Promise<PaymentList | OrderList> | null = null
    if (!reachedEnd && !options.signal.aborted) {
      following = list({ link: nextHref })
      following.catch(() => {}) // awaited below; an early failure is not unhandled meanwhile
    }
    const rows = items
      .slice(0, stopAt)
      .map((item) => (kind === 'payments' ? paymentRow(item as Payment) : orderRow(item as Order)))
    index.upsert(kind, rows, () => index.saveMarker(kind, next))
    marker = next
    options.onPage({ kind, items: rows.length })
    if (reachedEnd) break
    if (options.signal.aborted || following === null) throw abortError()
    page = await following
  }
  index.prune(kind)
}

function abortError(): Error {
  const error = new Error('The sync was canceled.')
  error.name = 'AbortError'
  return error
}

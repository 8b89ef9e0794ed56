// Background sync of one connection's index (docs/SEARCH.md, "Sync"): walks GET /payments and
// GET /orders newest first, page by page at background priority through the rate-limited client,
// until it meets what the index already holds. Each page's rows and the cursor of the next page are
// committed in one transaction, so an interrupted sync (network fault, 429, quit mid-page) resumes at
// the page it had not committed: no gaps, and upserts by id leave no duplicates.
import type { Order, OrderList, Payment, PaymentList } from '../../shared/api-types'
import type { SyncKind } from '../../shared/ipc/search'
import { MAX_PAGE_SIZE } from '../../shared/api-types'
import { orderRow, paymentRow, type SyncMarker } from './index-db'
import type { SyncTarget } from './sync-target'
import type { RefreshClient, SyncCallOptions } from './refresh'
import { refreshUnsettledAll } from './refresh-walk'
import { refreshChanged, type ChangesClient } from './changes'
import { readCustomers } from './customer-text'

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

interface SyncRunOptions {
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

export async function syncIndex(index: SyncTarget, client: SyncClient, options: SyncRunOptions): Promise<void> {
  for (const kind of ['payments', 'orders'] as const) {
    await syncKind(index, client, kind, options)
  }
  // Then what the index holds that can still change on its own (refresh.ts), when the client can read by id.
  if (client.getPayment && client.getOrder) {
    const getPayment = client.getPayment.bind(client)
    const request = client.request?.bind(client)
    // A payment read again keeps its customer's name and e-mail (customer-text.ts).
    const reader: RefreshClient = {
      getPayment: async (id, opts) => {
        const payment = await getPayment(id, opts)
        if (request) await readCustomers([payment], request, opts)
        return payment
      },
      getOrder: client.getOrder.bind(client),
    }
    const walker = {
      ...reader,
      listPayments: async (input: ListInput, opts: SyncCallOptions) => {
        const page = await client.listPayments(input, opts)
        if (request) await readCustomers(page._embedded.payments, request, opts)
        return page
      },
      listOrders: client.listOrders.bind(client),
    }
    for (const kind of ['payments', 'orders'] as const) {
      await refreshUnsettledAll(index, walker, kind, { signal: options.signal })
    }
    // And the settled ones refunds and chargebacks changed since (changes.ts).
    if (client.request) await refreshChanged(index, { ...reader, request: client.request.bind(client) }, options)
  }
}

type ListInput = { limit?: number; sort?: 'asc' | 'desc' } | { link: string }
type ListPage = PaymentList | OrderList

async function syncKind(index: SyncTarget, client: SyncClient, kind: SyncKind, options: SyncRunOptions): Promise<void> {
  const callOpts: SyncCallOptions = {
    signal: options.signal,
    priority: 'background',
    origin: { screen: 'search', action: options.full ? 'full re-sync' : 'sync' },
  }
  const list = (input: ListInput) =>
    kind === 'payments' ? client.listPayments(input, callOpts) : client.listOrders(input, callOpts)

  const cap = index.limit(kind)
  let marker = await index.marker(kind)
  if (options.full && !marker.full)
    marker = { ...marker, full: true, nextLink: null, walkTopId: null, walkTopCreatedMs: null, walked: 0 }
  const start = await firstPage(list, marker, options.pageSize ?? MAX_PAGE_SIZE)
  let page: ListPage = start.page
  marker = start.marker

  // Pages are written one after another behind the walk, at most WRITES_AHEAD waiting: a page
  // written while the next two are fetched keeps the walk at the READ quota even where a write takes
  // as long as a token does (the team's shared index: a round trip and its indexes' upkeep).
  const writes = new WriteQueue(options.signal)
  // A write pruned the oldest rows: every marker saved after it says older objects are not kept.
  let pruned = false
  try {
    for (;;) {
      const items = (
        kind === 'payments' ? (page as PaymentList)._embedded.payments : (page as OrderList)._embedded.orders
      ) as (Payment | Order)[]
      const newest = items[0]
      if (newest !== undefined) {
        marker = await keepOneAccount(index, kind, newest, marker, () => writes.drain())
        if (marker.walkTopId === null) {
          marker = { ...marker, walkTopId: newest.id, walkTopCreatedMs: Date.parse(newest.createdAt) }
        }
      }
      const nextHref = page._links?.next?.href ?? null
      const take = pageTake(items, marker, cap, nextHref !== null)
      const reachedEnd = take.capped || take.metKnown || nextHref === null
      const pageMarker = marker
      const nextOf = (base: SyncMarker): SyncMarker =>
        reachedEnd
          ? completedMarker(base, options.now(), take.capped)
          : { ...base, nextLink: nextHref, walked: base.walked + take.count }
      // Ask for the next page before indexing this one: the request waits for its token in the
      // client's limiter while this page is encrypted and written, so the walk runs at the READ quota
      // instead of quota-minus-indexing-time. The marker still advances only after the rows are in.
      let following: Promise<ListPage> | null = null
      if (!reachedEnd && !options.signal.aborted) {
        following = list({ link: nextHref })
        following.catch(() => {}) // awaited below; an early failure is not unhandled meanwhile
      }
      const fresh = items.slice(0, take.count)
      if (kind === 'payments' && client.request)
        await readCustomers(fresh as Payment[], client.request.bind(client), callOpts)
      const rows = fresh.map((item) => (kind === 'payments' ? paymentRow(item as Payment) : orderRow(item as Order)))
      await writes.room()
      writes.add(async () => {
        const saved = nextOf(pruned ? { ...pageMarker, olderNotKept: true } : pageMarker)
        await index.savePage(kind, rows, saved)
        if ((await keepUnderCap(index, kind, saved)).olderNotKept) pruned = true
        options.onPage({ kind, items: rows.length })
      })
      marker = nextOf(pageMarker)
      if (reachedEnd) break
      if (options.signal.aborted || following === null) throw abortError()
      page = await following
    }
  } catch (error) {
    // Whatever ended the walk, the pages fetched before it are written (or, after a cancel, left)
    // before it ends: nothing writes behind the caller's back.
    await writes.drain().catch(() => {})
    throw options.signal.aborted ? abortError() : error
  }
  await writes.drain()
  // Canceled while the last pages were written: those not yet written were left, the walk did not end.
  if (options.signal.aborted) throw abortError()
}

/** Pages written waiting behind the walk at most. */
const WRITES_AHEAD = 2

/**
 * The walk's writes, one at a time in page order. The first failure stops the walk at its next page;
 * after a cancel the pages still waiting are not written (the marker of the last one written says
 * where the next walk resumes).
 */
class WriteQueue {
  private tail: Promise<void> = Promise.resolve()
  /** The writes not yet done, oldest first. */
  private readonly pending: Promise<void>[] = []
  private failure: { error: unknown } | null = null

  constructor(private readonly signal: AbortSignal) {}

  add(write: () => Promise<void>): void {
    const done: Promise<void> = this.tail.then(async () => {
      try {
        if (this.failure === null && !this.signal.aborted) await write()
      } catch (error) {
        this.failure ??= { error }
      } finally {
        void this.pending.splice(this.pending.indexOf(done), 1)
      }
    })
    this.pending.push(done)
    this.tail = done
  }

  /** Waits until fewer than WRITES_AHEAD pages wait; throws a write's failure. */
  async room(): Promise<void> {
    while (this.pending.length >= WRITES_AHEAD) await this.pending[0]
    if (this.failure) throw this.failure.error
  }

  /** Waits for every page to be written; throws a write's failure. */
  async drain(): Promise<void> {
    await this.tail
    if (this.failure) throw this.failure.error
  }
}

/**
 * How much of a page the walk takes: up to what the index already holds (an incremental walk), and
 * never past the index's cap: a walk newest first that has taken `cap` objects stops there, so it
 * fetches no page it would prune afterwards (issue 46 item 8).
 */
function pageTake(
  items: readonly (Payment | Order)[],
  marker: SyncMarker,
  cap: number,
  hasNext: boolean,
): { count: number; metKnown: boolean; capped: boolean } {
  const known = knownFrom(items, marker)
  const room = Math.max(0, cap - marker.walked)
  const count = Math.min(known, room)
  const metKnown = known < items.length
  // Capped: the cap left objects of this walk behind (on this page, or on pages after it).
  const capped = count < known || (count === room && !metKnown && hasNext)
  return { count, metKnown, capped }
}

/**
 * Prunes the oldest rows as soon as a page takes the index past its cap, so an interrupted walk never
 * holds more than the cap; the marker then says older objects are not kept.
 */
async function keepUnderCap(index: SyncTarget, kind: SyncKind, marker: SyncMarker): Promise<SyncMarker> {
  if ((await index.count(kind)) <= index.limit(kind) || (await index.prune(kind)) === 0 || marker.olderNotKept)
    return marker
  const marked = { ...marker, olderNotKept: true }
  await index.savePage(kind, [], marked)
  return marked
}

/** The walk's first page: where an interrupted walk stopped, or the newest page. */
async function firstPage(
  list: (input: ListInput) => Promise<ListPage>,
  marker: SyncMarker,
  pageSize: number,
): Promise<{ page: ListPage; marker: SyncMarker }> {
  const first = { limit: pageSize, sort: 'desc' as const }
  if (!marker.nextLink) return { page: await list(first), marker }
  try {
    return { page: await list({ link: marker.nextLink }), marker }
  } catch (error) {
    if (!isStaleCursor(error)) throw error
    // Start the walk again from the top; it still stops at what a completed walk held, so nothing is skipped.
    const restarted = { ...marker, nextLink: null, walkTopId: null, walkTopCreatedMs: null }
    return { page: await list(first), marker: restarted }
  }
}

/**
 * The index holds one account and mode (`profileId|mode` of its rows). When the connection now
 * reaches another, the index is cleared rather than mixed, and the walk's marker starts afresh.
 */
async function keepOneAccount(
  index: SyncTarget,
  kind: SyncKind,
  newest: Payment | Order,
  marker: SyncMarker,
  writesDone: () => Promise<void>,
): Promise<SyncMarker> {
  const scope = `${newest.profileId}|${newest.mode}`
  const held = await index.scope()
  if (held === null) await index.setScope(scope)
  else if (held !== scope) {
    // The connection now reaches another account or mode: never mix them (the pages of the other,
    // still being written, first).
    await writesDone()
    await index.clear()
    await index.setScope(scope)
    return index.marker(kind)
  }
  return marker
}

/** Where the page meets what a completed walk already holds (the page's length when it does not). */
function knownFrom(items: readonly (Payment | Order)[], marker: SyncMarker): number {
  if (marker.full || marker.newestId === null) return items.length
  for (const [i, item] of items.entries()) {
    const created = Date.parse(item.createdAt)
    if (item.id === marker.newestId || (marker.newestCreatedMs !== null && created < marker.newestCreatedMs)) return i
  }
  return items.length
}

/**
 * The marker of a walk that reached its end: its first object becomes the newest held. Older objects
 * are not kept when this walk stopped at the cap; a full walk that reached the list's end holds them all.
 */
function completedMarker(marker: SyncMarker, now: number, capped: boolean): SyncMarker {
  return {
    newestId: marker.walkTopId ?? marker.newestId,
    newestCreatedMs: marker.walkTopCreatedMs ?? marker.newestCreatedMs,
    nextLink: null,
    walkTopId: null,
    walkTopCreatedMs: null,
    full: false,
    lastCompletedAt: now,
    walked: 0,
    olderNotKept: capped || (!marker.full && marker.olderNotKept),
  }
}

function abortError(): Error {
  const error = new Error('The sync was canceled.')
  error.name = 'AbortError'
  return error
}

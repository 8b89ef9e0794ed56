// Unsettled objects, when they are many (issue 25 item 1). Reading them again by id, newest first and
// at most REFRESH_BUDGET per sync (refresh.ts), never reaches the older ones while more than the
// budget are newer: with 100,000 payments, ~1,000 of them authorized or open, a bank transfer paid or
// expired a week after it was opened stayed "open" in the index for good (bench:freshness). So when
// they exceed the budget, the list is walked newest first instead (250 objects a request) until every
// unsettled object was met, each met one written as the service lists it now: complete, and cheaper
// than one request per object. What the walk did not meet (gone at the service, or past its page
// budget) is read by id as before, up to the budget.
import type { Order, OrderList, Payment, PaymentList } from '../../shared/api-types'
import { MAX_PAGE_SIZE } from '../../shared/api-types'
import type { SyncKind } from '../../shared/ipc/search'
import { orderRow, paymentRow } from './index-db'
import type { SyncTarget } from './sync-target'
import {
  REFRESH_BUDGET,
  refreshUnsettled,
  rereadOne,
  UNSETTLED_ORDER_STATUSES,
  UNSETTLED_PAYMENT_STATUSES,
  type RefreshClient,
  type SyncCallOptions,
} from './refresh'

/** List pages walked per kind and sync at most for unsettled objects (50,000 objects). */
const REFRESH_PAGE_BUDGET = 200

/** Unsettled objects held at most before the walk replaces reads by id: more costs a query, not requests. */
const ALL = 1_000_000

type ListInput = { limit?: number; sort?: 'asc' | 'desc' } | { link: string }

interface WalkRefreshClient extends RefreshClient {
  listPayments(input: ListInput, opts: SyncCallOptions): Promise<PaymentList>
  listOrders(input: ListInput, opts: SyncCallOptions): Promise<OrderList>
}

/**
 * Brings the unsettled objects of one kind up to date: by id when they fit the budget, else by
 * walking the list. Answers how many requests it made.
 */
export async function refreshUnsettledAll(
  index: SyncTarget,
  client: WalkRefreshClient,
  kind: SyncKind,
  options: { signal: AbortSignal },
): Promise<number> {
  const statuses = kind === 'payments' ? UNSETTLED_PAYMENT_STATUSES : UNSETTLED_ORDER_STATUSES
  const pending = new Set(await index.idsWithStatus(kind, statuses, ALL))
  if (pending.size <= REFRESH_BUDGET) return refreshUnsettled(index, client, kind, options)
  const callOpts: SyncCallOptions = {
    signal: options.signal,
    priority: 'background',
    origin: { screen: 'search', action: 'refresh unsettled' },
  }
  const list = (input: ListInput) =>
    kind === 'payments' ? client.listPayments(input, callOpts) : client.listOrders(input, callOpts)
  let requests = 0
  let page: PaymentList | OrderList = await list({ limit: MAX_PAGE_SIZE, sort: 'desc' })
  for (;;) {
    requests++
    const items = (
      kind === 'payments' ? (page as PaymentList)._embedded.payments : (page as OrderList)._embedded.orders
    ) as (Payment | Order)[]
    const met = items.filter((item) => pending.delete(item.id))
    if (met.length > 0) {
      await index.savePage(
        kind,
        met.map((item) => (kind === 'payments' ? paymentRow(item as Payment) : orderRow(item as Order))),
      )
    }
    const next = page._links?.next?.href ?? null
    if (pending.size === 0 || next === null || requests >= REFRESH_PAGE_BUDGET || options.signal.aborted) break
    page = await list({ link: next })
  }
  if (pending.size === 0 || options.signal.aborted) return requests
  // The rest by id (404: gone at the service, removed), the oldest of them first.
  const rest = [...pending].reverse().slice(0, REFRESH_BUDGET)
  return requests + (await readById(index, client, kind, rest, callOpts))
}

async function readById(
  index: SyncTarget,
  client: RefreshClient,
  kind: SyncKind,
  ids: string[],
  callOpts: SyncCallOptions,
): Promise<number> {
  let read = 0
  for (const id of ids) {
    if (callOpts.signal?.aborted) break
    await rereadOne(index, client, kind, id, callOpts)
    read++
  }
  return read
}

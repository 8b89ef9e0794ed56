// Keeping what the index already holds true (issue 25 item 1). A sync's walk finds new objects only:
// the service has no "changed since" filter, so a payment indexed as open stays open after it was
// paid or expired. After the walk, the objects that can still change on their own are read again by
// id: payments open, pending or authorized; orders not yet completed, canceled or expired. They are
// few (a payment leaves "open" within minutes to days), so a budget per sync bounds the cost; the
// newest go first (the most likely to have moved), and the rest are read at the next sync. Changes
// to settled objects (refunds, chargebacks) come from walking those lists.
import type { Order, Payment } from '../../shared/api-types'
import type { OrderStatus, PaymentStatus } from '../../shared/service/enums'
import type { SyncKind } from '../../shared/ipc/search'
import { orderRow, paymentRow } from './index-db'
import type { SyncTarget } from './sync-target'

/** Statuses a payment can still leave without anyone acting (spec 2.5; the real service's lifecycle). */
export const UNSETTLED_PAYMENT_STATUSES: readonly PaymentStatus[] = ['open', 'pending', 'authorized']
/** Statuses an order can still leave (it moves on to shipping, completed, expired). */
export const UNSETTLED_ORDER_STATUSES: readonly OrderStatus[] = ['created', 'pending', 'authorized', 'paid', 'shipping']

/** Objects read again per sync and kind at most: the background budget (docs/SEARCH.md "The index stays true"). */
export const REFRESH_BUDGET = 200

export interface SyncCallOptions {
  signal?: AbortSignal
  priority?: 'user' | 'background'
  origin?: { screen: string; action: string }
}

export interface RefreshClient {
  getPayment(id: string, opts: SyncCallOptions): Promise<Payment>
  getOrder(id: string, opts: SyncCallOptions): Promise<Order>
}

interface RefreshOptions {
  signal: AbortSignal
  budget?: number
  onRefreshed?: (report: { kind: SyncKind; items: number }) => void
}

/** Reads the unsettled objects of one kind again and writes what changed; answers how many it read. */
export async function refreshUnsettled(
  index: SyncTarget,
  client: RefreshClient,
  kind: SyncKind,
  options: RefreshOptions,
): Promise<number> {
  const statuses = kind === 'payments' ? UNSETTLED_PAYMENT_STATUSES : UNSETTLED_ORDER_STATUSES
  const ids = await index.idsWithStatus(kind, statuses, options.budget ?? REFRESH_BUDGET)
  const callOpts: SyncCallOptions = {
    signal: options.signal,
    priority: 'background',
    origin: { screen: 'search', action: 'refresh unsettled' },
  }
  let read = 0
  for (const id of ids) {
    if (options.signal.aborted) break
    await rereadOne(index, client, kind, id, callOpts)
    read++
    options.onRefreshed?.({ kind, items: 1 })
  }
  return read
}

/** Reads one object again and writes it as the service has it now; gone at the service (404: a test-mode object removed), it leaves the index. */
export async function rereadOne(
  index: SyncTarget,
  client: RefreshClient,
  kind: SyncKind,
  id: string,
  callOpts: SyncCallOptions,
): Promise<void> {
  try {
    const object = kind === 'payments' ? await client.getPayment(id, callOpts) : await client.getOrder(id, callOpts)
    await index.savePage(kind, [kind === 'payments' ? paymentRow(object as Payment) : orderRow(object as Order)])
  } catch (error) {
    if ((error as { status?: number }).status === 404) await index.remove(kind, id)
    else throw error
  }
}

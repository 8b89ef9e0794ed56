// Changes to settled payments (issue 25 item 1). A paid payment changes when it is refunded or charged
// back, and the service has no "changed since" filter; but each refund and each chargeback is an
// object of its own, listed newest first (GET /v2/refunds, GET /v2/chargebacks:
// https://docs.mollie.com/reference/list-all-refunds, https://docs.mollie.com/reference/list-all-chargebacks)
// and naming the payment it changed. So a sync walks those two lists down to the newest one the last
// walk saw, and reads again the payments (and their orders) they name. A refund's status moves on too
// (pending → refunded) without changing its payment's amounts (a refund counts from when it is made),
// so the index needs no second read; the payment view reads the refunds themselves when it opens.
import type { Chargeback, ChargebackList, Order, Payment, Refund, RefundList } from '../../shared/api-types'
import { MAX_PAGE_SIZE } from '../../shared/api-types'
import { operationById } from '../../shared/service'
import type { SyncMarker } from './index-db'
import type { SyncTarget } from './sync-target'
import { orderRow, paymentRow } from './rows'
import type { SyncCallOptions } from './refresh'

type ChangeKind = 'refunds' | 'chargebacks'

/** Pages of a change list walked per sync at most (250 items each): the background budget. */
const CHANGE_PAGE_BUDGET = 8
/**
 * Payments read again per sync for changes at most: every one the two walks can meet. A change met
 * and not read would be lost, since the walk's marker moves past it (the page budget bounds the cost).
 */
const CHANGED_PAYMENTS_BUDGET = 2 * CHANGE_PAGE_BUDGET * MAX_PAGE_SIZE

export interface ChangesClient {
  request<T>(
    req: { method: 'GET'; path?: string; link?: string; query?: Record<string, string | number> },
    opts: SyncCallOptions,
  ): Promise<T>
  getPayment(id: string, opts: SyncCallOptions): Promise<Payment>
  getOrder(id: string, opts: SyncCallOptions): Promise<Order>
}

type Change = Pick<Refund, 'id' | 'paymentId' | 'createdAt'>

/**
 * Walks one change list newest first down to the last walk's newest item (or the page budget) and
 * answers the changes it met; saves the new top as the marker once the walk got there.
 */
async function walkChanges(
  index: SyncTarget,
  client: ChangesClient,
  kind: ChangeKind,
  callOpts: SyncCallOptions,
): Promise<Change[]> {
  const marker = await index.marker(kind)
  const firstWalk = marker.newestId === null && marker.lastCompletedAt === null
  const since = firstWalk ? (await index.marker('payments')).newestCreatedMs : null
  const seen: Change[] = []
  let link: string | null = null
  let top: string | null = null
  for (let page = 0; page < CHANGE_PAGE_BUDGET; page++) {
    // The account-wide list's row of the operation table gives the method and the path.
    const row = operationById(kind === 'refunds' ? 'list-all-refunds' : 'list-all-chargebacks')
    const req: Parameters<ChangesClient['request']>[0] = link
      ? { method: row.method, link }
      : { method: row.method, path: row.path, query: { limit: MAX_PAGE_SIZE } }
    const list: RefundList | ChargebackList = await client.request<RefundList | ChargebackList>(req, callOpts)
    const items = ((list._embedded as Record<string, (Refund | Chargeback)[] | undefined>)[kind] ?? []) as Change[]
    top ??= items[0]?.id ?? null
    for (const item of items) {
      if (item.id === marker.newestId) return finish(index, kind, marker, top, seen)
      // The first walk of the list: the objects were just read whole, so only what changed while
      // they were read is needed. That began at or after the newest object the walk started from (the
      // service's own clock): a refund made while a long first walk was past its payment would
      // otherwise be lost for good (issue 51 item 4).
      if (firstWalk && (since === null || Date.parse(item.createdAt) < since))
        return finish(index, kind, marker, top, seen)
      seen.push(item)
    }
    link = list._links.next?.href ?? null
    if (!link) return finish(index, kind, marker, top, seen)
  }
  // The budget ran out before the last walk's top: what was met is used, the marker stays, and the
  // next sync walks from the newest again (the refunds met twice are cheap to read twice).
  return seen
}

async function finish(
  index: SyncTarget,
  kind: ChangeKind,
  marker: SyncMarker,
  top: string | null,
  seen: Change[],
): Promise<Change[]> {
  await index.saveMarker(kind, { ...marker, newestId: top ?? marker.newestId, lastCompletedAt: Date.now() })
  return seen
}

/**
 * A change list the credential may not read (an organization token without the right scope, a
 * service without the list) leaves the objects' walk complete: the sync is not failed for it, and
 * the next sync tries again. A cancel still ends the sync.
 */
async function bestEffort(walk: () => Promise<Change[]>, signal: AbortSignal): Promise<Change[]> {
  try {
    return await walk()
  } catch (error) {
    if (signal.aborted) throw error
    return []
  }
}

/**
 * Reads again the payments that refunds and chargebacks since the last sync changed, the payments
 * whose refunds are still on their way, and the orders of all of them. Answers how many it read.
 */
export async function refreshChanged(
  index: SyncTarget,
  client: ChangesClient,
  options: { signal: AbortSignal },
): Promise<number> {
  const callOpts: SyncCallOptions = {
    signal: options.signal,
    priority: 'background',
    origin: { screen: 'search', action: 'refresh changed' },
  }
  const changes = [
    ...(await bestEffort(() => walkChanges(index, client, 'refunds', callOpts), options.signal)),
    ...(await bestEffort(() => walkChanges(index, client, 'chargebacks', callOpts), options.signal)),
  ]
  const paymentIds = [...new Set(changes.map((c) => c.paymentId))].slice(0, CHANGED_PAYMENTS_BUDGET)
  const orderIds = new Set<string>()
  let read = 0
  for (const id of paymentIds) {
    if (options.signal.aborted) break
    // Only what the index holds: a refund of a payment older than the index is not the index's.
    if (!(await index.has('payments', id))) continue
    const payment = await client.getPayment(id, callOpts)
    await index.savePage('payments', [paymentRow(payment)])
    read++
    if (payment.orderId) orderIds.add(payment.orderId)
  }
  for (const id of orderIds) {
    if (options.signal.aborted) break
    if (!(await index.has('orders', id))) continue
    await index.savePage('orders', [orderRow(await client.getOrder(id, callOpts))])
    read++
  }
  return read
}

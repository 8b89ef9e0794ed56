import { createStore, type StoreApi } from 'zustand/vanilla'
import type { Order, Payment } from '../../../shared/api-types'
import type { CustomerView } from '../../../shared/ipc/customers'
import type { DeliveryRecord } from '../../../shared/deliveries'

// The window's objects by id: payments, orders and customers as main last answered them, written by
// every store that reads or changes one (the list, the payment and order views, the customer view,
// each action's answer). Views read an object here by its id, so what an action answered reaches
// every view that shows the object without being handed from one component to the next. A read
// answered late does not undo a newer one: each entry keeps the stamp of the read that made it.

/** What the cache holds, by kind. `deliveries`: the shop's webhook calls of a payment or order (Sandbox). */
interface EntityKinds {
  payments: Payment
  orders: Order
  customers: CustomerView
  deliveries: DeliveryRecord[]
}

type EntityKind = keyof EntityKinds

/** One object and the stamp of the read that gave it (larger: asked later). */
export interface Entry<T> {
  value: T
  stamp: number
}

type Tables = { [K in EntityKind]: Readonly<Record<string, Entry<EntityKinds[K]>>> }

/** The kinds an action can leave stale: a payment, an order. */
type StaleKind = 'payments' | 'orders'

export interface EntitiesState extends Tables {
  /**
   * A stamp for a read about to be asked: its answer, put with this stamp, is kept unless a read
   * asked after it has already answered. Stamps only grow.
   */
  stamp(): number
  /** Keeps `value` under `id` unless the cache holds a newer copy; without a stamp, this read is the newest. */
  put<K extends EntityKind>(kind: K, id: string, value: EntityKinds[K], stamp?: number): void
  /** `put` for many objects of one read (one change for the views). */
  putMany<K extends EntityKind>(kind: K, values: readonly EntityKinds[K][], idOf: IdOf<K>, stamp?: number): void
  /**
   * How often each payment or order was marked stale: an action changed it but answered with less
   * than a view shows (a cancel's answer has no refunds embedded, a change's no chargebacks, a team
   * request is carried out by the runner later), so the views showing it read it again (onStale).
   */
  stale: { readonly [K in StaleKind]: Readonly<Record<string, number>> }
  markStale(kind: StaleKind, id: string): void
  /** Forgets every object (another connection: its objects are not shown under the new one's name). */
  clear(): void
}

type IdOf<K extends EntityKind> = (value: EntityKinds[K]) => string

/** The key of a customer: their service id, else the e-mail address the view was opened with. */
export function customerKey(ref: { customerId: string | null; email: string | null }): string {
  return ref.customerId ?? `email:${ref.email ?? ''}`
}

/** The id of a payment or order (its own `id`). */
export const byId = (value: { id: string }): string => value.id

/**
 * Whether `next` replaces `kept`. A customer view carries its own time (`readAt`, when main read
 * it): the later one wins. Payments and orders carry no time of their last change (spec 2.2, 2.6),
 * so the read asked last wins.
 */
function isNewer<K extends EntityKind>(kind: K, kept: Entry<EntityKinds[K]>, next: Entry<EntityKinds[K]>): boolean {
  if (kind === 'customers') {
    const a = Date.parse((kept.value as CustomerView).readAt)
    const b = Date.parse((next.value as CustomerView).readAt)
    if (Number.isFinite(a) && Number.isFinite(b) && a !== b) return b > a
  }
  return next.stamp >= kept.stamp
}

export function createEntitiesStore(): StoreApi<EntitiesState> {
  let counter = 0
  const next = () => ++counter
  return createStore<EntitiesState>((set, get) => {
    function merge<K extends EntityKind>(kind: K, rows: [string, EntityKinds[K]][], stamp: number | undefined): void {
      const table = get()[kind] as Tables[K]
      const at = stamp ?? next()
      let changed: Record<string, Entry<EntityKinds[K]>> | null = null
      for (const [id, value] of rows) {
        const entry = { value, stamp: at }
        const kept = (changed ?? table)[id]
        if (kept && (kept.value === value || !isNewer(kind, kept, entry))) continue
        changed ??= { ...table }
        changed[id] = entry
      }
      if (changed) set({ [kind]: changed } as Partial<EntitiesState>)
    }
    return {
      payments: {},
      orders: {},
      customers: {},
      deliveries: {},
      stamp: next,
      put: (kind, id, value, stamp) => merge(kind, [[id, value]], stamp),
      putMany: (kind, values, idOf, stamp) =>
        merge(
          kind,
          values.map((v) => [idOf(v), v]),
          stamp,
        ),
      stale: { payments: {}, orders: {} },
      markStale(kind, id) {
        const stale = get().stale
        const marks = stale[kind]
        set({ stale: { ...stale, [kind]: { ...marks, [id]: (marks[id] ?? 0) + 1 } } })
      },
      // Stamps keep growing: a read asked before the switch stays older than any asked after it.
      clear: () =>
        set({ payments: {}, orders: {}, customers: {}, deliveries: {}, stale: { payments: {}, orders: {} } }),
    }
  })
}

/** The cache's copy of a payment when it was read after `stamp` (a list page's), else null. */
export function newerThan(payments: EntitiesState['payments'], id: string, stamp: number): Payment | null {
  const entry = payments[id]
  return entry && entry.stamp > stamp ? entry.value : null
}

/** The selectors views read through (`useStore(entities, paymentById(id))`). */
export const paymentById =
  (id: string | null) =>
  (s: EntitiesState): Payment | null =>
    (id && s.payments[id]?.value) || null

export const orderById =
  (id: string | null) =>
  (s: EntitiesState): Order | null =>
    (id && s.orders[id]?.value) || null

export const deliveriesById =
  (id: string | null) =>
  (s: EntitiesState): DeliveryRecord[] | null =>
    (id && s.deliveries[id]?.value) || null

/**
 * Calls `read` each time the object a view shows (`shownId()`, read at the time of the mark) is marked
 * stale; returns the unsubscribe. The view's store reads the object again: the action's result
 * reaches the view through the cache, not through the components between them.
 */
export function onStale(
  entities: StoreApi<EntitiesState>,
  kind: StaleKind,
  shownId: () => string | null,
  read: () => void,
): () => void {
  return entities.subscribe((state, previous) => {
    if (state.stale === previous.stale) return
    const id = shownId()
    if (id && state.stale[kind][id] !== undefined && state.stale[kind][id] !== previous.stale[kind][id]) read()
  })
}

// The customer view's service (docs/VIEWS.md, "Customer view"). A customer is the service's
// customer id (cst_…) or an e-mail address. Main finds their newest orders and payments in the local
// index, reads each one fresh from the service (bounded: CUSTOMER_VIEW_BOUND of each), refreshes the
// index rows with what it read, and works out the totals and problems (shared/customer-summary.ts).
import type { Address, Customer, Order, Payment } from '../../../shared/api-types'
import {
  customerOrder,
  customerPayment,
  customerProblems,
  customerTotals,
  type CustomerOrder,
  type CustomerPayment,
} from '../../../shared/customer-summary'
import { CUSTOMER_VIEW_BOUND, type CustomerRef, type CustomerView } from '../../../shared/ipc/customers'
import type { SearchHit, SyncKind } from '../../../shared/ipc/search'
import { isId } from '../../../shared/service'
import type { ApiClient } from '../../api'
import { getCustomer, listCustomerPayments } from '../../api/resources/customers'
import { isApiError } from '../../api/call/errors'
import { UserFacingError } from '../../errors'
import { customerRows, sharedCustomerRows } from '../../search/customer-rows'
import type { SearchIndex } from '../../search/index-db'
import type { SharedSearch } from '../../search/service-context'

/** Reads in flight at once when the view opens (the client's limiter paces them further). */
const PARALLEL_READS = 4

interface CustomersDeps {
  getClient(): Promise<Pick<ApiClient, 'request' | 'getOrder' | 'getPayment'>>
  /** The active connection's search index. */
  index(): Promise<SearchIndex>
  /** In team mode, the team's shared index, asked first (the desk's own is not walked then). */
  shared?: () => SharedSearch | null
  /**
   * Called when a view opens; returns where to report each object read fresh (its index row is
   * refreshed, unless the connection changed meanwhile: app-services/ decides).
   */
  begin(): Promise<(kind: SyncKind, object: Payment | Order) => void>
  now?: () => number
}

export interface CustomersService {
  open(ref: CustomerRef): Promise<CustomerView>
}

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown }

/** `fn` over `items`, at most `limit` at a time, each result settled (one failure stops none). */
async function mapSettled<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<Settled<R>[]> {
  const out: Settled<R>[] = new Array(items.length)
  let next = 0
  async function worker(): Promise<void> {
    while (next < items.length) {
      const i = next++
      try {
        out[i] = { ok: true, value: await fn(items[i] as T) }
      } catch (error) {
        out[i] = { ok: false, error }
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return out
}

/**
 * The customer's orders and payments the index holds: the team's shared index in team mode, the
 * desk's own otherwise, or when the shared one cannot answer now.
 */
async function indexedRows(deps: CustomersDeps, email: string) {
  const shared = deps.shared?.() ?? null
  if (shared !== null) {
    try {
      const [orders, payments] = await Promise.all([
        sharedCustomerRows(shared, 'orders', email, CUSTOMER_VIEW_BOUND),
        sharedCustomerRows(shared, 'payments', email, CUSTOMER_VIEW_BOUND),
      ])
      return { orders, payments }
    } catch {
      // the team database cannot answer now: the desk's own index, as the search box does
    }
  }
  const index = await deps.index()
  return {
    orders: customerRows(index, 'orders', email, CUSTOMER_VIEW_BOUND),
    payments: customerRows(index, 'payments', email, CUSTOMER_VIEW_BOUND),
  }
}

/** A row as the index holds it, when it could not be read fresh. */
function staleItem(hit: SearchHit): { payment: CustomerPayment; order: CustomerOrder } {
  const common = { id: hit.id, createdAt: hit.createdAt, status: hit.status, amount: hit.amount, endedAt: null }
  return {
    payment: {
      ...common,
      method: hit.method,
      amountRefunded: null,
      amountChargedBack: null,
      description: hit.title,
      orderId: hit.orderId,
      failure: null,
      fresh: false,
    },
    order: { ...common, orderNumber: hit.title, amountRefunded: null, fresh: false },
  }
}

const newestFirst = (a: { createdAt: string; id: string }, b: { createdAt: string; id: string }) =>
  a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id < b.id ? 1 : a.id > b.id ? -1 : 0

function reasonOf(error: unknown): string {
  if (isApiError(error)) return error.message
  return error instanceof Error ? error.message : String(error)
}

/** What was read while the view opened. */
interface Reads {
  customer: Customer | null
  orders: Map<string, Order>
  payments: Map<string, Payment>
  /** The customer's payment list had a next page. */
  listMore: boolean
  failures: unknown[]
}

/** The newest payments of a customer, from the customers API. */
async function readCustomerPayments(client: Pick<ApiClient, 'request'>, id: string, reads: Reads): Promise<void> {
  try {
    const page = await listCustomerPayments(client, id, CUSTOMER_VIEW_BOUND)
    for (const p of page._embedded.payments) reads.payments.set(p.id, p)
    reads.listMore = Boolean(page._links?.next)
  } catch (error) {
    reads.failures.push(error)
  }
}

/** The customer object and their newest payments, both at once. */
async function readCustomer(client: Pick<ApiClient, 'request'>, id: string, reads: Reads): Promise<void> {
  const [customer] = await Promise.allSettled([getCustomer(client, id), readCustomerPayments(client, id, reads)])
  if (customer.status === 'fulfilled') reads.customer = customer.value
  else reads.failures.push(customer.reason)
}

/** Reads the indexed orders (with their payments) and the payments not read yet, fresh. */
async function readIndexed(
  client: Pick<ApiClient, 'getOrder' | 'getPayment'>,
  orders: SearchHit[],
  payments: SearchHit[],
  reads: Reads,
): Promise<void> {
  const orderReads = await mapSettled(orders, PARALLEL_READS, (hit) => client.getOrder(hit.id, { embed: 'payments' }))
  for (const r of orderReads) {
    if (!r.ok) {
      reads.failures.push(r.error)
      continue
    }
    reads.orders.set(r.value.id, r.value)
    for (const p of r.value._embedded?.payments ?? []) if (!reads.payments.has(p.id)) reads.payments.set(p.id, p)
  }
  const left = payments.filter((hit) => !reads.payments.has(hit.id))
  for (const r of await mapSettled(left, PARALLEL_READS, (hit) => client.getPayment(hit.id))) {
    if (r.ok) reads.payments.set(r.value.id, r.value)
    else reads.failures.push(r.error)
  }
}

/** The view: fresh objects first, then what the index held of the rest, newest first and bounded. */
function assemble(
  ref: CustomerRef,
  customerId: string | null,
  email: string | null,
  found: { orders: { hits: SearchHit[]; more: boolean }; payments: { hits: SearchHit[]; more: boolean } },
  reads: Reads,
  nowMs: number,
): CustomerView {
  const orders = [...reads.orders.values()].map(customerOrder)
  for (const hit of found.orders.hits) if (!reads.orders.has(hit.id)) orders.push(staleItem(hit).order)
  const payments = [...reads.payments.values()].map(customerPayment)
  for (const hit of found.payments.hits) if (!reads.payments.has(hit.id)) payments.push(staleItem(hit).payment)
  orders.sort(newestFirst)
  payments.sort(newestFirst)
  const shownOrders = orders.slice(0, CUSTOMER_VIEW_BOUND)
  const shownPayments = payments.slice(0, CUSTOMER_VIEW_BOUND)
  const stale = shownOrders.filter((o) => !o.fresh).length + shownPayments.filter((p) => !p.fresh).length
  const firstFailure = reads.failures.find((f) => f !== null)
  return {
    ref: { customerId: ref.customerId ?? null, email: ref.email ?? null },
    customerId,
    ...contactDetails(reads, email),
    orders: shownOrders,
    payments: shownPayments,
    moreOrders: found.orders.more || orders.length > CUSTOMER_VIEW_BOUND,
    morePayments: found.payments.more || reads.listMore || payments.length > CUSTOMER_VIEW_BOUND,
    bound: CUSTOMER_VIEW_BOUND,
    totals: customerTotals(shownPayments),
    problems: customerProblems(shownPayments, shownOrders, nowMs),
    stale: { count: stale, reason: stale > 0 && firstFailure !== undefined ? reasonOf(firstFailure) : null },
    readAt: new Date(nowMs).toISOString(),
    raw: reads.customer,
  }
}

export function createCustomersService(deps: CustomersDeps): CustomersService {
  const now = deps.now ?? Date.now

  async function open(ref: CustomerRef): Promise<CustomerView> {
    const client = await deps.getClient()
    const note = await deps.begin()
    const reads: Reads = { customer: null, orders: new Map(), payments: new Map(), listMore: false, failures: [] }
    let customerId = ref.customerId ?? null
    if (customerId) {
      try {
        reads.customer = await getCustomer(client, customerId)
      } catch (error) {
        if (isApiError(error) && error.status === 404) {
          throw new UserFacingError('not-found', `This connection has no customer ${customerId}.`)
        }
        // The service answers a deleted customer with 410 Gone (docs.mollie.com, handling errors).
        if (isApiError(error) && error.status === 410) {
          throw new UserFacingError(
            'not-found',
            `This connection has no customer ${customerId} any more: it was deleted.`,
          )
        }
        throw error
      }
    }
    const email = ref.email ?? reads.customer?.email?.toLowerCase() ?? null
    const found = email
      ? await indexedRows(deps, email)
      : { orders: { hits: [], more: false }, payments: { hits: [], more: false } }
    if (customerId) await readCustomerPayments(client, customerId, reads)
    await readIndexed(client, found.orders.hits, found.payments.hits, reads)
    // Opened by e-mail: the payments read may name the customer's id (one, else it is not theirs alone).
    if (!customerId) {
      const ids = new Set([...reads.payments.values()].map((p) => p.customerId).filter((id) => isId('customer', id)))
      if (ids.size === 1) {
        customerId = [...ids][0] as string
        await readCustomer(client, customerId, reads)
      }
    }
    for (const o of reads.orders.values()) note('orders', o)
    for (const p of reads.payments.values()) note('payments', p)
    return assemble(ref, customerId, email, found, reads, now())
  }

  return { open }
}

/** Name, e-mail, phone and postal addresses, from the customer object and the newest objects first. */
function contactDetails(
  reads: Reads,
  email: string | null,
): Pick<CustomerView, 'name' | 'email' | 'phone' | 'addresses'> {
  const objects: (Order | Payment)[] = [...reads.orders.values(), ...reads.payments.values()].sort(newestFirst)
  const addresses: Address[] = []
  const seen = new Set<string>()
  for (const o of objects) {
    for (const a of [o.billingAddress, o.shippingAddress]) {
      if (!a || !(a.streetAndNumber || a.city || a.postalCode)) continue
      const key = [a.givenName, a.familyName, a.streetAndNumber, a.postalCode, a.city, a.country]
        .join('|')
        .toLowerCase()
      if (seen.has(key)) continue
      seen.add(key)
      addresses.push(a)
    }
  }
  const all = objects.flatMap((o) => [o.billingAddress, o.shippingAddress]).filter((a): a is Address => !!a)
  const mine = all.filter((a) => !email || a.email?.toLowerCase() === email)
  const named = mine.find((a) => a.givenName || a.familyName)
  const metadataPhone = (reads.customer?.metadata as Record<string, unknown> | null | undefined)?.['phone']
  return {
    name:
      reads.customer?.name ?? (named ? [named.givenName, named.familyName].filter(Boolean).join(' ') : null) ?? null,
    email: reads.customer?.email ?? email,
    phone: mine.find((a) => a.phone)?.phone ?? (typeof metadataPhone === 'string' ? metadataPhone : null),
    addresses,
  }
}

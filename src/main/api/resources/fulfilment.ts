// The client's calls for the rest of an order's life and the merchant's money (issue 48): update an
// order and its lines, cancel lines, shipments (https://docs.mollie.com/reference/shipments-api),
// balances and settlements (https://docs.mollie.com/reference/balances-api, settlements-api), all
// methods and profiles by id. Each goes through the client's one request path (its limiter, retries,
// Idempotency-Key on the rows the operation table keys, request log), its method and path from its row of the
// operation table (requestFor checks every id first) and its answer checked to be what was asked for. Kept apart
// so client.ts does not grow; the views that use them are a separate issue.
import type { ListResponse, Order, Payment, Profile, Refund } from '../../../shared/api-types'
import type {
  Balance,
  BalanceTransaction,
  CreateShipmentRequest,
  Settlement,
  Shipment,
  ShipmentList,
  UpdateOrderRequest,
} from '../../../shared/api-types-ledger'
import { checkLimit, expectResource } from '../call/answer-checks'
import type { ApiClient, CallOptions } from '../client-types'
import { ApiError, bodySnippet } from '../call/errors'
import { methodOf, requestFor } from '../call/operation-request'
import type { LogicalRequest } from '../call/request-builder'

type Requester = Pick<ApiClient, 'request'>

/** A page by query (`from`, `limit`) or a `_links` URL followed verbatim. */
export type PageInput = { from?: string; limit?: number } | { link: string }

async function one<T>(
  client: Requester,
  resource: string,
  req: Parameters<Requester['request']>[0],
  opts?: CallOptions,
): Promise<T> {
  return expectResource<T>(await client.request<unknown>(req, opts), resource, req.method)
}

/** A page of the list `first` (requestFor): by query, or a `_links` href followed with the same method. */
async function page<T, K extends string>(
  client: Requester,
  first: LogicalRequest,
  key: K,
  input: PageInput,
  opts?: CallOptions,
): Promise<ListResponse<T, K>> {
  let list: unknown
  if ('link' in input) {
    list = await client.request<unknown>({ method: first.method, link: input.link }, opts)
  } else {
    checkLimit(input.limit, first.method)
    list = await client.request<unknown>({ ...first, query: { from: input.from, limit: input.limit } }, opts)
  }
  const embedded = (list as { _embedded?: Record<string, unknown> } | null)?._embedded
  if (typeof list !== 'object' || list === null || !Array.isArray(embedded?.[key])) {
    throw new ApiError({
      kind: 'malformed-response',
      message: `The list has no _embedded.${key} array (spec 4.3).`,
      method: first.method,
      bodySnippet: bodySnippet(JSON.stringify(list) ?? ''),
    })
  }
  return list as ListResponse<T, K>
}

/** https://docs.mollie.com/reference/update-order */
export async function updateOrder(
  client: Requester,
  orderId: string,
  body: UpdateOrderRequest,
  opts?: CallOptions,
): Promise<Order> {
  return one<Order>(client, 'order', requestFor('update-order', { orderId }, { body }), opts)
}

/** https://docs.mollie.com/reference/update-order-line: answers the order. */
export async function updateOrderLine(
  client: Requester,
  orderId: string,
  orderLineId: string,
  body: Record<string, unknown>,
  opts?: CallOptions,
): Promise<Order> {
  return one<Order>(client, 'order', requestFor('update-order-line', { orderId, orderLineId }, { body }), opts)
}

/** https://docs.mollie.com/reference/cancel-order-lines: 204, nothing to return. */
export async function cancelOrderLines(
  client: Requester,
  orderId: string,
  lines: { id: string; quantity?: number }[],
  opts?: CallOptions,
): Promise<void> {
  await client.request<unknown>(requestFor('cancel-order-lines', { orderId }, { body: { lines } }), opts)
}

/** https://docs.mollie.com/reference/create-shipment */
export async function createShipment(
  client: Requester,
  orderId: string,
  body: CreateShipmentRequest,
  opts?: CallOptions,
): Promise<Shipment> {
  return one<Shipment>(client, 'shipment', requestFor('create-shipment', { orderId }, { body }), opts)
}

/** https://docs.mollie.com/reference/list-shipments */
export async function listShipments(
  client: Requester,
  orderId: string,
  input: PageInput = {},
  opts?: CallOptions,
): Promise<ShipmentList> {
  return page<Shipment, 'shipments'>(client, requestFor('list-shipments', { orderId }), 'shipments', input, opts)
}

/** https://docs.mollie.com/reference/get-shipment */
export async function getShipment(
  client: Requester,
  orderId: string,
  shipmentId: string,
  opts?: CallOptions,
): Promise<Shipment> {
  return one<Shipment>(client, 'shipment', requestFor('get-shipment', { orderId, shipmentId }), opts)
}

/** https://docs.mollie.com/reference/update-shipment: the tracking. */
export async function updateShipment(
  client: Requester,
  orderId: string,
  shipmentId: string,
  tracking: NonNullable<Shipment['tracking']>,
  opts?: CallOptions,
): Promise<Shipment> {
  const req = requestFor('update-shipment', { orderId, shipmentId }, { body: { tracking } })
  return one<Shipment>(client, 'shipment', req, opts)
}

/** https://docs.mollie.com/reference/list-balances */
export async function listBalances(client: Requester, input: PageInput = {}, opts?: CallOptions) {
  return page<Balance, 'balances'>(client, requestFor('list-balances', {}), 'balances', input, opts)
}

/** https://docs.mollie.com/reference/get-balance; `primary` reads the primary balance (get-primary-balance). */
export async function getBalance(
  client: Requester,
  balanceId: string | 'primary',
  opts?: CallOptions,
): Promise<Balance> {
  const req = balanceId === 'primary' ? requestFor('get-primary-balance', {}) : requestFor('get-balance', { balanceId })
  return one<Balance>(client, 'balance', req, opts)
}

/** https://docs.mollie.com/reference/list-balance-transactions */
export async function listBalanceTransactions(
  client: Requester,
  balanceId: string,
  input: PageInput = {},
  opts?: CallOptions,
) {
  const first = requestFor('list-balance-transactions', { balanceId })
  return page<BalanceTransaction, 'balance_transactions'>(client, first, 'balance_transactions', input, opts)
}

/** https://docs.mollie.com/reference/list-settlements */
export async function listSettlements(client: Requester, input: PageInput = {}, opts?: CallOptions) {
  return page<Settlement, 'settlements'>(client, requestFor('list-settlements', {}), 'settlements', input, opts)
}

/** https://docs.mollie.com/reference/get-settlement; `open` reads the open one (get-open-settlement). */
export async function getSettlement(
  client: Requester,
  settlementId: string | 'open',
  opts?: CallOptions,
): Promise<Settlement> {
  const req =
    settlementId === 'open' ? requestFor('get-open-settlement', {}) : requestFor('get-settlement', { settlementId })
  return one<Settlement>(client, 'settlement', req, opts)
}

/** https://docs.mollie.com/reference/list-settlement-payments */
export async function listSettlementPayments(
  client: Requester,
  settlementId: string,
  input: PageInput = {},
  opts?: CallOptions,
) {
  const first = requestFor('list-settlement-payments', { settlementId })
  return page<Payment, 'payments'>(client, first, 'payments', input, opts)
}

/** https://docs.mollie.com/reference/list-settlement-refunds */
export async function listSettlementRefunds(
  client: Requester,
  settlementId: string,
  input: PageInput = {},
  opts?: CallOptions,
) {
  const first = requestFor('list-settlement-refunds', { settlementId })
  return page<Refund, 'refunds'>(client, first, 'refunds', input, opts)
}

/** https://docs.mollie.com/reference/list-all-methods: every method, activated or not. */
export async function listAllMethods(
  client: Requester,
  opts?: CallOptions,
): Promise<{ id: string; status: string | null }[]> {
  const list = await client.request<unknown>(requestFor('list-all-methods', {}), opts)
  const methods = (list as { _embedded?: { methods?: unknown } } | null)?._embedded?.methods
  if (!Array.isArray(methods)) {
    throw new ApiError({
      kind: 'malformed-response',
      message: 'The methods list has no _embedded.methods array.',
      method: methodOf('list-all-methods'),
    })
  }
  return methods as { id: string; status: string | null }[]
}

/** https://docs.mollie.com/reference/get-profile (tokens) or, with `me`, get-current-profile (API keys). */
export async function getProfile(client: Requester, profileId: string | 'me', opts?: CallOptions): Promise<Profile> {
  const req = profileId === 'me' ? requestFor('get-current-profile', {}) : requestFor('get-profile', { profileId })
  return one<Profile>(client, 'profile', req, opts)
}

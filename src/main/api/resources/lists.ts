// The client's list calls (spec 4.3): a first page by query (checked here) or a `_links` URL
// followed verbatim, each answer checked to hold its `_embedded` array. Methods and paths come from
// the operation table (operation-request.ts).

import {
  MAX_PAGE_SIZE,
  type ListPaymentsQuery,
  type OrderList,
  type PaymentList,
  type PermissionList,
  type ProfileList,
  type ChargebackList,
  type RefundList,
} from '../../../shared/api-types'
import type { OperationId } from '../../../shared/service'
import { checkId, checkLimit } from '../call/answer-checks'
import type { CallOptions, ListOrdersInput, ListPaymentsInput, ListRefundsInput } from '../client-types'
import { ApiError, bodySnippet } from '../call/errors'
import { linkRequest, methodOf, requestFor } from '../call/operation-request'
import type { LogicalRequest } from '../call/request-builder'

/** The client's low-level call (a first page by its row, or a `_links` href): resolves with the parsed JSON body. */
export type Send = <T = unknown>(req: LogicalRequest, opts?: CallOptions) => Promise<T>

/** The answer of the list `id`, once it is an object whose `_embedded[key]` is an array. */
function expectList(id: OperationId, list: unknown, key: string, message: string): void {
  const embedded = (list as { _embedded?: Record<string, unknown> } | null)?._embedded
  if (typeof list !== 'object' || list === null || !Array.isArray(embedded?.[key])) {
    throw new ApiError({
      kind: 'malformed-response',
      message,
      method: methodOf(id),
      bodySnippet: bodySnippet(JSON.stringify(list) ?? ''),
    })
  }
}

/** https://docs.mollie.com/reference/list-refunds (GET /payments/{id}/refunds) */
async function listRefunds(
  send: Send,
  paymentId: string,
  input: ListRefundsInput = {},
  opts: CallOptions = {},
): Promise<RefundList> {
  const first = requestFor('list-refunds', { paymentId })
  let req: LogicalRequest
  if ('link' in input) {
    req = linkRequest('list-refunds', input.link)
  } else {
    if (input.from !== undefined) checkId(input.from, 'refund')
    checkLimit(input.limit, methodOf('list-refunds'))
    req = { ...first, query: { from: input.from, limit: input.limit } }
  }
  const list = await send<unknown>(req, opts)
  expectList('list-refunds', list, 'refunds', 'The refunds list has no _embedded.refunds array (spec 4.3).')
  return list as RefundList
}

/**
 * https://docs.mollie.com/reference/list-all-chargebacks (GET /chargebacks, newest first): a page of
 * the account's chargebacks, each with its payment embedded; or a `_links` href followed verbatim.
 */
async function listAllChargebacks(
  send: Send,
  input: { limit?: number } | { link: string } = {},
  opts: CallOptions = {},
): Promise<ChargebackList> {
  let req: LogicalRequest
  if ('link' in input) {
    req = linkRequest('list-all-chargebacks', input.link)
  } else {
    checkLimit(input.limit, methodOf('list-all-chargebacks'))
    req = requestFor('list-all-chargebacks', {}, { query: { limit: input.limit, embed: 'payment' } })
  }
  const list = await send<unknown>(req, opts)
  expectList(
    'list-all-chargebacks',
    list,
    'chargebacks',
    'The chargebacks list has no _embedded.chargebacks array (spec 4.3).',
  )
  return list as ChargebackList
}

/** One page of a list (spec 4.3): by query (checked here) or by a `_links` URL followed verbatim. */
async function listPage<K extends 'payments' | 'orders'>(
  send: Send,
  key: K,
  input: ListPaymentsQuery | { link: string },
  opts: CallOptions,
): Promise<unknown> {
  const id = key === 'payments' ? 'list-payments' : 'list-orders'
  let req: LogicalRequest
  if ('link' in input) {
    req = linkRequest(id, input.link)
  } else {
    if (input.from !== undefined) {
      checkId(input.from, key === 'payments' ? 'payment' : 'order')
    }
    checkLimit(input.limit, methodOf(id))
    if (input.sort !== undefined && input.sort !== 'asc' && input.sort !== 'desc') {
      throw new ApiError({
        kind: 'invalid-request',
        message: 'sort must be "asc" or "desc" (spec 4.3).',
        method: methodOf(id),
        field: 'sort',
      })
    }
    req = requestFor(id, {}, { query: { from: input.from, limit: input.limit, sort: input.sort } })
  }
  const list = await send<unknown>(req, opts)
  expectList(id, list, key, `The ${key} list has no _embedded.${key} array (spec 4.3).`)
  return list
}

async function listPayments(send: Send, input: ListPaymentsInput = {}, opts: CallOptions = {}): Promise<PaymentList> {
  return (await listPage(send, 'payments', input, opts)) as PaymentList
}

/** GET /orders (https://docs.mollie.com/reference/list-orders): cursor paging like payments. */
async function listOrders(send: Send, input: ListOrdersInput = {}, opts: CallOptions = {}): Promise<OrderList> {
  return (await listPage(send, 'orders', input, opts)) as OrderList
}

/** https://docs.mollie.com/reference/v2/profiles-api/list-profiles (organization access tokens). */
async function listProfiles(send: Send, opts: CallOptions = {}): Promise<ProfileList> {
  const list = await send<unknown>(requestFor('list-profiles', {}, { query: { limit: String(MAX_PAGE_SIZE) } }), opts)
  expectList('list-profiles', list, 'profiles', 'The profiles list has no _embedded.profiles array.')
  return list as ProfileList
}

/** https://docs.mollie.com/reference/list-permissions (access tokens; not paginated). */
async function listPermissions(send: Send, opts: CallOptions = {}): Promise<PermissionList> {
  const list = await send<unknown>(requestFor('list-permissions', {}), opts)
  expectList('list-permissions', list, 'permissions', 'The permissions list has no _embedded.permissions array.')
  return list as PermissionList
}

/** Pages following `_links.next`; background priority unless told otherwise. */
async function* iteratePayments(
  send: Send,
  query: ListPaymentsQuery = {},
  opts: CallOptions = {},
): AsyncIterableIterator<PaymentList> {
  const callOpts: CallOptions = { ...opts, priority: opts.priority ?? 'background' }
  let page = await listPayments(send, query, callOpts)
  yield page
  while (page._links?.next?.href) {
    page = await listPayments(send, { link: page._links.next.href }, callOpts)
    yield page
  }
}

/** The calls, each taking the client's `send` first (bound in client.ts). */
export const listCalls = {
  listRefunds,
  listAllChargebacks,
  listPayments,
  listOrders,
  listProfiles,
  listPermissions,
  iteratePayments,
}

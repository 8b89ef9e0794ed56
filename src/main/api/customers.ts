// The customers API calls the customer view needs (https://docs.mollie.com/reference/get-customer,
// https://docs.mollie.com/reference/list-customer-payments), over the client's one request path
// (its limiter, retries and request log), kept apart so client.ts does not grow.
import type { Customer, PaymentList } from '../../shared/api-types'
import { isPageSize, MAX_PAGE_SIZE } from '../../shared/service'
import { apiPath } from './answer-checks'
import type { ApiClient, CallOptions } from './client'
import { ApiError, bodySnippet } from './errors'

function malformed(message: string, value: unknown): ApiError {
  return new ApiError({
    kind: 'malformed-response',
    message,
    method: 'GET',
    bodySnippet: bodySnippet(JSON.stringify(value) ?? String(value)),
  })
}

/** GET /customers/{id}: the customer object, checked to be one. */
export async function getCustomer(
  client: Pick<ApiClient, 'request'>,
  id: string,
  opts?: CallOptions,
): Promise<Customer> {
  const value = await client.request<unknown>(
    { method: 'GET', path: apiPath('get-customer', { customerId: id }) },
    opts,
  )
  const v = value as Partial<Customer> | null
  if (typeof v !== 'object' || v === null || v.resource !== 'customer' || v.id !== id) {
    throw malformed('The service answered without the customer asked for.', value)
  }
  return value as Customer
}

/** GET /customers/{id}/payments: the newest `limit` payments of a customer (one page, newest first). */
export async function listCustomerPayments(
  client: Pick<ApiClient, 'request'>,
  id: string,
  limit: number,
  opts?: CallOptions,
): Promise<PaymentList> {
  if (!isPageSize(limit)) {
    throw new ApiError({
      kind: 'invalid-request',
      message: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE} (spec 4.3).`,
      method: 'GET',
      field: 'limit',
    })
  }
  const path = apiPath('list-customer-payments', { customerId: id })
  const list = await client.request<unknown>({ method: 'GET', path, query: { limit } }, opts)
  const embedded = (list as { _embedded?: { payments?: unknown } } | null)?._embedded
  if (typeof list !== 'object' || list === null || !Array.isArray(embedded?.payments)) {
    throw malformed("The customer's payments list has no _embedded.payments array (spec 4.3).", list)
  }
  return list as PaymentList
}

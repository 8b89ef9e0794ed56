// The customers API calls the customer view needs (https://docs.mollie.com/reference/get-customer,
// https://docs.mollie.com/reference/list-customer-payments), over the client's one request path
// (its limiter, retries and request log), kept apart so client.ts does not grow.
import type { Customer, PaymentList } from '../../../shared/api-types'
import { isPageSize, MAX_PAGE_SIZE, type OperationId } from '../../../shared/service'
import type { ApiClient, CallOptions } from '../client-types'
import { ApiError, bodySnippet } from '../call/errors'
import { methodOf, requestFor } from '../call/operation-request'

function malformed(id: OperationId, message: string, value: unknown): ApiError {
  return new ApiError({
    kind: 'malformed-response',
    message,
    method: methodOf(id),
    bodySnippet: bodySnippet(JSON.stringify(value) ?? String(value)),
  })
}

/** GET /customers/{id}: the customer object, checked to be one. */
export async function getCustomer(
  client: Pick<ApiClient, 'request'>,
  id: string,
  opts?: CallOptions,
): Promise<Customer> {
  const value = await client.request<unknown>(requestFor('get-customer', { customerId: id }), opts)
  const v = value as Partial<Customer> | null
  if (typeof v !== 'object' || v === null || v.resource !== 'customer' || v.id !== id) {
    throw malformed('get-customer', 'The service answered without the customer asked for.', value)
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
      method: methodOf('list-customer-payments'),
      field: 'limit',
    })
  }
  const req = requestFor('list-customer-payments', { customerId: id }, { query: { limit } })
  const list = await client.request<unknown>(req, opts)
  const embedded = (list as { _embedded?: { payments?: unknown } } | null)?._embedded
  if (typeof list !== 'object' || list === null || !Array.isArray(embedded?.payments)) {
    throw malformed(
      'list-customer-payments',
      "The customer's payments list has no _embedded.payments array (spec 4.3).",
      list,
    )
  }
  return list as PaymentList
}

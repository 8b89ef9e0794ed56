// The client's calls on mandates, subscriptions and payment links (https://docs.mollie.com/reference/mandates-api,
// https://docs.mollie.com/reference/subscriptions-api, https://docs.mollie.com/reference/payment-links-api), over the client's one request path (its
// limiter, retries and request log), each method and path from the operation table (requestFor) and each answer
// checked to be the object or list asked for. The views that use them are another issue.
import type { Payment } from '../../../shared/api-types'
import type {
  CreatePaymentLinkRequest,
  CreateSubscriptionRequest,
  Mandate,
  MandateList,
  PaymentLink,
  PaymentLinkList,
  Subscription,
  SubscriptionList,
  SubscriptionPaymentList,
  UpdatePaymentLinkRequest,
  UpdateSubscriptionRequest,
} from '../../../shared/recurring-types'
import type { ListResponse } from '../../../shared/api-types'
import { checkLimit, expectResource } from '../call/answer-checks'
import type { ApiClient, CallOptions } from '../client-types'
import { ApiError, bodySnippet } from '../call/errors'
import { requestFor } from '../call/operation-request'
import type { LogicalRequest } from '../call/request-builder'

type Client = Pick<ApiClient, 'request'>
/** A POST's options: its Idempotency-Key (PATCH and DELETE take none: the service ignores it on them). */
type WriteOptions = CallOptions & { idempotencyKey?: string }

/** A cursor page's query (spec 4.3). */
interface RecurringPageQuery {
  from?: string
  limit?: number
}

function pageQuery(page: RecurringPageQuery, method: string): Record<string, string | number> | undefined {
  checkLimit(page.limit, method)
  const query: Record<string, string | number> = {}
  if (page.from !== undefined) query.from = page.from
  if (page.limit !== undefined) query.limit = page.limit
  return Object.keys(query).length > 0 ? query : undefined
}

/** The list answer, checked to carry `_embedded[key]` as an array. */
function expectList<T>(value: unknown, key: string, method: string): T {
  const embedded = (value as { _embedded?: Record<string, unknown> } | null)?._embedded
  if (typeof value !== 'object' || value === null || !Array.isArray(embedded?.[key])) {
    throw new ApiError({
      kind: 'malformed-response',
      message: `The list has no _embedded.${key} array (spec 4.3).`,
      method,
      bodySnippet: bodySnippet(JSON.stringify(value) ?? String(value)),
    })
  }
  return value as T
}

/** A first page of the list `req` (requestFor), its query from `page`. */
async function getList<T>(
  client: Client,
  req: LogicalRequest,
  key: string,
  page: RecurringPageQuery,
  opts?: CallOptions,
) {
  const query = pageQuery(page, req.method)
  return expectList<T>(await client.request<unknown>({ ...req, query }, opts), key, req.method)
}

async function one<T>(client: Client, resource: string, req: Parameters<ApiClient['request']>[0], opts?: CallOptions) {
  return expectResource<T>(await client.request<unknown>(req, opts), resource, req.method)
}

/**
 * Subscriptions of a customer, the account-wide list, and a subscription's payments. Each call is
 * async throughout: an id that is not one (checked when the path is built) rejects, nothing is sent.
 */
export const subscriptionCalls = {
  create: async (client: Client, customerId: string, body: CreateSubscriptionRequest, opts: WriteOptions = {}) =>
    one<Subscription>(
      client,
      'subscription',
      requestFor('create-subscription', { customerId }, { body, idempotencyKey: opts.idempotencyKey }),
      opts,
    ),
  get: async (client: Client, customerId: string, subscriptionId: string, opts?: CallOptions) =>
    one<Subscription>(client, 'subscription', requestFor('get-subscription', { customerId, subscriptionId }), opts),
  list: async (client: Client, customerId: string, page: RecurringPageQuery = {}, opts?: CallOptions) =>
    getList<SubscriptionList>(client, requestFor('list-subscriptions', { customerId }), 'subscriptions', page, opts),
  listAll: async (client: Client, page: RecurringPageQuery = {}, opts?: CallOptions) =>
    getList<SubscriptionList>(client, requestFor('list-all-subscriptions', {}), 'subscriptions', page, opts),
  update: async (
    client: Client,
    customerId: string,
    subscriptionId: string,
    body: UpdateSubscriptionRequest,
    opts: CallOptions = {},
  ) =>
    one<Subscription>(
      client,
      'subscription',
      requestFor('update-subscription', { customerId, subscriptionId }, { body }),
      opts,
    ),
  cancel: async (client: Client, customerId: string, subscriptionId: string, opts: CallOptions = {}) =>
    one<Subscription>(client, 'subscription', requestFor('cancel-subscription', { customerId, subscriptionId }), opts),
  payments: async (
    client: Client,
    customerId: string,
    subscriptionId: string,
    page: RecurringPageQuery = {},
    opts?: CallOptions,
  ) =>
    getList<SubscriptionPaymentList>(
      client,
      requestFor('list-subscription-payments', { customerId, subscriptionId }),
      'payments',
      page,
      opts,
    ),
}

/** A customer's mandates: read, and revoke (the only write the desk makes on them). */
export const mandateCalls = {
  get: async (client: Client, customerId: string, mandateId: string, opts?: CallOptions) =>
    one<Mandate>(client, 'mandate', requestFor('get-mandate', { customerId, mandateId }), opts),
  list: async (client: Client, customerId: string, page: RecurringPageQuery = {}, opts?: CallOptions) =>
    getList<MandateList>(client, requestFor('list-mandates', { customerId }), 'mandates', page, opts),
  /** https://docs.mollie.com/reference/revoke-mandate: 204, no body. */
  revoke: async (client: Client, customerId: string, mandateId: string, opts: CallOptions = {}): Promise<void> => {
    await client.request<unknown>(requestFor('revoke-mandate', { customerId, mandateId }), opts)
  },
}

/** Payment links and their payments. */
export const paymentLinkCalls = {
  create: async (client: Client, body: CreatePaymentLinkRequest, opts: WriteOptions = {}) =>
    one<PaymentLink>(
      client,
      'payment-link',
      requestFor('create-payment-link', {}, { body, idempotencyKey: opts.idempotencyKey }),
      opts,
    ),
  get: async (client: Client, paymentLinkId: string, opts?: CallOptions) =>
    one<PaymentLink>(client, 'payment-link', requestFor('get-payment-link', { paymentLinkId }), opts),
  list: async (client: Client, page: RecurringPageQuery = {}, opts?: CallOptions) =>
    getList<PaymentLinkList>(client, requestFor('list-payment-links', {}), 'payment_links', page, opts),
  update: async (client: Client, paymentLinkId: string, body: UpdatePaymentLinkRequest, opts: CallOptions = {}) =>
    one<PaymentLink>(client, 'payment-link', requestFor('update-payment-link', { paymentLinkId }, { body }), opts),
  /** https://docs.mollie.com/reference/delete-payment-link: 204, no body. */
  delete: async (client: Client, paymentLinkId: string, opts: CallOptions = {}): Promise<void> => {
    await client.request<unknown>(requestFor('delete-payment-link', { paymentLinkId }), opts)
  },
  payments: async (client: Client, paymentLinkId: string, page: RecurringPageQuery = {}, opts?: CallOptions) =>
    getList<ListResponse<Payment, 'payments'>>(
      client,
      requestFor('get-payment-link-payments', { paymentLinkId }),
      'payments',
      page,
      opts,
    ),
}

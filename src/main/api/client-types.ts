// The API client's public shapes: the client's methods and the options of its calls (the client's
// own options and one call's are declared in call/options.ts, which the call reads). Declared apart
// from the code so the client (client.ts) and its calls per resource (resources/) share them without
// importing each other in a circle.

import type { BucketSnapshot } from '../../shared/api-events'
import type {
  CreateOrderPaymentRequest,
  CreateRefundRequest,
  EmbedValue,
  ListOrdersQuery,
  ListPaymentsQuery,
  Order,
  OrderList,
  OrderRequestBody,
  Payment,
  PaymentList,
  PaymentRequestBody,
  PermissionList,
  ProfileList,
  Refund,
  ChargebackList,
  RefundList,
  UpdatePaymentRequest,
} from '../../shared/api-types'
import type { OperationId, OperationParams, PaymentEmbedValue } from '../../shared/service'
import type { OperationExtras } from './call/operation-request'
import type { LogicalRequest } from './call/request-builder'
import type { CallOptions } from './call/options'

export type { ApiClientOptions, CallOptions } from './call/options'

/** A call of one operation by name: the call's options, its query and a stored Idempotency-Key. */
export interface OperationCallOptions extends CallOptions, Pick<OperationExtras, 'query' | 'idempotencyKey'> {}

export interface CreateOptions extends CallOptions {
  /** Reuse a stored key (a draft's) so "send again" can never create twice. */
  idempotencyKey?: string
}

export interface CreateOrderOptions extends CreateOptions {
  embed?: EmbedValue | EmbedValue[]
}

export type ListPaymentsInput = ListPaymentsQuery | { link: string }
export type ListOrdersInput = ListOrdersQuery | { link: string }

/** A payment's refunds: the first page (`from`, `limit`) or a `_links` href to follow. */
export type ListRefundsInput = { from?: string; limit?: number } | { link: string }

export interface GetOrderOptions extends CallOptions {
  embed?: EmbedValue | EmbedValue[]
}

/** Get payment's embeds (https://docs.mollie.com/reference/get-payment): its refunds, chargebacks, captures. */
export interface GetPaymentOptions extends CallOptions {
  embed?: PaymentEmbedValue[]
}

export interface ApiClient {
  /** Low-level call; resolves with the parsed JSON body (undefined for an empty 2xx body). */
  request<T = unknown>(req: LogicalRequest, opts?: CallOptions): Promise<T>
  /**
   * The operation `id` of the table (src/shared/service/operations.ts): its method from the row, its
   * path from `params` (the names checked by the type, the ids by the id rules before anything is
   * sent). Resolves with the parsed JSON body, as `request`.
   */
  call<I extends OperationId>(
    id: I,
    params: OperationParams<I>,
    body?: unknown,
    opts?: OperationCallOptions,
  ): Promise<unknown>
  createOrder(body: OrderRequestBody, opts?: CreateOrderOptions): Promise<Order>
  getOrder(id: string, opts?: GetOrderOptions): Promise<Order>
  /**
   * https://docs.mollie.com/reference/cancel-order (DELETE /orders/{id}); no Idempotency-Key (the
   * service ignores it on DELETE): after a lost answer the order is read before anything is resent.
   */
  cancelOrder(id: string, opts?: GetOrderOptions): Promise<Order>
  /**
   * https://docs.mollie.com/reference/create-order-payment (POST /orders/{id}/payments): a new
   * payment for an order whose earlier payments expired, failed or were canceled.
   */
  createOrderPayment(orderId: string, body?: CreateOrderPaymentRequest, opts?: CreateOptions): Promise<Payment>
  createPayment(body: PaymentRequestBody, opts?: CreateOptions): Promise<Payment>
  getPayment(id: string, opts?: GetPaymentOptions): Promise<Payment>
  /** https://docs.mollie.com/reference/update-payment (PATCH /payments/{id}); read before a resend, as cancels */
  updatePayment(id: string, body: UpdatePaymentRequest, opts?: CallOptions): Promise<Payment>
  /** https://docs.mollie.com/reference/cancel-payment (DELETE /payments/{id}); read before a resend, as cancelOrder */
  cancelPayment(id: string, opts?: CallOptions): Promise<Payment>
  /** https://docs.mollie.com/reference/create-refund (POST /payments/{id}/refunds) */
  createRefund(paymentId: string, body: CreateRefundRequest, opts?: CreateOptions): Promise<Refund>
  /** https://docs.mollie.com/reference/list-refunds (GET /payments/{id}/refunds) */
  listRefunds(paymentId: string, input?: ListRefundsInput, opts?: CallOptions): Promise<RefundList>
  /** https://docs.mollie.com/reference/list-all-chargebacks: newest first, each with its payment. */
  listAllChargebacks(input?: { limit?: number } | { link: string }, opts?: CallOptions): Promise<ChargebackList>
  /** https://docs.mollie.com/reference/get-refund */
  getRefund(paymentId: string, refundId: string, opts?: CallOptions): Promise<Refund>
  /** https://docs.mollie.com/reference/cancel-refund: a queued or pending refund is canceled (204). */
  cancelRefund(paymentId: string, refundId: string, opts?: CallOptions): Promise<void>
  listPayments(input?: ListPaymentsInput, opts?: CallOptions): Promise<PaymentList>
  /** Pages following `_links.next`; background priority unless told otherwise. */
  iteratePayments(query?: ListPaymentsQuery, opts?: CallOptions): AsyncIterableIterator<PaymentList>
  /** GET /orders (https://docs.mollie.com/reference/list-orders): cursor paging like payments. */
  listOrders(input?: ListOrdersInput, opts?: CallOptions): Promise<OrderList>
  /** https://docs.mollie.com/reference/v2/profiles-api/list-profiles (organization access tokens). */
  listProfiles(opts?: CallOptions): Promise<ProfileList>
  /** https://docs.mollie.com/reference/list-permissions: the current access token's permissions. */
  listPermissions(opts?: CallOptions): Promise<PermissionList>
  buckets(): BucketSnapshot[]
  /** Rejects queued calls, aborts those in flight, stops timers, closes sockets. */
  dispose(): void
}

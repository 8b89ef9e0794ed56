// The client's calls on one object (orders, payments, refunds): each a small function over the
// client's `call` of one operation by name (its limiter, retries and events; method and path from the
// row of the operation table), its answer checked to be the object asked for.

import {
  EMBED_VALUES,
  type CreateOrderPaymentRequest,
  type CreateRefundRequest,
  type Order,
  type OrderRequestBody,
  type Payment,
  type PaymentRequestBody,
  type Refund,
  type UpdatePaymentRequest,
} from '../../../shared/api-types'
import { PAYMENT_EMBED_VALUES, type OperationId, type OperationParams } from '../../../shared/service'
import { expectResource } from '../call/answer-checks'
import { isAlreadyCanceled } from '../call/clear-ends'
import type {
  ApiClient,
  CallOptions,
  CreateOptions,
  CreateOrderOptions,
  GetOrderOptions,
  GetPaymentOptions,
  OperationCallOptions,
} from '../client-types'
import { ApiError } from '../call/errors'
import { methodOf } from '../call/operation-request'

/** The client's call of one operation by name (ApiClient.call): method and path from the row. */
export type Caller = ApiClient['call']

/** The objects these calls answer, by their `resource` (spec 4.1). */
interface Objects {
  order: Order
  payment: Payment
  refund: Refund
}

/** One operation that answers one object of a known kind, checked before it is returned. */
async function resourceCall<R extends keyof Objects, I extends OperationId>(
  call: Caller,
  resource: R,
  id: I,
  params: OperationParams<I>,
  body: unknown,
  opts: OperationCallOptions,
): Promise<Objects[R]> {
  return expectResource<Objects[R]>(await call(id, params, body, opts), resource, methodOf(id))
}

function embedQuery(
  embed: string | readonly string[] | undefined,
  method: string,
  allowed: readonly string[] = EMBED_VALUES,
): { embed?: string } | undefined {
  const embeds = embed === undefined ? [] : typeof embed === 'string' ? [embed] : embed
  for (const e of embeds) {
    if (!allowed.includes(e)) {
      throw new ApiError({ kind: 'invalid-request', message: `Unknown embed value "${e}" (spec 4.1).`, method })
    }
  }
  return embeds.length ? { embed: embeds.join(',') } : undefined
}

/** An end that leaves open whether the write was done: its answer was lost or spoiled, or a 5xx. */
function doneUnknown(e: unknown): e is ApiError {
  if (!(e instanceof ApiError)) return false
  if (e.kind === 'network' || e.kind === 'timeout' || e.kind === 'malformed-response') return true
  return e.kind === 'http' && e.status !== null && e.status >= 500
}

/**
 * A cancel or update (DELETE, PATCH). The service ignores an Idempotency-Key on these
 * (https://docs.mollie.com/overview/api-idempotency: keys sent with "GET, PATCH, or DELETE requests
 * [...] will thus always be ignored"), so the client sends none and never resends one blindly. When
 * it cannot tell whether the write was done, it reads the object: if the change is there, that is
 * the answer and nothing is sent again; if not, the same request is sent once more. A resend refused
 * because the object is already in that state (the first request got there after the read) did it too.
 */
async function readBeforeResend<T>(
  send: () => Promise<T>,
  read: () => Promise<T>,
  done: (object: T) => boolean,
): Promise<T> {
  try {
    return await send()
  } catch (first) {
    if (!doneUnknown(first)) throw first
    const now = await read().catch(() => Promise.reject(first))
    if (done(now)) return now
    try {
      return await send()
    } catch (again) {
      if (!(again instanceof ApiError) || again.kind !== 'http') throw again
      const after = await read().catch(() => Promise.reject(again))
      if (done(after) || isAlreadyCanceled(again.status, again.detail)) return after
      throw again
    }
  }
}

/** Whether a payment carries every field of an update as sent (`null` removes a field). */
function hasUpdate(payment: Payment, body: UpdatePaymentRequest): boolean {
  const now = payment as unknown as Record<string, unknown>
  return Object.entries(body).every(([field, value]) =>
    value === null ? now[field] == null : JSON.stringify(now[field]) === JSON.stringify(value),
  )
}

/** A POST on one resource is sent with the caller's Idempotency-Key (opts) when it has one. */
async function createOrder(call: Caller, body: OrderRequestBody, opts: CreateOrderOptions = {}): Promise<Order> {
  const query = embedQuery(opts.embed, methodOf('create-order'))
  return resourceCall(call, 'order', 'create-order', {}, body, { ...opts, query })
}

async function getOrder(call: Caller, id: string, opts: GetOrderOptions = {}): Promise<Order> {
  const query = embedQuery(opts.embed, methodOf('get-order'))
  return resourceCall(call, 'order', 'get-order', { orderId: id }, undefined, { ...opts, query })
}

/** https://docs.mollie.com/reference/cancel-order (DELETE /orders/{id}) */
async function cancelOrder(call: Caller, id: string, opts: GetOrderOptions = {}): Promise<Order> {
  const query = embedQuery(opts.embed, methodOf('cancel-order'))
  return readBeforeResend(
    () => resourceCall(call, 'order', 'cancel-order', { orderId: id }, undefined, { ...opts, query }),
    () => getOrder(call, id, { signal: opts.signal, origin: opts.origin, embed: opts.embed }),
    // An order that had shipped part ends completed, its other lines canceled (cancel-order).
    (order) => order.status === 'canceled' || order.status === 'completed',
  )
}

async function createOrderPayment(
  call: Caller,
  orderId: string,
  body: CreateOrderPaymentRequest = {},
  opts: CreateOptions = {},
): Promise<Payment> {
  return resourceCall(call, 'payment', 'create-order-payment', { orderId }, body, opts)
}

async function createPayment(call: Caller, body: PaymentRequestBody, opts: CreateOptions = {}): Promise<Payment> {
  return resourceCall(call, 'payment', 'create-payment', {}, body, opts)
}

async function getPayment(call: Caller, id: string, opts: GetPaymentOptions = {}): Promise<Payment> {
  const query = embedQuery(opts.embed, methodOf('get-payment'), PAYMENT_EMBED_VALUES)
  return resourceCall(call, 'payment', 'get-payment', { paymentId: id }, undefined, { ...opts, query })
}

async function updatePayment(
  call: Caller,
  id: string,
  body: UpdatePaymentRequest,
  opts: CallOptions = {},
): Promise<Payment> {
  return readBeforeResend(
    () => resourceCall(call, 'payment', 'update-payment', { paymentId: id }, body, opts),
    () => getPayment(call, id, { signal: opts.signal, origin: opts.origin }),
    (payment) => hasUpdate(payment, body),
  )
}

async function cancelPayment(call: Caller, id: string, opts: CallOptions = {}): Promise<Payment> {
  return readBeforeResend(
    () => resourceCall(call, 'payment', 'cancel-payment', { paymentId: id }, undefined, opts),
    () => getPayment(call, id, { signal: opts.signal, origin: opts.origin }),
    (payment) => payment.status === 'canceled',
  )
}

async function createRefund(
  call: Caller,
  paymentId: string,
  body: CreateRefundRequest,
  opts: CreateOptions = {},
): Promise<Refund> {
  return resourceCall(call, 'refund', 'create-refund', { paymentId }, body, opts)
}

async function getRefund(call: Caller, paymentId: string, refundId: string, opts: CallOptions = {}): Promise<Refund> {
  return resourceCall(call, 'refund', 'get-refund', { paymentId, refundId }, undefined, opts)
}

/**
 * https://docs.mollie.com/reference/cancel-refund (DELETE, 204 without a body): while the refund is
 * queued or pending. Resolves once the service answered.
 */
async function cancelRefund(call: Caller, paymentId: string, refundId: string, opts: CallOptions = {}): Promise<void> {
  // A resend after a lost answer first reads the refund: canceled already means it was done.
  await readBeforeResend<Refund | null>(
    async () => {
      await call('cancel-refund', { paymentId, refundId }, undefined, opts)
      return null
    },
    async () => getRefund(call, paymentId, refundId, { signal: opts.signal, origin: opts.origin }),
    (refund) => refund === null || refund.status === 'canceled',
  )
}

/** The calls, each taking the client's `call` first (bound in client.ts). */
export const objectCalls = {
  createOrder,
  getOrder,
  cancelOrder,
  createOrderPayment,
  createPayment,
  getPayment,
  updatePayment,
  cancelPayment,
  createRefund,
  getRefund,
  cancelRefund,
}

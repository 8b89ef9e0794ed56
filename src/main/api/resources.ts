// The client's calls on one object (orders, payments, refunds): each a small function over the
// client's one `request` (its limiter, retries and events), with its path from the operation table
// (answer-checks.ts apiPath) and its answer checked to be the object asked for.

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
} from '../../shared/api-types'
import { PAYMENT_EMBED_VALUES } from '../../shared/service'
import { apiPath, expectResource } from './answer-checks'
import { isAlreadyCanceled } from './clear-ends'
import type { CallOptions, CreateOptions, CreateOrderOptions, GetOrderOptions, GetPaymentOptions } from './client-types'
import { ApiError } from './errors'
import type { LogicalRequest } from './request-builder'

/** The client's low-level call: resolves with the parsed JSON body. */
export type Send = <T = unknown>(req: LogicalRequest, opts?: CallOptions) => Promise<T>

/** One call that answers one resource of a known kind (spec 4.1), checked before it is returned. */
async function resourceCall<T>(send: Send, resource: string, req: LogicalRequest, opts: CallOptions): Promise<T> {
  return expectResource<T>(await send<unknown>(req, opts), resource, req.method)
}

/** A POST on one resource, sent with the caller's Idempotency-Key when it has one. */
function keyedCall<T>(
  send: Send,
  resource: string,
  req: Omit<LogicalRequest, 'idempotencyKey'>,
  opts: CallOptions & { idempotencyKey?: string },
): Promise<T> {
  return resourceCall<T>(send, resource, { ...req, idempotencyKey: opts.idempotencyKey }, opts)
}

export function embedQuery(
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

async function createOrder(send: Send, body: OrderRequestBody, opts: CreateOrderOptions = {}): Promise<Order> {
  const query = embedQuery(opts.embed, 'POST')
  return keyedCall<Order>(send, 'order', { method: 'POST', path: apiPath('create-order'), query, body }, opts)
}

async function getOrder(send: Send, id: string, opts: GetOrderOptions = {}): Promise<Order> {
  const path = apiPath('get-order', { orderId: id })
  return resourceCall<Order>(send, 'order', { method: 'GET', path, query: embedQuery(opts.embed, 'GET') }, opts)
}

/** https://docs.mollie.com/reference/cancel-order (DELETE /orders/{id}) */
async function cancelOrder(send: Send, id: string, opts: GetOrderOptions = {}): Promise<Order> {
  const path = apiPath('cancel-order', { orderId: id })
  const query = embedQuery(opts.embed, 'DELETE')
  return readBeforeResend(
    () => resourceCall<Order>(send, 'order', { method: 'DELETE', path, query }, opts),
    () => getOrder(send, id, { signal: opts.signal, origin: opts.origin, embed: opts.embed }),
    // An order that had shipped part ends completed, its other lines canceled (cancel-order).
    (order) => order.status === 'canceled' || order.status === 'completed',
  )
}

async function createOrderPayment(
  send: Send,
  orderId: string,
  body: CreateOrderPaymentRequest = {},
  opts: CreateOptions = {},
): Promise<Payment> {
  const path = apiPath('create-order-payment', { orderId })
  return keyedCall<Payment>(send, 'payment', { method: 'POST', path, body }, opts)
}

async function createPayment(send: Send, body: PaymentRequestBody, opts: CreateOptions = {}): Promise<Payment> {
  return keyedCall<Payment>(send, 'payment', { method: 'POST', path: apiPath('create-payment'), body }, opts)
}

async function getPayment(send: Send, id: string, opts: GetPaymentOptions = {}): Promise<Payment> {
  const query = embedQuery(opts.embed, 'GET', PAYMENT_EMBED_VALUES)
  const path = apiPath('get-payment', { paymentId: id })
  return resourceCall<Payment>(send, 'payment', { method: 'GET', path, query }, opts)
}

async function updatePayment(
  send: Send,
  id: string,
  body: UpdatePaymentRequest,
  opts: CallOptions = {},
): Promise<Payment> {
  const path = apiPath('update-payment', { paymentId: id })
  return readBeforeResend(
    () => resourceCall<Payment>(send, 'payment', { method: 'PATCH', path, body }, opts),
    () => getPayment(send, id, { signal: opts.signal, origin: opts.origin }),
    (payment) => hasUpdate(payment, body),
  )
}

async function cancelPayment(send: Send, id: string, opts: CallOptions = {}): Promise<Payment> {
  const path = apiPath('cancel-payment', { paymentId: id })
  return readBeforeResend(
    () => resourceCall<Payment>(send, 'payment', { method: 'DELETE', path }, opts),
    () => getPayment(send, id, { signal: opts.signal, origin: opts.origin }),
    (payment) => payment.status === 'canceled',
  )
}

async function createRefund(
  send: Send,
  paymentId: string,
  body: CreateRefundRequest,
  opts: CreateOptions = {},
): Promise<Refund> {
  const path = apiPath('create-refund', { paymentId })
  return keyedCall<Refund>(send, 'refund', { method: 'POST', path, body }, opts)
}

async function getRefund(send: Send, paymentId: string, refundId: string, opts: CallOptions = {}): Promise<Refund> {
  const path = apiPath('get-refund', { paymentId, refundId })
  return resourceCall<Refund>(send, 'refund', { method: 'GET', path }, opts)
}

/**
 * https://docs.mollie.com/reference/cancel-refund (DELETE, 204 without a body): while the refund is
 * queued or pending. Resolves once the service answered.
 */
async function cancelRefund(send: Send, paymentId: string, refundId: string, opts: CallOptions = {}): Promise<void> {
  const path = apiPath('cancel-refund', { paymentId, refundId })
  // A resend after a lost answer first reads the refund: canceled already means it was done.
  await readBeforeResend<Refund | null>(
    async () => {
      await send<unknown>({ method: 'DELETE', path }, opts)
      return null
    },
    async () => getRefund(send, paymentId, refundId, { signal: opts.signal, origin: opts.origin }),
    (refund) => refund === null || refund.status === 'canceled',
  )
}

/** The calls, each taking the client's `send` first (bound in client.ts). */
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

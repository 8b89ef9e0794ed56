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

/** A write on one resource (POST, PATCH, DELETE), sent with the caller's Idempotency-Key when it has one. */
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

/**
 * A cancel whose first attempt got no answer and whose resend is refused with "already canceled"
 * did cancel: the object is fetched and returned as canceled, not reported as an error.
 */
async function cancelled<T>(send: () => Promise<T>, fetchIt: () => Promise<T>): Promise<T> {
  try {
    return await send()
  } catch (e) {
    if (e instanceof ApiError && e.attempts.length > 1 && isAlreadyCanceled(e.status, e.detail)) return fetchIt()
    throw e
  }
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
async function cancelOrder(send: Send, id: string, opts: CreateOrderOptions = {}): Promise<Order> {
  const path = apiPath('cancel-order', { orderId: id })
  const query = embedQuery(opts.embed, 'DELETE')
  return cancelled(
    () => keyedCall<Order>(send, 'order', { method: 'DELETE', path, query }, opts),
    () => getOrder(send, id, { signal: opts.signal, origin: opts.origin, embed: opts.embed }),
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
  opts: CreateOptions = {},
): Promise<Payment> {
  const path = apiPath('update-payment', { paymentId: id })
  return keyedCall<Payment>(send, 'payment', { method: 'PATCH', path, body }, opts)
}

async function cancelPayment(send: Send, id: string, opts: CreateOptions = {}): Promise<Payment> {
  const path = apiPath('cancel-payment', { paymentId: id })
  return cancelled(
    () => keyedCall<Payment>(send, 'payment', { method: 'DELETE', path }, opts),
    () => getPayment(send, id, { signal: opts.signal, origin: opts.origin }),
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
}

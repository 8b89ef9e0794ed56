// /v2/orders (https://docs.mollie.com/reference/orders-api).
import { scheduleExpiry } from '../lifecycle'
import { type CreateOrderRequest, PAYMENT_METHODS, type Refund } from '../../shared/api-types'
import { validateCreateOrder } from '../../shared/order-rules'
import { newOrderPaymentBlocker } from '../../shared/payment-writes'
import { cancelOrderRecord, refundJson } from '../actions'
import { type Reply, SandboxError, jsonReply } from '../errors'
import {
  type ApiRequest,
  actScope,
  bodyScope,
  firstViolation,
  isoNow,
  listQuery,
  listReply,
  parseEmbed,
  parsedBody,
  queryScope,
  ruleContext,
  validateActBody,
} from '../request'
import { buildOrder, buildOrderPayment, orderJson, paymentJson } from '../resources'
import { type SandboxContext } from '../context'
import { type OrderRecord } from '../store'

/** https://docs.mollie.com/reference/v2/orders-api/create-order-payment */
const MAX_PAYMENTS_PER_ORDER = 25

/**
 * GET /v2/orders (https://docs.mollie.com/reference/list-orders): newest first by default, the same
 * `from`/`limit`/`sort` cursor paging as payments; list items carry no embedded payments.
 */
export function listOrders(ctx: SandboxContext, request: ApiRequest): Reply {
  const scope = queryScope(ctx, request)
  const query = listQuery(request)
  const page = ctx.store.listOrders(scope.profileId, scope.mode, query)
  return listReply(ctx, request, query, page, 'orders', (r) =>
    JSON.stringify(orderJson(ctx.origin, r, orderPayments(ctx, r.paymentIds), new Set())),
  )
}

export function orderPayments(ctx: SandboxContext, paymentIds: string[]) {
  return paymentIds.flatMap((id) => ctx.store.getPaymentAnyScope(id)?.data ?? [])
}

export function createOrder(ctx: SandboxContext, request: ApiRequest): Reply {
  const embed = parseEmbed(request)
  const body = parsedBody(request)
  firstViolation(validateCreateOrder(body, ruleContext(ctx, request.credential)))
  const input = body as CreateOrderRequest
  const scope = bodyScope(ctx, request, input)
  const order = buildOrder(input, scope, ctx.ids, isoNow(ctx))
  const payment = buildOrderPayment(order.data, undefined, ctx.ids, ctx.now())
  order.paymentIds.push(payment.data.id)
  ctx.store.addOrder(order)
  ctx.store.addPayment(payment)
  scheduleExpiry(ctx, payment)
  return jsonReply(201, orderJson(ctx.origin, order, [payment.data], embed))
}

export function getOrderRoute(ctx: SandboxContext, request: ApiRequest, id: string): Reply {
  const embed = parseEmbed(request)
  const scope = queryScope(ctx, request)
  const order = ctx.store.getOrder(id, scope.profileId, scope.mode)
  if (!order) throw new SandboxError(404, `No order exists with id ${id}.`)
  return jsonReply(
    200,
    orderJson(ctx.origin, order, orderPayments(ctx, order.paymentIds), embed, refundsOfOrder(ctx, order)),
  )
}

/** POST /v2/orders/{id}/payments (path chosen by the sandbox; spec 1 and 3 rule 2). */
export function createOrderPayment(ctx: SandboxContext, request: ApiRequest, id: string): Reply {
  const body = parsedBody(request)
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new SandboxError(422, 'The request body must be a JSON object.')
  }
  const input = body as { method?: unknown; profileId?: unknown; testmode?: unknown }
  const scope = bodyScope(ctx, request, input)
  const order = ctx.store.getOrder(id, scope.profileId, scope.mode)
  if (!order) throw new SandboxError(404, `No order exists with id ${id}.`)
  const method = input.method
  const known = (m: unknown) => typeof m === 'string' && (PAYMENT_METHODS as readonly string[]).includes(m)
  if (
    method !== undefined &&
    method !== null &&
    !(known(method) || (Array.isArray(method) && method.length > 0 && method.every(known)))
  ) {
    throw new SandboxError(
      422,
      `The method must be one of ${PAYMENT_METHODS.join(', ')} or an array of them.`,
      'method',
    )
  }
  // https://docs.mollie.com/reference/v2/orders-api/create-order-payment: only while the order is
  // `created` and none of its payments can still complete (open, pending or authorized); at most 25.
  const blocked = newOrderPaymentBlocker(order.data, orderPayments(ctx, order.paymentIds))
  if (blocked) throw new SandboxError(422, blocked)
  if (order.paymentIds.length >= MAX_PAYMENTS_PER_ORDER) {
    throw new SandboxError(422, `An order can have at most ${MAX_PAYMENTS_PER_ORDER} payments.`)
  }
  const payment = buildOrderPayment(order.data, method ?? undefined, ctx.ids, ctx.now())
  order.paymentIds.push(payment.data.id)
  ctx.store.addPayment(payment)
  scheduleExpiry(ctx, payment)
  return jsonReply(201, paymentJson(ctx.origin, payment.data, payment.related))
}

export function deleteOrder(ctx: SandboxContext, request: ApiRequest, id: string): Reply {
  const embed = parseEmbed(request)
  firstViolation(validateActBody(parsedBody(request), ruleContext(ctx, request.credential)))
  const scope = actScope(ctx, request)
  const order = ctx.store.getOrder(id, scope.profileId, scope.mode)
  if (!order) throw new SandboxError(404, `No order exists with id ${id}.`)
  cancelOrderRecord(ctx.store, order, isoNow(ctx))
  // https://docs.mollie.com/overview/webhooks (Orders API): the webhook is called when "the order or
  // part of the order is canceled".
  ctx.events.emit(ctx, 'order', order.data.id)
  return jsonReply(
    200,
    orderJson(ctx.origin, order, orderPayments(ctx, order.paymentIds), embed, refundsOfOrder(ctx, order)),
  )
}

export function refundsOfOrder(ctx: SandboxContext, order: OrderRecord): Refund[] {
  return order.paymentIds.flatMap((pid) => ctx.store.refundsOf(pid).map((r) => refundJson(ctx.origin, r)))
}

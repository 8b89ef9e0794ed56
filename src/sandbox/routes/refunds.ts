// Refunds (https://docs.mollie.com/reference/refunds-api, https://docs.mollie.com/payments/refunds).
import { type CreateRefundRequest } from '../../shared/api-types'
import { validateCreateRefund } from '../../shared/order-rules'
import { createRefund, listRefunds, paymentInScope, refundJson } from '../actions'
import { type Reply, SandboxError, jsonReply } from '../errors'
import { type ApiRequest, actScope, firstViolation, isoNow, parsedBody, queryScope, ruleContext } from '../request'
import { type SandboxContext } from '../server'

export function postRefund(ctx: SandboxContext, request: ApiRequest, id: string): Reply {
  const body = parsedBody(request)
  firstViolation(validateCreateRefund(body, ruleContext(ctx, request.credential)))
  const record = paymentInScope(ctx.store, actScope(ctx, request), id)
  const refund = createRefund(ctx.store, ctx.ids, record, body as CreateRefundRequest, isoNow(ctx))
  return jsonReply(201, refundJson(ctx.origin, refund))
}

export function getRefunds(ctx: SandboxContext, request: ApiRequest, id: string): Reply {
  const record = paymentInScope(ctx.store, queryScope(ctx, request), id)
  const self = `${ctx.origin}${request.path}${request.url.search}`
  return jsonReply(200, listRefunds(ctx.origin, ctx.store, record.data.id, request.url.searchParams, self))
}

export function getRefund(ctx: SandboxContext, request: ApiRequest, id: string, refundId: string): Reply {
  const record = paymentInScope(ctx.store, queryScope(ctx, request), id)
  const refund = ctx.store.refundsOf(record.data.id).find((r) => r.id === refundId)
  if (!refund) throw new SandboxError(404, `No refund exists with id ${refundId} for payment ${id}.`)
  return jsonReply(200, refundJson(ctx.origin, refund))
}

// /v2/payments (https://docs.mollie.com/reference/payments-api).
import { PAYMENT_EMBED_VALUES, type PaymentEmbedValue } from '../../shared/service/enums'
import { refundJson } from '../actions'
import { applyCaptureMode } from './captures'
import { chargebackJson } from './chargebacks'
import { scheduleExpiry } from '../lifecycle'
import { type CreatePaymentRequest } from '../../shared/api-types'
import { validateCreatePayment, validateUpdatePayment } from '../../shared/order-rules'
import { cancelPaymentRecord, paymentInScope, updatePaymentRecord } from '../actions'
import { HAL_JSON, type Reply, SandboxError, jsonReply } from '../errors'
import {
  type ApiRequest,
  actScope,
  bodyScope,
  embedValues,
  firstViolation,
  isoNow,
  listQuery,
  listReply,
  parsedBody,
  queryScope,
  ruleContext,
  validateActBody,
} from '../request'
import { buildPayment, paymentJson, paymentJsonText } from '../resources'
import { type SandboxContext } from '../context'

export function createPayment(ctx: SandboxContext, request: ApiRequest): Reply {
  const body = parsedBody(request)
  firstViolation(validateCreatePayment(body, ruleContext(ctx, request.credential)))
  const input = body as CreatePaymentRequest
  const scope = bodyScope(ctx, request, input)
  // https://docs.mollie.com/reference/create-payment: `customerId` names an existing customer.
  if (input.customerId !== undefined && !ctx.store.customers.get(input.customerId, scope.profileId, scope.mode)) {
    throw new SandboxError(422, `The customer ${input.customerId} does not exist.`, 'customerId')
  }
  // https://docs.mollie.com/reference/v2/payments-api/create-payment: a recurring payment is
  // charged on a valid mandate of its customer (made by a paid `first` payment).
  const mandate =
    input.sequenceType === 'recurring'
      ? ctx.store.validMandate(scope.profileId, scope.mode, input.customerId ?? '', input.mandateId)
      : undefined
  if (input.sequenceType === 'recurring' && !mandate) {
    throw input.mandateId === undefined
      ? new SandboxError(
          422,
          `The customer ${input.customerId} has no valid mandate; a paid first payment creates one.`,
          'customerId',
        )
      : new SandboxError(
          422,
          `The mandate ${input.mandateId} is not a valid mandate of ${input.customerId}.`,
          'mandateId',
        )
  }
  const record = buildPayment(input, scope, ctx.ids, ctx.now())
  applyCaptureMode(record, body as Record<string, unknown>)
  if (mandate) ctx.store.completeRecurring(record, mandate, record.data.createdAt)
  ctx.store.addPayment(record)
  scheduleExpiry(ctx, record)
  return jsonReply(201, paymentJson(ctx.origin, record.data, record.related))
}

export function getPaymentRoute(ctx: SandboxContext, request: ApiRequest, id: string): Reply {
  const embed = paymentEmbeds(request)
  const scope = queryScope(ctx, request)
  const record = ctx.store.getPayment(id, scope.profileId, scope.mode)
  if (!record) throw new SandboxError(404, `No payment exists with id ${id}.`)
  if (embed.size === 0) {
    return { status: 200, headers: { 'Content-Type': HAL_JSON }, body: paymentJsonText(ctx.origin, record) }
  }
  const json: Record<string, unknown> = { ...paymentJson(ctx.origin, record.data, record.related) }
  const embedded: Record<string, unknown[]> = {}
  if (embed.has('refunds')) embedded.refunds = ctx.store.refundsOf(id).map((r) => refundJson(ctx.origin, r))
  if (embed.has('chargebacks')) embedded.chargebacks = ctx.store.chargebacksOf(id).map((c) => chargebackJson(ctx, c))
  if (embed.has('captures')) embedded.captures = [...ctx.store.capturesOf(id)]
  json._embedded = embedded
  return jsonReply(200, json)
}

/** `embed` of get payment (https://docs.mollie.com/reference/get-payment): refunds, chargebacks, captures. */
function paymentEmbeds(request: ApiRequest): Set<PaymentEmbedValue> {
  return embedValues(request, PAYMENT_EMBED_VALUES)
}

export function listPayments(ctx: SandboxContext, request: ApiRequest): Reply {
  const scope = queryScope(ctx, request)
  const query = listQuery(request)
  const page = ctx.store.listPayments(scope.profileId, scope.mode, query)
  return listReply(ctx, request, query, page, 'payments', (r) => paymentJsonText(ctx.origin, r))
}

export function deletePayment(ctx: SandboxContext, request: ApiRequest, id: string): Reply {
  firstViolation(validateActBody(parsedBody(request), ruleContext(ctx, request.credential)))
  const record = paymentInScope(ctx.store, actScope(ctx, request), id)
  cancelPaymentRecord(record, isoNow(ctx))
  return jsonReply(200, paymentJson(ctx.origin, record.data, record.related))
}

export function patchPayment(ctx: SandboxContext, request: ApiRequest, id: string): Reply {
  const body = parsedBody(request)
  firstViolation(validateUpdatePayment(body, ruleContext(ctx, request.credential)))
  const record = paymentInScope(ctx.store, actScope(ctx, request), id)
  updatePaymentRecord(record, body as Record<string, unknown>)
  return jsonReply(200, paymentJson(ctx.origin, record.data, record.related))
}

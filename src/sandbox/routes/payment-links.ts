// Payment links (https://docs.mollie.com/reference/payment-links-api): create, get, list, update,
// delete, and the link's payments. The link's page (`_links.paymentLink`, pages.ts) makes a payment
// when the payer goes on to the hosted checkout; that payment carries `_links.paymentLink`.
import { validateCreatePaymentLink, validateUpdatePaymentLink } from '../../shared/order-rules'
import type { CreatePaymentLinkRequest, PaymentLink, UpdatePaymentLinkRequest } from '../../shared/recurring-types'
import type { SandboxContext } from '../context'
import { jsonReply, SandboxError, type Reply } from '../errors'
import { scheduleExpiry } from '../lifecycle'
import type { PaymentLinkData } from '../recurring-store'
import {
  actScope,
  bodyScope,
  firstViolation,
  isoNow,
  listQuery,
  listReply,
  parsedBody,
  queryScope,
  ruleContext,
  validateActBody,
  type ApiRequest,
} from '../request'
import { buildPayment, paymentJsonText, serviceTimestamp, type Scope } from '../resources'
import { listPage, type PaymentRecord } from '../store'
import { apiLink } from '../links'

function paymentLinkJson(ctx: SandboxContext, link: PaymentLinkData): PaymentLink {
  return {
    ...link,
    _links: {
      self: apiLink(ctx.origin, 'get-payment-link', { paymentLinkId: link.id }),
      paymentLink: { href: `${ctx.origin}/payment-link/${link.id}`, type: 'text/html' },
      documentation: { href: `${ctx.origin}/docs/payment-links`, type: 'text/html' },
    },
  }
}

function linkIn(ctx: SandboxContext, scope: Scope, id: string): PaymentLinkData {
  const link = ctx.store.recurring.link(id, scope.profileId, scope.mode)
  if (!link) throw new SandboxError(404, `No payment link exists with id ${id}.`)
  return link
}

/** POST /v2/payment-links (https://docs.mollie.com/reference/create-payment-link). */
export function createPaymentLink(ctx: SandboxContext, request: ApiRequest): Reply {
  const body = parsedBody(request)
  firstViolation(validateCreatePaymentLink(body, ruleContext(ctx, request.credential), ctx.now()))
  const input = body as CreatePaymentLinkRequest & { profileId?: unknown; testmode?: unknown }
  const scope = bodyScope(ctx, request, input)
  const link: PaymentLinkData = {
    resource: 'payment-link',
    id: ctx.ids.next('pl'),
    mode: scope.mode,
    description: input.description,
    amount: input.amount ? { currency: input.amount.currency, value: input.amount.value } : null,
    archived: false,
    redirectUrl: input.redirectUrl ?? null,
    webhookUrl: input.webhookUrl ?? null,
    profileId: scope.profileId,
    createdAt: isoNow(ctx),
    paidAt: null,
    expiresAt: input.expiresAt ? serviceTimestamp(Date.parse(input.expiresAt)) : null,
    reusable: input.reusable === true,
    allowedMethods: null,
  }
  ctx.store.recurring.addLink(link)
  return jsonReply(201, paymentLinkJson(ctx, link))
}

export function getPaymentLink(ctx: SandboxContext, request: ApiRequest, id: string): Reply {
  return jsonReply(200, paymentLinkJson(ctx, linkIn(ctx, queryScope(ctx, request), id)))
}

/** GET /v2/payment-links (https://docs.mollie.com/reference/list-payment-links): newest first, key `payment_links`. */
export function listPaymentLinks(ctx: SandboxContext, request: ApiRequest): Reply {
  const scope = queryScope(ctx, request)
  const query = listQuery(request)
  const page = ctx.store.recurring.listLinks(scope.profileId, scope.mode, query)
  return listReply(ctx, request, query, page, 'payment_links', (l) => JSON.stringify(paymentLinkJson(ctx, l.data)))
}

/** PATCH /v2/payment-links/{id} (https://docs.mollie.com/reference/update-payment-link): description, archived. */
export function updatePaymentLink(ctx: SandboxContext, request: ApiRequest, id: string): Reply {
  const body = parsedBody(request)
  firstViolation(validateUpdatePaymentLink(body, ruleContext(ctx, request.credential)))
  const input = body as UpdatePaymentLinkRequest
  const link = linkIn(ctx, actScope(ctx, request), id)
  if (input.description !== undefined) link.description = input.description
  if (input.archived !== undefined) link.archived = input.archived
  return jsonReply(200, paymentLinkJson(ctx, link))
}

/**
 * DELETE /v2/payment-links/{id} (https://docs.mollie.com/reference/delete-payment-link): "Payment
 * links which have not been opened and no payments have been made yet can be deleted entirely";
 * 204, and the link is gone from the API. Otherwise 422 (archive it instead).
 */
export function deletePaymentLink(ctx: SandboxContext, request: ApiRequest, id: string): Reply {
  firstViolation(validateActBody(parsedBody(request), ruleContext(ctx, request.credential)))
  const link = linkIn(ctx, actScope(ctx, request), id)
  if (ctx.store.recurring.paymentsOfLink(link.id).length > 0) {
    throw new SandboxError(
      422,
      'The payment link has been opened or paid, so it cannot be deleted; archive it instead (archived: true).',
    )
  }
  ctx.store.recurring.deleteLink(link.id)
  return { status: 204, headers: {}, body: '' }
}

/** GET /v2/payment-links/{id}/payments (https://docs.mollie.com/reference/get-payment-link-payments). */
export function listPaymentLinkPayments(ctx: SandboxContext, request: ApiRequest, id: string): Reply {
  const link = linkIn(ctx, queryScope(ctx, request), id)
  const query = listQuery(request)
  const page = listPage(ctx.store.recurring.paymentsOfLink(link.id), query)
  return listReply(ctx, request, query, page, 'payments', (p) => paymentJsonText(ctx.origin, p))
}

/** Why the link's page cannot take a payment now, or null when it can. */
export function paymentLinkClosed(ctx: SandboxContext, link: PaymentLinkData): string | null {
  if (link.archived) return 'This payment link has been archived.'
  if (link.expiresAt !== null && Date.parse(link.expiresAt) <= ctx.now()) return 'This payment link has expired.'
  if (link.paidAt !== null && !link.reusable) return 'This payment link has already been paid.'
  return null
}

/** The payment the link's page starts when the payer goes on to the checkout. */
export function startPaymentLinkPayment(ctx: SandboxContext, link: PaymentLinkData): PaymentRecord {
  if (!link.amount) throw new Error('a payment link without an amount')
  const record = buildPayment(
    {
      amount: { ...link.amount },
      description: link.description,
      ...(link.redirectUrl !== null ? { redirectUrl: link.redirectUrl } : {}),
      ...(link.webhookUrl !== null ? { webhookUrl: link.webhookUrl } : {}),
    },
    { profileId: link.profileId, mode: link.mode },
    ctx.ids,
    ctx.now(),
  )
  record.related = { paymentLinkId: link.id }
  ctx.store.addPayment(record)
  scheduleExpiry(ctx, record)
  return record
}

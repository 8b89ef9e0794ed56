// Mandates (https://docs.mollie.com/reference/mandates-api): a paid `first` payment makes one
// (store.applyOutcome); a merchant may also record an existing SEPA Direct Debit or PayPal mandate.
import { stopsWithMandate } from '../../shared/service/subscriptions'
import type { Mandate } from '../customers-store'
import { jsonReply, SandboxError, type Reply } from '../errors'
import { actScope, bodyScope, isoNow, listQuery, listReply, parsedBody, queryScope, type ApiRequest } from '../request'
import type { Scope } from '../resources'
import type { SandboxContext } from '../context'
import { listPage } from '../store'
import { cancelSubscriptionRecord } from '../subscription-charges'
import { customerIn, mandateJson } from './customers'

/** ISO 13616 IBAN: country, check digits, up to 30 letters and digits, mod-97 = 1. */
function isIban(text: string): boolean {
  const iban = text.replace(/\s+/g, '').toUpperCase()
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return false
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55))
  let rest = 0
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97
  return rest === 1
}

function customerOf(ctx: SandboxContext, scope: Scope, id: string) {
  return customerIn(ctx, scope, id)
}

function text(b: Record<string, unknown>, field: string, required: boolean): string | null {
  const value = b[field]
  if (value === undefined || value === null) {
    if (required) throw new SandboxError(422, `The ${field} is required.`, field)
    return null
  }
  if (typeof value !== 'string' || value.trim() === '') throw new SandboxError(422, `The ${field} must be text.`, field)
  return value
}

/**
 * POST /v2/customers/{id}/mandates (https://docs.mollie.com/reference/create-mandate): `method`
 * directdebit (consumerName, consumerAccount as an IBAN, consumerBic?) or paypal (consumerName,
 * consumerEmail, paypalBillingAgreementId); signatureDate (YYYY-MM-DD, not in the future) and
 * mandateReference optional. The mandate is `valid` at once.
 */
export function createMandate(ctx: SandboxContext, request: ApiRequest, customerId: string): Reply {
  const body = parsedBody(request)
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new SandboxError(422, 'The request body must be a JSON object.')
  }
  const b = body as Record<string, unknown>
  const customer = customerOf(ctx, bodyScope(ctx, request, b), customerId)
  if (b.method !== 'directdebit' && b.method !== 'paypal') {
    throw new SandboxError(422, 'The method must be directdebit or paypal.', 'method')
  }
  const consumerName = text(b, 'consumerName', true)
  let details: Record<string, unknown>
  if (b.method === 'directdebit') {
    const account = text(b, 'consumerAccount', true) ?? ''
    if (!isIban(account)) throw new SandboxError(422, 'The consumerAccount must be a valid IBAN.', 'consumerAccount')
    details = {
      consumerName,
      consumerAccount: account.replace(/\s+/g, '').toUpperCase(),
      consumerBic: text(b, 'consumerBic', false),
    }
  } else {
    const email = text(b, 'consumerEmail', true) ?? ''
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
      throw new SandboxError(422, 'The consumerEmail must be an e-mail address.', 'consumerEmail')
    details = {
      consumerName,
      consumerAccount: email,
      paypalBillingAgreementId: text(b, 'paypalBillingAgreementId', true),
    }
  }
  const signatureDate = text(b, 'signatureDate', false)
  const today = isoNow(ctx).slice(0, 10)
  if (signatureDate !== null && (!/^\d{4}-\d{2}-\d{2}$/.test(signatureDate) || signatureDate > today)) {
    throw new SandboxError(422, 'The signatureDate must be a date (YYYY-MM-DD), not in the future.', 'signatureDate')
  }
  const mandate: Mandate = {
    resource: 'mandate',
    id: ctx.ids.next('mdt'),
    mode: customer.mode,
    status: 'valid',
    method: b.method,
    details,
    mandateReference: text(b, 'mandateReference', false),
    signatureDate: signatureDate ?? today,
    createdAt: isoNow(ctx),
    customerId: customer.id,
  }
  ctx.store.customers.addMandate(mandate)
  return jsonReply(201, mandateJson(ctx, mandate))
}

export function listMandates(ctx: SandboxContext, request: ApiRequest, customerId: string): Reply {
  const customer = customerOf(ctx, queryScope(ctx, request), customerId)
  const query = listQuery(request)
  const page = listPage(
    ctx.store.customers.mandatesOf(customer.id).map((data) => ({ data })),
    query,
  )
  return listReply(ctx, request, query, page, 'mandates', (m) => JSON.stringify(mandateJson(ctx, m.data)))
}

function mandateOf(ctx: SandboxContext, scope: Scope, customerId: string, mandateId: string): Mandate {
  const customer = customerOf(ctx, scope, customerId)
  const mandate = ctx.store.customers.mandatesOf(customer.id).find((m) => m.id === mandateId)
  if (!mandate) throw new SandboxError(404, `No mandate exists with id ${mandateId} for customer ${customerId}.`)
  return mandate
}

export function getMandate(ctx: SandboxContext, request: ApiRequest, customerId: string, mandateId: string): Reply {
  return jsonReply(200, mandateJson(ctx, mandateOf(ctx, queryScope(ctx, request), customerId, mandateId)))
}

/**
 * DELETE /v2/customers/{id}/mandates/{mandateId} (https://docs.mollie.com/reference/revoke-mandate):
 * 204; the mandate stays readable with status `invalid` and can no longer be charged (choice), and
 * "all connected subscriptions will be canceled" (https://docs.mollie.com/reference/v2/mandates-api/revoke-mandate):
 * each one that names it, or names none and charges on it (shared/service/subscriptions.ts stopsWithMandate).
 */
export function revokeMandate(ctx: SandboxContext, request: ApiRequest, customerId: string, mandateId: string): Reply {
  const mandate = mandateOf(ctx, actScope(ctx, request), customerId, mandateId)
  const mandates = ctx.store.customers.mandatesOf(mandate.customerId).filter((m) => m.mode === mandate.mode)
  const connected = ctx.store.recurring
    .subscriptionsOf(mandate.customerId)
    .filter((record) => record.data.mode === mandate.mode && stopsWithMandate(record.data, mandate.id, mandates))
  mandate.status = 'invalid'
  const now = isoNow(ctx)
  for (const record of connected) cancelSubscriptionRecord(record, now)
  return { status: 204, headers: {}, body: '' }
}

// Customers and mandates (https://docs.mollie.com/reference/customers-api,
// https://docs.mollie.com/reference/mandates-api): create, get, list, update, delete; a customer's
// payments (list, create); mandates (create, get, list, revoke).
import { LOCALES, type Metadata } from '../../shared/api-types'
import type { CustomerData, Mandate } from '../customers-store'
import { jsonReply, SandboxError, type Reply } from '../errors'
import { actScope, bodyScope, isoNow, listQuery, listReply, parsedBody, queryScope, type ApiRequest } from '../request'
import { paymentJsonText, type Scope } from '../resources'
import type { SandboxContext } from '../context'
import { listPage } from '../store'
import { cancelSubscriptionRecord } from '../subscription-charges'
import { createPayment } from './payments'
import { apiLink } from '../links'

function customerJson(ctx: SandboxContext, c: CustomerData) {
  const { profileId: _profile, ...data } = c
  const links: Record<string, { href: string; type: string }> = {
    self: apiLink(ctx.origin, 'get-customer', { customerId: c.id }),
    dashboard: { href: `${ctx.origin}/dashboard/customers/${c.id}`, type: 'text/html' },
    documentation: { href: `${ctx.origin}/docs/customers`, type: 'text/html' },
  }
  if (ctx.store.customers.paymentsOf(c.id).length > 0)
    links.payments = apiLink(ctx.origin, 'list-customer-payments', { customerId: c.id })
  if (ctx.store.customers.mandatesOf(c.id).length > 0)
    links.mandates = apiLink(ctx.origin, 'list-mandates', { customerId: c.id })
  return { ...data, _links: links }
}

export function mandateJson(ctx: SandboxContext, m: Mandate) {
  return {
    ...m,
    _links: {
      self: apiLink(ctx.origin, 'get-mandate', { customerId: m.customerId, mandateId: m.id }),
      customer: apiLink(ctx.origin, 'get-customer', { customerId: m.customerId }),
      documentation: { href: `${ctx.origin}/docs/mandates`, type: 'text/html' },
    },
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** The fields of create/update customer, checked; unknown fields are refused with their name. */
function customerFields(body: unknown): Partial<Pick<CustomerData, 'name' | 'email' | 'locale' | 'metadata'>> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new SandboxError(422, 'The request body must be a JSON object.')
  }
  const b = body as Record<string, unknown>
  const out: Partial<Pick<CustomerData, 'name' | 'email' | 'locale' | 'metadata'>> = {}
  for (const key of Object.keys(b)) {
    if (!['name', 'email', 'locale', 'metadata', 'testmode'].includes(key)) {
      throw new SandboxError(422, `The field ${key} is not a field of a customer.`, key)
    }
  }
  if (b.name !== undefined && b.name !== null) {
    if (typeof b.name !== 'string' || b.name.length > 255)
      throw new SandboxError(422, 'The name must be text of at most 255 characters.', 'name')
    out.name = b.name
  }
  if (b.email !== undefined && b.email !== null) {
    if (typeof b.email !== 'string' || !EMAIL.test(b.email))
      throw new SandboxError(422, 'The email must be an e-mail address.', 'email')
    out.email = b.email
  }
  if (b.locale !== undefined && b.locale !== null) {
    if (typeof b.locale !== 'string' || !(LOCALES as readonly string[]).includes(b.locale)) {
      throw new SandboxError(422, `The locale must be one of ${LOCALES.join(', ')}.`, 'locale')
    }
    out.locale = b.locale
  }
  if (b.metadata !== undefined) out.metadata = structuredClone(b.metadata) as Metadata
  return out
}

/**
 * The customer named by the path: 404 when there never was one, 410 Gone once it was deleted
 * (https://docs.mollie.com/overview/handling-errors, "410 Gone": "You are trying to access an object,
 * which has previously been deleted").
 */
export function customerIn(ctx: SandboxContext, scope: Scope, id: string): CustomerData {
  const customer = ctx.store.customers.get(id, scope.profileId, scope.mode)
  if (customer) return customer
  if (ctx.store.customers.wasDeleted(id, scope.profileId, scope.mode)) {
    throw new SandboxError(410, `The customer ${id} was deleted.`)
  }
  throw new SandboxError(404, `No customer exists with id ${id}.`)
}

/** POST /v2/customers (https://docs.mollie.com/reference/create-customer). */
export function createCustomer(ctx: SandboxContext, request: ApiRequest): Reply {
  const body = parsedBody(request)
  const fields = customerFields(body)
  const scope = bodyScope(ctx, request, body as { testmode?: unknown })
  const customer: CustomerData = {
    resource: 'customer',
    id: ctx.ids.next('cst'),
    mode: scope.mode,
    name: fields.name ?? null,
    email: fields.email ?? null,
    locale: fields.locale ?? null,
    metadata: fields.metadata ?? null,
    createdAt: isoNow(ctx),
    profileId: scope.profileId,
  }
  ctx.store.customers.add(customer)
  return jsonReply(201, customerJson(ctx, customer))
}

export function getCustomerRoute(ctx: SandboxContext, request: ApiRequest, id: string): Reply {
  return jsonReply(200, customerJson(ctx, customerIn(ctx, queryScope(ctx, request), id)))
}

/** GET /v2/customers (https://docs.mollie.com/reference/list-customers): newest first. */
export function listCustomers(ctx: SandboxContext, request: ApiRequest): Reply {
  const scope = queryScope(ctx, request)
  const query = listQuery(request)
  const page = ctx.store.customers.list(scope.profileId, scope.mode, query)
  return listReply(ctx, request, query, page, 'customers', (c) => JSON.stringify(customerJson(ctx, c.data)))
}

/** PATCH /v2/customers/{id} (https://docs.mollie.com/reference/update-customer). */
export function updateCustomer(ctx: SandboxContext, request: ApiRequest, id: string): Reply {
  const fields = customerFields(parsedBody(request))
  const customer = customerIn(ctx, actScope(ctx, request), id)
  Object.assign(customer, fields)
  return jsonReply(200, customerJson(ctx, customer))
}

/** DELETE /v2/customers/{id} (https://docs.mollie.com/reference/delete-customer): 204; mandates revoked. */
export function deleteCustomer(ctx: SandboxContext, request: ApiRequest, id: string): Reply {
  const customer = customerIn(ctx, actScope(ctx, request), id)
  ctx.store.customers.delete(customer.id)
  // https://docs.mollie.com/reference/delete-customer: its subscriptions are canceled with it.
  for (const subscription of ctx.store.recurring.subscriptionsOf(customer.id)) {
    if (subscription.data.status !== 'canceled' && subscription.data.status !== 'completed') {
      cancelSubscriptionRecord(subscription, isoNow(ctx))
    }
  }
  return { status: 204, headers: {}, body: '' }
}

/** GET /v2/customers/{id}/payments (https://docs.mollie.com/reference/list-customer-payments). */
export function listCustomerPaymentsRoute(ctx: SandboxContext, request: ApiRequest, id: string): Reply {
  const customer = customerIn(ctx, queryScope(ctx, request), id)
  const query = listQuery(request)
  const page = listPage([...ctx.store.customers.paymentsOf(customer.id)], query)
  return listReply(ctx, request, query, page, 'payments', (r) => paymentJsonText(ctx.origin, r))
}

/**
 * POST /v2/customers/{id}/payments (https://docs.mollie.com/reference/create-customer-payment): a
 * payment with `customerId` set from the path; every rule of create payment applies.
 */
export function createCustomerPayment(ctx: SandboxContext, request: ApiRequest, id: string): Reply {
  const body = parsedBody(request)
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new SandboxError(422, 'The request body must be a JSON object.')
  }
  const b = body as Record<string, unknown>
  if (b.customerId !== undefined && b.customerId !== id) {
    throw new SandboxError(422, 'The customerId is given by the path; leave it out of the body.', 'customerId')
  }
  customerIn(ctx, bodyScope(ctx, request, b), id)
  request.body = { ...b, customerId: id }
  return createPayment(ctx, request)
}

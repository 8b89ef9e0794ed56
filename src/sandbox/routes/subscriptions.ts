// Subscriptions (https://docs.mollie.com/reference/subscriptions-api): create, get, list, update and
// cancel under a customer; every subscription of the profile (GET /v2/subscriptions); a
// subscription's payments. The charges run on the sandbox clock (subscription-charges.ts).
import { validateCreateSubscription, validateUpdateSubscription } from '../../shared/order-rules'
import type { Metadata } from '../../shared/api-types'
import type { CreateSubscriptionRequest, Subscription, UpdateSubscriptionRequest } from '../../shared/recurring-types'
import { addIntervals, parseInterval } from '../../shared/service/subscriptions'
import type { SandboxContext } from '../context'
import type { CustomerData } from '../customers-store'
import { HAL_JSON, jsonReply, SandboxError, type Reply } from '../errors'
import type { SubscriptionRecord } from '../recurring-store'
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
  todayUtc,
  validateActBody,
  type ApiRequest,
} from '../request'
import { paymentJsonText, type Scope } from '../resources'
import { listPage } from '../store'
import { cancelSubscriptionRecord, lastChargeDate, scheduleCharge, subscriptionMandate } from '../subscription-charges'
import { apiHref, apiLink } from '../links'

const hal = (href: string) => ({ href, type: HAL_JSON })

function subscriptionJson(ctx: SandboxContext, record: SubscriptionRecord): Subscription {
  const s = record.data
  const self = apiHref(ctx.origin, 'get-subscription', { customerId: s.customerId, subscriptionId: s.id })
  const links: Subscription['_links'] = {
    self: hal(self),
    customer: apiLink(ctx.origin, 'get-customer', { customerId: s.customerId }),
    documentation: { href: `${ctx.origin}/docs/subscriptions`, type: 'text/html' },
  }
  if (s.mandateId !== undefined)
    links.mandate = apiLink(ctx.origin, 'get-mandate', { customerId: s.customerId, mandateId: s.mandateId })
  links.profile = apiLink(ctx.origin, 'get-profile', { profileId: record.profileId })
  if (ctx.store.recurring.paymentsOfSubscription(s.id).length > 0) links.payments = hal(`${self}/payments`)
  return { ...s, _links: { ...links, documentation: links.documentation } }
}

function customerIn(ctx: SandboxContext, scope: Scope, id: string): CustomerData {
  const customer = ctx.store.customers.get(id, scope.profileId, scope.mode)
  if (!customer) throw new SandboxError(404, `No customer exists with id ${id}.`)
  return customer
}

function subscriptionIn(ctx: SandboxContext, scope: Scope, customerId: string, id: string): SubscriptionRecord {
  const customer = customerIn(ctx, scope, customerId)
  const record = ctx.store.recurring.subscription(id, customer.id, scope.profileId, scope.mode)
  if (!record) throw new SandboxError(404, `No subscription exists with id ${id} for customer ${customerId}.`)
  return record
}

/** "The description needs to be unique for the customer in case they have multiple active subscriptions" (get-subscription). */
function refuseDuplicateDescription(ctx: SandboxContext, customerId: string, description: string, self?: string) {
  const taken = ctx.store.recurring
    .subscriptionsOf(customerId)
    .some(
      (s) =>
        s.data.id !== self &&
        s.data.description === description &&
        (s.data.status === 'active' || s.data.status === 'pending' || s.data.status === 'suspended'),
    )
  if (taken) {
    throw new SandboxError(
      422,
      `The customer already has a subscription described "${description}"; each subscription of a customer needs its own description.`,
      'description',
    )
  }
}

function validMandateOrRefuse(ctx: SandboxContext, customer: CustomerData, mandateId: string) {
  const mandate = ctx.store.customers.validMandate(customer.id, mandateId)
  if (!mandate || mandate.mode !== customer.mode) {
    throw new SandboxError(
      422,
      `The mandate ${mandateId} is not a valid mandate of customer ${customer.id}.`,
      'mandateId',
    )
  }
  return mandate
}

/** POST /v2/customers/{id}/subscriptions (https://docs.mollie.com/reference/create-subscription). */
export function createSubscription(ctx: SandboxContext, request: ApiRequest, customerId: string): Reply {
  const body = parsedBody(request)
  firstViolation(validateCreateSubscription(body, ruleContext(ctx, request.credential)))
  const input = body as CreateSubscriptionRequest & { profileId?: unknown; testmode?: unknown }
  const customer = customerIn(ctx, bodyScope(ctx, request, input), customerId)
  if (input.mandateId !== undefined) validMandateOrRefuse(ctx, customer, input.mandateId)
  refuseDuplicateDescription(ctx, customer.id, input.description)
  const startDate = input.startDate ?? todayUtc(ctx.now())
  const record: SubscriptionRecord = {
    data: {
      resource: 'subscription',
      id: ctx.ids.next('sub'),
      mode: customer.mode,
      createdAt: isoNow(ctx),
      status: 'active',
      amount: { currency: input.amount.currency, value: input.amount.value },
      times: input.times ?? null,
      timesRemaining: input.times ?? null,
      interval: input.interval,
      startDate,
      nextPaymentDate: startDate,
      description: input.description,
      method: input.method ?? null,
      webhookUrl: input.webhookUrl ?? null,
      metadata: input.metadata === undefined ? null : structuredClone<Metadata>(input.metadata),
      customerId: customer.id,
    },
    profileId: customer.profileId,
    anchorDate: startDate,
    sinceAnchor: 0,
    charged: 0,
    generation: 0,
  }
  if (input.mandateId !== undefined) record.data.mandateId = input.mandateId
  // https://docs.mollie.com/payments/recurring: the customer needs a pending or valid mandate.
  if (!subscriptionMandate(ctx, record)) {
    throw new SandboxError(
      422,
      record.data.method === null
        ? `The customer ${customer.id} has no valid mandate; a paid first payment creates one.`
        : `The customer ${customer.id} has no valid ${record.data.method} mandate.`,
      record.data.method === null ? undefined : 'method',
    )
  }
  ctx.store.recurring.addSubscription(record)
  scheduleCharge(ctx, record)
  // A subscription starting today is charged at once, before the answer (its nextPaymentDate moves on).
  ctx.clock.runDue()
  return jsonReply(201, subscriptionJson(ctx, record))
}

export function getSubscription(ctx: SandboxContext, request: ApiRequest, customerId: string, id: string): Reply {
  return jsonReply(200, subscriptionJson(ctx, subscriptionIn(ctx, queryScope(ctx, request), customerId, id)))
}

/** GET /v2/customers/{id}/subscriptions (https://docs.mollie.com/reference/list-subscriptions): newest first. */
export function listSubscriptions(ctx: SandboxContext, request: ApiRequest, customerId: string): Reply {
  const customer = customerIn(ctx, queryScope(ctx, request), customerId)
  const query = listQuery(request)
  const page = listPage(ctx.store.recurring.subscriptionsOf(customer.id), query)
  return listReply(ctx, request, query, page, 'subscriptions', (r) => JSON.stringify(subscriptionJson(ctx, r)))
}

/** GET /v2/subscriptions (https://docs.mollie.com/reference/list-all-subscriptions): the profile's, newest first. */
export function listAllSubscriptions(ctx: SandboxContext, request: ApiRequest): Reply {
  const scope = queryScope(ctx, request)
  const query = listQuery(request)
  const page = ctx.store.recurring.listSubscriptions(scope.profileId, scope.mode, query)
  return listReply(ctx, request, query, page, 'subscriptions', (r) => JSON.stringify(subscriptionJson(ctx, r)))
}

/** GET …/subscriptions/{id}/payments (https://docs.mollie.com/reference/list-subscription-payments). */
export function listSubscriptionPayments(
  ctx: SandboxContext,
  request: ApiRequest,
  customerId: string,
  id: string,
): Reply {
  const record = subscriptionIn(ctx, queryScope(ctx, request), customerId, id)
  const query = listQuery(request)
  const page = listPage(ctx.store.recurring.paymentsOfSubscription(record.data.id), query)
  return listReply(ctx, request, query, page, 'payments', (p) => paymentJsonText(ctx.origin, p))
}

/** Moves the schedule after a change of startDate or interval; the charge under the old one is dropped. */
function reschedule(ctx: SandboxContext, record: SubscriptionRecord): void {
  record.generation += 1
  scheduleCharge(ctx, record)
}

/**
 * PATCH …/subscriptions/{id} (https://docs.mollie.com/reference/update-subscription): amount,
 * description, interval ("calculated from the last charge date"), mandateId (method becomes null),
 * metadata, startDate (not once charged), times (not below the charges made), webhookUrl. "You
 * cannot update a canceled subscription" (nor, by the same token, a completed one).
 */
export function updateSubscription(ctx: SandboxContext, request: ApiRequest, customerId: string, id: string): Reply {
  const body = parsedBody(request)
  firstViolation(validateUpdateSubscription(body, ruleContext(ctx, request.credential)))
  const input = body as UpdateSubscriptionRequest
  const record = subscriptionIn(ctx, actScope(ctx, request), customerId, id)
  const sub = record.data
  if (sub.status === 'canceled' || sub.status === 'completed') {
    throw new SandboxError(422, `The subscription is ${sub.status}; a ${sub.status} subscription cannot be updated.`)
  }
  if (input.description !== undefined) refuseDuplicateDescription(ctx, customerId, input.description, sub.id)
  const customer = customerIn(ctx, actScope(ctx, request), customerId)
  if (input.mandateId !== undefined) validMandateOrRefuse(ctx, customer, input.mandateId)
  if (input.startDate !== undefined && record.charged > 0) {
    throw new SandboxError(
      422,
      'The startDate cannot be changed: the subscription has already been charged.',
      'startDate',
    )
  }
  if (input.times !== undefined && input.times < record.charged) {
    throw new SandboxError(
      422,
      `The times cannot be less than the ${record.charged} charges the subscription has already made.`,
      'times',
    )
  }
  if (input.amount !== undefined) sub.amount = { ...input.amount }
  if (input.description !== undefined) sub.description = input.description
  if (input.webhookUrl !== undefined) sub.webhookUrl = input.webhookUrl
  if (input.metadata !== undefined) sub.metadata = structuredClone<Metadata>(input.metadata)
  let moved = false
  if (input.mandateId !== undefined) {
    sub.mandateId = input.mandateId
    sub.method = null
    // A subscription suspended for want of a mandate runs again on the new one, from today on.
    const interval = parseInterval(sub.interval)
    if (sub.status === 'suspended' && interval) {
      sub.status = 'active'
      const due = addIntervals(record.anchorDate, interval, record.sinceAnchor)
      const today = todayUtc(ctx.now())
      sub.nextPaymentDate = due < today ? today : due
      moved = true
    }
  }
  if (input.startDate !== undefined) {
    sub.startDate = input.startDate
    record.anchorDate = input.startDate
    sub.nextPaymentDate = input.startDate
    moved = true
  }
  if (input.interval !== undefined && input.interval !== sub.interval) {
    sub.interval = input.interval
    const last = lastChargeDate(ctx, record)
    const interval = parseInterval(input.interval)
    if (last !== null && interval && sub.nextPaymentDate !== undefined) {
      record.anchorDate = last
      record.sinceAnchor = 1
      sub.nextPaymentDate = addIntervals(last, interval, 1)
      moved = true
    }
  }
  if (input.times !== undefined) {
    sub.times = input.times
    sub.timesRemaining = input.times - record.charged
    if (sub.timesRemaining === 0) {
      sub.status = 'completed'
      delete sub.nextPaymentDate
      record.generation += 1
    }
  }
  if (moved) reschedule(ctx, record)
  ctx.clock.runDue()
  return jsonReply(200, subscriptionJson(ctx, record))
}

/** DELETE …/subscriptions/{id} (https://docs.mollie.com/reference/cancel-subscription): 200 with the canceled subscription. */
export function cancelSubscription(ctx: SandboxContext, request: ApiRequest, customerId: string, id: string): Reply {
  firstViolation(validateActBody(parsedBody(request), ruleContext(ctx, request.credential)))
  const record = subscriptionIn(ctx, actScope(ctx, request), customerId, id)
  if (record.data.status === 'canceled') throw new SandboxError(422, 'The subscription has already been canceled.')
  cancelSubscriptionRecord(record, isoNow(ctx))
  return jsonReply(200, subscriptionJson(ctx, record))
}

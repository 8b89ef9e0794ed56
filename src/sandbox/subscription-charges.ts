// A subscription's charges on the sandbox clock (https://docs.mollie.com/reference/create-subscription,
// https://docs.mollie.com/payments/recurring "How do webhooks for subscriptions work?"): on each
// payment date the sandbox creates a `recurring` payment on the customer's valid mandate, with
// `subscriptionId`, `mandateId` and `customerId`, calls the subscription's webhookUrl for it, and
// moves `nextPaymentDate` on; after `times` charges the subscription is `completed`. Choices
// (docs/SANDBOX.md "Subscriptions"): a charge falls due at the start (UTC) of its date, or at once
// when that date is today; a failed charge leaves the subscription active and counts as one of its
// `times` (the service does not retry it); with no valid mandate left the subscription is `suspended`.
import type { CreatePaymentRequest } from '../shared/api-types'
import { CARD_FAILURE_REASONS, type CardFailureReason } from '../shared/service/enums'
import {
  addIntervals,
  chargingMandate,
  dateStartMs,
  parseInterval,
  TEST_MODE_SUBSCRIPTION_CHARGES,
} from '../shared/service/subscriptions'
import type { SandboxContext } from './context'
import type { Mandate } from './customers-store'
import type { SubscriptionRecord } from './recurring-store'
import { buildPayment, paymentDetails, serviceTimestamp } from './resources'
import { failureDetails } from './store'

/** The mandate a charge of the subscription runs on: the one it names, or the customer's newest valid one of its method. */
export function subscriptionMandate(ctx: SandboxContext, record: SubscriptionRecord): Mandate | undefined {
  const { customerId, mode } = record.data
  return chargingMandate(
    record.data,
    ctx.store.customers.mandatesOf(customerId).filter((m) => m.mode === mode),
  )
}

/** Puts the subscription's next charge on the clock (nothing when it has no next payment date). */
export function scheduleCharge(ctx: SandboxContext, record: SubscriptionRecord): void {
  const next = record.data.nextPaymentDate
  const startMs = next === undefined ? null : dateStartMs(next)
  if (record.data.status !== 'active' || startMs === null) return
  const generation = record.generation
  const dueMs = Math.max(startMs, Date.parse(record.data.createdAt))
  ctx.clock.schedule(dueMs, (atMs) => {
    if (record.generation === generation) charge(ctx, record, atMs)
  })
}

function endSchedule(record: SubscriptionRecord): void {
  delete record.data.nextPaymentDate
  record.generation += 1
}

/** Cancel subscription (https://docs.mollie.com/reference/cancel-subscription): no further charges. */
export function cancelSubscriptionRecord(record: SubscriptionRecord, canceledAt: string): void {
  record.data.status = 'canceled'
  record.data.canceledAt = canceledAt
  endSchedule(record)
}

/** One charge at `atMs` (its own due time): the payment, its webhook, and the next date. */
function charge(ctx: SandboxContext, record: SubscriptionRecord, atMs: number): void {
  const sub = record.data
  if (sub.status !== 'active') return
  const mandate = subscriptionMandate(ctx, record)
  if (!mandate) {
    // https://docs.mollie.com/reference/get-subscription: the status "depends on whether the customer
    // has a pending, valid or invalid mandate".
    sub.status = 'suspended'
    endSchedule(record)
    return
  }
  const body: CreatePaymentRequest = {
    amount: { ...sub.amount },
    description: sub.description,
    sequenceType: 'recurring',
    customerId: sub.customerId,
    mandateId: mandate.id,
    // https://docs.mollie.com/reference/create-subscription: the webhook of every subscription payment.
    ...(sub.webhookUrl !== null ? { webhookUrl: sub.webhookUrl } : {}),
    metadata: structuredClone(sub.metadata),
  }
  const payment = buildPayment(body, { profileId: record.profileId, mode: sub.mode }, ctx.ids, atMs)
  payment.data.subscriptionId = sub.id
  const at = serviceTimestamp(atMs)
  const reason = record.failNext
  delete record.failNext
  if (reason === undefined) {
    ctx.store.completeRecurring(payment, mandate, at)
  } else {
    const data = payment.data
    data.status = 'failed'
    data.method = mandate.method
    data.mandateId = mandate.id
    data.failedAt = at
    data.redirectUrl = null
    delete data.isCancelable
    delete data.expiresAt
    data.details = failureDetails(data, reason as CardFailureReason, data.billingAddress)
    if (data.details === null) data.details = paymentDetails(data.method, data.id, undefined)
  }
  ctx.store.addPayment(payment)
  ctx.events.emit(ctx, 'payment', payment.data.id)
  record.charged += 1
  record.sinceAnchor += 1
  if (sub.times !== null) sub.timesRemaining = Math.max(0, sub.times - record.charged)
  if (sub.timesRemaining === 0) {
    sub.status = 'completed'
    endSchedule(record)
  } else if (sub.mode === 'test' && record.charged >= TEST_MODE_SUBSCRIPTION_CHARGES) {
    // https://docs.mollie.com/reference/create-subscription: "Subscriptions in test mode will be
    // canceled automatically after 10 charges."
    cancelSubscriptionRecord(record, at)
  } else {
    const interval = parseInterval(sub.interval)
    if (!interval) return
    sub.nextPaymentDate = addIntervals(record.anchorDate, interval, record.sinceAnchor)
    scheduleCharge(ctx, record)
  }
}

/** The date of the subscription's last charge, or null when it was never charged. */
export function lastChargeDate(ctx: SandboxContext, record: SubscriptionRecord): string | null {
  const payments = ctx.store.recurring.paymentsOfSubscription(record.data.id)
  return payments[payments.length - 1]?.data.createdAt.slice(0, 10) ?? null
}

/** Whether `reason` is a documented card failure reason (checkout-page and the admin API take them). */
export function isFailureReason(reason: unknown): reason is CardFailureReason {
  return typeof reason === 'string' && Object.hasOwn(CARD_FAILURE_REASONS, reason)
}

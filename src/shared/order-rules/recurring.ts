// Request bodies of subscriptions and payment links: the fields alone (what the customer's mandates,
// the subscription's charges or the link's payments allow is the sandbox's, from its state).
import { isId } from '../service/ids'
import { dateStartMs, intervalProblem, SUBSCRIPTION_METHODS } from '../service/subscriptions'
import { checkAmount, checkAmountMaximum } from './amounts'
import {
  checkBoolean,
  checkRequiredString,
  describe,
  get,
  has,
  type Obj,
  type RuleContext,
  type RuleViolation,
  validateBody,
  type Violations,
} from './common'
import { checkActCredentialFields, checkCredentialFields, checkTestmode } from './credentials'
import { checkMetadata } from './fields'
import { checkUrl, checkWebhookUrl } from './urls'

function checkPositiveAmount(out: Violations, o: Obj, required: boolean): void {
  const amount = checkAmount(out, 'amount', get(o, 'amount'), required)
  if (amount && amount.minor <= 0n) out.add('amount', `The amount must be more than zero, got ${amount.amount.value}.`)
  else if (amount) checkAmountMaximum(out, 'amount', amount)
}

/** `startDate`: a real date, not before today (https://docs.mollie.com/reference/update-subscription: "Should always be in the future"). */
function checkStartDate(out: Violations, v: unknown, ctx: RuleContext): void {
  if (v === undefined) return
  if (dateStartMs(v) === null) {
    out.add('startDate', `The field startDate must be a date as YYYY-MM-DD, not ${describe(v)}.`)
  } else if (dateStartMs(ctx.today) !== null && (v as string) < ctx.today) {
    out.add('startDate', `The startDate ${v as string} is in the past; the first charge must be today or later.`)
  }
}

function checkTimes(out: Violations, v: unknown): void {
  if (v === undefined || v === null) return
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) {
    out.add('times', `The field times must be a whole number of at least 1, not ${describe(v)}.`)
  }
}

function checkSubscriptionFields(out: Violations, o: Obj, ctx: RuleContext, create: boolean): void {
  if (create || has(o, 'amount')) checkPositiveAmount(out, o, true)
  if (create || has(o, 'interval')) {
    const problem = get(o, 'interval') === undefined ? 'The field interval is required.' : intervalProblem(o.interval)
    if (problem) out.add('interval', problem)
  }
  if (create || has(o, 'description')) checkRequiredString(out, 'description', get(o, 'description'))
  checkTimes(out, get(o, 'times'))
  checkStartDate(out, get(o, 'startDate'), ctx)
  const mandateId = get(o, 'mandateId')
  if (mandateId !== undefined && !isId('mandate', mandateId)) {
    out.add('mandateId', `The field mandateId must be a mandate id such as mdt_pWUnw6pkBN, not ${describe(mandateId)}.`)
  }
  if (get(o, 'webhookUrl') !== undefined && get(o, 'webhookUrl') !== null) {
    checkWebhookUrl(out, 'webhookUrl', get(o, 'webhookUrl'), ctx)
  }
  checkMetadata(out, 'metadata', get(o, 'metadata'))
}

/**
 * Create subscription (https://docs.mollie.com/reference/create-subscription): `amount` (more than
 * zero), `interval` ("1 month", "14 days", at most a year), `description` (required), `times` (at
 * least 1), `startDate` (a date, today or later), `method` (creditcard, directdebit, paypal or null)
 * or `mandateId` (not both), `webhookUrl`, `metadata`, and the credential fields.
 */
export function validateCreateSubscription(body: unknown, ctx: RuleContext): RuleViolation[] {
  return validateBody(body, (out, body) => {
    checkSubscriptionFields(out, body, ctx, true)
    const method = get(body, 'method')
    if (method !== undefined && method !== null && !(SUBSCRIPTION_METHODS as readonly unknown[]).includes(method)) {
      out.add(
        'method',
        `The method must be one of ${SUBSCRIPTION_METHODS.join(', ')} or null, not ${describe(method)}.`,
      )
    } else if (method !== undefined && method !== null && get(body, 'mandateId') !== undefined) {
      out.add('method', 'The method cannot be set together with mandateId: the mandate decides the method.')
    }
    checkCredentialFields(out, body, ctx, 'create-subscription')
    checkTestmode(out, body, ctx)
  })
}

/** Update subscription (https://docs.mollie.com/reference/update-subscription): each field optional, checked as on create. */
export function validateUpdateSubscription(body: unknown, ctx: RuleContext): RuleViolation[] {
  return validateBody(body, (out, body) => {
    checkSubscriptionFields(out, body, ctx, false)
    checkActCredentialFields(out, body, ctx, 'update-subscription')
  })
}

/**
 * Create payment link (https://docs.mollie.com/reference/create-payment-link): `description`
 * (required), `amount` (more than zero; required by the sandbox), `redirectUrl`,
 * `webhookUrl`, `expiresAt` (an ISO 8601 moment with a zone, in the future), `reusable`.
 */
export function validateCreatePaymentLink(body: unknown, ctx: RuleContext, nowMs: number): RuleViolation[] {
  return validateBody(body, (out, body) => {
    checkRequiredString(out, 'description', get(body, 'description'))
    // The sandbox's hosted link page does not ask the payer for an amount: it is required (docs/SANDBOX.md).
    checkPositiveAmount(out, body, true)
    if (get(body, 'redirectUrl') !== undefined) checkUrl(out, 'redirectUrl', get(body, 'redirectUrl'), false)
    if (get(body, 'webhookUrl') !== undefined) checkWebhookUrl(out, 'webhookUrl', get(body, 'webhookUrl'), ctx)
    const expiresAt = get(body, 'expiresAt')
    if (expiresAt !== undefined && expiresAt !== null) {
      const ms = typeof expiresAt === 'string' && /(?:Z|[+-]\d{2}:\d{2})$/.test(expiresAt) ? Date.parse(expiresAt) : NaN
      if (!Number.isFinite(ms)) {
        out.add(
          'expiresAt',
          `The field expiresAt must be a moment such as 2026-12-24T12:00:00+01:00, not ${describe(expiresAt)}.`,
        )
      } else if (ms <= nowMs) {
        out.add('expiresAt', 'The expiresAt moment is in the past; a payment link must expire in the future.')
      }
    }
    checkBoolean(out, 'reusable', get(body, 'reusable'))
    checkCredentialFields(out, body, ctx, 'create-payment-link')
    checkTestmode(out, body, ctx)
  })
}

/** Update payment link (https://docs.mollie.com/reference/update-payment-link): `description`, `archived`. */
export function validateUpdatePaymentLink(body: unknown, ctx: RuleContext): RuleViolation[] {
  return validateBody(body, (out, body) => {
    if (has(body, 'description')) checkRequiredString(out, 'description', get(body, 'description'))
    checkBoolean(out, 'archived', get(body, 'archived'))
    checkActCredentialFields(out, body, ctx, 'update-payment-link')
  })
}

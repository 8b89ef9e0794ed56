// Request bodies that act on an existing payment: create refund and update payment.
import { updatePaymentFieldViolations } from '../service/update-payment'
import { checkAmount } from './amounts'
import {
  checkOptionalString,
  checkRequiredString,
  codePointLength,
  get,
  has,
  type RuleContext,
  type RuleViolation,
  validateBody,
} from './common'
import { checkActCredentialFields } from './credentials'
import { checkMetadata } from './fields'
import { checkUrl, checkWebhookUrl } from './urls'

// ---------------------------------------------------------------------------------------------
// Acting on an existing payment (refund, update). The state rules (what a payment in a given
// status allows) live in src/shared/payment-writes.ts; these check the request body only.

/**
 * https://docs.mollie.com/reference/create-refund `description`: "The description of the refund …
 * Maximum length of 140 characters." (it goes to the customer's bank statement where possible).
 */
export const REFUND_DESCRIPTION_MAX = 140

/**
 * Create refund (https://docs.mollie.com/reference/create-refund): `amount` (required, more than
 * zero), `description` (optional string), `metadata` (optional, as for payments), and the
 * credential fields (`testmode` with a token; never `profileId`: the payment names its profile).
 * Currency and the remaining amount are checked against the payment (payment-writes.ts).
 */
export function validateCreateRefund(body: unknown, ctx: RuleContext): RuleViolation[] {
  return validateBody(body, (out, body) => {
    const amount = checkAmount(out, 'amount', get(body, 'amount'), true)
    if (amount && amount.minor <= 0n) {
      out.add('amount', `The amount to refund must be more than zero, got ${amount.amount.value}.`)
    }
    const description = checkOptionalString(out, 'description', get(body, 'description'))
    if (description !== null && codePointLength(description, REFUND_DESCRIPTION_MAX) > REFUND_DESCRIPTION_MAX) {
      out.add('description', `The field description may be at most ${REFUND_DESCRIPTION_MAX} characters.`)
    }
    checkMetadata(out, 'metadata', get(body, 'metadata'))
    checkActCredentialFields(out, body, ctx, 'create-refund')
  })
}

/**
 * Update payment (https://docs.mollie.com/reference/update-payment): `description` (non-empty,
 * truncated to 255 like on create), `redirectUrl`, `cancelUrl` and `webhookUrl` (absolute http(s)
 * URLs; the webhook reachable; `cancelUrl`/`webhookUrl` may be null to remove them), `metadata`
 * (null removes it). Other fields are ignored, as the service ignores what it does not take.
 */
export function validateUpdatePayment(body: unknown, ctx: RuleContext): RuleViolation[] {
  return validateBody(body, (out, body) => {
    if (has(body, 'description')) checkRequiredString(out, 'description', body['description'])
    if (has(body, 'redirectUrl')) checkUrl(out, 'redirectUrl', body['redirectUrl'] ?? undefined, true)
    if (has(body, 'cancelUrl') && body['cancelUrl'] !== null) checkUrl(out, 'cancelUrl', body['cancelUrl'], false)
    if (has(body, 'webhookUrl') && body['webhookUrl'] !== null) {
      checkWebhookUrl(out, 'webhookUrl', body['webhookUrl'], ctx)
    }
    checkMetadata(out, 'metadata', get(body, 'metadata'))
    checkActCredentialFields(out, body, ctx, 'update-payment')
    for (const v of updatePaymentFieldViolations(body)) out.add(v.field, v.message)
  })
}

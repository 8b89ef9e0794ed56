// The create-payment request as a whole: its fields in the documentation's order.
import { METHODS_REQUIRING_LINES, SEQUENCE_TYPES } from '../service/enums'
import { checkAddress, PAYMENT_ADDRESS_REQUIRED } from './addresses'
import { checkAmount, checkAmountMaximum } from './amounts'
import {
  checkRequiredString,
  CUSTOMER_ID_PATTERN,
  get,
  MANDATE_ID_PATTERN,
  PAYMENT_DESCRIPTION_MAX,
  type RuleContext,
  type RuleViolation,
  validateBody,
} from './common'
import { checkCredentialFields, checkTestmode } from './credentials'
import { checkExpiresAt, checkLocale, checkMetadata, checkMethod } from './fields'
import { checkLinesAndSum } from './lines'
import { checkUrl, checkWebhookUrl } from './urls'

/**
 * Rules of POST /payments (spec 4.2, 2.6). Field order: amount, description, redirectUrl,
 * cancelUrl, webhookUrl, method, locale, metadata, sequenceType, customerId, mandateId, expiresAt,
 * billingAddress, shippingAddress, profileId, testmode, lines, then the sum of line totals.
 * `expiresAt` follows the order's rule (a date, tomorrow to 100 days after tomorrow): the
 * documentation defines no other request-side expiresAt.
 */
export function validateCreatePayment(body: unknown, ctx: RuleContext): RuleViolation[] {
  return validateBody(body, (out, body) => {
    const sequenceRaw = get(body, 'sequenceType')
    const sequenceType = typeof sequenceRaw === 'string' ? sequenceRaw : undefined
    let amount = checkAmount(out, 'amount', get(body, 'amount'), true)
    if (amount) {
      if (amount.minor < 0n || (amount.minor === 0n && sequenceType !== 'first')) {
        out.add('amount', `The amount must be more than zero, got ${amount.amount.value}.`)
      } else if (!checkAmountMaximum(out, 'amount', amount)) {
        amount = null
      }
    }
    // spec 2.6: longer than 255 characters is truncated by the service, not refused.
    checkRequiredString(out, 'description', get(body, 'description'))
    // spec 2.2 / 4.2: redirectUrl may be omitted only for recurring payments.
    checkUrl(out, 'redirectUrl', get(body, 'redirectUrl'), sequenceType !== 'recurring')
    checkUrl(out, 'cancelUrl', get(body, 'cancelUrl'), false)
    checkWebhookUrl(out, 'webhookUrl', get(body, 'webhookUrl'), ctx)
    const methods = checkMethod(out, get(body, 'method'))
    checkLocale(out, body, false)
    checkMetadata(out, 'metadata', get(body, 'metadata'))
    if (
      sequenceRaw !== undefined &&
      (typeof sequenceRaw !== 'string' || !(SEQUENCE_TYPES as readonly string[]).includes(sequenceRaw))
    ) {
      out.add('sequenceType', `The field sequenceType must be one of ${SEQUENCE_TYPES.join(', ')}.`)
    }
    // first and recurring payments belong to a customer; a mandate id names one of its mandates.
    const customerId = get(body, 'customerId')
    if (customerId === undefined) {
      if (sequenceType === 'first' || sequenceType === 'recurring') {
        out.add('customerId', `The field customerId is required for a ${sequenceType} payment.`)
      }
    } else if (typeof customerId !== 'string' || !CUSTOMER_ID_PATTERN.test(customerId)) {
      out.add('customerId', 'The field customerId must be a customer id such as cst_8wmqcHMN4U.')
    }
    const mandateId = get(body, 'mandateId')
    if (mandateId !== undefined && (typeof mandateId !== 'string' || !MANDATE_ID_PATTERN.test(mandateId))) {
      out.add('mandateId', 'The field mandateId must be a mandate id such as mdt_h3gAaD5zP.')
    }
    checkExpiresAt(out, body, ctx, methods)
    checkAddress(out, 'billingAddress', get(body, 'billingAddress'), false, PAYMENT_ADDRESS_REQUIRED)
    checkAddress(out, 'shippingAddress', get(body, 'shippingAddress'), false, PAYMENT_ADDRESS_REQUIRED)
    checkCredentialFields(out, body, ctx, 'create-payment')
    checkTestmode(out, body, ctx)
    const needsLines = methods.find((m) => METHODS_REQUIRING_LINES.includes(m))
    const linesRaw = get(body, 'lines')
    if (linesRaw === undefined && needsLines !== undefined) {
      out.add('lines', `The field lines is required for payment method ${needsLines}.`)
    } else {
      checkLinesAndSum(out, linesRaw, amount, { kind: 'payment' }, false)
    }
  })
}

/** A payment description as the service stores it: at most 255 characters (code points). */
export function truncatedDescription(description: string): string {
  if (description.length <= PAYMENT_DESCRIPTION_MAX) return description
  let out = ''
  let n = 0
  for (const ch of description) {
    if (n === PAYMENT_DESCRIPTION_MAX) break
    out += ch
    n++
  }
  return out
}

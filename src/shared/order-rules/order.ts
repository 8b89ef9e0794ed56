// The create-order request as a whole: its fields in the documentation's order.
import { checkAddress, ORDER_ADDRESS_REQUIRED } from './addresses'
import { checkAmount, checkAmountMaximum } from './amounts'
import { checkBoolean, checkRequiredString, get, type RuleContext, type RuleViolation, validateBody } from './common'
import { checkCredentialFields, checkTestmode } from './credentials'
import { checkDates, checkLocale, checkMetadata, checkMethod } from './fields'
import { checkLinesAndSum } from './lines'
import { checkUrl, checkWebhookUrl } from './urls'

// ---------------------------------------------------------------------------------------------
// Public validator

/** Rules of POST /orders (spec 2.1-2.5, 4.1, 5.3/5.4, 7, 8.2). Empty result = acceptable. */
export function validateCreateOrder(body: unknown, ctx: RuleContext): RuleViolation[] {
  return validateBody(body, (out, body) => {
    checkRequiredString(out, 'orderNumber', get(body, 'orderNumber'))
    let amount = checkAmount(out, 'amount', get(body, 'amount'), true)
    if (amount) {
      if (amount.minor <= 0n) {
        out.add('amount', `The amount must be more than zero, got ${amount.amount.value}.`)
      } else if (!checkAmountMaximum(out, 'amount', amount)) {
        amount = null
      }
    }
    // spec 2.2: orders have no sequenceType, so redirectUrl is required.
    checkUrl(out, 'redirectUrl', get(body, 'redirectUrl'), true)
    checkUrl(out, 'cancelUrl', get(body, 'cancelUrl'), false)
    checkWebhookUrl(out, 'webhookUrl', get(body, 'webhookUrl'), ctx)
    checkAddress(out, 'billingAddress', get(body, 'billingAddress'), true, ORDER_ADDRESS_REQUIRED)
    checkAddress(out, 'shippingAddress', get(body, 'shippingAddress'), false, ORDER_ADDRESS_REQUIRED)
    checkLocale(out, body, true)
    const methods = checkMethod(out, get(body, 'method'))
    checkBoolean(out, 'shopperCountryMustMatchBillingCountry', get(body, 'shopperCountryMustMatchBillingCountry'))
    checkMetadata(out, 'metadata', get(body, 'metadata'))
    checkCredentialFields(out, body, ctx, 'create-order')
    checkDates(out, body, ctx, methods)
    checkTestmode(out, body, ctx)
    checkLinesAndSum(out, get(body, 'lines'), amount, { kind: 'order' }, true)
  })
}

// The create-order and create-payment rules of the payment service, in ONE module used by the
// order builder (inline validation while the user types) and by the sandbox (which answers 422
// with the FIRST violation), so the two can never disagree. Pure TypeScript: no node, no DOM.
//
// Conventions (read these before changing a rule):
// - Input is `unknown` (a parsed JSON body). The validators never throw; whatever the input they
//   return a list of violations, empty when the body is acceptable.
// - Order of violations (deterministic, "document order"): top-level fields in the order of the
//   spec 2.2 table (orderNumber, amount, redirectUrl, cancelUrl, webhookUrl, billingAddress,
//   shippingAddress, locale, method, shopperCountryMustMatchBillingCountry, metadata, profileId,
//   expiresAt, consumerDateOfBirth, testmode), then `lines` in index order (each line's fields in
//   spec 2.3 table order), then the cross-line check "sum of line totals = amount". A wrong line
//   total therefore reports the line before the order amount, which is the more useful message.
//   Payments follow the same idea with their own field order (see validateCreatePayment).
// - `field` is the service's dotted path: `amount`, `billingAddress.givenName`,
//   `lines.3.vatAmount` (0-based line index: `lines.3` is the fourth line). Problems with an
//   Amount object name the part that is wrong, as the service does: a currency that is not a known
//   ISO 4217 code, or not the order's, is `amount.currency` / `lines.0.unitPrice.currency`; a value
//   that is not a string, not a decimal, or has the wrong number of decimals is `amount.value` /
//   `lines.0.unitPrice.value`. A missing Amount or one that is not an object, and rules about the
//   amount as a whole (above zero, over the maximum, sign by line type, the arithmetic of totals and
//   VAT) name the Amount field itself (`amount`, as the documentation's example "The amount is
//   higher than the maximum", field `amount`, https://docs.mollie.com/overview/handling-errors).
//   A line that is not an object is
//   `lines.<i>`; a body that is not a JSON object has field '' (the sandbox may omit `field`).
// - `message` is the service's `detail`. For arithmetic rules it names the exact expected value and
//   the formula, and `expected` holds the expected value string.
// - Unknown fields and read-only fields (id, resource, status, createdAt, _links, ...) are ignored,
//   not rejected (spec 4.1). For optional fields `null` means "not given".
// - Where the spec is vague the rule is the STRICTER reading, so a request the sandbox accepts is
//   one the real service accepts too. Decisions (all in this file):
//   * unitPrice: negative or zero for `discount`, `store_credit`, `gift_card`; zero or positive for
//     every other type (spec 2.3 "negative for types ...; zero allowed for free items").
//   * discountAmount: zero or positive; on a `discount` line it is "irrelevant" (spec 2.3): not
//     checked, not part of the total, not stored (discountAmountIgnored).
//   * vatRate and vatAmount come together: each without the other is a violation on the missing
//     one. vatRate is a string "0".."100" with at most 2 decimals, never a number.
//   * the order amount must be above zero; a payment amount too, except with sequenceType `first`.
//   * maximum amount: see currencies.ts (1,000,000 major units, own figure for weak currencies).
//   * metadata: at most METADATA_MAX_BYTES bytes of UTF-8 when serialized as JSON (spec "about 1 kB").
//   * expiresAt: a real `YYYY-MM-DD` date from ctx.today + 1 to ctx.today + 1 + 100 days; when
//     `klarna` may be the method (method `klarna` or an array containing it) at most
//     ctx.today + 28 days. consumerDateOfBirth: a real date before ctx.today.
//   * URL fields: an absolute http(s) URL written as it is sent, without control characters (a CR/LF
//     the URL parser would drop silently ends up in the checkout's Location header).
//   * webhookUrl: refused when its host is `localhost`, `*.localhost`, 127.0.0.0/8, 0.0.0.0, ::1,
//     ::, or an IPv4-mapped loopback (spec 2.2 / 6.3), or on a private network (isPrivateNetworkHost
//     in shared/host-scope.ts: 10/8, 172.16/12, 192.168/16, 169.254/16, 100.64/10, fc00::/7,
//     fe80::/10, fec0::/10), unless ctx.allowLocalWebhookUrl.
//   * payment methods that need lines (billie, in3, klarna, riverty, voucher; spec 2.6): lines are
//     required when `method` is one of them or an array containing one of them.
//   * billingAddress: required on orders, also for fast-checkout methods (the request cannot
//     show that the method supplies it). The spec lists every address field as optional; the real
//     service does not (ORDER_ADDRESS_REQUIRED / PAYMENT_ADDRESS_REQUIRED below): an order's
//     addresses need givenName, familyName, email, streetAndNumber, city, country; a payment's
//     streetAndNumber, city, country; both need postalCode unless the country is in
//     COUNTRIES_WITHOUT_POSTAL_CODE (countries.ts). A blank string counts as missing.

//
// Where the rules live (this folder): common.ts (types, limits, reading a body), amounts.ts,
// urls.ts, addresses.ts, fields.ts (locale, method, metadata, dates), credentials.ts (profileId,
// testmode), lines.ts (lines and their arithmetic), order.ts, payment.ts, payment-changes.ts
// (refund, update) and totals.ts (the builder's live totals). This file is the entry: import from it.

export {
  CUSTOMER_ID_PATTERN,
  E164_PATTERN,
  EXPIRES_AT_MAX_DAYS_AHEAD,
  EXPIRES_AT_MIN_DAYS_AHEAD,
  isoDateFromDays,
  KLARNA_EXPIRES_AT_MAX_DAYS_AHEAD,
  MANDATE_ID_PATTERN,
  METADATA_MAX_BYTES,
  NAME_MIN_LENGTH,
  parseIsoDate,
  PAYMENT_DESCRIPTION_MAX,
  QUANTITY_MIN,
  SKU_MAX_LENGTH,
  violationsByField,
  type RuleContext,
  type RuleViolation,
} from './common'
// Ids, line types, methods needing lines and sequence types are the spec module's (service/).
export { PROFILE_ID_PATTERN } from '../service/ids'
export { CREDIT_LINE_TYPES, METHODS_REQUIRING_LINES, SEQUENCE_TYPES } from '../service/enums'
export { ORDER_ADDRESS_REQUIRED, PAYMENT_ADDRESS_REQUIRED } from './addresses'
export { metadataByteLength } from './fields'
export { discountAmountIgnored } from './lines'
export { validateCreateOrder } from './order'
export {
  validateCreatePaymentLink,
  validateCreateSubscription,
  validateUpdatePaymentLink,
  validateUpdateSubscription,
} from './recurring'
export { truncatedDescription, validateCreatePayment } from './payment'
export {
  mergedOrderLineViolations,
  ORDER_LINE_AMOUNT_FIELDS,
  validateCancelOrderLines,
  validateCreateShipment,
  validateUpdateOrder,
  validateUpdateOrderLine,
  validateUpdateShipment,
} from './order-changes'
export { REFUND_DESCRIPTION_MAX, validateCreateRefund, validateUpdatePayment } from './payment-changes'
export { amountFormulaText, computeOrderTotals, noLineTotals, type OrderTotalsLineInput } from './totals'

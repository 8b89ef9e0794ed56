// Request bodies that act on an existing order: update order, update an order line, cancel lines,
// create and update a shipment. These check the body only; what an order in a given status allows
// is checked by the sandbox against the order (src/sandbox/routes/order-changes.ts).
import { checkAddress, ORDER_ADDRESS_REQUIRED } from './addresses'
import { checkAmount } from './amounts'
import {
  checkOptionalString,
  checkRequiredString,
  describe,
  get,
  has,
  isObject,
  type Obj,
  type RuleContext,
  type RuleViolation,
  SKU_MAX_LENGTH,
  validateBody,
  Violations,
} from './common'
import { checkActCredentialFields } from './credentials'
import { checkMetadata } from './fields'
import { checkLine } from './lines'
import { checkUrl, checkWebhookUrl } from './urls'

/** https://docs.mollie.com/reference/update-order: the fields an update of an order may change. */
const UPDATE_ORDER_FIELDS = [
  'orderNumber',
  'billingAddress',
  'shippingAddress',
  'redirectUrl',
  'cancelUrl',
  'webhookUrl',
] as const

/** A line's amount fields: changing any of them changes what the customer pays. */
const LINE_AMOUNT_FIELDS = ['quantity', 'unitPrice', 'discountAmount', 'totalAmount', 'vatAmount', 'vatRate'] as const
export const ORDER_LINE_AMOUNT_FIELDS: readonly string[] = LINE_AMOUNT_FIELDS

/** https://docs.mollie.com/reference/update-order-line: the fields an update of a line may change. */
const UPDATE_ORDER_LINE_FIELDS = ['name', 'imageUrl', 'productUrl', 'sku', 'metadata', ...LINE_AMOUNT_FIELDS] as const

const CREDENTIAL_FIELDS = ['testmode', 'profileId']

/** Any field the operation does not take is refused by name, never ignored. */
function refuseOthers(out: Violations, body: Obj, allowed: readonly string[], what: string): void {
  for (const key of Object.keys(body)) {
    if (body[key] === undefined || allowed.includes(key) || CREDENTIAL_FIELDS.includes(key)) continue
    out.add(key, `The field ${key} cannot be changed by ${what}; it takes ${allowed.join(', ')}.`)
  }
}

/** Update order (https://docs.mollie.com/reference/update-order): the body's fields, each as on create. */
export function validateUpdateOrder(body: unknown, ctx: RuleContext): RuleViolation[] {
  return validateBody(body, (out, body) => {
    refuseOthers(out, body, UPDATE_ORDER_FIELDS, 'an order update')
    if (has(body, 'orderNumber')) checkRequiredString(out, 'orderNumber', body['orderNumber'])
    if (has(body, 'billingAddress'))
      checkAddress(out, 'billingAddress', body['billingAddress'], true, ORDER_ADDRESS_REQUIRED)
    if (has(body, 'shippingAddress')) {
      checkAddress(out, 'shippingAddress', body['shippingAddress'], true, ORDER_ADDRESS_REQUIRED)
    }
    if (has(body, 'redirectUrl')) checkUrl(out, 'redirectUrl', body['redirectUrl'], true)
    if (has(body, 'cancelUrl')) checkUrl(out, 'cancelUrl', body['cancelUrl'], true)
    if (has(body, 'webhookUrl')) checkWebhookUrl(out, 'webhookUrl', body['webhookUrl'], ctx)
    checkActCredentialFields(out, body, ctx, 'update-order')
  })
}

/**
 * Update an order line (https://docs.mollie.com/reference/update-order-line): name, links, sku,
 * metadata, and the amount fields (each as on create; the sandbox checks the line's arithmetic
 * against the merged line).
 */
export function validateUpdateOrderLine(body: unknown, ctx: RuleContext): RuleViolation[] {
  return validateBody(body, (out, body) => {
    refuseOthers(out, body, UPDATE_ORDER_LINE_FIELDS, 'an order line update')
    if (has(body, 'name')) checkRequiredString(out, 'name', body['name'])
    if (has(body, 'imageUrl')) checkUrl(out, 'imageUrl', body['imageUrl'], true)
    if (has(body, 'productUrl')) checkUrl(out, 'productUrl', body['productUrl'], true)
    const sku = checkOptionalString(out, 'sku', get(body, 'sku'))
    if (sku !== null && sku.length > SKU_MAX_LENGTH)
      out.add('sku', `The field sku may be at most ${SKU_MAX_LENGTH} characters.`)
    checkMetadata(out, 'metadata', get(body, 'metadata'))
    const quantity = get(body, 'quantity')
    if (quantity !== undefined && !(typeof quantity === 'number' && Number.isInteger(quantity) && quantity >= 1)) {
      out.add('quantity', `The field quantity must be a whole number of at least 1, not ${describe(quantity)}.`)
    }
    for (const field of ['unitPrice', 'discountAmount', 'totalAmount', 'vatAmount']) {
      if (has(body, field)) checkAmount(out, field, body[field], true)
    }
    const vatRate = get(body, 'vatRate')
    if (vatRate !== undefined && !(typeof vatRate === 'string' && /^\d{1,2}(\.\d{1,2})?$/.test(vatRate))) {
      out.add(
        'vatRate',
        `The field vatRate must be a percentage as a string such as "21.00", not ${describe(vatRate)}.`,
      )
    }
    checkActCredentialFields(out, body, ctx, 'update-order-line')
  })
}

/** `lines` of cancel-order-lines and create-shipment: `[{ id, quantity? }]`; `[]` or absent means all. */
function checkLineSelection(out: Violations, raw: unknown, required: boolean): void {
  if (raw === undefined) {
    if (required) out.add('lines', 'The field lines is required: the lines to act on, as [{ id, quantity }].')
    return
  }
  if (!Array.isArray(raw)) {
    out.add('lines', `The field lines must be an array of { id, quantity }, not ${describe(raw)}.`)
    return
  }
  raw.forEach((item: unknown, i) => {
    if (!isObject(item)) {
      out.add(`lines.${i}`, `The field lines.${i} must be an object { id, quantity }, not ${describe(item)}.`)
      return
    }
    if (typeof item['id'] !== 'string' || item['id'] === '') {
      out.add(`lines.${i}.id`, `The field lines.${i}.id must name an order line (odl_…).`)
    }
    const q = get(item, 'quantity')
    if (q !== undefined && !(typeof q === 'number' && Number.isInteger(q) && q >= 1)) {
      out.add(`lines.${i}.quantity`, `The field lines.${i}.quantity must be a whole number of at least 1.`)
    }
  })
}

/** Shipment `tracking` (https://docs.mollie.com/reference/create-shipment): carrier and code, optional url. */
function checkTracking(out: Violations, raw: unknown): void {
  if (raw === undefined) return
  if (!isObject(raw)) {
    out.add('tracking', `The field tracking must be an object { carrier, code, url }, not ${describe(raw)}.`)
    return
  }
  checkRequiredString(out, 'tracking.carrier', get(raw, 'carrier'))
  checkRequiredString(out, 'tracking.code', get(raw, 'code'))
  if (get(raw, 'url') !== undefined) checkUrl(out, 'tracking.url', get(raw, 'url'), true)
}

/** Cancel order lines (https://docs.mollie.com/reference/cancel-order-lines): `lines` is required. */
export function validateCancelOrderLines(body: unknown, ctx: RuleContext): RuleViolation[] {
  return validateBody(body, (out, body) => {
    refuseOthers(out, body, ['lines'], 'canceling order lines')
    checkLineSelection(out, get(body, 'lines'), true)
    checkActCredentialFields(out, body, ctx, 'cancel-order-lines')
  })
}

/** Create shipment (https://docs.mollie.com/reference/create-shipment): `lines` and `tracking`. */
export function validateCreateShipment(body: unknown, ctx: RuleContext): RuleViolation[] {
  return validateBody(body, (out, body) => {
    refuseOthers(out, body, ['lines', 'tracking'], 'a shipment')
    checkLineSelection(out, get(body, 'lines'), false)
    checkTracking(out, get(body, 'tracking'))
    checkActCredentialFields(out, body, ctx, 'create-shipment')
  })
}

/** Update shipment (https://docs.mollie.com/reference/update-shipment): the tracking only. */
export function validateUpdateShipment(body: unknown, ctx: RuleContext): RuleViolation[] {
  return validateBody(body, (out, body) => {
    refuseOthers(out, body, ['tracking'], 'a shipment update')
    if (get(body, 'tracking') === undefined)
      out.add('tracking', 'The field tracking is required: { carrier, code, url }.')
    checkTracking(out, get(body, 'tracking'))
    checkActCredentialFields(out, body, ctx, 'update-shipment')
  })
}

/**
 * An order line as it would be after an update (its current fields with the update's on top),
 * checked with create order's line rules (type, quantity, total = unit price × quantity − discount,
 * VAT): violations name the updated field (`totalAmount`, `vatAmount`), not `lines.0.…`.
 */
export function mergedOrderLineViolations(merged: Obj, currency: string): RuleViolation[] {
  const out = new Violations()
  checkLine(out, 0, merged, currency, { kind: 'order' })
  return out.list.map((v) => ({ ...v, field: v.field.replace(/^lines\.0\.?/, '') }))
}

// Field path → form control.
import { scopeForOperation } from '../service/scope'
import { ADDRESS_KEYS, type DraftContent } from './draft'

// Maps a service `field` path (a 422's `field`, spec 7; or a rule violation's) onto the builder's
// form control, so the same function drives inline errors, the "N problems" list, a refused
// create and focus requests from the Inspector.

/** Editable per-line fields, in column order. */
export const LINE_FIELDS = [
  'type',
  'name',
  'quantity',
  'unitPrice',
  'discountAmount',
  'vatRate',
  'totalAmount',
  'vatAmount',
  'sku',
  'category',
  'imageUrl',
  'productUrl',
  'metadata',
] as const
export type LineField = (typeof LINE_FIELDS)[number]

/** Line fields shown in the expandable details row rather than the main row. */
export const LINE_DETAIL_FIELDS: readonly LineField[] = ['sku', 'category', 'imageUrl', 'productUrl', 'metadata']

/** Amount fields of orders, payments and lines: their `.currency` is the form's currency control. */
const AMOUNT_FIELDS: ReadonlySet<string> = new Set([
  'amount',
  'unitPrice',
  'discountAmount',
  'totalAmount',
  'vatAmount',
])

const ORDER_FIELDS = new Set([
  'orderNumber',
  'amount',
  'redirectUrl',
  'cancelUrl',
  'webhookUrl',
  'locale',
  'method',
  'shopperCountryMustMatchBillingCountry',
  'metadata',
  'expiresAt',
  'consumerDateOfBirth',
  'profileId',
  'testmode',
  'billingAddress',
  'shippingAddress',
])
const PAYMENT_FIELDS = new Set([
  'amount',
  'description',
  'redirectUrl',
  'cancelUrl',
  'webhookUrl',
  'method',
  'locale',
  'metadata',
  'profileId',
  'testmode',
])
const ADDRESS_SET: ReadonlySet<string> = new Set(ADDRESS_KEYS)

export interface FormTarget {
  /** The form's own path for the control (`lines.3.vatAmount`, `billingAddress.email`). */
  path: string
  /** DOM id of the control to focus. */
  controlId: string
  /** 0-based line index when the control is in a line. */
  lineIndex: number | null
  /** True when the control sits in a line's details row (which must be expanded to show it). */
  inLineDetails: boolean
}

/** DOM id of a form path: `lines.3.vatAmount` → `pd-f-lines-3-vatAmount`. */
export function controlIdOf(path: string): string {
  return `pd-f-${path.replace(/\./g, '-')}`
}

function target(path: string, lineIndex: number | null = null, inLineDetails = false): FormTarget {
  return { path, controlId: controlIdOf(path), lineIndex, inLineDetails }
}

/**
 * The form control for a service field path, or null when the form has no control for it
 * (then the error is shown in the banner only). `content` decides kind-specific mappings.
 */
export function formTargetOf(
  field: string | null | undefined,
  content: Pick<DraftContent, 'kind' | 'lines' | 'paymentWithLines' | 'shippingSameAsBilling'>,
  options: { organizationToken?: boolean } = {},
): FormTarget | null {
  if (typeof field !== 'string' || field === '') return null
  // The service names the part of an Amount (`amount.value`, `lines.0.unitPrice.currency`): a value
  // belongs to the Amount's control; a currency to the form's one currency control.
  const parts = field.split('.').filter((p) => p !== '')
  const amountPart = parts.length > 1 ? parts[parts.length - 1] : undefined
  if (amountPart === 'currency' && AMOUNT_FIELDS.has(parts[parts.length - 2] ?? '')) return target('currency')
  if (amountPart === 'value' || amountPart === 'currency') parts.pop()
  const [head, second, third] = parts
  const withLines = content.kind === 'order' || content.paymentWithLines
  if (head === 'lines') {
    if (!withLines) return null
    if (second === undefined) return target('lines.add')
    if (!/^\d{1,6}$/.test(second)) return target('lines.add')
    const index = Number.parseInt(second, 10)
    if (index >= content.lines.length) return target('lines.add')
    let f = third ?? 'name'
    if (f === 'description') f = 'name'
    if (!(LINE_FIELDS as readonly string[]).includes(f)) f = 'name'
    const lineField = f as LineField
    return target(`lines.${index}.${lineField}`, index, LINE_DETAIL_FIELDS.includes(lineField))
  }
  if (head === undefined) return null
  const known = content.kind === 'order' ? ORDER_FIELDS : PAYMENT_FIELDS
  if (!known.has(head)) return null
  const scope = scopeForOperation(
    options.organizationToken ? 'organization-token' : 'api-key',
    content.kind === 'order' ? 'create-order' : 'create-payment',
  )
  if ((head === 'profileId' || head === 'testmode') && scope[head] === 'forbidden') return null
  if (head === 'amount') return target(!withLines ? 'paymentAmount' : 'amount')
  if (head === 'billingAddress' || head === 'shippingAddress') {
    const key = second !== undefined && ADDRESS_SET.has(second) ? second : ADDRESS_KEYS[1]
    // With "same as billing" the shipping address IS the billing address on screen.
    const address = head === 'shippingAddress' && content.shippingSameAsBilling ? 'billingAddress' : head
    return target(`${address}.${key}`)
  }
  return target(head)
}

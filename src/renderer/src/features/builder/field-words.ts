import { formTargetOf, type DraftContent } from '../../../../shared/order-builder'
import { ADDRESS_LABELS } from './address-labels'

// A field of the builder in the agent's words, for the list of what still blocks Create
// ("Line 2 VAT rate", "Billing: Customer e-mail"): the same words as the field's label.

const TOP_WORDS: Readonly<Record<string, string>> = {
  orderNumber: 'Order number',
  currency: 'Currency',
  locale: 'Checkout page language',
  paymentAmount: 'Amount',
  amount: 'Amount',
  description: 'Description',
  redirectUrl: 'Return address after paying',
  cancelUrl: 'Address after canceling',
  webhookUrl: 'Status updates address',
  method: 'Payment method',
  metadata: 'Reference data',
  consumerDateOfBirth: 'Date of birth',
  expiresAt: 'Checkout link valid until',
  profileId: 'Profile id',
  testmode: 'Test mode',
  'lines.add': 'Lines',
}

const LINE_WORDS: Readonly<Record<string, string>> = {
  type: 'type',
  name: 'name',
  quantity: 'quantity',
  unitPrice: 'unit price',
  discountAmount: 'discount',
  vatRate: 'VAT rate',
  totalAmount: 'total',
  vatAmount: 'VAT amount',
  sku: 'SKU',
  category: 'category',
  imageUrl: 'image address',
  productUrl: 'product address',
  metadata: 'reference data',
}

/** The form path (`lines.1.vatRate`, `billingAddress.email`) in the agent's words. */
export function wordsOfPath(path: string): string {
  const [head = '', second = '', third = ''] = path.split('.')
  if (head === 'lines' && /^\d+$/.test(second)) {
    return `Line ${Number(second) + 1} ${LINE_WORDS[third] ?? third}`
  }
  if (head === 'billingAddress' || head === 'shippingAddress') {
    const label = (ADDRESS_LABELS as Record<string, string>)[second] ?? second
    return `${head === 'billingAddress' ? 'Billing' : 'Shipping'}: ${label}`
  }
  return TOP_WORDS[path] ?? path
}

/** A rule's field (a service path) in the agent's words, via the control it belongs to. */
export function wordsOfField(
  field: string,
  content: Pick<DraftContent, 'kind' | 'lines' | 'paymentWithLines' | 'shippingSameAsBilling'>,
): string {
  const target = formTargetOf(field, content, { organizationToken: true })
  return target ? wordsOfPath(target.path) : field || 'The request'
}

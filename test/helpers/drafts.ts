// Builder drafts for the tests of the order builder (src/shared/order-builder/) and of the screens
// over it: a line with what the test sets, a complete, valid three-line order, and a saved draft as
// main shows it.
import {
  emptyDraftContent,
  emptyDraftLine,
  type CredentialShape,
  type DraftContent,
  type DraftLine,
} from '../../src/shared/order-builder'
import type { DraftView } from '../../src/shared/ipc/drafts'

export const DRAFT_API_KEY: CredentialShape = { kind: 'api-key', profileId: null, testmode: null }

/** The billing address of the tests' order drafts: a complete one in the Netherlands. */
export const DRAFT_BILLING_ADDRESS: DraftContent['billingAddress'] = {
  givenName: 'Ada',
  familyName: 'Lovelace',
  email: 'ada@example.org',
  streetAndNumber: 'Keizersgracht 126',
  postalCode: '1015 CW',
  city: 'Amsterdam',
  country: 'NL',
}

/** A draft line with its key and the fields the test sets. */
export function draftLine(key: string, patch: Partial<DraftLine>): DraftLine {
  return { ...emptyDraftLine(key), ...patch }
}

/** A complete, valid three-line order: goods, a discount line and a shipping line. */
export function validOrderDraft(): DraftContent {
  return {
    ...emptyDraftContent('order'),
    orderNumber: 'A-100',
    redirectUrl: 'https://shop.example/return',
    billingAddress: DRAFT_BILLING_ADDRESS,
    lines: [
      draftLine('a', { name: 'Shoes', quantity: '2', unitPrice: '30.00', vatRate: '21.00' }),
      draftLine('b', { type: 'discount', name: 'Coupon', quantity: '1', unitPrice: '-5.00', vatRate: '21.00' }),
      draftLine('c', { type: 'shipping_fee', name: 'Shipping', quantity: '1', unitPrice: '4.95', vatRate: '21.00' }),
    ],
  }
}

/** A saved draft as main answers it (`drafts.get`, `drafts.save`): its content, name and key. */
export function draftView(id: string, content: DraftContent, more: Partial<DraftView> = {}): DraftView {
  return {
    id,
    name: content.orderNumber || 'Untitled',
    kind: content.kind,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    summary: content.kind,
    archived: null,
    connection: null,
    content,
    idempotencyKey: `key-${id}`,
    ...more,
  }
}

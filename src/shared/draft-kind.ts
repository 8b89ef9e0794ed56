import { canonicalJson } from './canonical-json'
import { emptyDraftContent, emptyDraftLine, type DraftContent } from './order-builder'

// The builder's Order/Payment switch changes the draft's kind; it does not start a new draft. What
// both kinds send is kept (amount, currency, redirect/cancel/webhook URLs, methods, locale,
// metadata, lines); what only the old kind sends is cleared and named, in the agent's words, so the
// screen can say what the switch dropped and offer to undo it.

interface KindSwitch {
  content: DraftContent
  /** What the new kind does not send and was cleared ("Order number A-1"); empty: nothing lost. */
  dropped: string[]
  /** What was carried over in another form ("The amount became one line …"). */
  moved: string[]
}

function filled(text: string): boolean {
  return text.trim() !== ''
}

function quoted(text: string): string {
  const t = text.trim()
  return t.length > 40 ? `“${t.slice(0, 39)}…”` : `“${t}”`
}

function hasAddress(a: DraftContent['billingAddress']): boolean {
  return Object.values(a).some((v) => v !== undefined && v.trim() !== '')
}

function lineHasContent(line: DraftContent['lines'][number]): boolean {
  return filled(line.name) || filled(line.unitPrice) || filled(line.discountAmount) || filled(line.vatRate)
}

/** Nothing was entered: the draft is a new, empty one of its kind (its lines' keys aside). */
export function isUntouchedDraft(content: DraftContent): boolean {
  const withoutKeys = (c: DraftContent) => ({ ...c, lines: c.lines.map(({ key: _key, ...line }) => line) })
  return canonicalJson(withoutKeys(content)) === canonicalJson(withoutKeys(emptyDraftContent(content.kind)))
}

/** The draft as the other kind, with what could not come along. Switching to the same kind changes nothing. */
export function switchDraftKind(content: DraftContent, kind: DraftContent['kind']): KindSwitch {
  if (content.kind === kind) return { content, dropped: [], moved: [] }
  const empty = emptyDraftContent(kind)
  const dropped: string[] = []
  const moved: string[] = []
  const shared = {
    currency: content.currency,
    locale: content.locale,
    methodMode: content.methodMode,
    methods: [...content.methods],
    redirectUrl: content.redirectUrl,
    cancelUrl: content.cancelUrl,
    webhookUrl: content.webhookUrl,
    metadata: content.metadata,
    profileId: content.profileId,
    testmode: content.testmode,
  }
  if (kind === 'payment') {
    if (filled(content.orderNumber)) dropped.push(`Order number ${quoted(content.orderNumber)}`)
    if (hasAddress(content.billingAddress)) dropped.push('Billing address')
    if (!content.shippingSameAsBilling && hasAddress(content.shippingAddress)) dropped.push('Shipping address')
    if (filled(content.expiresAt)) dropped.push(`Expires on ${content.expiresAt}`)
    if (filled(content.consumerDateOfBirth)) dropped.push('Date of birth')
    if (content.shopperCountryMustMatchBillingCountry) dropped.push('“Shopper country must match billing country”')
    const lines = content.lines.filter(lineHasContent)
    if (lines.some((l) => filled(l.category) || filled(l.metadata))) {
      dropped.push('Line categories and line metadata (a payment line has neither)')
    }
    return {
      content: {
        ...empty,
        ...shared,
        // A payment with lines keeps the order's amount exactly: the sum of the same lines.
        paymentWithLines: lines.length > 0,
        lines: lines.map((l) => ({ ...l, category: '', metadata: '' })),
      },
      dropped,
      moved,
    }
  }
  // Payment → order: an order's amount is the sum of its lines and it has no description of its own.
  const withLines = content.paymentWithLines && content.lines.some(lineHasContent)
  let lines = content.lines
  if (!withLines) {
    if (filled(content.paymentAmount) || filled(content.description)) {
      lines = [{ ...emptyDraftLine('l1'), name: content.description, unitPrice: content.paymentAmount }]
      moved.push(
        `The payment became one order line${filled(content.description) ? ` ${quoted(content.description)}` : ''}${
          filled(content.paymentAmount) ? `, 1 × ${content.paymentAmount}` : ''
        }.`,
      )
    } else lines = empty.lines
  } else if (filled(content.description)) {
    dropped.push(`Description ${quoted(content.description)} (an order has none; its lines name what is sold)`)
  }
  return { content: { ...empty, ...shared, locale: content.locale || empty.locale, lines }, dropped, moved }
}

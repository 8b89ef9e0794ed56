// Finding the object a pasted text is about: an id among other words ("hi, about tr_7UhSN1zuXS?"),
// or any link form of the real service, with or without words around it. Ids come from the spec
// module (src/shared/service/ids.ts); nothing here knows a prefix of its own. Pure: no Node, no DOM.
//
// The link forms of the service (as its API answers show them in `_links`; docs.mollie.com,
// reference pages "Get payment" https://docs.mollie.com/reference/get-payment, "Get order"
// https://docs.mollie.com/reference/v2/orders-api/get-order and "Get payment link"
// https://docs.mollie.com/reference/get-payment-link):
//
//   form                                                            gives
//   https://api.mollie.com/v2/payments/tr_7UhSN1zuXS                 the id in the path (API, self link)
//   https://my.mollie.com/dashboard/org_123/payments/tr_7UhSN1zuXS   the id in the path (dashboard)
//   https://www.mollie.com/dashboard/org_123/orders/ord_xvb27g       the id in the path (older dashboard)
//   https://www.mollie.com/checkout/select-method/7UhSN1zuXS         payment tr_ + the last segment
//   https://www.mollie.com/checkout/<method>/…/7UhSN1zuXS            payment tr_ + the last segment
//   https://www.mollie.com/checkout/order/xvb27g                     order ord_ + the last segment
//   https://paymentlink.mollie.com/payment/4Y0eZitmBnQ6IDoMqZQKh/    a payment link (pl_…): named, not opened
//   https://payment-links.mollie.com/[en/]payment/<code>[/details]   the same, newer host
//   http://127.0.0.1:4010/checkout/tr_…  (the sandbox)               the id in the path
import { idPrefix, isId } from '../service/ids'

type FoundObject = { kind: 'payment' | 'order'; id: string }

/** What a pasted text points at: an object to open, or a payment link (which Paydesk does not open). */
type TextTarget =
  | { kind: 'object'; object: FoundObject; fromUrl: boolean; others: number }
  | { kind: 'payment-link'; code: string }
  | null

const OBJECT_KINDS = ['payment', 'order'] as const

function asObject(value: string): FoundObject | null {
  for (const kind of OBJECT_KINDS) if (isId(kind, value)) return { kind, id: value }
  return null
}

function decoded(part: string): string {
  try {
    return decodeURIComponent(part)
  } catch {
    return part
  }
}

const SERVICE_HOST = /(^|\.)mollie\.com$/i
const PAYMENT_LINK_HOSTS = new Set(['paymentlink.mollie.com', 'payment-links.mollie.com'])

/** A payment link's code from its page address, or null. */
function paymentLinkCode(url: URL, parts: string[]): string | null {
  if (!PAYMENT_LINK_HOSTS.has(url.hostname.toLowerCase())) return null
  const at = parts.indexOf('payment')
  const code = at === -1 ? undefined : parts[at + 1]
  return code !== undefined && /^[A-Za-z0-9]{1,60}$/.test(code) ? code : null
}

/** The service's hosted checkout: the payment's (or order's) code is the last path segment. */
function checkoutObject(url: URL, parts: string[]): FoundObject | null {
  if (!SERVICE_HOST.test(url.hostname) || parts[0] !== 'checkout' || parts.length < 3) return null
  const code = parts[parts.length - 1] ?? ''
  if (parts[1] === 'order') return asObject(`${idPrefix('order')}${code}`)
  return asObject(`${idPrefix('payment')}${code}`)
}

/** The object a link points at (checkout page, dashboard, API link, sandbox), or null. */
export function idFromUrl(text: string): FoundObject | null {
  const url = parseUrl(text)
  if (!url) return null
  const parts = url.pathname
    .split('/')
    .filter((p) => p !== '')
    .map(decoded)
  for (const part of [...parts].reverse()) {
    const found = asObject(part)
    if (found) return found
  }
  const checkout = checkoutObject(url, parts)
  if (checkout) return checkout
  for (const [, value] of url.searchParams) {
    const found = asObject(value)
    if (found) return found
  }
  return null
}

function parseUrl(text: string): URL | null {
  const withScheme = /^https?:\/\//i.test(text)
    ? text
    : /^(?:[\w-]+\.)*mollie\.com\//i.test(text)
      ? `https://${text}`
      : ''
  if (withScheme === '') return null
  try {
    const url = new URL(withScheme)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null
  } catch {
    return null
  }
}

/** Links in free text: with a scheme, or a bare service address (`www.mollie.com/checkout/…`). */
const LINK_IN_TEXT = /(?:https?:\/\/|\b(?:[\w-]+\.)*mollie\.com\/)[^\s<>"'`]+/gi
/** Any word that may be an id (checked against the spec module's patterns). */
const ID_IN_TEXT = /[A-Za-z]{2,6}_[A-Za-z0-9]{1,60}/g
/** Punctuation that ends a sentence rather than a link: "see https://…/tr_x." */
const TRAILING = /[.,;:!?)\]}>»”’]+$/

/**
 * What a pasted text is about: the first payment or order named by a link or an id in it (with how
 * many other objects it also names), or a payment link; null when none.
 */
export function findTarget(text: string): TextTarget {
  const found: { object: FoundObject; fromUrl: boolean }[] = []
  let linkCode: string | null = null
  const rest = text.replace(LINK_IN_TEXT, (raw) => {
    const link = raw.replace(TRAILING, '')
    const object = idFromUrl(link)
    if (object) found.push({ object, fromUrl: true })
    else {
      const url = parseUrl(link)
      if (url) linkCode ??= paymentLinkCode(url, url.pathname.split('/').filter(Boolean).map(decoded))
    }
    return ' '
  })
  for (const m of rest.matchAll(ID_IN_TEXT)) {
    const before = m.index > 0 ? rest.charAt(m.index - 1) : ''
    if (/[A-Za-z0-9_]/.test(before)) continue
    const object = asObject(m[0])
    if (object) found.push({ object, fromUrl: false })
  }
  const [first] = found
  if (first) {
    const others = new Set(found.map((f) => f.object.id).filter((id) => id !== first.object.id)).size
    return { kind: 'object', object: first.object, fromUrl: first.fromUrl, others }
  }
  return linkCode !== null ? { kind: 'payment-link', code: linkCode } : null
}

// URL fields: absolute http(s), and a webhook URL the service can reach (not loopback, not a
// private network, unless the sandbox is told to deliver to 127.0.0.1).
import { isLoopbackHost, isPrivateNetworkHost } from '../host-scope'
import { describe, quote, type RuleContext, type Violations } from './common'

/** C0 controls (CR, LF, tab, NUL, …), DEL and the C1 controls. */
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/

/** Checks an absolute http(s) URL; returns the parsed URL when valid. */
export function checkUrl(out: Violations, field: string, v: unknown, required: boolean): URL | null {
  if (v === undefined) {
    if (required) out.add(field, `The field ${field} is required.`)
    return null
  }
  if (typeof v !== 'string') {
    out.add(field, `The field ${field} must be a URL string, not ${describe(v)}.`)
    return null
  }
  // The URL parser drops tabs and line breaks without a word, so "https://shop.example/\r\nSet-Cookie: …"
  // would pass as a URL and be stored as written: the checkout then cannot send it as a Location header.
  if (CONTROL_CHARACTER.test(v)) {
    out.add(field, `The field ${field} must not contain line breaks, tabs or other control characters.`)
    return null
  }
  let url: URL | null = null
  try {
    url = new URL(v)
  } catch {
    url = null
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') {
    out.add(field, `The field ${field} must be an absolute http or https URL, got ${quote(v)}.`)
    return null
  }
  return url
}

export function checkWebhookUrl(out: Violations, field: string, v: unknown, ctx: RuleContext): void {
  const url = checkUrl(out, field, v, false)
  if (url && !ctx.allowLocalWebhookUrl && (isLoopbackHost(url.hostname) || isPrivateNetworkHost(url.hostname))) {
    out.add(
      field,
      `The webhook URL is invalid because it is unreachable from the payment service (host ${url.hostname}).`,
    )
  }
}

// What the sandbox checks before it answers anyone, because a web page in the user's browser can
// reach a server on loopback too (docs/SANDBOX.md "Who may talk to the sandbox"):
// - the Host header, against DNS rebinding (a page on evil.example whose name later resolves to
//   127.0.0.1 sends `Host: evil.example`; an IP address or a loopback name cannot be rebound);
// - the admin token, compared in constant time;
// - the checkout form, which only the checkout page itself can submit (a token bound to the
//   payment, plus the browser's Origin / Sec-Fetch-Site when it sends them).
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { isIP } from 'node:net'
import { isLoopbackHost } from '../shared/host-scope'

/** The host name of a `Host` header (lower case, no port, no IPv6 brackets), or null when malformed. */
export function hostnameOf(hostHeader: string): string | null {
  const value = hostHeader.trim().toLowerCase()
  if (value.startsWith('[')) {
    const end = value.indexOf(']')
    if (end < 0) return null
    const rest = value.slice(end + 1)
    if (rest !== '' && !/^:\d{1,5}$/.test(rest)) return null
    return value.slice(1, end)
  }
  const match = /^([a-z0-9.-]+)(?::\d{1,5})?$/.exec(value)
  return match?.[1] ?? null
}

/**
 * Whether a request's `Host` names this sandbox: an IP address (cannot be rebound), a loopback name,
 * or a name the sandbox was told it is reached by (its listening host, the certificate's names,
 * `allowedHosts` for a proxy in front). A request without a Host header (HTTP/1.0 tools) is let in:
 * browsers always send one.
 */
export function hostAllowed(hostHeader: string | undefined, allowedNames: ReadonlySet<string>): boolean {
  if (hostHeader === undefined) return true
  const hostname = hostnameOf(hostHeader)
  if (hostname === null || hostname === '') return false
  if (isIP(hostname) !== 0) return true
  const name = hostname.endsWith('.') ? hostname.slice(0, -1) : hostname
  // Names that always mean this machine (RFC 6761: `localhost` and anything under `.localhost`).
  return isLoopbackHost(name) || allowedNames.has(name)
}

/** Equal strings, compared in time that does not depend on where they differ (nor on their lengths). */
export function constantTimeEquals(a: string, b: string): boolean {
  const x = createHash('sha256').update(a, 'utf8').digest()
  const y = createHash('sha256').update(b, 'utf8').digest()
  return timingSafeEqual(x, y)
}

/** The checkout form's token for one payment: only a page the sandbox served can carry it. */
export function checkoutToken(secret: Uint8Array, paymentId: string): string {
  return createHmac('sha256', secret).update(`checkout:${paymentId}`, 'utf8').digest('base64url')
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name]
  return Array.isArray(value) ? value[0] : value
}

/**
 * Why a checkout POST is refused as not coming from the checkout page, or null when it may go on.
 * `origin` is the origin the request arrived on.
 */
export function checkoutPostRefusal(
  req: IncomingMessage,
  origin: string,
  token: string | null,
  expected: string,
): string | null {
  if (header(req, 'sec-fetch-site') === 'cross-site') return 'The checkout form was sent from another site.'
  const from = header(req, 'origin')
  if (from !== undefined && from !== 'null' && from.toLowerCase() !== origin.toLowerCase()) {
    return 'The checkout form was sent from another site.'
  }
  if (token === null || !constantTimeEquals(token, expected)) {
    return 'The checkout form was not sent from this payment’s checkout page. Open the checkout link and choose again.'
  }
  return null
}

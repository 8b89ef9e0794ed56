// URL fields: absolute http(s), and a webhook URL the service can reach (not loopback, not a
// private network, unless the sandbox is told to deliver to 127.0.0.1).
import { describe, quote, type RuleContext, type Violations } from './common'

export const IPV4_MAPPED_LOOPBACK = /^\[::ffff:(?:7f[0-9a-f]{2}:[0-9a-f]{1,4}|127\.\d+\.\d+\.\d+)\]$/

/** True for hosts the service cannot reach (spec 2.2 webhookUrl, spec 6.3). */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/\.$/, '')
  if (h === 'localhost' || h.endsWith('.localhost')) return true
  if (/^127\.\d+\.\d+\.\d+$/.test(h) || h === '0.0.0.0') return true
  if (h === '[::1]' || h === '[::]' || h === '[0:0:0:0:0:0:0:1]') return true
  return IPV4_MAPPED_LOOPBACK.test(h)
}

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

/** IPv4 dotted quad → its four numbers, or null. */
export function ipv4Parts(h: string): number[] | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(h)
  if (!m) return null
  const parts = m.slice(1).map(Number)
  return parts.every((n) => n <= 255) ? parts : null
}

export function isPrivateIpv4(parts: number[]): boolean {
  const [a, b] = parts as [number, number, number, number]
  return (
    a === 0 || // "this network"
    a === 10 || // RFC 1918
    (a === 172 && b >= 16 && b <= 31) || // RFC 1918
    (a === 192 && b === 168) || // RFC 1918
    (a === 169 && b === 254) || // link-local (RFC 3927), cloud metadata
    (a === 100 && b >= 64 && b <= 127) // shared address space (RFC 6598)
  )
}

/**
 * True for private-network hosts (RFC 1918, link-local, shared address space, IPv6 unique-local
 * fc00::/7 and link-local fe80::/10, and IPv4-mapped forms of these): like loopback, the service
 * cannot reach them, so they are refused as webhook URLs.
 */
export function isPrivateNetworkHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/\.$/, '')
  const v4 = ipv4Parts(h)
  if (v4) return isPrivateIpv4(v4)
  if (!h.startsWith('[') || !h.endsWith(']')) return false
  const v6 = h.slice(1, -1)
  if (/^f[cd][0-9a-f]{0,2}:/.test(v6) || /^fe[89ab][0-9a-f]?:/.test(v6)) return true
  const mappedDotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(v6)?.[1]
  if (mappedDotted !== undefined) {
    const parts = ipv4Parts(mappedDotted)
    return parts !== null && isPrivateIpv4(parts)
  }
  // The URL parser writes IPv4-mapped addresses as two hex groups: [::ffff:a00:1] = 10.0.0.1.
  const mappedHex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(v6)
  if (mappedHex) {
    const [, hiText = '', loText = ''] = mappedHex
    const hi = parseInt(hiText, 16)
    const lo = parseInt(loText, 16)
    return isPrivateIpv4([hi >> 8, hi & 255, lo >> 8, lo & 255])
  }
  return false
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

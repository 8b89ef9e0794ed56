// The one classifier of hosts and addresses: is a host this machine, a private network, or out on the
// internet? Used wherever Paydesk checks a host (webhook URLs in the order rules, the sandbox's
// deliveries after it resolved a name, the API base address, the dev server, the sandbox's Host
// guard). Runs in main, the sandbox and the renderer alike, so it uses no Node module: the WHATWG URL
// parser (the platform's own, in Node and Chromium) normalises an address first, which takes care
// of brackets, `::` compression, leading zeros, IPv4-mapped forms and IPv4 written as one number or
// in hex (`http://2130706433/` is 127.0.0.1). Only then are its bits compared with the ranges below.

/** Where a host points: this machine, a private or link-local network, a public address, or a name. */
type HostScope = 'loopback' | 'private' | 'public' | 'name'

/** An IP address in its normalised text (IPv4 dotted, IPv6 compressed, no brackets), or null. */
export function normalizedAddress(host: string): string | null {
  // Brackets (URL form), a trailing dot, and an IPv6 zone (`fe80::1%eth0`, as a resolver writes it).
  const text = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .replace(/%.*$/, '')
  if (text === '') return null
  try {
    if (text.includes(':')) return new URL(`http://[${text}]/`).hostname.slice(1, -1)
    if (!/^[0-9a-fx.]+$/.test(text)) return null
    const hostname = new URL(`http://${text}/`).hostname
    return /^\d+\.\d+\.\d+\.\d+$/.test(hostname) ? hostname : null
  } catch {
    return null
  }
}

/** The eight 16-bit groups of a normalised IPv6 address. */
function ipv6Groups(address: string): number[] {
  const [head = '', tail] = address.split('::')
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)))
  const left = parse(head)
  const right = tail === undefined ? [] : parse(tail)
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right]
}

function ipv4Scope(parts: number[]): HostScope {
  const [a = 0, b = 0, c = 0, d = 0] = parts
  if (a === 127 || (a === 0 && b === 0 && c === 0 && d === 0)) return 'loopback'
  const local =
    a === 0 || // "this network" (RFC 1122)
    a === 10 || // RFC 1918
    (a === 172 && b >= 16 && b <= 31) || // RFC 1918
    (a === 192 && b === 168) || // RFC 1918
    (a === 169 && b === 254) || // link-local (RFC 3927), cloud metadata
    (a === 100 && b >= 64 && b <= 127) // shared address space (RFC 6598)
  return local ? 'private' : 'public'
}

function ipv6Scope(groups: number[]): HostScope {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups
  const embedded = () => ipv4Scope([g6 >> 8, g6 & 255, g7 >> 8, g7 & 255])
  const zeroTo4 = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0
  if (zeroTo4 && g5 === 0 && g6 === 0 && (g7 === 0 || g7 === 1)) return 'loopback' // `::` and `::1`
  if (zeroTo4 && (g5 === 0xffff || g5 === 0)) return embedded() // IPv4-mapped; IPv4-compatible (deprecated)
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return embedded() // NAT64
  if ((g0 & 0xfe00) === 0xfc00) return 'private' // unique local fc00::/7 (fd00::/8 in use)
  if ((g0 & 0xffc0) === 0xfe80) return 'private' // link-local fe80::/10
  if ((g0 & 0xffc0) === 0xfec0) return 'private' // site-local fec0::/10 (deprecated, still routed inside sites)
  return 'public'
}

/**
 * Where `host` points: a URL's `hostname` (`[::1]`), a resolver's answer (`::1`, `fe80::1%eth0`) or
 * a name. `localhost` and names under `.localhost` are this machine (RFC 6761); any other name is
 * 'name' and has to be resolved before it can be judged.
 */
export function hostScope(host: string): HostScope {
  const address = normalizedAddress(host)
  if (address === null) {
    const name = host.trim().toLowerCase().replace(/\.$/, '')
    return name === 'localhost' || name.endsWith('.localhost') ? 'loopback' : 'name'
  }
  return address.includes(':') ? ipv6Scope(ipv6Groups(address)) : ipv4Scope(address.split('.').map(Number))
}

/** True for this machine: `localhost`, 127.0.0.0/8, 0.0.0.0, `::1`, `::` and their IPv4-mapped forms. */
export function isLoopbackHost(host: string): boolean {
  return hostScope(host) === 'loopback'
}

/**
 * True for private networks: RFC 1918, link-local, shared address space, IPv6 unique-local fc00::/7,
 * link-local fe80::/10, site-local fec0::/10, and the IPv4-mapped forms of these.
 */
export function isPrivateNetworkHost(host: string): boolean {
  return hostScope(host) === 'private'
}

/**
 * A loopback address in any spelling, or the name `localhost` itself: where a credential may travel
 * over plain http. Other names under `.localhost` are not: a resolver may send them elsewhere.
 */
export function isLoopbackAddressOrLocalhost(host: string): boolean {
  const name = host.trim().toLowerCase().replace(/\.$/, '')
  return name === 'localhost' || (normalizedAddress(host) !== null && isLoopbackHost(host))
}

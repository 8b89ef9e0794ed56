// The one call main makes to a shop's webhook when the agent chooses "Tell the shop again": a POST of
// `id=<object id>` as a form, as the payment service itself calls it
// (https://docs.mollie.com/reference/webhooks: "a single POST-parameter called `id`", Content-Type
// application/x-www-form-urlencoded). Main decides where it goes (tell-shop.ts); this part only makes
// the call safely:
// - the host is checked with the one classifier (shared/host-scope.ts): a name is resolved ONCE, every
//   address it gave is checked, and the request connects to the address that was checked (a second
//   lookup could answer another host: DNS rebinding);
// - this machine and private networks are reached only when the caller allows that origin (the
//   built-in Sandbox's own receivers, as its webhook policy does);
// - a short timeout, and a redirect is an answer, never followed (node's http does not follow one).
import { lookup as dnsLookup } from 'node:dns/promises'
import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { LookupFunction } from 'node:net'
import type { ResolvedAddress, ResolveHost } from '../../../sandbox'
import { hostScope, normalizedAddress } from '../../../shared/host-scope'

/** The system resolver: every address of the name, in the order it gives them. */
const systemResolver: ResolveHost = (hostname) => dnsLookup(hostname, { all: true, order: 'verbatim' })

/**
 * How long main waits for the shop: shorter than the payment service's own 15 s
 * (https://docs.mollie.com/reference/webhooks, "Retry schema"), so the agent is not kept waiting on
 * the phone; a shop that answers the service answers this.
 */
const SHOP_CALL_TIMEOUT_MS = 10_000

/** Kept of the shop's answer body for the request log. */
const MAX_ANSWER_CHARS = 2_000

export interface ShopCallOptions {
  resolve?: ResolveHost
  timeoutMs?: number
  /** Origins on this machine or a private network that may be called (the Sandbox's own receivers). */
  localOrigins?: ReadonlySet<string>
}

/** Why an address cannot be called, in the agent's words; null when it can (before any lookup). */
export function addressProblem(url: URL, localOrigins: ReadonlySet<string> = new Set()): string | null {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return `the shop's webhook address is not a web address (${url.protocol}).`
  }
  if (url.username !== '' || url.password !== '') {
    return "the shop's webhook address holds a user name or password; Paydesk does not send those."
  }
  const scope = hostScope(url.hostname)
  if ((scope === 'loopback' || scope === 'private') && !localOrigins.has(url.origin)) {
    return localRefusal(url.hostname)
  }
  return null
}

function localRefusal(host: string): string {
  return (
    `${host} is this computer or a private network, not a shop on the internet. Paydesk calls such an address ` +
    "only when it is one of the built-in Sandbox's own shop receivers."
  )
}

export interface ShopCallResult {
  status: number | null
  failure: string | null
  durationMs: number
  /** Where a redirect pointed (not followed). */
  location: string | null
  responseHeaders: Record<string, string> | null
  responseBody: string | null
  /** The address the call connected to (after the one lookup), when it got that far. */
  address: string | null
}

/** The one address this call connects to, checked; or why it is not called. */
async function vetted(
  url: URL,
  options: ShopCallOptions,
): Promise<{ address: ResolvedAddress } | { failure: string; refused: boolean }> {
  const hostname = url.hostname.replace(/^\[|\]$/g, '')
  const literal = normalizedAddress(hostname)
  let addresses: ResolvedAddress[]
  if (literal !== null) addresses = [{ address: literal, family: literal.includes(':') ? 6 : 4 }]
  else {
    try {
      addresses = await (options.resolve ?? systemResolver)(hostname)
    } catch {
      return {
        failure: `the name ${hostname} could not be found (it does not exist, or there is no network).`,
        refused: false,
      }
    }
  }
  const [first] = addresses
  if (first === undefined) return { failure: `the name ${hostname} has no address.`, refused: false }
  const local = addresses.some((a) => hostScope(a.address) !== 'public')
  if (local && !(options.localOrigins ?? new Set()).has(url.origin)) {
    return { failure: localRefusal(hostname), refused: true }
  }
  return { address: first }
}

function pinnedLookup(address: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: address.address, family: address.family }])
    else callback(null, address.address, address.family)
  }
}

function headersOf(raw: NodeJS.Dict<string | string[]>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(raw)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v
  return out
}

/** Words for a socket error, as the agent reads them. */
function networkWords(error: Error & { code?: string }, host: string): string {
  switch (error.code) {
    case 'ECONNREFUSED':
      return `nothing answered at ${host} (the connection was refused).`
    case 'ECONNRESET':
      return `${host} closed the connection without an answer.`
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `${host} cannot be reached from this computer.`
    default:
      return error.message.startsWith('no answer') ? error.message : `the call failed: ${error.message}.`
  }
}

/**
 * Sends `body` (a form) to `url` once. Resolves with the shop's status, or with why there was none;
 * `refused` when the address may not be called at all (nothing was sent).
 */
export async function callShop(
  url: URL,
  body: string,
  headers: Record<string, string>,
  options: ShopCallOptions = {},
): Promise<ShopCallResult & { refused: boolean }> {
  const started = Date.now()
  const none = { status: null, location: null, responseHeaders: null, responseBody: null }
  const problem = addressProblem(url, options.localOrigins)
  if (problem !== null) return { ...none, failure: problem, durationMs: 0, address: null, refused: true }
  const target = await vetted(url, options)
  if ('failure' in target) {
    return {
      ...none,
      failure: target.failure,
      durationMs: Date.now() - started,
      address: null,
      refused: target.refused,
    }
  }
  const timeoutMs = options.timeoutMs ?? SHOP_CALL_TIMEOUT_MS
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise((resolve) => {
    const req = send(
      url,
      {
        method: 'POST',
        timeout: timeoutMs,
        // TLS still checks the certificate against the URL's host name; only the address is fixed.
        lookup: pinnedLookup(target.address),
        headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          if (text.length < MAX_ANSWER_CHARS) text += chunk.slice(0, MAX_ANSWER_CHARS - text.length)
        })
        res.on('end', () => {
          const status = res.statusCode ?? null
          const location = status !== null && status >= 300 && status < 400 ? (res.headers.location ?? null) : null
          resolve({
            status,
            failure: null,
            durationMs: Date.now() - started,
            location,
            responseHeaders: headersOf(res.headers),
            responseBody: text,
            address: target.address.address,
            refused: false,
          })
        })
      },
    )
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs / 1000} s.`)))
    req.on('error', (error) =>
      resolve({
        ...none,
        failure: networkWords(error, url.hostname),
        durationMs: Date.now() - started,
        address: target.address.address,
        refused: false,
      }),
    )
    req.end(body)
  })
}

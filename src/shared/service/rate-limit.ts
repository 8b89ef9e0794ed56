// The rate-limit headers' grammar (spec 8.1): `RateLimit-Policy`, `RateLimit` and `Retry-After`,
// formatted by the sandbox and parsed by the client. Only the grammar is shared: the sandbox's
// server-side buckets and the client's learned buckets model opposite sides and stay apart.
// Parsing never throws: anything malformed yields null (or a null field).

export interface RateLimitPolicy {
  policy: string
  /** Quota in requests per second. */
  q: number
  /** Drain window in seconds (null when absent). */
  w: number | null
  /** Burst capacity (`service-burst`), null when absent. */
  burst: number | null
}

export interface RateLimitState {
  policy: string
  /** Whole requests remaining after the request that produced the header. */
  r: number
  /** Seconds until full; informational only (spec 8.1: clients must not rely on its range). */
  t: number | null
  serviceBurst: number | null
}

export const RATE_LIMIT_HEADER = 'RateLimit'
export const RATE_LIMIT_POLICY_HEADER = 'RateLimit-Policy'
export const RETRY_AFTER_HEADER = 'Retry-After'

/** RFC 8941 integers have at most 15 digits; anything longer is garbage, not a huge quota. */
const INTEGER = /^\d{1,15}$/
const TOKEN = /^[A-Za-z*][A-Za-z0-9_.:%*/!#$&'+^`|~-]*$/
/** Longer header values are not parsed at all. */
const MAX_RATE_LIMIT_HEADER_LENGTH = 1024

type HeaderValue = string | string[] | undefined | null

interface ParsedItem {
  name: string
  params: Map<string, number>
}

/** Header values may be arrays (duplicate headers) or comma-joined lists; the first item wins. */
export function firstHeaderValue(header: HeaderValue): string | null {
  if (header == null) return null
  const raw = Array.isArray(header) ? header[0] : header
  if (typeof raw !== 'string') return null
  return raw
}

function splitFirstListMember(value: string): string {
  // A comma inside a quoted name is not a separator.
  let inQuotes = false
  for (let i = 0; i < value.length; i++) {
    const c = value[i]
    if (c === '\\' && inQuotes) i++
    else if (c === '"') inQuotes = !inQuotes
    else if (c === ',' && !inQuotes) return value.slice(0, i)
  }
  return value
}

function parseItem(header: HeaderValue): ParsedItem | null {
  const value = firstHeaderValue(header)
  if (value === null || value.length > MAX_RATE_LIMIT_HEADER_LENGTH) return null
  const member = splitFirstListMember(value).trim()
  if (member === '') return null
  let name: string
  let rest: string
  if (member.startsWith('"')) {
    // A quoted name may hold `;` and `,` (RFC 8941 sf-string): find its closing quote first.
    let end = -1
    for (let i = 1; i < member.length; i++) {
      if (member[i] === '\\') i++
      else if (member[i] === '"') {
        end = i
        break
      }
    }
    if (end < 0) return null
    name = member.slice(1, end).replace(/\\(.)/g, '$1')
    rest = member.slice(end + 1)
    if (rest.trim() !== '' && !rest.trimStart().startsWith(';')) return null
  } else {
    const semi = member.indexOf(';')
    const rawName = (semi < 0 ? member : member.slice(0, semi)).trim()
    if (!TOKEN.test(rawName)) return null
    name = rawName
    rest = semi < 0 ? '' : member.slice(semi)
  }
  const parts = rest.split(';')
  if (name === '' || /[\u0000-\u001f\u007f]/.test(name)) return null
  const params = new Map<string, number>()
  for (const part of parts.slice(1)) {
    const eq = part.indexOf('=')
    if (eq < 0) continue
    const key = part.slice(0, eq).trim().toLowerCase()
    const raw = part.slice(eq + 1).trim()
    // Negative, fractional, NaN or overlong values are dropped, never guessed at.
    if (!key || !INTEGER.test(raw)) continue
    // RFC 8941: a repeated parameter overwrites the earlier one.
    params.set(key, Number(raw))
  }
  return { name, params }
}

/** `RateLimit-Policy: "get-v2-payments";q=20;w=2;service-burst=40` */
export function parseRateLimitPolicy(header: HeaderValue): RateLimitPolicy | null {
  const item = parseItem(header)
  if (!item) return null
  const q = item.params.get('q')
  // Without a positive quota there is nothing to size a bucket from.
  if (q === undefined || q <= 0) return null
  const w = item.params.get('w')
  const burst = item.params.get('service-burst')
  return {
    policy: item.name,
    q,
    w: w === undefined || w <= 0 ? null : w,
    burst: burst === undefined || burst <= 0 ? null : burst,
  }
}

/** `RateLimit: "get-v2-payments";r=19;t=1;service-burst=20` */
export function parseRateLimit(header: HeaderValue): RateLimitState | null {
  const item = parseItem(header)
  if (!item) return null
  const r = item.params.get('r')
  if (r === undefined) return null
  return {
    policy: item.name,
    r,
    t: item.params.get('t') ?? null,
    serviceBurst: item.params.get('service-burst') ?? null,
  }
}

/**
 * `Retry-After` in seconds (spec 8.1: integer seconds). The header's other standard form, an
 * HTTP-date, is accepted in all three formats RFC 9110 5.6.7 obliges a recipient to read:
 * IMF-fixdate `Sun, 06 Nov 1994 08:49:37 GMT`, RFC 850 `Sunday, 06-Nov-94 08:49:37 GMT` and
 * asctime `Sun Nov  6 08:49:37 1994` (all GMT). Fractional seconds are tolerated.
 * Returns null when unusable.
 */
export function parseRetryAfter(header: HeaderValue, nowMs: number = Date.now()): number | null {
  const value = firstHeaderValue(header)?.trim()
  if (!value) return null
  if (/^\d{1,15}(\.\d+)?$/.test(value)) return Number(value)
  const at = parseHttpDate(value, nowMs)
  return at === null ? null : Math.max(0, (at - nowMs) / 1000)
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']
const IMF_FIXDATE = /^[A-Za-z]{3}, (\d{2}) ([A-Za-z]{3}) (\d{4}) (\d{2}):(\d{2}):(\d{2}) GMT$/
const RFC_850 = /^[A-Za-z]{6,9}, (\d{2})-([A-Za-z]{3})-(\d{2}) (\d{2}):(\d{2}):(\d{2}) GMT$/
const ASCTIME = /^[A-Za-z]{3} ([A-Za-z]{3}) ([ \d]\d) (\d{2}):(\d{2}):(\d{2}) (\d{4})$/

/** Epoch ms of an HTTP-date (RFC 9110 5.6.7), always GMT; null when it is none of the three forms. */
export function parseHttpDate(value: string, nowMs: number = Date.now()): number | null {
  let day: string, mon: string, year: number, hh: string, mm: string, ss: string
  let m = IMF_FIXDATE.exec(value)
  if (m) {
    ;[, day = '', mon = '', , hh = '', mm = '', ss = ''] = m
    year = Number(m[3])
  } else if ((m = RFC_850.exec(value))) {
    ;[, day = '', mon = '', , hh = '', mm = '', ss = ''] = m
    // RFC 9110: a two-digit year more than 50 years in the future means the past century.
    const nowYear = new Date(nowMs).getUTCFullYear()
    year = Math.floor(nowYear / 100) * 100 + Number(m[3])
    if (year > nowYear + 50) year -= 100
  } else if ((m = ASCTIME.exec(value))) {
    ;[, mon = '', day = '', hh = '', mm = '', ss = ''] = m
    year = Number(m[6])
  } else return null
  const month = MONTHS.indexOf(mon.toLowerCase())
  if (month < 0) return null
  const ms = Date.UTC(year, month, Number(day.trim()), Number(hh), Number(mm), Number(ss))
  return Number.isFinite(ms) ? ms : null
}

function quoted(name: string): string {
  return `"${name.replace(/(["\\])/g, '\\$1')}"`
}

/** Formats `RateLimit-Policy` (w and service-burst only when given). */
export function formatRateLimitPolicy(policy: RateLimitPolicy): string {
  let out = `${quoted(policy.policy)};q=${policy.q}`
  if (policy.w !== null) out += `;w=${policy.w}`
  if (policy.burst !== null) out += `;service-burst=${policy.burst}`
  return out
}

/** Formats `RateLimit` (t and service-burst only when given). */
export function formatRateLimit(state: RateLimitState): string {
  let out = `${quoted(state.policy)};r=${state.r}`
  if (state.t !== null) out += `;t=${state.t}`
  if (state.serviceBurst !== null) out += `;service-burst=${state.serviceBurst}`
  return out
}

/** Formats `Retry-After` as whole seconds, at least 1 (spec 8.1). */
export function formatRetryAfter(seconds: number): string {
  return String(Math.max(1, Math.ceil(seconds)))
}

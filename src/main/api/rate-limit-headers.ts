// Parsing of the rate-limit headers (spec 8.1). Anything malformed yields null (or a null field)
// so the limiter falls back to its conservative or last known behaviour; parsing never throws.

import type { RateLimitInfo } from '../../shared/api-events'

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

/** RFC 8941 integers have at most 15 digits; anything longer is garbage, not a huge quota. */
const INTEGER = /^\d{1,15}$/
const TOKEN = /^[A-Za-z*][A-Za-z0-9_.:%*/!#$&'+^`|~-]*$/

interface ParsedItem {
  name: string
  params: Map<string, number>
}

/** Header values may be arrays (duplicate headers) or comma-joined lists; the first item wins. */
function firstValue(header: string | string[] | undefined | null): string | null {
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

function parseItem(header: string | string[] | undefined | null): ParsedItem | null {
  const value = firstValue(header)
  if (value === null || value.length > 1024) return null
  const member = splitFirstListMember(value).trim()
  if (member === '') return null
  const parts = member.split(';')
  const rawName = parts[0].trim()
  let name: string
  if (rawName.startsWith('"')) {
    if (rawName.length < 2 || !rawName.endsWith('"')) return null
    name = rawName.slice(1, -1).replace(/\\(.)/g, '$1')
  } else {
    if (!TOKEN.test(rawName)) return null
    name = rawName
  }
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
export function parseRateLimitPolicy(header: string | string[] | undefined | null): RateLimitPolicy | null {
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
export function parseRateLimit(header: string | string[] | undefined | null): RateLimitState | null {
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
export function parseRetryAfter(
  header: string | string[] | undefined | null,
  nowMs: number = Date.now(),
): number | null {
  const value = firstValue(header)?.trim()
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
    ;[, day, mon, , hh, mm, ss] = m
    year = Number(m[3])
  } else if ((m = RFC_850.exec(value))) {
    ;[, day, mon, , hh, mm, ss] = m
    // RFC 9110: a two-digit year more than 50 years in the future means the past century.
    const nowYear = new Date(nowMs).getUTCFullYear()
    year = Math.floor(nowYear / 100) * 100 + Number(m[3])
    if (year > nowYear + 50) year -= 100
  } else if ((m = ASCTIME.exec(value))) {
    ;[, mon, day, hh, mm, ss] = m
    year = Number(m[6])
  } else return null
  const month = MONTHS.indexOf(mon.toLowerCase())
  if (month < 0) return null
  const ms = Date.UTC(year, month, Number(day.trim()), Number(hh), Number(mm), Number(ss))
  return Number.isFinite(ms) ? ms : null
}

/** Capacity of a bucket from its policy: service-burst, else q·w, else q (one second's quota). */
export function policyCapacity(policy: RateLimitPolicy): number {
  if (policy.burst !== null) return Math.max(1, policy.burst)
  if (policy.w !== null) return Math.max(1, policy.q * policy.w)
  return Math.max(1, policy.q)
}

export function decodeRateLimitHeaders(headers: Record<string, string | string[] | undefined>): RateLimitInfo {
  const policy = parseRateLimitPolicy(headers['ratelimit-policy'])
  const state = parseRateLimit(headers['ratelimit'])
  return {
    policy: policy?.policy ?? state?.policy ?? null,
    q: policy?.q ?? null,
    w: policy?.w ?? null,
    burst: policy?.burst ?? null,
    r: state?.r ?? null,
    t: state?.t ?? null,
    serviceBurst: state?.serviceBurst ?? null,
    retryAfter: parseRetryAfter(headers['retry-after']),
  }
}

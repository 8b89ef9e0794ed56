// The create-order and create-payment rules of the payment service, in ONE module used by the
// order builder (inline validation while the user types) and by the sandbox (which answers 422
// with the FIRST violation), so the two can never disagree. Pure TypeScript: no node, no DOM.
//
// Conventions (read these before changing a rule):
// - Input is `unknown` (a parsed JSON body). The validators never throw; whatever the input they
//   return a list of violations, empty when the body is acceptable.
// - Order of violations (deterministic, "document order"): top-level fields in the order of the
//   spec 2.2 table (orderNumber, amount, redirectUrl, cancelUrl, webhookUrl, billingAddress,
//   shippingAddress, locale, method, shopperCountryMustMatchBillingCountry, metadata, profileId,
//   expiresAt, consumerDateOfBirth, testmode), then `lines` in index order (each line's fields in
//   spec 2.3 table order), then the cross-line check "sum of line totals = amount". A wrong line
//   total therefore reports the line before the order amount, which is the more useful message.
//   Payments follow the same idea with their own field order (see validateCreatePayment).
// - `field` is the service's dotted path: `amount`, `billingAddress.givenName`,
//   `lines.3.vatAmount` (0-based line index: `lines.3` is the fourth line). Problems with an
//   Amount object name the part that is wrong, as the service does: a currency that is not a known
//   ISO 4217 code, or not the order's, is `amount.currency` / `lines.0.unitPrice.currency`; a value
//   that is not a string, not a decimal, or has the wrong number of decimals is `amount.value` /
//   `lines.0.unitPrice.value`. A missing Amount or one that is not an object, and rules about the
//   amount as a whole (above zero, over the maximum, sign by line type, the arithmetic of totals and
//   VAT) name the Amount field itself (`amount`, as the documentation's example "The amount is
//   higher than the maximum", field `amount`, https://docs.mollie.com/overview/handling-errors).
//   A line that is not an object is
//   `lines.<i>`; a body that is not a JSON object has field '' (the sandbox may omit `field`).
// - `message` is the service's `detail`. For arithmetic rules it names the exact expected value and
//   the formula, and `expected` holds the expected value string.
// - Unknown fields and read-only fields (id, resource, status, createdAt, _links, ...) are ignored,
//   not rejected (spec 4.1). For optional fields `null` means "not given".
// - Where the spec is vague the rule is the STRICTER reading, so a request the sandbox accepts is
//   one the real service accepts too. Decisions (all in this file):
//   * unitPrice: negative or zero for `discount`, `store_credit`, `gift_card`; zero or positive for
//     every other type (spec 2.3 "negative for types ...; zero allowed for free items").
//   * discountAmount: zero or positive; on a `discount` line it is "irrelevant" (spec 2.3): not
//     checked, not part of the total, not stored (discountAmountIgnored).
//   * vatRate and vatAmount come together: each without the other is a violation on the missing
//     one. vatRate is a string "0".."100" with at most 2 decimals, never a number.
//   * the order amount must be above zero; a payment amount too, except with sequenceType `first`.
//   * maximum amount: see currencies.ts (1,000,000 major units, own figure for weak currencies).
//   * metadata: at most METADATA_MAX_BYTES bytes of UTF-8 when serialized as JSON (spec "about 1 kB").
//   * expiresAt: a real `YYYY-MM-DD` date from ctx.today + 1 to ctx.today + 1 + 100 days; when
//     `klarna` may be the method (method `klarna` or an array containing it) at most
//     ctx.today + 28 days. consumerDateOfBirth: a real date before ctx.today.
//   * webhookUrl: refused when its host is `localhost`, `*.localhost`, 127.0.0.0/8, 0.0.0.0, ::1,
//     ::, or an IPv4-mapped loopback (spec 2.2 / 6.3), or on a private network (isPrivateNetworkHost:
//     10/8, 172.16/12, 192.168/16, 169.254/16, 100.64/10, fc00::/7, fe80::/10), unless
//     ctx.allowLocalWebhookUrl.
//   * payment methods that need lines (billie, in3, klarna, riverty, voucher; spec 2.6): lines are
//     required when `method` is one of them or an array containing one of them.
//   * billingAddress: required on orders, also for fast-checkout methods (the request cannot
//     show that the method supplies it). The spec lists every address field as optional; the real
//     service does not (ORDER_ADDRESS_REQUIRED / PAYMENT_ADDRESS_REQUIRED below): an order's
//     addresses need givenName, familyName, email, streetAndNumber, city, country; a payment's
//     streetAndNumber, city, country; both need postalCode unless the country is in
//     COUNTRIES_WITHOUT_POSTAL_CODE (countries.ts). A blank string counts as missing.

import {
  ADDRESS_FIELDS,
  LOCALES,
  ORDER_LINE_TYPES,
  PAYMENT_LINE_TYPES,
  PAYMENT_METHODS,
  VOUCHER_CATEGORIES,
  type Amount,
} from './api-types'
import { countryNeedsPostalCode, isCountryCode } from './countries'
import { CREDIT_LINE_TYPES, METHODS_REQUIRING_LINES, SEQUENCE_TYPES } from './service/enums'
import { ID_PATTERNS, PROFILE_ID_PATTERN } from './service/ids'
import { scopeForOperation, testmodeUse } from './service/scope'
import { updatePaymentFieldViolations } from './service/update-payment'
import { CURRENCIES, isKnownCurrency, maximumMinorUnits } from './currencies'
import {
  amountFromMinor,
  fromMinor,
  parseAmountValue,
  parseVatRate,
  totalFormulaText,
  vatAmountMinor,
  vatFormulaText,
  type VatRate,
} from './money'

export interface RuleViolation {
  field: string
  message: string
  expected?: string
}

export interface RuleContext {
  /**
   * 'YYYY-MM-DD' (UTC), injected so tests and the sandbox agree on "tomorrow". When it is not a
   * real date the date-range checks are skipped (the format checks still run).
   */
  today: string
  credential: 'api-key' | 'organization-token'
  /** Accept loopback webhook URLs (only for local sandbox runs that deliver webhooks to 127.0.0.1). */
  allowLocalWebhookUrl?: boolean
}

// ---------------------------------------------------------------------------------------------
// Limits (spec 2.2, 2.3, 2.6, 8.2)

/** spec 2.3 / 8.2 */
export const SKU_MAX_LENGTH = 64
/** spec 2.2 / 8.2 "approximately 1 kB": serialized JSON, UTF-8 bytes. */
export const METADATA_MAX_BYTES = 1024
/** spec 2.6 / 8.2: longer descriptions are truncated by the service, not refused. */
export const PAYMENT_DESCRIPTION_MAX = 255
/** spec 2.3 / 8.2 */
export const QUANTITY_MIN = 1
/** spec 2.2 / 8.2: expiresAt is at least tomorrow ... */
export const EXPIRES_AT_MIN_DAYS_AHEAD = 1
/** ... and at most 100 days after tomorrow. */
export const EXPIRES_AT_MAX_DAYS_AHEAD = 101
/** spec 2.2 / 8.2: with klarna at most 28 days ahead. */
export const KLARNA_EXPIRES_AT_MAX_DAYS_AHEAD = 28
/** spec 2.1 */
export const NAME_MIN_LENGTH = 2
/** spec 2.1: E.164 */
export const E164_PATTERN = /^\+[1-9]\d{1,14}$/
// Ids, line types, methods needing lines and sequence types are the spec module's (service/).
export { PROFILE_ID_PATTERN } from './service/ids'
export { CREDIT_LINE_TYPES, METHODS_REQUIRING_LINES, SEQUENCE_TYPES } from './service/enums'
/** https://docs.mollie.com/reference/v2/payments-api/create-payment: `customerId`, `mandateId` */
export const CUSTOMER_ID_PATTERN = ID_PATTERNS.customer
export const MANDATE_ID_PATTERN = ID_PATTERNS.mandate

const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/

const LOCALE_SET: ReadonlySet<string> = new Set(LOCALES)
const METHOD_SET: ReadonlySet<string> = new Set(PAYMENT_METHODS)
const ORDER_LINE_TYPE_SET: ReadonlySet<string> = new Set(ORDER_LINE_TYPES)
const PAYMENT_LINE_TYPE_SET: ReadonlySet<string> = new Set(PAYMENT_LINE_TYPES)
const CATEGORY_SET: ReadonlySet<string> = new Set(VOUCHER_CATEGORIES)

// ---------------------------------------------------------------------------------------------
// Small helpers

type Obj = Record<string, unknown>

function isObject(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/** An own property only, so nothing comes from a (polluted) prototype; null reads as absent. */
function get(o: Obj, key: string): unknown {
  if (!Object.prototype.hasOwnProperty.call(o, key)) return undefined
  const v = o[key]
  return v === null ? undefined : v
}

function has(o: Obj, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(o, key) && o[key] !== undefined
}

function describe(v: unknown): string {
  if (v === null) return 'null'
  if (Array.isArray(v)) return 'an array'
  if (typeof v === 'object') return 'an object'
  return `a ${typeof v}`
}

function quote(s: string): string {
  return JSON.stringify(s.length > 60 ? `${s.slice(0, 60)}…` : s)
}

function codePointLength(s: string, stopAfter: number): number {
  let n = 0
  for (const _ of s) {
    n++
    if (n > stopAfter) break
  }
  return n
}

/** UTF-8 byte length of a string, counted without TextEncoder (works in every runtime). */
function utf8ByteLength(s: string): number {
  let bytes = 0
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c < 0x80) bytes += 1
    else if (c < 0x800) bytes += 2
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const next = s.charCodeAt(i + 1)
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4
        i++
      } else bytes += 3
    } else bytes += 3
  }
  return bytes
}

/** Days since 1970-01-01 of a real calendar date 'YYYY-MM-DD', or null. */
export function parseIsoDate(s: unknown): number | null {
  if (typeof s !== 'string') return null
  const m = DATE_PATTERN.exec(s)
  if (!m) return null
  const [, yearText = '', monthText = '', dayText = ''] = m
  const year = +yearText
  const month = +monthText
  const day = +dayText
  if (month < 1 || month > 12 || day < 1) return null
  const ms = Date.UTC(year, month - 1, day)
  const back = new Date(ms)
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return null
  return Math.round(ms / 86_400_000)
}

/** 'YYYY-MM-DD' of a day number from parseIsoDate. */
export function isoDateFromDays(days: number): string {
  return new Date(days * 86_400_000).toISOString().slice(0, 10)
}

class Violations {
  readonly list: RuleViolation[] = []
  add(field: string, message: string, expected?: string): void {
    this.list.push(expected === undefined ? { field, message } : { field, message, expected })
  }
}

// ---------------------------------------------------------------------------------------------
// Field checks shared by orders and payments

interface ParsedAmount {
  minor: bigint
  amount: Amount
}

/**
 * Checks an Amount field. Returns the parsed amount when valid (and, with `currency`, in that
 * currency), else null after adding one violation.
 */
function checkAmount(
  out: Violations,
  field: string,
  v: unknown,
  required: boolean,
  currency?: string,
): ParsedAmount | null {
  if (v === undefined) {
    if (required) out.add(field, `The field ${field} is required.`)
    return null
  }
  if (!isObject(v)) {
    out.add(field, `The field ${field} must be an amount object with currency and value, not ${describe(v)}.`)
    return null
  }
  const cur = get(v, 'currency')
  const parsed = parseAmountValue(get(v, 'value'), cur)
  if (!parsed.ok) {
    // The service names the part that is wrong: `amount.currency` or `amount.value`.
    const part = `${field}.${isKnownCurrency(cur) ? 'value' : 'currency'}`
    out.add(part, `The field ${part} is invalid: ${parsed.reason}.`)
    return null
  }
  const code = cur as string
  if (currency !== undefined && code !== currency) {
    out.add(
      `${field}.currency`,
      `The field ${field}.currency is ${code}, but the order is in ${currency}; all lines share its currency.`,
    )
    return null
  }
  return { minor: parsed.value, amount: { currency: code, value: get(v, 'value') as string } }
}

function checkAmountMaximum(out: Violations, field: string, a: ParsedAmount): boolean {
  const max = maximumMinorUnits(a.amount.currency)
  if (a.minor > max) {
    out.add(
      field,
      `The amount is higher than the maximum of ${fromMinor(max, a.amount.currency)} ${a.amount.currency}.`,
    )
    return false
  }
  return true
}

function checkRequiredString(out: Violations, field: string, v: unknown): string | null {
  if (v === undefined) {
    out.add(field, `The field ${field} is required.`)
    return null
  }
  if (typeof v !== 'string') {
    out.add(field, `The field ${field} must be a string, not ${describe(v)}.`)
    return null
  }
  if (v.trim() === '') {
    out.add(field, `The field ${field} is required and may not be empty.`)
    return null
  }
  return v
}

function checkOptionalString(out: Violations, field: string, v: unknown): string | null {
  if (v === undefined) return null
  if (typeof v !== 'string') {
    out.add(field, `The field ${field} must be a string, not ${describe(v)}.`)
    return null
  }
  return v
}

const IPV4_MAPPED_LOOPBACK = /^\[::ffff:(?:7f[0-9a-f]{2}:[0-9a-f]{1,4}|127\.\d+\.\d+\.\d+)\]$/

/** True for hosts the service cannot reach (spec 2.2 webhookUrl, spec 6.3). */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/\.$/, '')
  if (h === 'localhost' || h.endsWith('.localhost')) return true
  if (/^127\.\d+\.\d+\.\d+$/.test(h) || h === '0.0.0.0') return true
  if (h === '[::1]' || h === '[::]' || h === '[0:0:0:0:0:0:0:1]') return true
  return IPV4_MAPPED_LOOPBACK.test(h)
}

/** Checks an absolute http(s) URL; returns the parsed URL when valid. */
function checkUrl(out: Violations, field: string, v: unknown, required: boolean): URL | null {
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
function ipv4Parts(h: string): number[] | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(h)
  if (!m) return null
  const parts = m.slice(1).map(Number)
  return parts.every((n) => n <= 255) ? parts : null
}

function isPrivateIpv4(parts: number[]): boolean {
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

function checkWebhookUrl(out: Violations, field: string, v: unknown, ctx: RuleContext): void {
  const url = checkUrl(out, field, v, false)
  if (url && !ctx.allowLocalWebhookUrl && (isLoopbackHost(url.hostname) || isPrivateNetworkHost(url.hostname))) {
    out.add(
      field,
      `The webhook URL is invalid because it is unreachable from the payment service (host ${url.hostname}).`,
    )
  }
}

function checkPersonName(out: Violations, field: string, v: unknown): void {
  const s = checkOptionalString(out, field, v)
  if (s === null) return
  const t = s.trim()
  if (codePointLength(t, NAME_MIN_LENGTH) < NAME_MIN_LENGTH) {
    out.add(field, `The field ${field} must be at least ${NAME_MIN_LENGTH} characters.`)
  } else if (/^\d+$/.test(t)) {
    out.add(field, `The field ${field} may not consist of digits only.`)
  }
}

/**
 * Fields an address must carry (https://docs.mollie.com/overview/common-data-types, "Address
 * object"; https://docs.mollie.com/reference/v2/orders-api/create-order, billingAddress and
 * shippingAddress): orders need the person and the full address; payment addresses at least
 * street, city and country. `postalCode` is needed as well unless the country has none.
 */
export const ORDER_ADDRESS_REQUIRED: readonly string[] = [
  'givenName',
  'familyName',
  'email',
  'streetAndNumber',
  'city',
  'country',
]
export const PAYMENT_ADDRESS_REQUIRED: readonly string[] = ['streetAndNumber', 'city', 'country']

function isBlank(v: unknown): boolean {
  return v === undefined || (typeof v === 'string' && v.trim() === '')
}

function checkAddress(
  out: Violations,
  field: string,
  v: unknown,
  required: boolean,
  requiredFields: readonly string[],
): void {
  if (v === undefined) {
    if (required) out.add(field, `The field ${field} is required.`)
    return
  }
  if (!isObject(v)) {
    out.add(field, `The field ${field} must be an address object, not ${describe(v)}.`)
    return
  }
  for (const key of ADDRESS_FIELDS) {
    const path = `${field}.${key}`
    const value = get(v, key)
    if (requiredFields.includes(key) && isBlank(value)) {
      out.add(path, `The field ${path} is required.`)
      continue
    }
    if (key === 'postalCode' && isBlank(value)) {
      const country = get(v, 'country')
      if (isCountryCode(country) && countryNeedsPostalCode(country)) {
        out.add(path, `The field ${path} is required for an address in ${country}.`)
        continue
      }
    }
    switch (key) {
      case 'givenName':
      case 'familyName':
        checkPersonName(out, path, value)
        break
      case 'email': {
        const s = checkOptionalString(out, path, value)
        if (s !== null && (s.length > 254 || !EMAIL_PATTERN.test(s))) {
          out.add(path, `The field ${path} is not a valid e-mail address.`)
        }
        break
      }
      case 'phone': {
        const s = checkOptionalString(out, path, value)
        if (s !== null && !E164_PATTERN.test(s)) {
          out.add(path, `The field ${path} must be in E.164 format, such as +31208202070.`)
        }
        break
      }
      case 'country': {
        const s = checkOptionalString(out, path, value)
        if (s !== null && !isCountryCode(s)) {
          out.add(path, `The field ${path} must be an ISO 3166-1 alpha-2 country code such as NL, got ${quote(s)}.`)
        }
        break
      }
      default:
        checkOptionalString(out, path, value)
    }
  }
}

function checkLocale(out: Violations, o: Obj, required: boolean): void {
  if (!has(o, 'locale')) {
    if (required) out.add('locale', 'The field locale is required (one of the supported locales, or null).')
    return
  }
  const v = o['locale']
  if (v === null) return
  if (typeof v !== 'string' || !LOCALE_SET.has(v)) {
    out.add(
      'locale',
      typeof v === 'string'
        ? `The locale ${quote(v)} is not supported.`
        : `The field locale must be a string or null, not ${describe(v)}.`,
    )
  }
}

/** Returns the methods named (empty when absent/invalid). */
function checkMethod(out: Violations, v: unknown): string[] {
  if (v === undefined) return []
  if (typeof v === 'string') {
    if (!METHOD_SET.has(v)) {
      out.add('method', `The payment method ${quote(v)} is not supported.`)
      return []
    }
    return [v]
  }
  if (Array.isArray(v)) {
    if (v.length === 0) {
      out.add('method', 'The field method may not be an empty array.')
      return []
    }
    for (const m of v) {
      if (typeof m !== 'string' || !METHOD_SET.has(m)) {
        out.add(
          'method',
          typeof m === 'string'
            ? `The payment method ${quote(m)} is not supported.`
            : `The field method must hold method names, not ${describe(m)}.`,
        )
        return []
      }
    }
    return v as string[]
  }
  out.add('method', `The field method must be a string, an array of strings or null, not ${describe(v)}.`)
  return []
}

function checkBoolean(out: Violations, field: string, v: unknown): void {
  if (v !== undefined && typeof v !== 'boolean') {
    out.add(field, `The field ${field} must be a boolean, not ${describe(v)}.`)
  }
}

/** Serialized size of metadata in UTF-8 bytes, or null when it cannot be serialized. */
export function metadataByteLength(v: unknown): number | null {
  try {
    const json = JSON.stringify(v)
    return json === undefined ? null : utf8ByteLength(json)
  } catch {
    return null
  }
}

function checkMetadata(out: Violations, field: string, v: unknown): void {
  if (v === undefined) return
  const okType =
    typeof v === 'string' ||
    (typeof v === 'number' && Number.isFinite(v)) ||
    isObject(v) ||
    (Array.isArray(v) && v.every((e) => typeof e === 'string'))
  if (!okType) {
    out.add(
      field,
      `The field ${field} must be a string, number, object, array of strings or null, not ${Array.isArray(v) ? 'an array with non-string items' : describe(v)}.`,
    )
    return
  }
  const size = metadataByteLength(v)
  if (size === null) {
    out.add(field, `The field ${field} cannot be stored as JSON.`)
  } else if (size > METADATA_MAX_BYTES) {
    out.add(field, `The field ${field} is ${size} bytes as JSON; the maximum is ${METADATA_MAX_BYTES} bytes.`)
  }
}

function checkCredentialFields(out: Violations, o: Obj, ctx: RuleContext, operation: string): void {
  // spec 2.2 / 5.3 / 5.4: profileId, per the operation's row (src/shared/service/scope.ts)
  const profileId = get(o, 'profileId')
  const use = scopeForOperation(ctx.credential, operation).profileId
  if (use !== 'forbidden') {
    if (profileId === undefined && use === 'required') {
      out.add('profileId', 'The field profileId is required with organization-level credentials.')
    } else if (profileId !== undefined && (typeof profileId !== 'string' || !PROFILE_ID_PATTERN.test(profileId))) {
      out.add('profileId', 'The field profileId must be a profile id such as pfl_QkEhN94Ba.')
    }
  } else if (profileId !== undefined) {
    out.add('profileId', 'The field profileId may not be sent with credentials linked to one profile.')
  }
}

function checkTestmode(out: Violations, o: Obj, ctx: RuleContext): void {
  const testmode = get(o, 'testmode')
  if (testmode === undefined) return
  if (testmodeUse(ctx.credential) === 'forbidden') {
    out.add('testmode', 'The field testmode may only be sent with organization-level credentials.')
  } else {
    checkBoolean(out, 'testmode', testmode)
  }
}

function checkVatRateAndAmount(
  out: Violations,
  prefix: string,
  line: Obj,
  total: ParsedAmount | null,
  currency: string | undefined,
): void {
  // spec 2.3: vatRate is a string percentage; vatAmount = totalAmount × rate / (100 + rate).
  const rateRaw = get(line, 'vatRate')
  const amountRaw = get(line, 'vatAmount')
  let rate: VatRate | null = null
  if (rateRaw === undefined) {
    if (amountRaw !== undefined)
      out.add(`${prefix}.vatRate`, `The field ${prefix}.vatRate is required when vatAmount is given.`)
  } else {
    const parsed = parseVatRate(rateRaw)
    if (parsed.ok) rate = parsed.value
    else out.add(`${prefix}.vatRate`, `The field ${prefix}.vatRate is invalid: ${parsed.reason}.`)
  }
  if (amountRaw === undefined) {
    if (rateRaw !== undefined)
      out.add(`${prefix}.vatAmount`, `The field ${prefix}.vatAmount is required when vatRate is given.`)
    return
  }
  const vat = checkAmount(out, `${prefix}.vatAmount`, amountRaw, false, currency)
  if (!vat || !rate || !total || total.amount.currency !== vat.amount.currency) return
  const expectedMinor = vatAmountMinor(total.minor, rate)
  if (expectedMinor !== vat.minor) {
    const expected = fromMinor(expectedMinor, vat.amount.currency)
    out.add(
      `${prefix}.vatAmount`,
      `The VAT amount is ${vat.amount.value}, expected ${expected} (${vatFormulaText(total.amount, rate)}).`,
      expected,
    )
  }
}

interface LineKind {
  /** 'order' lines have `name` and ORDER_LINE_TYPES; 'payment' lines `description` and no `tip`. */
  kind: 'order' | 'payment'
}

/**
 * Checks one order or payment line; returns its totalAmount when valid and in the order currency
 * (for the sum check), else null.
 */
function checkLine(
  out: Violations,
  index: number,
  v: unknown,
  currency: string | undefined,
  k: LineKind,
): ParsedAmount | null {
  const prefix = `lines.${index}`
  if (!isObject(v)) {
    out.add(prefix, `The field ${prefix} must be a line object, not ${describe(v)}.`)
    return null
  }
  // type (spec 2.3 / 2.5 / 2.6), default physical
  const typeRaw = get(v, 'type')
  let type: string | null = 'physical'
  if (typeRaw !== undefined) {
    const set = k.kind === 'order' ? ORDER_LINE_TYPE_SET : PAYMENT_LINE_TYPE_SET
    if (typeof typeRaw !== 'string' || !set.has(typeRaw)) {
      out.add(
        `${prefix}.type`,
        `The line type ${typeof typeRaw === 'string' ? quote(typeRaw) : describe(typeRaw)} is not supported.`,
      )
      type = null
    } else if (k.kind === 'payment' && typeRaw === 'tip') {
      out.add(`${prefix}.type`, 'The line type tip cannot be used when creating a payment.')
      type = null
    } else type = typeRaw
  }
  // name (orders) / description (payments)
  checkRequiredString(
    out,
    `${prefix}.${k.kind === 'order' ? 'name' : 'description'}`,
    get(v, k.kind === 'order' ? 'name' : 'description'),
  )
  // quantity: integer >= 1
  const qRaw = get(v, 'quantity')
  let quantity: number | null = null
  if (qRaw === undefined) out.add(`${prefix}.quantity`, `The field ${prefix}.quantity is required.`)
  else if (typeof qRaw !== 'number' || !Number.isSafeInteger(qRaw)) {
    out.add(
      `${prefix}.quantity`,
      `The field ${prefix}.quantity must be an integer, not ${typeof qRaw === 'number' ? String(qRaw) : describe(qRaw)}.`,
    )
  } else if (qRaw < QUANTITY_MIN) {
    out.add(`${prefix}.quantity`, `The field ${prefix}.quantity must be at least ${QUANTITY_MIN}.`)
  } else quantity = qRaw
  if (k.kind === 'payment') checkOptionalString(out, `${prefix}.quantityUnit`, get(v, 'quantityUnit'))
  // unitPrice: sign by type
  const unit = checkAmount(out, `${prefix}.unitPrice`, get(v, 'unitPrice'), true, currency)
  if (unit && type !== null) {
    const credit = CREDIT_LINE_TYPES.includes(type)
    if (credit && unit.minor > 0n) {
      out.add(
        `${prefix}.unitPrice`,
        `The unit price of a ${type} line must be negative (or zero), got ${unit.amount.value}.`,
      )
    } else if (!credit && unit.minor < 0n) {
      out.add(
        `${prefix}.unitPrice`,
        `The unit price may only be negative for lines of type discount, store_credit or gift_card; this line is ${type}.`,
      )
    }
  }
  // discountAmount: zero or positive; ignored on discount lines (spec 2.3 "irrelevant")
  const discountRaw = discountAmountIgnored(type) ? undefined : get(v, 'discountAmount')
  const discount = checkAmount(out, `${prefix}.discountAmount`, discountRaw, false, currency)
  let discountOk = discountRaw === undefined || discount !== null
  if (discount && discount.minor < 0n) {
    out.add(
      `${prefix}.discountAmount`,
      `The discount amount must be given as a positive amount, got ${discount.amount.value}.`,
    )
    discountOk = false
  }
  // totalAmount = unitPrice × quantity − discountAmount
  const total = checkAmount(out, `${prefix}.totalAmount`, get(v, 'totalAmount'), true, currency)
  if (total && unit && quantity !== null && discountOk && unit.amount.currency === total.amount.currency) {
    const expectedMinor = unit.minor * BigInt(quantity) - (discount?.minor ?? 0n)
    if (expectedMinor !== total.minor) {
      const expected = fromMinor(expectedMinor, total.amount.currency)
      out.add(
        `${prefix}.totalAmount`,
        `The total amount is ${total.amount.value}, expected ${expected} (${totalFormulaText(unit.amount, quantity, discount?.amount)}).`,
        expected,
      )
    }
  }
  checkVatRateAndAmount(out, prefix, v, total, currency)
  // sku
  const sku = checkOptionalString(out, `${prefix}.sku`, get(v, 'sku'))
  if (sku !== null && codePointLength(sku, SKU_MAX_LENGTH) > SKU_MAX_LENGTH) {
    out.add(`${prefix}.sku`, `The field ${prefix}.sku may be at most ${SKU_MAX_LENGTH} characters.`)
  }
  if (k.kind === 'order') {
    const category = get(v, 'category')
    if (category !== undefined && (typeof category !== 'string' || !CATEGORY_SET.has(category))) {
      out.add(`${prefix}.category`, `The category must be one of ${VOUCHER_CATEGORIES.join(', ')}.`)
    }
    checkMetadata(out, `${prefix}.metadata`, get(v, 'metadata'))
  }
  checkUrl(out, `${prefix}.imageUrl`, get(v, 'imageUrl'), false)
  checkUrl(out, `${prefix}.productUrl`, get(v, 'productUrl'), false)
  return total
}

/** Spec 2.3: `discountAmount` is irrelevant for discount-type lines, so it is ignored there. */
export function discountAmountIgnored(type: unknown): boolean {
  return type === 'discount'
}

/** Checks `lines` and, when every line total is valid, that they sum to the amount. */
function checkLinesAndSum(
  out: Violations,
  raw: unknown,
  amount: ParsedAmount | null,
  k: LineKind,
  required: boolean,
): void {
  if (raw === undefined) {
    if (required) out.add('lines', 'The field lines is required and must hold at least one line.')
    return
  }
  if (!Array.isArray(raw)) {
    out.add('lines', `The field lines must be an array of lines, not ${describe(raw)}.`)
    return
  }
  if (raw.length === 0) {
    out.add('lines', 'The field lines must hold at least one line.')
    return
  }
  const currency = amount?.amount.currency
  let sum = 0n
  let allTotals = true
  for (let i = 0; i < raw.length; i++) {
    const total = checkLine(out, i, raw[i], currency, k)
    if (total) sum += total.minor
    else allTotals = false
  }
  // spec 2.3: the sum of all line totals must equal the order amount.
  if (amount && allTotals && sum !== amount.minor) {
    const expected = fromMinor(sum, amount.amount.currency)
    out.add(
      'amount',
      `The amount is ${amount.amount.value}, expected ${expected} (the sum of the ${raw.length} line totals).`,
      expected,
    )
  }
}

function checkDates(out: Violations, o: Obj, ctx: RuleContext, methods: readonly string[]): void {
  checkExpiresAt(out, o, ctx, methods)
  const today = parseIsoDate(ctx.today)
  // consumerDateOfBirth (spec 2.2): a real past date
  const dobRaw = get(o, 'consumerDateOfBirth')
  if (dobRaw !== undefined) {
    const d = parseIsoDate(dobRaw)
    if (d === null) {
      out.add('consumerDateOfBirth', 'The field consumerDateOfBirth must be a real date in the form YYYY-MM-DD.')
    } else if (today !== null && d >= today) {
      out.add('consumerDateOfBirth', 'The date of birth must be in the past.')
    }
  }
}

/** expiresAt (spec 2.2 / 8.2): a real date from tomorrow to 100 days after tomorrow (klarna: 28 days). */
function checkExpiresAt(out: Violations, o: Obj, ctx: RuleContext, methods: readonly string[]): void {
  const today = parseIsoDate(ctx.today)
  const expiresRaw = get(o, 'expiresAt')
  if (expiresRaw !== undefined) {
    const d = parseIsoDate(expiresRaw)
    if (d === null) {
      out.add('expiresAt', 'The field expiresAt must be a real date in the form YYYY-MM-DD.')
    } else if (today !== null) {
      const min = today + EXPIRES_AT_MIN_DAYS_AHEAD
      const max = methods.includes('klarna')
        ? today + KLARNA_EXPIRES_AT_MAX_DAYS_AHEAD
        : today + EXPIRES_AT_MAX_DAYS_AHEAD
      if (d < min) {
        out.add('expiresAt', `The expiry date must be tomorrow (${isoDateFromDays(min)}) or later.`)
      } else if (d > max) {
        out.add(
          'expiresAt',
          methods.includes('klarna')
            ? `With method klarna the expiry date may be at most ${KLARNA_EXPIRES_AT_MAX_DAYS_AHEAD} days ahead (${isoDateFromDays(max)}).`
            : `The expiry date may be at most 100 days after tomorrow (${isoDateFromDays(max)}).`,
        )
      }
    }
  }
}

function bodyNotObject(body: unknown): RuleViolation[] {
  return [{ field: '', message: `The request body must be a JSON object, not ${describe(body)}.` }]
}

function unexpected(): RuleViolation[] {
  // Only reachable with inputs JSON cannot produce (throwing getters, proxies).
  return [{ field: '', message: 'The request body could not be read.' }]
}

// ---------------------------------------------------------------------------------------------
// Public validators

/** Rules of POST /orders (spec 2.1-2.5, 4.1, 5.3/5.4, 7, 8.2). Empty result = acceptable. */
export function validateCreateOrder(body: unknown, ctx: RuleContext): RuleViolation[] {
  if (!isObject(body)) return bodyNotObject(body)
  try {
    const out = new Violations()
    checkRequiredString(out, 'orderNumber', get(body, 'orderNumber'))
    let amount = checkAmount(out, 'amount', get(body, 'amount'), true)
    if (amount) {
      if (amount.minor <= 0n) {
        out.add('amount', `The amount must be more than zero, got ${amount.amount.value}.`)
      } else if (!checkAmountMaximum(out, 'amount', amount)) {
        amount = null
      }
    }
    // spec 2.2: orders have no sequenceType, so redirectUrl is required.
    checkUrl(out, 'redirectUrl', get(body, 'redirectUrl'), true)
    checkUrl(out, 'cancelUrl', get(body, 'cancelUrl'), false)
    checkWebhookUrl(out, 'webhookUrl', get(body, 'webhookUrl'), ctx)
    checkAddress(out, 'billingAddress', get(body, 'billingAddress'), true, ORDER_ADDRESS_REQUIRED)
    checkAddress(out, 'shippingAddress', get(body, 'shippingAddress'), false, ORDER_ADDRESS_REQUIRED)
    checkLocale(out, body, true)
    const methods = checkMethod(out, get(body, 'method'))
    checkBoolean(out, 'shopperCountryMustMatchBillingCountry', get(body, 'shopperCountryMustMatchBillingCountry'))
    checkMetadata(out, 'metadata', get(body, 'metadata'))
    checkCredentialFields(out, body, ctx, 'create-order')
    checkDates(out, body, ctx, methods)
    checkTestmode(out, body, ctx)
    checkLinesAndSum(out, get(body, 'lines'), amount, { kind: 'order' }, true)
    return out.list
  } catch {
    return unexpected()
  }
}

/**
 * Rules of POST /payments (spec 4.2, 2.6). Field order: amount, description, redirectUrl,
 * cancelUrl, webhookUrl, method, locale, metadata, sequenceType, customerId, mandateId, expiresAt,
 * billingAddress, shippingAddress, profileId, testmode, lines, then the sum of line totals.
 * `expiresAt` follows the order's rule (a date, tomorrow to 100 days after tomorrow): the
 * documentation defines no other request-side expiresAt.
 */
export function validateCreatePayment(body: unknown, ctx: RuleContext): RuleViolation[] {
  if (!isObject(body)) return bodyNotObject(body)
  try {
    const out = new Violations()
    const sequenceRaw = get(body, 'sequenceType')
    const sequenceType = typeof sequenceRaw === 'string' ? sequenceRaw : undefined
    let amount = checkAmount(out, 'amount', get(body, 'amount'), true)
    if (amount) {
      if (amount.minor < 0n || (amount.minor === 0n && sequenceType !== 'first')) {
        out.add('amount', `The amount must be more than zero, got ${amount.amount.value}.`)
      } else if (!checkAmountMaximum(out, 'amount', amount)) {
        amount = null
      }
    }
    // spec 2.6: longer than 255 characters is truncated by the service, not refused.
    checkRequiredString(out, 'description', get(body, 'description'))
    // spec 2.2 / 4.2: redirectUrl may be omitted only for recurring payments.
    checkUrl(out, 'redirectUrl', get(body, 'redirectUrl'), sequenceType !== 'recurring')
    checkUrl(out, 'cancelUrl', get(body, 'cancelUrl'), false)
    checkWebhookUrl(out, 'webhookUrl', get(body, 'webhookUrl'), ctx)
    const methods = checkMethod(out, get(body, 'method'))
    checkLocale(out, body, false)
    checkMetadata(out, 'metadata', get(body, 'metadata'))
    if (
      sequenceRaw !== undefined &&
      (typeof sequenceRaw !== 'string' || !(SEQUENCE_TYPES as readonly string[]).includes(sequenceRaw))
    ) {
      out.add('sequenceType', `The field sequenceType must be one of ${SEQUENCE_TYPES.join(', ')}.`)
    }
    // first and recurring payments belong to a customer; a mandate id names one of its mandates.
    const customerId = get(body, 'customerId')
    if (customerId === undefined) {
      if (sequenceType === 'first' || sequenceType === 'recurring') {
        out.add('customerId', `The field customerId is required for a ${sequenceType} payment.`)
      }
    } else if (typeof customerId !== 'string' || !CUSTOMER_ID_PATTERN.test(customerId)) {
      out.add('customerId', 'The field customerId must be a customer id such as cst_8wmqcHMN4U.')
    }
    const mandateId = get(body, 'mandateId')
    if (mandateId !== undefined && (typeof mandateId !== 'string' || !MANDATE_ID_PATTERN.test(mandateId))) {
      out.add('mandateId', 'The field mandateId must be a mandate id such as mdt_h3gAaD5zP.')
    }
    checkExpiresAt(out, body, ctx, methods)
    checkAddress(out, 'billingAddress', get(body, 'billingAddress'), false, PAYMENT_ADDRESS_REQUIRED)
    checkAddress(out, 'shippingAddress', get(body, 'shippingAddress'), false, PAYMENT_ADDRESS_REQUIRED)
    checkCredentialFields(out, body, ctx, 'create-payment')
    checkTestmode(out, body, ctx)
    const needsLines = methods.find((m) => METHODS_REQUIRING_LINES.includes(m))
    const linesRaw = get(body, 'lines')
    if (linesRaw === undefined && needsLines !== undefined) {
      out.add('lines', `The field lines is required for payment method ${needsLines}.`)
    } else {
      checkLinesAndSum(out, linesRaw, amount, { kind: 'payment' }, false)
    }
    return out.list
  } catch {
    return unexpected()
  }
}

/** A payment description as the service stores it: at most 255 characters (code points). */
export function truncatedDescription(description: string): string {
  if (description.length <= PAYMENT_DESCRIPTION_MAX) return description
  let out = ''
  let n = 0
  for (const ch of description) {
    if (n === PAYMENT_DESCRIPTION_MAX) break
    out += ch
    n++
  }
  return out
}

/** Violations grouped by field, each group in the original order (for inline display). */
export function violationsByField(violations: readonly RuleViolation[]): Record<string, RuleViolation[]> {
  const grouped: Record<string, RuleViolation[]> = Object.create(null) as Record<string, RuleViolation[]>
  for (const v of violations) {
    const list = grouped[v.field]
    if (list) list.push(v)
    else grouped[v.field] = [v]
  }
  return grouped
}

// ---------------------------------------------------------------------------------------------
// Totals for the order builder

/** One line as the builder holds it; amounts may be Amount objects or bare value strings. */
export interface OrderTotalsLineInput {
  type?: string
  quantity: unknown
  unitPrice: Amount | string | null | undefined
  discountAmount?: Amount | string | null
  vatRate?: string | null
}

export interface LineTotals {
  index: number
  /** unitPrice × quantity − discountAmount, or null when the inputs are not valid yet. */
  totalAmount: Amount | null
  /** "10.00 × 2 - 1.00 = 19.00" */
  totalFormula: string | null
  /** Present when a vatRate is given and valid. */
  vatAmount: Amount | null
  /** "19.00 × 21.00 / 121.00 = 3.30" */
  vatFormula: string | null
  /** Why the line's totals cannot be computed yet (null when they could). */
  problem: string | null
}

export interface OrderTotals {
  currency: string
  lines: LineTotals[]
  /** Sum of the line totals, or null while any line is incomplete. */
  amount: Amount | null
  /** "19.00 + 5.00 = 24.00" (or "sum of N line totals = ..." for many lines). */
  amountFormula: string | null
}

const AMOUNT_FORMULA_MAX_TERMS = 8

function valueOf(a: Amount | string | null | undefined): string | undefined {
  if (a === null || a === undefined) return undefined
  return typeof a === 'string' ? a : a.value
}

/** A line's totals before anything is known about it. */
export function noLineTotals(index: number): LineTotals {
  return { index, totalAmount: null, totalFormula: null, vatAmount: null, vatFormula: null, problem: null }
}

/**
 * Expected totalAmount and vatAmount of each line (spec 2.3) and the order amount (their sum),
 * with human formulas. Never throws: incomplete lines get `problem` instead of totals.
 */
export function computeOrderTotals(lines: readonly OrderTotalsLineInput[], currency: string): OrderTotals {
  const result: LineTotals[] = []
  let sum = 0n
  let complete = lines.length > 0 && Object.prototype.hasOwnProperty.call(CURRENCIES, currency)
  const terms: string[] = []
  for (const [index, line] of lines.entries()) {
    const r = noLineTotals(index)
    result.push(r)
    const unitValue = valueOf(line.unitPrice)
    const unit = parseAmountValue(unitValue, currency)
    const discountValue = valueOf(line.discountAmount)
    const discount =
      discountValue === undefined || discountValue === '' ? null : parseAmountValue(discountValue, currency)
    const q = line.quantity
    if (!unit.ok) r.problem = `unit price: ${unit.reason}`
    else if (discount && !discount.ok) r.problem = `discount amount: ${discount.reason}`
    else if (typeof q !== 'number' || !Number.isSafeInteger(q) || q < QUANTITY_MIN)
      r.problem = 'quantity must be a whole number of at least 1'
    if (r.problem !== null || !unit.ok || (discount && !discount.ok) || typeof q !== 'number') {
      complete = false
      continue
    }
    const discountMinor = discount && discount.ok ? discount.value : 0n
    const totalMinor = unit.value * BigInt(q) - discountMinor
    const total = amountFromMinor(totalMinor, currency)
    r.totalAmount = total
    r.totalFormula = `${totalFormulaText({ currency, value: unitValue ?? '' }, q, discount ? { currency, value: discountValue ?? '' } : null)} = ${total.value}`
    sum += totalMinor
    terms.push(total.value)
    if (line.vatRate !== undefined && line.vatRate !== null && line.vatRate !== '') {
      const rate = parseVatRate(line.vatRate)
      if (rate.ok) {
        const vat = amountFromMinor(vatAmountMinor(totalMinor, rate.value), currency)
        r.vatAmount = vat
        r.vatFormula = `${vatFormulaText(total, rate.value)} = ${vat.value}`
      } else {
        r.problem = `VAT rate: ${rate.reason}`
      }
    }
  }
  if (!complete) return { currency, lines: result, amount: null, amountFormula: null }
  const amount = amountFromMinor(sum, currency)
  const amountFormula =
    terms.length <= AMOUNT_FORMULA_MAX_TERMS
      ? `${terms.join(' + ')} = ${amount.value}`
      : `sum of ${terms.length} line totals = ${amount.value}`
  return { currency, lines: result, amount, amountFormula }
}

// ---------------------------------------------------------------------------------------------
// Acting on an existing payment (refund, update). The state rules (what a payment in a given
// status allows) live in src/shared/payment-actions.ts; these check the request body only.

/** https://docs.mollie.com/reference/create-refund: a refund description, like a payment's, is at most 255 characters. */
export const REFUND_DESCRIPTION_MAX = 255

/**
 * Create refund (https://docs.mollie.com/reference/create-refund): `amount` (required, more than
 * zero), `description` (optional string), `metadata` (optional, as for payments), and the
 * credential fields (`testmode` with a token; never `profileId`: the payment names its profile).
 * Currency and the remaining amount are checked against the payment (payment-actions.ts).
 */
export function validateCreateRefund(body: unknown, ctx: RuleContext): RuleViolation[] {
  if (!isObject(body)) return bodyNotObject(body)
  try {
    const out = new Violations()
    const amount = checkAmount(out, 'amount', get(body, 'amount'), true)
    if (amount && amount.minor <= 0n) {
      out.add('amount', `The amount to refund must be more than zero, got ${amount.amount.value}.`)
    }
    const description = checkOptionalString(out, 'description', get(body, 'description'))
    if (description !== null && codePointLength(description, REFUND_DESCRIPTION_MAX) > REFUND_DESCRIPTION_MAX) {
      out.add('description', `The field description may be at most ${REFUND_DESCRIPTION_MAX} characters.`)
    }
    checkMetadata(out, 'metadata', get(body, 'metadata'))
    checkActCredentialFields(out, body, ctx, 'create-refund')
    return out.list
  } catch {
    return unexpected()
  }
}

/** The fields update payment takes (https://docs.mollie.com/reference/update-payment), as the sandbox and the app use them. */
export const UPDATABLE_PAYMENT_FIELDS = ['description', 'redirectUrl', 'cancelUrl', 'webhookUrl', 'metadata'] as const
export type UpdatablePaymentField = (typeof UPDATABLE_PAYMENT_FIELDS)[number]

/**
 * Update payment (https://docs.mollie.com/reference/update-payment): `description` (non-empty,
 * truncated to 255 like on create), `redirectUrl`, `cancelUrl` and `webhookUrl` (absolute http(s)
 * URLs; the webhook reachable; `cancelUrl`/`webhookUrl` may be null to remove them), `metadata`
 * (null removes it). Other fields are ignored, as the service ignores what it does not take.
 */
export function validateUpdatePayment(body: unknown, ctx: RuleContext): RuleViolation[] {
  if (!isObject(body)) return bodyNotObject(body)
  try {
    const out = new Violations()
    if (has(body, 'description')) checkRequiredString(out, 'description', body['description'])
    if (has(body, 'redirectUrl')) checkUrl(out, 'redirectUrl', body['redirectUrl'] ?? undefined, true)
    if (has(body, 'cancelUrl') && body['cancelUrl'] !== null) checkUrl(out, 'cancelUrl', body['cancelUrl'], false)
    if (has(body, 'webhookUrl') && body['webhookUrl'] !== null) {
      checkWebhookUrl(out, 'webhookUrl', body['webhookUrl'], ctx)
    }
    checkMetadata(out, 'metadata', get(body, 'metadata'))
    checkActCredentialFields(out, body, ctx, 'update-payment')
    for (const v of updatePaymentFieldViolations(body)) out.add(v.field, v.message)
    return out.list
  } catch {
    return unexpected()
  }
}

/** Acting on an object takes no profileId (src/shared/service/scope.ts); testmode only with a token. */
function checkActCredentialFields(out: Violations, o: Obj, ctx: RuleContext, operation: string): void {
  if (scopeForOperation(ctx.credential, operation).profileId === 'forbidden' && get(o, 'profileId') !== undefined) {
    out.add('profileId', 'The field profileId may not be sent with credentials linked to one profile.')
  }
  checkTestmode(out, o, ctx)
}

// What every rule of the order rules shares: the violation and context types, the service's limits,
// reading a parsed JSON body safely, and the small checks every field uses (see index.ts for the
// conventions). Pure TypeScript: no node, no DOM.
import { ID_PATTERNS } from '../service/ids'

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
/** https://docs.mollie.com/reference/v2/payments-api/create-payment: `customerId`, `mandateId` */
export const CUSTOMER_ID_PATTERN = ID_PATTERNS.customer
export const MANDATE_ID_PATTERN = ID_PATTERNS.mandate

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/

// ---------------------------------------------------------------------------------------------
// Small helpers

export type Obj = Record<string, unknown>

export function isObject(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/** An own property only, so nothing comes from a (polluted) prototype; null reads as absent. */
export function get(o: Obj, key: string): unknown {
  if (!Object.prototype.hasOwnProperty.call(o, key)) return undefined
  const v = o[key]
  return v === null ? undefined : v
}

export function has(o: Obj, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(o, key) && o[key] !== undefined
}

export function describe(v: unknown): string {
  if (v === null) return 'null'
  if (Array.isArray(v)) return 'an array'
  if (typeof v === 'object') return 'an object'
  return `a ${typeof v}`
}

export function quote(s: string): string {
  return JSON.stringify(s.length > 60 ? `${s.slice(0, 60)}…` : s)
}

export function codePointLength(s: string, stopAfter: number): number {
  let n = 0
  for (const _ of s) {
    n++
    if (n > stopAfter) break
  }
  return n
}

/** UTF-8 byte length of a string, counted without TextEncoder (works in every runtime). */
export function utf8ByteLength(s: string): number {
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

export class Violations {
  readonly list: RuleViolation[] = []
  add(field: string, message: string, expected?: string): void {
    this.list.push(expected === undefined ? { field, message } : { field, message, expected })
  }
}

export function checkRequiredString(out: Violations, field: string, v: unknown): string | null {
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

export function checkOptionalString(out: Violations, field: string, v: unknown): string | null {
  if (v === undefined) return null
  if (typeof v !== 'string') {
    out.add(field, `The field ${field} must be a string, not ${describe(v)}.`)
    return null
  }
  return v
}

export function checkBoolean(out: Violations, field: string, v: unknown): void {
  if (v !== undefined && typeof v !== 'boolean') {
    out.add(field, `The field ${field} must be a boolean, not ${describe(v)}.`)
  }
}

function bodyNotObject(body: unknown): RuleViolation[] {
  return [{ field: '', message: `The request body must be a JSON object, not ${describe(body)}.` }]
}

function unexpected(): RuleViolation[] {
  // Only reachable with inputs JSON cannot produce (throwing getters, proxies).
  return [{ field: '', message: 'The request body could not be read.' }]
}

/**
 * The frame of every body validator: a body that is not a JSON object is refused in one sentence;
 * `check` adds what is wrong with an object; a body that cannot be read (a throwing getter) is refused.
 */
export function validateBody(body: unknown, check: (out: Violations, body: Obj) => void): RuleViolation[] {
  if (!isObject(body)) return bodyNotObject(body)
  try {
    const out = new Violations()
    check(out, body)
    return out.list
  } catch {
    return unexpected()
  }
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

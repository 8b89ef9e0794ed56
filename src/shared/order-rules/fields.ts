// The order's and payment's own fields that are neither amounts, URLs nor addresses: locale, method,
// metadata and the dates (expiresAt, consumerDateOfBirth).
import { LOCALES, PAYMENT_METHODS } from '../api-types'
import {
  describe,
  EXPIRES_AT_MAX_DAYS_AHEAD,
  EXPIRES_AT_MIN_DAYS_AHEAD,
  get,
  has,
  isObject,
  isoDateFromDays,
  KLARNA_EXPIRES_AT_MAX_DAYS_AHEAD,
  METADATA_MAX_BYTES,
  type Obj,
  parseIsoDate,
  quote,
  type RuleContext,
  utf8ByteLength,
  type Violations,
} from './common'

const LOCALE_SET: ReadonlySet<string> = new Set(LOCALES)
const METHOD_SET: ReadonlySet<string> = new Set(PAYMENT_METHODS)

export function checkLocale(out: Violations, o: Obj, required: boolean): void {
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
export function checkMethod(out: Violations, v: unknown): string[] {
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

/** Serialized size of metadata in UTF-8 bytes, or null when it cannot be serialized. */
export function metadataByteLength(v: unknown): number | null {
  try {
    const json = JSON.stringify(v)
    return json === undefined ? null : utf8ByteLength(json)
  } catch {
    return null
  }
}

export function checkMetadata(out: Violations, field: string, v: unknown): void {
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

export function checkDates(out: Violations, o: Obj, ctx: RuleContext, methods: readonly string[]): void {
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
export function checkExpiresAt(out: Violations, o: Obj, ctx: RuleContext, methods: readonly string[]): void {
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

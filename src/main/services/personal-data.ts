// Customers' personal data in what Paydesk writes out of the app (request-log HAR/JSON exports,
// "Report a problem", payments exports). Left out unless the person chose to include it in main's
// own question (main-questions.ts choosePersonalData).
//
// Two passes, so a value is left out wherever it appears: first every personal value is collected
// from the JSON bodies by field name (and every metadata value); then those values are replaced in
// every string of the document, which also catches them echoed in an error's detail, a URL or a
// body that is not JSON.

import type { PersonalDataInFile } from '../../shared/request-log-types'

/** Replaces a personal value. */
const LEFT_OUT = '[left out]'

/**
 * Field names whose string values are personal (spec 2: addresses, payment details; the real
 * service's payment `details` for cards and bank transfers). Compared in lower case.
 */
const PERSONAL_FIELDS = new Set(
  [
    'givenName',
    'familyName',
    'organizationName',
    'email',
    'phone',
    'streetAndNumber',
    'streetAdditional',
    'postalCode',
    'city',
    'region',
    'name',
    'description',
    'consumerName',
    'consumerAccount',
    'consumerBic',
    'cardHolder',
    'cardNumber',
    'cardFingerprint',
    'iban',
    'bic',
    'bankAccount',
    'bankBic',
    'bankName',
    'billingEmail',
    'transferReference',
    'customerReference',
    'shippingAddress',
    'billingAddress',
  ].map((name) => name.toLowerCase()),
)

/** Objects whose every leaf value is personal (keys stay: they say what kind of data it was). */
const PERSONAL_CONTAINERS = new Set(['metadata', 'details', 'billingaddress', 'shippingaddress', 'address'])

/**
 * Shorter values are not replaced in free text ("NL" or "12" would mangle everything else); by
 * field name they are left out whatever their length.
 */
const MIN_FREE_TEXT_VALUE = 4

function collectLeaves(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') {
    if (value !== '') into.add(value)
  } else if (typeof value === 'number' || typeof value === 'boolean') {
    into.add(String(value))
  } else if (Array.isArray(value)) {
    for (const item of value) collectLeaves(item, into)
  } else if (value && typeof value === 'object') {
    for (const item of Object.values(value)) collectLeaves(item, into)
  }
}

function collect(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) collect(item, into)
    return
  }
  if (!value || typeof value !== 'object') return
  for (const [key, item] of Object.entries(value)) {
    const name = key.toLowerCase()
    if (PERSONAL_CONTAINERS.has(name)) collectPersonalContainer(name, item, into)
    else if (PERSONAL_FIELDS.has(name)) collectLeaves(item, into)
    else collect(item, into)
  }
}

/** `details` holds personal fields among others (amounts, statuses): only those are taken. */
function collectPersonalContainer(name: string, value: unknown, into: Set<string>): void {
  if (name !== 'details') {
    collectLeaves(value, into)
    return
  }
  collect(value, into)
}

/** A body as an object to read fields from: JSON, or a form-encoded body (the service accepts both). */
function parseBody(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    if (!/^[^=&\s]+=[^&]*(&[^=&\s]+=[^&]*)*$/.test(text)) return null
    const fields: Record<string, unknown> = {}
    const metadata: Record<string, string> = {}
    for (const [key, value] of new URLSearchParams(text)) {
      // `billingAddress[email]` names the field in brackets.
      const leaf = /\[([^\]]+)\]$/.exec(key)?.[1] ?? key
      if (/^metadata(\[|$)/i.test(key)) metadata[leaf] = value
      else fields[leaf] = value
    }
    if (Object.keys(metadata).length > 0) fields['metadata'] = metadata
    return fields
  }
}

/** Every personal value in these bodies (JSON or form-encoded text). */
export function personalValuesOf(bodies: Iterable<string | null | undefined>): Set<string> {
  const values = new Set<string>()
  for (const body of bodies) {
    if (!body) continue
    const parsed = parseBody(body)
    if (parsed !== null) collect(parsed, values)
    // A body cut short (the log keeps the head of a large one) is not JSON: its fields are read as text.
    else for (const match of body.matchAll(FIELD_IN_TEXT)) if (isPersonalName(match[1])) values.add(unescape(match[2]))
  }
  return values
}

/** `"name": "value"` in a JSON text that may be cut short. */
const FIELD_IN_TEXT = /"([A-Za-z_]+)"\s*:\s*"((?:[^"\\]|\\.)*)"/g

function isPersonalName(name: string | undefined): boolean {
  return name !== undefined && PERSONAL_FIELDS.has(name.toLowerCase())
}

function unescape(jsonString: string | undefined): string {
  try {
    return JSON.parse(`"${jsonString ?? ''}"`) as string
  } catch {
    return jsonString ?? ''
  }
}

/** Every personal value in these objects (payments as the service returned them). */
export function personalValuesIn(objects: Iterable<unknown>): Set<string> {
  const values = new Set<string>()
  for (const object of objects) collect(object, values)
  return values
}

/** Masks the values found, and their JSON-escaped and URL-encoded forms, in a text. */
export function createPersonalDataMasker(values: Iterable<string>): (text: string) => string {
  const forms = new Set<string>()
  for (const value of values) {
    if ([...value].length < MIN_FREE_TEXT_VALUE) continue
    forms.add(value)
    const escaped = JSON.stringify(value).slice(1, -1)
    forms.add(escaped)
    forms.add(encodeURIComponent(value))
    forms.add(new URLSearchParams({ v: value }).toString().slice(2))
  }
  // Longest first, so a name inside an e-mail address does not leave the rest of the address; not
  // inside a longer word or number ("Anna" stays in "Annapolis Street 1" only if that was not a value).
  const sorted = [...forms].filter((f) => f.length >= MIN_FREE_TEXT_VALUE).sort((a, b) => b.length - a.length)
  if (sorted.length === 0) return (text) => text
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${sorted.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}])`, 'gu')
  return (text) => text.replace(pattern, LEFT_OUT)
}

/** Every string in a JSON value masked (keys and structure stay). */
export function maskStrings<T>(value: T, mask: (text: string) => string): T {
  if (typeof value === 'string') return mask(value) as T
  if (Array.isArray(value)) return value.map((item: unknown) => maskStrings(item, mask)) as T
  if (!value || typeof value !== 'object') return value
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, maskStrings(item, mask)])) as T
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * A JSON value with every personal field's value replaced (short ones too, by field name), then
 * every remaining string masked for the values collected.
 */
export function withoutPersonalData<T>(value: T, mask: (text: string) => string): T {
  return strip(value, mask, false) as T
}

function strip(value: unknown, mask: (text: string) => string, personal: boolean): unknown {
  if (typeof value === 'string') return personal && value !== '' ? LEFT_OUT : mask(value)
  if ((typeof value === 'number' || typeof value === 'boolean') && personal) return LEFT_OUT
  if (Array.isArray(value)) return value.map((item) => strip(item, mask, personal))
  if (!value || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => {
      const name = key.toLowerCase()
      const inner = personal || PERSONAL_FIELDS.has(name) || (PERSONAL_CONTAINERS.has(name) && name !== 'details')
      return [key, name === 'details' && !personal ? strip(item, mask, false) : strip(item, mask, inner)]
    }),
  )
}

/** A body text without personal data: JSON rewritten field by field, any other text masked. */
export function bodyWithoutPersonalData(text: string, mask: (text: string) => string): string {
  try {
    return JSON.stringify(withoutPersonalData(JSON.parse(text) as unknown, mask))
  } catch {
    const fields = text.replace(FIELD_IN_TEXT, (whole, name: string) =>
      isPersonalName(name) ? `"${name}":"${LEFT_OUT}"` : whole,
    )
    return mask(fields)
  }
}

// --- What a file says it holds (issue 45): whoever opens an export learns it from the file itself,
// not only from the message Paydesk showed when it was saved.

/** The value of a JSON export's top-level `personalData`. */
export function personalDataLabel(choice: PersonalDataInFile): 'left out' | 'included' {
  return choice === 'included' ? 'included' : 'left out'
}

/** One sentence for a HAR `log.comment` and a CSV export's first line. */
export function personalDataSentence(choice: PersonalDataInFile): string {
  return choice === 'included'
    ? 'Customers’ personal data: included. Share this file only with people who may see it.'
    : `Customers’ personal data: left out (replaced by “${LEFT_OUT}”).`
}

/** The default file name of an export: `…-with-personal-data` before the extension when it holds any. */
export function exportFileName(stem: string, extension: string, choice: PersonalDataInFile): string {
  return `${stem}${choice === 'included' ? '-with-personal-data' : ''}.${extension}`
}

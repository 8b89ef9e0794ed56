// Redaction of everything the request log keeps (defence in depth: the API client already
// replaces Authorization with `Bearer ***`). Runs BEFORE an attempt is stored, persisted, sent to
// the renderer or exported, so no later step has to remember it.

import type { AttemptEvent } from '../../../shared/api-events'
import type { LoggedAttempt } from '../../../shared/request-log-types'
import { CREDENTIAL_IN_TEXT, MIN_SECRET_BODY_LENGTH } from '../../../shared/service/credentials'
import { knownSecret, maskKnownSecrets, type KnownSecret } from '../secret-forms'

export const REDACTED = '[redacted]'

/**
 * Credential-like names, compared after lower-casing and dropping `-`, `_` and spaces, so
 * `api_key`, `Api-Key` and `apiKey` all match. Idempotency keys are not secrets and stay (they
 * are what engineering needs to trace a duplicate).
 */
const CREDENTIAL_NAME_PARTS = [
  'authorization',
  'cookie', // also set-cookie
  'apikey',
  'token', // token, access_token, refresh_token, x-auth-token
  'secret', // secret, client_secret
  'password',
  'passwd',
  'credential',
  'privatekey',
]

/**
 * A credential-like name in a lower-cased text, with `-`, `_` or spaces between its letters (as
 * isCredentialName compares a name): where the lower-cased text has none, no key of a JSON text
 * without escapes is credential-like. Lower-cased first, not matched case-insensitively: a Kelvin
 * sign lower-cases to `k` but does not match `k` case-insensitively.
 */
const CREDENTIAL_NAME_IN_LOWER_TEXT = new RegExp(
  CREDENTIAL_NAME_PARTS.map((part) => [...part].join('[-_ ]*')).join('|'),
)

export function isCredentialName(name: string): boolean {
  const key = name.toLowerCase().replace(/[-_ ]/g, '')
  if (key.includes('idempotency')) return false
  return CREDENTIAL_NAME_PARTS.some((part) => key.includes(part))
}

/**
 * The shapes of the service's credentials (spec 5, the spec module's CREDENTIAL_IN_TEXT: every
 * credential the app accepts matches it), masked wherever they appear even when the secret itself
 * is not known here.
 */
const CREDENTIAL_PATTERN = CREDENTIAL_IN_TEXT

export interface Redactor {
  text(value: string): string
  headers(headers: Record<string, string>): Record<string, string>
  /** A request/response body: JSON is redacted field by field, anything else as text. */
  body(value: string): string
  attempt(event: AttemptEvent): LoggedAttempt
}

interface RedactorOptions {
  /** The secrets currently known (the connections' credentials); read on every call. */
  secretValues?: () => Iterable<string>
}

export function createRedactor(options: RedactorOptions = {}): Redactor {
  // Encoded forms per secret, computed once per secret value (secret-forms.ts).
  const formsCache = new Map<string, KnownSecret>()
  function secretForms(): KnownSecret[] {
    const out: KnownSecret[] = []
    for (const secret of options.secretValues?.() ?? []) {
      // Shorter values are not masked by value: they would blank out ordinary words (the spec module's one minimum).
      if (typeof secret !== 'string' || secret.length < MIN_SECRET_BODY_LENGTH) continue
      let known = formsCache.get(secret)
      if (!known) {
        known = knownSecret(secret, REDACTED)
        formsCache.set(secret, known)
      }
      out.push(known)
    }
    return out
  }

  return {
    text: (value) => maskText(value, secretForms()),
    headers: (headers) => redactHeaders(headers, secretForms()),
    body: (value) => redactBody(value, secretForms()),
    attempt: (event) => redactAttempt(event, secretForms()),
  }
}

function maskText(value: string, forms: KnownSecret[]): string {
  // Nothing maskable fits in a string shorter than the shortest known form (a credential's shape
  // is longer still): most keys and values of a page of payments are skipped here.
  if (value.length < MIN_SECRET_BODY_LENGTH) return value
  // Known secrets in any encoding, then anything shaped like a credential (unknown ones too; the
  // shape always holds an underscore).
  const known = maskKnownSecrets(value, forms)
  return known.includes('_')
    ? known.replace(CREDENTIAL_PATTERN, (_match, prefix: string) => `${prefix}_${REDACTED}`)
    : known
}

/** One body's walk: whether anything changed, and each key's verdict (keys repeat per object). */
interface Walk {
  forms: KnownSecret[]
  changed: boolean
  keys: Map<string, { masked: string; credential: boolean }>
}

function redactJson(value: unknown, walk: Walk): unknown {
  if (typeof value === 'string') {
    const masked = maskText(value, walk.forms)
    if (masked !== value) walk.changed = true
    return masked
  }
  if (Array.isArray(value)) return value.map((v) => redactJson(v, walk))
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(value)) {
      let key = walk.keys.get(k)
      if (!key) {
        key = { masked: maskText(k, walk.forms), credential: isCredentialName(k) }
        walk.keys.set(k, key)
      }
      if (key.masked !== k) walk.changed = true
      if (key.credential && v !== null) {
        walk.changed = true
        out[key.masked] = REDACTED
      } else out[key.masked] = redactJson(v, walk)
    }
    return out
  }
  return value
}

/**
 * Whether a JSON text must be read field by field. Not when its strings hold no escape (no `\`) and
 * it names nothing credential-like: every key and string is then in the text as it reads, so masking
 * the whole text finds every secret, encoded form and credential shape the walk would. A page of 250
 * payments (bench:page-reply's kind): 8.5–20 ms with the walk, 4.3–6.1 ms without (15 times each).
 */
function needsWalk(text: string): boolean {
  return text.includes('\\') || CREDENTIAL_NAME_IN_LOWER_TEXT.test(text.toLowerCase())
}

function redactBody(value: string, forms: KnownSecret[]): string {
  const trimmed = value.trimStart()
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    if (!needsWalk(value)) return maskText(value, forms)
    try {
      const parsed: unknown = JSON.parse(value)
      const walk: Walk = { forms, changed: false, keys: new Map() }
      const redacted = redactJson(parsed, walk)
      // Unchanged JSON keeps its original bytes (and formatting); changed JSON is re-serialized.
      // Either way the whole text is masked once more (a secret split across two strings).
      return maskText(walk.changed ? JSON.stringify(redacted) : value, forms)
    } catch {
      // Not JSON after all (or cut off): fall through to text masking.
    }
  }
  return redactFormLike(maskText(value, forms))
}

function redactHeaders(headers: Record<string, string>, forms: KnownSecret[]): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    out[name] = isCredentialName(name) ? REDACTED : maskText(String(value), forms)
  }
  return out
}

/** One attempt as the log keeps it: every text field masked, headers and bodies redacted. */
function redactAttempt(event: AttemptEvent, forms: KnownSecret[]): LoggedAttempt {
  return {
    attempt: event.attempt,
    startedAt: event.startedAt,
    url: redactUrl(maskText(event.url, forms)),
    requestHeaders: redactHeaders(event.requestHeaders ?? {}, forms),
    requestBody: event.requestBody === null ? null : redactBody(event.requestBody, forms),
    status: event.status,
    responseHeaders: event.responseHeaders ? redactHeaders(event.responseHeaders, forms) : null,
    responseBody: event.responseBody === null ? null : redactBody(event.responseBody, forms),
    responseBodyTruncated: event.responseBodyTruncated,
    timings: { ...event.timings },
    rateLimit: event.rateLimit ? { ...event.rateLimit } : null,
    outcome: event.outcome,
    error: event.error ? { kind: event.error.kind, message: maskText(event.error.message, forms) } : null,
    retryReason: event.retryReason === null ? null : maskText(event.retryReason, forms),
    nextWaitMs: event.nextWaitMs,
    bucket: event.bucket,
  }
}

/** Query parameters named like credentials (`?api_key=…`) lose their value. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?')
  if (q < 0) return url
  const hash = url.indexOf('#', q)
  const query = url.slice(q + 1, hash < 0 ? undefined : hash)
  const redacted = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=')
      if (eq < 0) return pair
      let name = pair.slice(0, eq)
      try {
        name = decodeURIComponent(name)
      } catch {
        // keep the raw name
      }
      return isCredentialName(name) ? `${pair.slice(0, eq)}=${encodeURIComponent(REDACTED)}` : pair
    })
    .join('&')
  return url.slice(0, q + 1) + redacted + (hash < 0 ? '' : url.slice(hash))
}

/** `a=1&password=x` style bodies (form-encoded) get the same treatment as URL queries. */
function redactFormLike(text: string): string {
  if (!/^[^\s=&]+=[^\s&]*(&[^\s=&]+=[^\s&]*)*$/.test(text)) return text
  return redactUrl(`?${text}`).slice(1)
}

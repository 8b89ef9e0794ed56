// The service's credentials (spec 5): their kinds, prefixes and shape. ONE pattern, used by the
// connections (what the app accepts), the sandbox (what it serves) and the request-log redactor
// (what it masks), so a credential the app accepts is always one the redactor recognises.

export type CredentialKind = 'api-key' | 'organization-token'
export type CredentialMode = 'test' | 'live'

/** Spec 5.1/5.3: the prefix decides the kind and, for API keys, the mode. */
export const CREDENTIAL_PREFIXES = {
  test: 'test_',
  live: 'live_',
  access: 'access_',
} as const

type CredentialPrefix = (typeof CREDENTIAL_PREFIXES)[keyof typeof CREDENTIAL_PREFIXES]

export const CREDENTIAL_PREFIX_LIST: readonly CredentialPrefix[] = Object.values(CREDENTIAL_PREFIXES)

export type DetectedCredential =
  | { kind: 'api-key'; mode: CredentialMode; prefix: 'test_' | 'live_' }
  | { kind: 'organization-token'; prefix: 'access_' }

/**
 * Characters allowed after the prefix. Issued keys are alphanumeric; `_` and `-` are allowed too so
 * URL-safe generated keys pass. Anything else (spaces, quotes, newlines from a sloppy paste) would
 * corrupt the Authorization header (spec 5.1).
 */
export const CREDENTIAL_BODY_PATTERN = /^[A-Za-z0-9_-]+$/

/**
 * The one minimum secret length: shorter than this after the prefix is almost certainly a truncated
 * paste, so the connections refuse it. Because nothing shorter is ever accepted, the scrubber, the
 * request-log redactor and the encoded-form search use the same figure (a known secret, a key's
 * body, an encoded form): masking anything shorter would only blank out ordinary words, and a
 * higher figure would leave part of an accepted key unmasked.
 */
export const MIN_SECRET_BODY_LENGTH = 10
/** Generous upper bound; also the IPC schema's limit. */
export const MAX_SECRET_LENGTH = 512

/** A whole credential of any kind (the sandbox serves exactly these). */
export const CREDENTIAL_PATTERN = /^(test|live|access)_([A-Za-z0-9_-]+)$/

/**
 * Something shaped like a credential inside free text (a key pasted into a name, a body, a URL):
 * a prefix and at least MIN_SECRET_BODY_LENGTH body characters, so every credential the app
 * accepts matches it. Global: use with `replace`, or `new RegExp(source)` for a single test.
 */
export const CREDENTIAL_IN_TEXT = new RegExp(`(test|live|access)_[A-Za-z0-9_-]{${MIN_SECRET_BODY_LENGTH},}`, 'g')

/** The known prefix a secret starts with, or null. */
export function credentialPrefixOf(secret: string): CredentialPrefix | null {
  return CREDENTIAL_PREFIX_LIST.find((p) => secret.startsWith(p)) ?? null
}

/** Kind (and mode) of a credential by its prefix alone. */
export function kindOfPrefix(prefix: CredentialPrefix): DetectedCredential {
  if (prefix === CREDENTIAL_PREFIXES.access) return { kind: 'organization-token', prefix }
  return { kind: 'api-key', mode: prefix === CREDENTIAL_PREFIXES.live ? 'live' : 'test', prefix }
}

const WHOLE_CREDENTIAL = new RegExp(`^${CREDENTIAL_IN_TEXT.source}$`)

/** Whether a string is, as a whole, a credential of the shape the app accepts (body of MIN_SECRET_BODY_LENGTH or more). */
export function isAcceptedCredentialShape(secret: string): boolean {
  return WHOLE_CREDENTIAL.test(secret)
}

/** Whether free text holds something shaped like a credential. */
export function textHoldsCredential(text: string): boolean {
  return new RegExp(CREDENTIAL_IN_TEXT.source).test(text)
}

/** The mode requests run in: a key's own mode, or a token's testmode flag (spec 5.4: live unless set). */
export function effectiveMode(
  kind: CredentialKind,
  keyMode: CredentialMode | null,
  testmode: boolean | null,
): CredentialMode {
  if (kind === 'api-key') return keyMode ?? 'test'
  return testmode ? 'test' : 'live'
}

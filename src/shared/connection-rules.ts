/**
 * Rules for the credentials a connection holds (spec 5). Pure: used by the main process when a
 * connection is added and by the renderer's add form, so both give the same verdict and wording.
 */

import { isLoopbackAddressOrLocalhost } from './host-scope'
import {
  CREDENTIAL_BODY_PATTERN,
  CREDENTIAL_PREFIXES,
  credentialPrefixOf,
  kindOfPrefix,
  MAX_SECRET_LENGTH,
  MIN_SECRET_BODY_LENGTH,
  textHoldsCredential,
  type CredentialKind,
  type DetectedCredential,
} from './service/credentials'
import { MAX_PROFILE_ID_LENGTH, PROFILE_ID_PATTERN } from './service/ids'

// The service's rules for credentials and profile ids live in the spec module (src/shared/service/).
export {
  MAX_SECRET_LENGTH,
  MIN_SECRET_BODY_LENGTH,
  textHoldsCredential,
  type CredentialKind,
  type CredentialMode,
  type DetectedCredential,
} from './service/credentials'
export { MAX_PROFILE_ID_LENGTH, PROFILE_ID_PATTERN } from './service/ids'
export { effectiveMode } from './service/credentials'

export type RuleResult<T> = { ok: true; value: T } | { ok: false; message: string }

export const MAX_LABEL_LENGTH = 80

const { test: TEST, live: LIVE, access: ACCESS } = CREDENTIAL_PREFIXES
const RECOGNISED = `Paydesk recognises API keys starting ${TEST} or ${LIVE} and organization tokens starting ${ACCESS}.`

/** Works out the credential's kind (and, for API keys, the mode) from its prefix (spec 5.1, 5.3). */
export function detectCredential(secret: string): RuleResult<DetectedCredential> {
  if (secret.length === 0) return { ok: false, message: `Paste an API key or token. ${RECOGNISED}` }
  if (secret.length > MAX_SECRET_LENGTH) {
    return {
      ok: false,
      message: `That is longer than any credential Paydesk knows (${MAX_SECRET_LENGTH} characters at most).`,
    }
  }
  if (/\s/.test(secret)) {
    return { ok: false, message: 'The credential contains spaces or line breaks; copy it again without them.' }
  }
  const prefix = credentialPrefixOf(secret)
  if (!prefix) return { ok: false, message: `This does not look like a credential. ${RECOGNISED}` }
  const body = secret.slice(prefix.length)
  if (body.length < MIN_SECRET_BODY_LENGTH) {
    return {
      ok: false,
      message: `The part after ${prefix} is too short (at least ${MIN_SECRET_BODY_LENGTH} characters); was it cut off while copying?`,
    }
  }
  if (!CREDENTIAL_BODY_PATTERN.test(body)) {
    return { ok: false, message: `After ${prefix} a credential holds only letters, digits, "_" and "-".` }
  }
  return { ok: true, value: kindOfPrefix(prefix) }
}

/** The last characters shown of a secret: enough to tell keys apart, too few to matter. */
export const VISIBLE_TAIL = 4

/**
 * `live_…a1b2`: the prefix, an ellipsis, the last four. Something without a known prefix shows only
 * its tail, and something too short to spare four characters shows nothing at all.
 */
export function maskSecret(secret: string): string {
  const prefix = credentialPrefixOf(secret) ?? ''
  const body = secret.slice(prefix.length)
  if (body.length < VISIBLE_TAIL * 2) return `${prefix}…`
  return `${prefix}…${body.slice(-VISIBLE_TAIL)}`
}

/** Masked form from stored parts (the metadata keeps only prefix and tail, never the secret). */
export function maskFromParts(prefix: string, last4: string | null): string {
  return `${prefix}…${last4 ?? ''}`
}

interface ConnectionOptionsInput {
  profileId?: string | null
  testmode?: boolean | null
}

interface ConnectionOptions {
  profileId: string | null
  testmode: boolean | null
}

/**
 * Spec 5.3/5.4: keys are bound to one profile and mode, so profileId and testmode must not be
 * sent with them; organization tokens require a profileId (`pfl_…`) and may set testmode.
 */
export function checkConnectionOptions(
  kind: CredentialKind,
  input: ConnectionOptionsInput,
): RuleResult<ConnectionOptions> {
  const profileId = input.profileId?.trim() ? input.profileId.trim() : null
  const testmode = input.testmode ?? null
  if (kind === 'api-key') {
    if (profileId !== null) {
      return { ok: false, message: 'API keys belong to one profile already; leave the profile id empty (spec 5.3).' }
    }
    if (testmode !== null) {
      return {
        ok: false,
        message: `API keys carry their own mode (${TEST} or ${LIVE}); test mode cannot be set for them.`,
      }
    }
    return { ok: true, value: { profileId: null, testmode: null } }
  }
  if (profileId === null) {
    return { ok: false, message: 'Organization tokens need the profile id to act for (it starts with pfl_).' }
  }
  if (profileId.length > MAX_PROFILE_ID_LENGTH || !PROFILE_ID_PATTERN.test(profileId) || /\s/.test(profileId)) {
    return { ok: false, message: 'A profile id starts with pfl_ followed by its code, without spaces.' }
  }
  return { ok: true, value: { profileId, testmode: testmode === true } }
}

export const LABEL_HOLDS_CREDENTIAL =
  'The name looks like a key or token. Names are stored in plain text and shown everywhere: ' +
  'type a name such as the merchant’s, and paste the key in the field next to it.'

export function checkLabel(label: string): RuleResult<string> {
  const trimmed = label.trim().replace(/\s+/g, ' ')
  if (trimmed.length === 0) return { ok: false, message: 'Give the connection a name, for example the merchant’s.' }
  if (trimmed.length > MAX_LABEL_LENGTH) {
    return { ok: false, message: `Keep the name to ${MAX_LABEL_LENGTH} characters.` }
  }
  // Names are kept in plain text (connections.json) and shown everywhere; a secret must not be one.
  if (textHoldsCredential(trimmed)) return { ok: false, message: LABEL_HOLDS_CREDENTIAL }
  return { ok: true, value: trimmed }
}

/**
 * The API's base address (spec 9.1 ends it in /v2). https anywhere; plain http only on this machine
 * (a local sandbox started with `npm run sandbox`), because a bearer credential travels with it.
 */
export function checkBaseUrl(raw: string): RuleResult<string> {
  let url: URL
  try {
    url = new URL(raw.trim())
  } catch {
    return { ok: false, message: 'The API address is not a valid URL.' }
  }
  if (url.username || url.password || url.search || url.hash) {
    return { ok: false, message: 'The API address must not contain a user name, password, query or fragment.' }
  }
  const loopback = isLoopbackAddressOrLocalhost(url.hostname)
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    return { ok: false, message: 'The API address must use https (plain http only on 127.0.0.1).' }
  }
  return { ok: true, value: url.href.replace(/\/+$/, '') }
}

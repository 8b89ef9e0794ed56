// The shapes a known secret can take in text that leaves main (replies, events, the request log,
// HAR exports): as it is, in upper or lower case, URI-encoded, hex, base64 or base64url at any of
// the three byte alignments (so `Basic base64(user:key)` and `base64("Bearer " + key)` are caught),
// and split across strings by quotes, commas, `+` or whitespace (`"live_abc" + "def…"`); also
// written with escapes, whole or in part (percent `%6c`, `\u006c`, `\x6c`, HTML `&#108;` / `&#x6c;`),
// split by invisible characters (zero-width space, soft hyphen …), and the key's body without its
// prefix. One place, used by the IPC secret scrubber and the request-log redactor alike. Issues 11
// item 7 and 22 item 6. Transformations that are not an encoding (ROT13, reversal, a key typed with
// one character changed) are out of scope: SECURITY.md says so.

import { credentialPrefixOf, MIN_SECRET_BODY_LENGTH } from '../../shared/service/credentials'

/** Characters that may sit between the pieces of a secret split across strings. */
const SPLIT_SEPARATORS = new Set(['"', "'", '`', '+', ',', ' ', '\t', '\n', '\r', '\f', '\v', '\\'])
/** At most this many separator characters between two pieces. */
const MAX_SPLIT_GAP = 12

export interface KnownSecret {
  secret: string
  /** Every encoded form to replace, longest first. */
  forms: string[]
  /** What replaces it. */
  mask: string
  /** The secret, and its body when it has one: what a split or escaped secret is looked for as. */
  values: string[]
}

function base64Cores(bytes: Buffer): string[] {
  const cores: string[] = []
  // The secret may start at any of the 3 byte offsets of a base64 block. Characters that also
  // depend on the bytes before or after the secret are left out of the core.
  for (let offset = 0; offset < 3; offset++) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes])
      .toString('base64')
      .replace(/=+$/, '')
    const skip = offset === 0 ? 0 : offset === 1 ? 2 : 3
    const tail = (offset + bytes.length) % 3 === 0 ? 0 : 2
    const core = encoded.slice(skip, encoded.length - tail)
    if (core.length >= MIN_SECRET_BODY_LENGTH) cores.push(core, core.replace(/\+/g, '-').replace(/\//g, '_'))
  }
  return cores
}

/** The key without its `live_`/`test_`/`access_` prefix, when long enough to be told apart. */
export function secretBody(secret: string): string | null {
  const prefix = credentialPrefixOf(secret)
  const body = prefix ? secret.slice(prefix.length) : null
  return body !== null && body.length >= MIN_SECRET_BODY_LENGTH ? body : null
}

/** Every form of `secret` worth looking for (the secret itself included, and its body), longest first. */
function encodedForms(secret: string): string[] {
  const body = secretBody(secret)
  return [...new Set([...formsOf(secret), ...(body ? formsOf(body) : [])])].sort((a, b) => b.length - a.length)
}

function formsOf(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8')
  const hex = bytes.toString('hex')
  const forms = new Set<string>([
    secret,
    secret.toUpperCase(),
    secret.toLowerCase(),
    encodeURIComponent(secret),
    hex,
    hex.toUpperCase(),
    ...base64Cores(bytes),
  ])
  return [...forms].filter((f) => f.length >= MIN_SECRET_BODY_LENGTH).sort((a, b) => b.length - a.length)
}

/** The same characters as SPLIT_SEPARATORS (the index map below relies on it). */
const SEPARATOR_RUN = /["'`+, \t\n\r\f\v\\]+/g
/** Each piece of a split secret is at least this long (shorter pieces would match by chance). */
const MIN_PIECE = 4

/** Replaces the secret where it was split into pieces with only separators between them. */
function maskSplit(text: string, secret: string, mask: string): string {
  // Fast paths: the first or the last piece is not in the text (the first alone is often there: a
  // test key starts with "test", which every test-mode object says), or the text without separators
  // lacks the secret.
  if (
    secret.length < MIN_PIECE * 2 ||
    !text.includes(secret.slice(0, MIN_PIECE)) ||
    !text.includes(secret.slice(-MIN_PIECE))
  )
    return text
  const squeezed = text.replace(SEPARATOR_RUN, '')
  if (!squeezed.includes(secret)) return text
  // Map each kept character back to its place in the text, then mask each span.
  const places: number[] = []
  for (let i = 0; i < text.length; i++) if (!SPLIT_SEPARATORS.has(text.charAt(i))) places.push(i)
  let out = ''
  let copied = 0
  let from = 0
  for (;;) {
    const at = squeezed.indexOf(secret, from)
    if (at < 0) break
    const start = places[at]
    const lastKept = places[at + secret.length - 1]
    if (start === undefined || lastKept === undefined) break
    const end = lastKept + 1
    // Only a real split: the pieces lie close together (not the same letters spread over a page).
    if (end - start <= secret.length + MAX_SPLIT_GAP && start >= copied) {
      out += text.slice(copied, start) + mask
      copied = end
    }
    from = at + secret.length
  }
  return out + text.slice(copied)
}

/** Characters that show as nothing: zero-width space/joiners, word joiner, BOM, soft hyphen … */
const INVISIBLE =
  /[\u00ad\u061c\u115f\u1160\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u206a-\u206f\ufeff]|\u034f|\u17b4|\u17b5/
/** An escape that stands for one character: `%6c`, `\u006c`, `\x6c`, `&#108;`, `&#x6c;`. */
const ESCAPE = /%([0-9a-f]{2})|\\u([0-9a-f]{4})|\\x([0-9a-f]{2})|&#(\d{1,7});|&#x([0-9a-f]{1,6});/iy
const ANY_ESCAPE = new RegExp(ESCAPE.source, 'i')

/**
 * Whether the text holds an escape or an invisible character: only then can its decoded form differ
 * from it. A bare `&` or `%` (a link's query, "10 %") is neither: such a page is not decoded.
 */
function mayHide(text: string): boolean {
  return ANY_ESCAPE.test(text) || INVISIBLE.test(text)
}

/**
 * The text with escapes decoded and invisible characters dropped, and for each decoded character
 * the span of the text it came from.
 */
function decodeWithPlaces(text: string): { decoded: string; starts: number[]; ends: number[] } {
  let decoded = ''
  const starts: number[] = []
  const ends: number[] = []
  let i = 0
  while (i < text.length) {
    const ch = text.charAt(i)
    if (INVISIBLE.test(ch)) {
      i++
      continue
    }
    ESCAPE.lastIndex = i
    const escape = ESCAPE.exec(text)
    if (escape) {
      const [whole, pct, u, x, dec, hex] = escape
      const code =
        (pct ?? u ?? x) ? parseInt(pct ?? u ?? x ?? '', 16) : dec ? parseInt(dec, 10) : parseInt(hex ?? '', 16)
      if (code <= 0x10ffff) {
        decoded += String.fromCodePoint(code)
        starts.push(i)
        ends.push(i + whole.length)
        i += whole.length
        continue
      }
    }
    decoded += ch
    starts.push(i)
    ends.push(i + 1)
    i++
  }
  return { decoded, starts, ends }
}

/** Replaces the secret where it is written with escapes or invisible characters in between. */
function maskDecoded(text: string, secret: string, mask: string): string {
  const { decoded, starts, ends } = decodeWithPlaces(text)
  if (decoded.length === text.length || !decoded.includes(secret)) return text
  let out = ''
  let copied = 0
  for (let at = decoded.indexOf(secret); at >= 0; at = decoded.indexOf(secret, at + secret.length)) {
    const start = starts[at]
    const end = ends[at + secret.length - 1]
    if (start === undefined || end === undefined || start < copied) continue
    out += text.slice(copied, start) + mask
    copied = end
  }
  return out + text.slice(copied)
}

/** The secret as masking needs it: its forms and its mask. */
export function knownSecret(secret: string, mask: string): KnownSecret {
  const body = secretBody(secret)
  return { secret, forms: encodedForms(secret), mask, values: body ? [secret, body] : [secret] }
}

/** `text` with every form of every known secret (and of its body) replaced by its mask. */
export function maskKnownSecrets(text: string, secrets: readonly KnownSecret[]): string {
  let out = text
  // Whether `out` may hide a secret, read again only when masking changed it.
  let read: string | null = null
  let hides = false
  const hiding = (): boolean => {
    if (out !== read) [read, hides] = [out, mayHide(out)]
    return hides
  }
  for (const known of secrets) {
    for (const form of known.forms) if (out.includes(form)) out = out.split(form).join(known.mask)
    for (const value of known.values) {
      out = maskSplit(out, value, known.mask)
      if (hiding()) out = maskDecoded(out, value, known.mask)
    }
  }
  return out
}

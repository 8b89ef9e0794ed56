// The shapes a known secret can take in text that leaves main (replies, events, the request log,
// HAR exports): as it is, in upper or lower case, URI-encoded, hex, base64 or base64url at any of
// the three byte alignments (so `Basic base64(user:key)` and `base64("Bearer " + key)` are caught),
// and split across strings by quotes, commas, `+` or whitespace (`"live_abc" + "def…"`). One place,
// used by the IPC secret scrubber and the request-log redactor alike. Issue 11 item 7.

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
    if (core.length >= 8) cores.push(core, core.replace(/\+/g, '-').replace(/\//g, '_'))
  }
  return cores
}

/** Every form of `secret` worth looking for (the secret itself included), longest first. */
export function encodedForms(secret: string): string[] {
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
  return [...forms].filter((f) => f.length >= 8).sort((a, b) => b.length - a.length)
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

/** `text` with every form of every known secret replaced by its mask. */
export function maskKnownSecrets(text: string, secrets: readonly KnownSecret[]): string {
  let out = text
  for (const known of secrets) {
    for (const form of known.forms) if (out.includes(form)) out = out.split(form).join(known.mask)
    out = maskSplit(out, known.secret, known.mask)
  }
  return out
}

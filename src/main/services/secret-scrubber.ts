import { maskSecret } from '../../shared/connection-rules'
import { isAcceptedCredentialShape } from '../../shared/service/credentials'
import { knownSecret, maskKnownSecrets, type KnownSecret } from './secret-forms'

/**
 * The last line of defence at the IPC boundary: every reply and event main sends to the renderer
 * passes through `scrub`, which replaces any secret Paydesk has handled with its masked form
 * (`live_…a1b2`), in every encoding secret-forms.ts knows (case, URI, hex, base64 at any alignment,
 * split across strings). Services are built never to return a secret; this catches what they
 * cannot control, such as a server that echoes a credential back inside an error body.
 *
 * It learns only credentials: strings of a credential's shape (the spec module's pattern). Secrets a
 * client actually used are kept; a secret that only arrived with `connections.add` is kept among the
 * last few such arrivals, so a page sending thousands of junk "keys" (or payment ids) can neither
 * make main mask ordinary values nor slow every later reply.
 */
interface SecretScrubber {
  /** Adds a secret a client used (kept). */
  remember(secret: string): void
  /** Adds a secret that only arrived with a request (kept among the last PROVISIONAL_SECRETS). */
  rememberProvisional(secret: string): void
  forget(secret: string): void
  /** The secrets it knows, for other redaction (the request log). */
  values(): ReadonlySet<string>
  /** `value` with every known secret masked; the same object when nothing needed masking. */
  scrub<T>(value: T): T
}

/** Secrets that arrived with connections.add but were never used, kept at most. */
export const PROVISIONAL_SECRETS = 8

export function createSecretScrubber(): SecretScrubber {
  const kept = new Map<string, KnownSecret>()
  const provisional = new Map<string, KnownSecret>()
  let all: KnownSecret[] = []
  let values = new Set<string>()

  function rebuild(): void {
    const map = new Map<string, KnownSecret>([...provisional, ...kept])
    all = [...map.values()]
    values = new Set(map.keys())
  }

  function known(secret: string): KnownSecret | null {
    if (typeof secret !== 'string' || !isAcceptedCredentialShape(secret)) return null
    return knownSecret(secret, maskSecret(secret))
  }

  return {
    remember(secret) {
      if (kept.has(secret)) return
      const k = known(secret)
      if (!k) return
      kept.set(secret, k)
      provisional.delete(secret)
      rebuild()
    },
    rememberProvisional(secret) {
      if (kept.has(secret)) return
      const k = known(secret)
      if (!k) return
      provisional.delete(secret)
      provisional.set(secret, k)
      while (provisional.size > PROVISIONAL_SECRETS) provisional.delete(provisional.keys().next().value as string)
      rebuild()
    },
    forget(secret) {
      kept.delete(secret)
      provisional.delete(secret)
      rebuild()
    },
    values: () => values,
    scrub<T>(value: T): T {
      return all.length === 0 ? value : (scrubValue(all, value, 0) as T)
    },
  }
}

/** `value` with every secret in `all` masked: strings, list items, object keys and values, to depth 64. */
function scrubValue(all: KnownSecret[], value: unknown, depth: number): unknown {
  if (typeof value === 'string') return maskKnownSecrets(value, all)
  if (value === null || typeof value !== 'object' || depth > 64) return value
  if (Array.isArray(value)) return scrubList(all, value, depth)
  let copy: Record<string, unknown> | null = null
  for (const [key, item] of Object.entries(value)) {
    const scrubbedKey = maskKnownSecrets(key, all)
    const scrubbed = scrubValue(all, item, depth + 1)
    if (scrubbed !== item || scrubbedKey !== key) {
      copy ??= { ...(value as Record<string, unknown>) }
      if (scrubbedKey !== key) delete copy[key]
      copy[scrubbedKey] = scrubbed
    }
  }
  return copy ?? value
}

function scrubList(all: KnownSecret[], value: unknown[], depth: number): unknown[] {
  let copy: unknown[] | null = null
  for (let i = 0; i < value.length; i++) {
    const item = scrubValue(all, value[i], depth + 1)
    if (item !== value[i]) (copy ??= value.slice())[i] = item
  }
  // A secret split over two neighbouring strings of a list.
  const list = copy ?? value
  for (let i = 0; i + 1 < list.length; i++) {
    const [a, b] = [list[i], list[i + 1]]
    if (typeof a !== 'string' || typeof b !== 'string') continue
    const joined = `${a}","${b}`
    const masked = maskKnownSecrets(joined, all)
    if (masked !== joined) {
      copy ??= value.slice()
      const known = all.find((k) => masked.includes(k.mask))
      copy[i] = known?.mask ?? masked
      copy[i + 1] = known?.mask ?? masked
    }
  }
  return copy ?? value
}

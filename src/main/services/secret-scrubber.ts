import { maskSecret } from '../../shared/connection-rules'

/**
 * The last line of defence at the IPC boundary: every reply and event main sends to the renderer
 * passes through `scrub`, which replaces any secret Paydesk has handled with its masked form
 * (`live_…a1b2`). Services are built never to return a secret; this catches what they cannot
 * control, such as a server that echoes a credential back inside an error body.
 */
export interface SecretScrubber {
  /** Adds a secret to look for (from connections.add and every credential a client used). */
  remember(secret: string): void
  forget(secret: string): void
  /** The secrets it knows, for other redaction (the request log). */
  values(): ReadonlySet<string>
  /** `value` with every known secret masked; the same object when nothing needed masking. */
  scrub<T>(value: T): T
}

// Shorter strings cannot be credentials (connection-rules asks for a prefix plus 10 characters) and
// would mask ordinary words.
const MIN_SECRET_LENGTH = 12

export function createSecretScrubber(): SecretScrubber {
  const secrets = new Set<string>()

  function scrubString(text: string): string {
    let result = text
    for (const secret of secrets) {
      if (result.includes(secret)) result = result.split(secret).join(maskSecret(secret))
    }
    return result
  }

  function scrubValue(value: unknown, depth: number): unknown {
    if (typeof value === 'string') return scrubString(value)
    if (value === null || typeof value !== 'object' || depth > 64) return value
    if (Array.isArray(value)) {
      let copy: unknown[] | null = null
      for (let i = 0; i < value.length; i++) {
        const item = scrubValue(value[i], depth + 1)
        if (item !== value[i]) (copy ??= value.slice())[i] = item
      }
      return copy ?? value
    }
    let copy: Record<string, unknown> | null = null
    for (const [key, item] of Object.entries(value)) {
      const scrubbedKey = scrubString(key)
      const scrubbed = scrubValue(item, depth + 1)
      if (scrubbed !== item || scrubbedKey !== key) {
        copy ??= { ...(value as Record<string, unknown>) }
        if (scrubbedKey !== key) delete copy[key]
        copy[scrubbedKey] = scrubbed
      }
    }
    return copy ?? value
  }

  return {
    remember(secret) {
      if (secret.length >= MIN_SECRET_LENGTH) secrets.add(secret)
    },
    forget(secret) {
      secrets.delete(secret)
    },
    values: () => secrets,
    scrub<T>(value: T): T {
      return secrets.size === 0 ? value : (scrubValue(value, 0) as T)
    },
  }
}

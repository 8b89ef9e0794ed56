import { KeychainUnavailableError, type KeychainProblem, type SecretStore } from './secret-store'

/** The keychain entries' service name; each connection is one account under it. */
export const KEYCHAIN_SERVICE = 'Paydesk'

/** The part of keytar's API the adapter uses (a parameter, so tests and the app pass their own). */
export interface KeytarModule {
  getPassword(service: string, account: string): Promise<string | null>
  setPassword(service: string, account: string, password: string): Promise<void>
  deletePassword(service: string, account: string): Promise<boolean>
  findCredentials(service: string): Promise<Array<{ account: string; password: string }>>
}

/**
 * Sorts keytar's failure messages (libsecret/D-Bus on Linux, Keychain on macOS, Credential Manager
 * on Windows) into what the user can act on. Observed on Linux:
 * - no session bus: "Cannot autolaunch D-Bus without X11 $DISPLAY", "Could not connect: …";
 * - bus without a Secret Service: "The name org.freedesktop.secrets was not provided…";
 * - no default collection / locked: "Object does not exist at path “…/collection/login”",
 *   "Cannot create an item in a locked collection", a dismissed prompt ("…cancel…", "…dismiss…").
 */
export function classifyKeytarError(error: unknown): KeychainProblem {
  const text = error instanceof Error ? error.message : String(error)
  // Checked first: a missing library's message also says "No such file or directory".
  if (/cannot open shared object|libsecret|module did not self-register|cannot find (module|package)/i.test(text)) {
    return 'not-installed'
  }
  if (/locked|prompt|dismiss|cancel|collection\/login|user interaction|denied/i.test(text)) return 'locked'
  if (
    /d-?bus|could not connect|org\.freedesktop\.secrets|ServiceUnknown|not provided|no such file|\$DISPLAY/i.test(text)
  ) {
    return 'no-secret-service'
  }
  return 'unknown'
}

async function guarded<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    throw new KeychainUnavailableError(classifyKeytarError(error), { cause: error })
  }
}

/**
 * SecretStore over keytar. Every keytar failure becomes a KeychainUnavailableError; there is no
 * plain-text fallback. Note that keytar's getPassword answers null (not an error) when the
 * collection is locked on Linux, so callers treat a missing secret as "missing or locked".
 */
export function createKeytarSecretStore(keytar: KeytarModule, options: { service?: string } = {}): SecretStore {
  const service = options.service ?? KEYCHAIN_SERVICE
  return {
    get: (account) => guarded(() => keytar.getPassword(service, account)),
    set: (account, secret) => guarded(() => keytar.setPassword(service, account, secret)),
    delete: (account) => guarded(() => keytar.deletePassword(service, account)),
    accounts: () => guarded(async () => (await keytar.findCredentials(service)).map((entry) => entry.account)),
  }
}

/** Loads the native module; a missing module or libsecret becomes KeychainUnavailableError. */
export async function loadKeytar(): Promise<KeytarModule> {
  try {
    const loaded = (await import('keytar')) as KeytarModule & { default?: KeytarModule }
    // CommonJS module: under Node ESM the functions sit on `default`; bundlers may flatten it.
    const module = loaded.default ?? loaded
    if (typeof module.getPassword !== 'function') throw new Error('keytar module has no getPassword')
    return module
  } catch (error) {
    throw new KeychainUnavailableError('not-installed', { cause: error })
  }
}

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
    if (error instanceof KeychainUnavailableError) throw error
    throw new KeychainUnavailableError(classifyKeytarError(error), { cause: error })
  }
}

/** Where the adapter checks whether the keychain is open (see `assertOpen`); holds nothing secret. */
const PROBE_SERVICE = 'Paydesk keychain check'
const PROBE_ACCOUNT = 'open'

/**
 * SecretStore over keytar. Every keytar failure becomes a KeychainUnavailableError; there is no
 * plain-text fallback.
 *
 * A locked collection is not an absent entry. On Linux keytar cannot tell them apart by itself:
 * getPassword answers null and deletePassword false for a locked collection (after the unlock
 * prompt was dismissed or could not be shown), and findCredentials dereferences a NULL secret and
 * kills the process when the locked collection has items (keytar 7.9 over libsecret). So:
 * - `get` answering null and `delete` answering false are confirmed by a probe write under
 *   PROBE_SERVICE: a locked collection refuses it ("Cannot create an item in a locked collection")
 *   and the adapter throws KeychainUnavailableError('locked') instead of answering "absent";
 * - `accounts` probes BEFORE calling findCredentials, so a locked keychain is an error, not a crash.
 * On a desktop the probe's write may show the keychain's unlock prompt, which is what the user needs.
 */
export function createKeytarSecretStore(keytar: KeytarModule, options: { service?: string } = {}): SecretStore {
  const service = options.service ?? KEYCHAIN_SERVICE
  async function assertOpen(): Promise<void> {
    await guarded(() => keytar.setPassword(PROBE_SERVICE, PROBE_ACCOUNT, 'open'))
  }
  return {
    get: (account) =>
      guarded(async () => {
        const secret = await keytar.getPassword(service, account)
        if (secret === null) await assertOpen()
        return secret
      }),
    set: (account, secret) => guarded(() => keytar.setPassword(service, account, secret)),
    delete: (account) =>
      guarded(async () => {
        const removed = await keytar.deletePassword(service, account)
        if (!removed) await assertOpen()
        return removed
      }),
    accounts: () =>
      guarded(async () => {
        await assertOpen()
        return (await keytar.findCredentials(service)).map((entry) => entry.account)
      }),
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

import type { IpcErrorView } from '../../shared/ipc/define'

/**
 * The port to wherever secrets live: the OS keychain in the app (keytar-store.ts), a Map in tests
 * (test/helpers/memory-secret-store.ts). One account per connection, plus the data key (storage/encryption.ts).
 */
export interface SecretStore {
  /** The secret, or null when the account has none. */
  get(account: string): Promise<string | null>
  set(account: string, secret: string): Promise<void>
  /** True when an entry was removed, false when there was none. */
  delete(account: string): Promise<boolean>
  /** Account names only; secrets never leave through this. */
  accounts(): Promise<string[]>
}

export type KeychainProblem = 'no-secret-service' | 'locked' | 'not-installed' | 'unknown'

const WHAT_HAPPENED: Record<KeychainProblem, string> = {
  'no-secret-service': 'no keychain service (Secret Service) is running',
  locked: 'the keychain is locked or the unlock prompt was dismissed',
  'not-installed': 'the keychain library could not be loaded',
  unknown: 'the keychain refused the request',
}

/**
 * The keychain could not be used. Paydesk then refuses to store the secret at all: it never falls
 * back to plain text. The message says what happened and what to do; the original error (which
 * comes from the keychain library, never holds a secret) is kept as `cause` for the log.
 *
 * `toIpcError` lets the IPC dispatcher present it as `keychain-unavailable` (src/main/errors.ts).
 */
export class KeychainUnavailableError extends Error {
  readonly problem: KeychainProblem

  constructor(problem: KeychainProblem, options: { cause?: unknown } = {}) {
    super(
      `Paydesk could not use the system keychain: ${WHAT_HAPPENED[problem]}. ` +
        'Secrets are kept only in the keychain, never in plain files. Unlock your keychain, or on Linux ' +
        'install and start a Secret Service such as gnome-keyring, then try again.',
      options,
    )
    this.name = 'KeychainUnavailableError'
    this.problem = problem
  }

  toIpcError(): IpcErrorView {
    return { code: 'keychain-unavailable', message: this.message }
  }
}

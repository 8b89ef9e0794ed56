import { KeychainUnavailableError, type KeychainProblem, type SecretStore } from '../secrets/secret-store'

/**
 * The first-run path when there is no usable keychain (typically Linux without a Secret Service):
 * the app still opens, explains once what is missing and what to do, and every secret operation
 * fails with the same clear KeychainUnavailableError instead of falling back to plain files.
 */

/** A store for when the keychain library cannot even be loaded: every call says why. */
export function createUnavailableSecretStore(problem: KeychainProblem, cause?: unknown): SecretStore {
  const fail = async (): Promise<never> => {
    throw new KeychainUnavailableError(problem, { cause })
  }
  return { get: fail, set: fail, delete: fail, accounts: fail }
}

/** Null when the keychain answers; otherwise what is wrong with it. Never creates or changes an entry. */
export async function probeKeychain(store: SecretStore): Promise<KeychainProblem | null> {
  try {
    await store.accounts()
    return null
  } catch (error) {
    return error instanceof KeychainUnavailableError ? error.problem : 'unknown'
  }
}

interface KeychainNotice {
  title: string
  message: string
  detail: string
}

/** What the start-up dialog says, in the support agent's words, per problem and platform. */
export function keychainNotice(problem: KeychainProblem, platform: NodeJS.Platform): KeychainNotice {
  const title = 'Keychain not available'
  const still =
    'Paydesk is open and the built-in Sandbox works. Saving API keys and tokens, drafts and the request ' +
    'history needs the keychain: Paydesk never keeps secrets in plain files.'
  const fix =
    platform === 'linux'
      ? problem === 'locked'
        ? 'Unlock your login keyring (for example in "Passwords and Keys"), then try again.'
        : 'Install and start a Secret Service, for example GNOME Keyring (sudo apt-get install gnome-keyring), ' +
          'then log out and in again. On KDE, enable KWallet and its Secret Service.'
      : platform === 'darwin'
        ? 'Unlock the login keychain in Keychain Access, then try again.'
        : platform === 'win32'
          ? 'Sign in to Windows with your own account (Credential Manager keeps the keys), then try again.'
          : 'Unlock or set up your system keychain, then try again.'
  const message =
    problem === 'locked'
      ? 'Your keychain is locked, so Paydesk cannot read or save keys yet.'
      : problem === 'not-installed'
        ? 'Paydesk could not load the keychain library on this computer.'
        : problem === 'no-secret-service'
          ? 'No keychain service is running on this computer.'
          : 'The system keychain refused Paydesk’s request.'
  return { title, message, detail: `${still}\n\n${fix}` }
}

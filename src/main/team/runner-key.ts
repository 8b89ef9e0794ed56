// Where the team runner keeps the write-capable key (issue 51): in its own OS keychain through the
// project's secret store (service "Paydesk team runner"), or in a file only the runner's user can
// read. A file that others can read or write, or that belongs to someone else, is refused: the key
// would not be in one place any more. The desks never hold it (they read with a read-only token).
import { statSync, readFileSync } from 'node:fs'
import {
  credentialPrefixOf,
  isAcceptedCredentialShape,
  kindOfPrefix,
  MIN_SECRET_BODY_LENGTH,
} from '../../shared/service/credentials'
import type { ApiCredential } from '../api/call/request-builder'
import type { SecretStore } from '../secrets/secret-store'

/** The keychain service and account of the runner's key. */
export const RUNNER_KEYCHAIN = { service: 'Paydesk team runner', account: 'write-key' } as const

/** Why the key in `text` cannot be used, or its credential. */
export function runnerCredential(text: string, source: string): ApiCredential {
  const secret = text.trim()
  const prefix = credentialPrefixOf(secret)
  if (!isAcceptedCredentialShape(secret) || prefix === null) {
    throw new Error(
      `${source} does not hold an API key (live_…, test_…) or an organization access token (access_…) ` +
        `of at least ${MIN_SECRET_BODY_LENGTH} characters after its prefix.`,
    )
  }
  return { secret, kind: kindOfPrefix(prefix).kind }
}

/**
 * Reads the key from `file`, refused unless the file is a regular file of this user that nobody else
 * may read or write (mode 600 or 400).
 */
export function keyFromFile(file: string, uid: number | undefined = process.getuid?.()): ApiCredential {
  const info = statSync(file)
  if (!info.isFile()) throw new Error(`${file} is not a file.`)
  if (uid !== undefined && info.uid !== uid) {
    throw new Error(`${file} belongs to another user: the runner reads a key only from a file of its own.`)
  }
  const mode = info.mode & 0o777
  if ((mode & 0o077) !== 0) {
    throw new Error(
      `${file} can be read or changed by other users (mode ${mode.toString(8).padStart(3, '0')}): run chmod 600 on it first.`,
    )
  }
  return runnerCredential(readFileSync(file, 'utf8'), file)
}

/** Reads the key from the runner's keychain entry. */
export async function keyFromKeychain(store: SecretStore): Promise<ApiCredential> {
  const secret = await store.get(RUNNER_KEYCHAIN.account)
  if (secret === null) {
    throw new Error(
      'No key in the runner\'s keychain yet: store it with "npm run team -- --store-key" (it reads the key from standard input), or use --key-file.',
    )
  }
  return runnerCredential(secret, 'The keychain entry')
}

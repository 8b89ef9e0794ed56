import { KeychainUnavailableError, type KeychainProblem, type SecretStore } from '../../src/main/secrets/secret-store'

/** A SecretStore in a Map, for unit tests only; `failWith` simulates an unavailable keychain. */
export interface MemorySecretStore extends SecretStore {
  /** Make every following call fail like a locked/missing keychain (null restores it). */
  failWith(problem: KeychainProblem | null): void
  /** Direct view of the contents, for assertions. */
  readonly entries: ReadonlyMap<string, string>
}

export function createMemorySecretStore(initial: Record<string, string> = {}): MemorySecretStore {
  const entries = new Map(Object.entries(initial))
  let failure: KeychainProblem | null = null
  const check = () => {
    if (failure) throw new KeychainUnavailableError(failure)
  }
  return {
    entries,
    failWith(problem) {
      failure = problem
    },
    async get(account) {
      check()
      return entries.get(account) ?? null
    },
    async set(account, secret) {
      check()
      entries.set(account, secret)
    },
    async delete(account) {
      check()
      return entries.delete(account)
    },
    async accounts() {
      check()
      return [...entries.keys()]
    },
  }
}

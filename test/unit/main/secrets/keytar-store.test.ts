import { describe, expect, it } from 'vitest'
import {
  classifyKeytarError,
  createKeytarSecretStore,
  KEYCHAIN_SERVICE,
  type KeytarModule,
} from '../../../../src/main/secrets/keytar-store'
import { createMemorySecretStore } from '../../../helpers/memory-secret-store'
import { KeychainUnavailableError } from '../../../../src/main/secrets/secret-store'
import { present } from '../../../helpers/present'

/** A keytar double that records calls by service, or fails every call with `failure`. */
function fakeKeytar(failure?: Error) {
  const data = new Map<string, Map<string, string>>()
  const bucket = (service: string) => data.get(service) ?? present(data.set(service, new Map()).get(service))
  const guard = () => {
    if (failure) throw failure
  }
  const keytar: KeytarModule = {
    async getPassword(service, account) {
      guard()
      return bucket(service).get(account) ?? null
    },
    async setPassword(service, account, password) {
      guard()
      bucket(service).set(account, password)
    },
    async deletePassword(service, account) {
      guard()
      return bucket(service).delete(account)
    },
    async findCredentials(service) {
      guard()
      return [...bucket(service)].map(([account, password]) => ({ account, password }))
    },
  }
  return { keytar, data }
}

describe('createKeytarSecretStore', () => {
  it('stores each account under the "Paydesk" service', async () => {
    const { keytar, data } = fakeKeytar()
    const store = createKeytarSecretStore(keytar)
    await store.set('conn_1', 'live_secret0000000001')
    expect(KEYCHAIN_SERVICE).toBe('Paydesk')
    expect(data.get('Paydesk')?.get('conn_1')).toBe('live_secret0000000001')
    expect(await store.get('conn_1')).toBe('live_secret0000000001')
    expect(await store.get('conn_2')).toBeNull()
    expect(await store.delete('conn_1')).toBe(true)
    expect(await store.delete('conn_1')).toBe(false)
  })

  it('lists account names only, never passwords', async () => {
    const { keytar } = fakeKeytar()
    const store = createKeytarSecretStore(keytar, { service: 'PaydeskTest' })
    await store.set('a', 'test_aaaaaaaaaaaaaaa')
    await store.set('b', 'test_bbbbbbbbbbbbbbb')
    const accounts = await store.accounts()
    expect(accounts.sort()).toEqual(['a', 'b'])
    expect(JSON.stringify(accounts)).not.toContain('test_')
  })

  it.each([
    ['Cannot autolaunch D-Bus without X11 $DISPLAY', 'no-secret-service'],
    ['Could not connect: No such file or directory', 'no-secret-service'],
    ['The name org.freedesktop.secrets was not provided by any .service files', 'no-secret-service'],
    ['Object does not exist at path “/org/freedesktop/secrets/collection/login”', 'locked'],
    ['Cannot create an item in a locked collection', 'locked'],
    ['The operation was cancelled', 'locked'],
    ['libsecret-1.so.0: cannot open shared object file: No such file or directory', 'not-installed'],
    ['something new', 'unknown'],
  ] as const)('maps "%s" to KeychainUnavailableError(%s)', async (message, problem) => {
    expect(classifyKeytarError(new Error(message))).toBe(problem)
    const store = createKeytarSecretStore(fakeKeytar(new Error(message)).keytar)
    for (const call of [
      () => store.get('a'),
      () => store.set('a', 'test_x'),
      () => store.delete('a'),
      () => store.accounts(),
    ]) {
      const error = await call().catch((e: unknown) => e)
      expect(error).toBeInstanceOf(KeychainUnavailableError)
      expect((error as KeychainUnavailableError).problem).toBe(problem)
    }
  })

  it('tells the user what happened and what to do, and presents itself as keychain-unavailable', () => {
    const error = new KeychainUnavailableError('no-secret-service', { cause: new Error('Could not connect') })
    expect(error.message).toMatch(/Secret Service/)
    expect(error.message).toMatch(/gnome-keyring/)
    expect(error.message).toMatch(/[Uu]nlock your keychain/)
    expect(error.toIpcError()).toEqual({ code: 'keychain-unavailable', message: error.message })
  })
})

describe('createMemorySecretStore', () => {
  it('behaves like a store and can simulate an unavailable keychain', async () => {
    const store = createMemorySecretStore()
    await store.set('x', 'test_1234567890')
    expect(await store.get('x')).toBe('test_1234567890')
    store.failWith('locked')
    await expect(store.get('x')).rejects.toBeInstanceOf(KeychainUnavailableError)
    store.failWith(null)
    expect(await store.accounts()).toEqual(['x'])
  })
})

describe('a locked collection (keytar answers null / false and cannot be trusted to say why)', () => {
  /** Like libsecret with a locked collection: reads answer "nothing", writes fail, listing crashes. */
  function lockedKeytar() {
    const calls: string[] = []
    const called =
      <T>(name: string, answer: () => T) =>
      async (): Promise<T> => {
        calls.push(name)
        return answer()
      }
    const keytar: KeytarModule = {
      getPassword: called('get', () => null),
      setPassword: called('set', () => {
        throw new Error('Cannot create an item in a locked collection')
      }),
      deletePassword: called('delete', () => false),
      findCredentials: called('find', () => {
        throw new Error('findCredentials would have crashed the process')
      }),
    }
    return { keytar, calls }
  }

  it('answers "locked", not "absent", for get, delete and accounts, and never lists a locked collection', async () => {
    const { keytar, calls } = lockedKeytar()
    const store = createKeytarSecretStore(keytar)
    for (const call of [() => store.get('conn_1'), () => store.delete('conn_1'), () => store.accounts()]) {
      const error = await call().catch((e: unknown) => e)
      expect(error).toBeInstanceOf(KeychainUnavailableError)
      expect((error as KeychainUnavailableError).problem).toBe('locked')
    }
    expect(calls).not.toContain('find')
  })

  it('still answers null for an absent entry in an open keychain', async () => {
    const { keytar } = fakeKeytar()
    expect(await createKeytarSecretStore(keytar).get('nobody')).toBeNull()
    expect(await createKeytarSecretStore(keytar).delete('nobody')).toBe(false)
  })
})

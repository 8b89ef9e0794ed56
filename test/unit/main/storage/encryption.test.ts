import { randomBytes } from 'node:crypto'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createMemorySecretStore } from '../../../helpers/memory-secret-store'
import { KeychainUnavailableError } from '../../../../src/main/secrets/secret-store'
import {
  DATA_KEY_ACCOUNT,
  DataKeyInvalidError,
  DataKeyMissingError,
  LEGACY_DATA_KEY_ACCOUNT,
  DecryptionError,
  decryptBytes,
  decryptJson,
  encryptBytes,
  encryptJson,
  getOrCreateDataKey,
} from '../../../../src/main/storage/encryption'
import { present } from '../../../helpers/present'

const key = () => randomBytes(32)

describe('encryptBytes / decryptBytes (AES-256-GCM)', () => {
  it('round-trips any bytes', () => {
    const k = key()
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2048 }), (bytes) => {
        expect(decryptBytes(k, encryptBytes(k, bytes))).toEqual(Buffer.from(bytes))
      }),
    )
  })

  it('uses a fresh IV each time and does not contain the plaintext', () => {
    const k = key()
    const plaintext = Buffer.from('Jane Doe, Keizersgracht 126, Amsterdam')
    const a = encryptBytes(k, plaintext)
    const b = encryptBytes(k, plaintext)
    expect(a.equals(b)).toBe(false)
    expect(a.subarray(1, 13).equals(b.subarray(1, 13))).toBe(false)
    expect(a.includes(plaintext)).toBe(false)
    expect(a[0]).toBe(1)
    expect(a.length).toBe(1 + 12 + 16 + plaintext.length)
  })

  it('detects any flipped bit', () => {
    const k = key()
    const record = encryptBytes(k, Buffer.from('customer data'))
    fc.assert(
      fc.property(fc.integer({ min: 1, max: record.length * 8 - 1 }), (bit) => {
        const tampered = Buffer.from(record)
        tampered.writeUInt8(tampered.readUInt8(bit >> 3) ^ (1 << (bit & 7)), bit >> 3)
        const error = captureError(() => decryptBytes(k, tampered))
        expect(error).toBeInstanceOf(DecryptionError)
      }),
    )
  })

  it('gives a clear error for the wrong key', () => {
    const record = encryptBytes(key(), Buffer.from('x'))
    const error = captureError(() => decryptBytes(key(), record))
    expect(error).toBeInstanceOf(DecryptionError)
    expect((error as DecryptionError).reason).toBe('authentication-failed')
    expect((error as Error).message).toMatch(/different data key|altered/)
  })

  it('refuses a record moved to another purpose (associated data)', () => {
    const k = key()
    const record = encryptBytes(k, Buffer.from('draft'), 'drafts')
    expect(decryptBytes(k, record, 'drafts').toString()).toBe('draft')
    expect(() => decryptBytes(k, record, 'request-log')).toThrow(DecryptionError)
    expect(() => decryptBytes(k, record)).toThrow(DecryptionError)
  })

  it('names an unknown version and a truncated record', () => {
    const k = key()
    const record = encryptBytes(k, Buffer.from('x'))
    const future = Buffer.from(record)
    future[0] = 2
    expect(captureError(() => decryptBytes(k, future))).toMatchObject({ reason: 'unknown-version' })
    expect(captureError(() => decryptBytes(k, record.subarray(0, 20)))).toMatchObject({ reason: 'malformed' })
  })

  it('insists on a 32-byte key', () => {
    expect(() => encryptBytes(randomBytes(16), Buffer.from('x'))).toThrow(RangeError)
  })
})

describe('encryptJson / decryptJson', () => {
  it('round-trips JSON values', () => {
    const k = key()
    const value = { orderNumber: '1337', amount: { currency: 'EUR', value: '10.00' }, lines: [1, 'two', null] }
    expect(decryptJson(k, encryptJson(k, value, 'drafts'), 'drafts')).toEqual(value)
  })
})

describe('getOrCreateDataKey', () => {
  it('creates 32 random bytes once, stores them base64 in the keychain, and reuses them', async () => {
    const store = createMemorySecretStore()
    const first = await getOrCreateDataKey(store)
    expect(first.length).toBe(32)
    expect(Buffer.from(present(store.entries.get(DATA_KEY_ACCOUNT)), 'base64').equals(first)).toBe(true)
    const again = await getOrCreateDataKey(store)
    expect(again.equals(first)).toBe(true)
  })

  it('gives concurrent first-run callers the same key', async () => {
    const store = createMemorySecretStore()
    const keys = await Promise.all([getOrCreateDataKey(store), getOrCreateDataKey(store), getOrCreateDataKey(store)])
    expect(keys[1].equals(keys[0])).toBe(true)
    expect(keys[2].equals(keys[0])).toBe(true)
    expect(Buffer.from(present(store.entries.get(DATA_KEY_ACCOUNT)), 'base64').equals(keys[0])).toBe(true)
  })

  it('refuses a damaged key instead of replacing it', async () => {
    const store = createMemorySecretStore({ [DATA_KEY_ACCOUNT]: 'not-a-key' })
    await expect(getOrCreateDataKey(store)).rejects.toBeInstanceOf(DataKeyInvalidError)
    expect(store.entries.get(DATA_KEY_ACCOUNT)).toBe('not-a-key')
  })

  it('passes a keychain failure on, and works once the keychain is back', async () => {
    const store = createMemorySecretStore()
    store.failWith('locked')
    await expect(getOrCreateDataKey(store)).rejects.toBeInstanceOf(KeychainUnavailableError)
    store.failWith(null)
    expect((await getOrCreateDataKey(store)).length).toBe(32)
  })

  it('keeps keys of different accounts apart', async () => {
    const store = createMemorySecretStore()
    const a = await getOrCreateDataKey(store, { account: 'a' })
    const b = await getOrCreateDataKey(store, { account: 'b' })
    expect(a.equals(b)).toBe(false)
  })

  it('never creates a key while encrypted files exist (a missing key is not "first run")', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'paydesk-datakey-'))
    try {
      await mkdir(join(dataDir, 'drafts'))
      await writeFile(join(dataDir, 'drafts', 'drf_abc.draft'), encryptJson(key(), { any: 1 }))
      const store = createMemorySecretStore()
      await expect(getOrCreateDataKey(store, { dataDir })).rejects.toBeInstanceOf(DataKeyMissingError)
      expect(store.entries.size).toBe(0)
      // The same holds for a request log segment.
      await rm(join(dataDir, 'drafts'), { recursive: true })
      await mkdir(join(dataDir, 'request-log'))
      await writeFile(join(dataDir, 'request-log', 'segment-000001.log'), Buffer.from([0, 0, 0, 1, 1]))
      await expect(getOrCreateDataKey(store, { dataDir })).rejects.toBeInstanceOf(DataKeyMissingError)
      expect(store.entries.size).toBe(0)
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  })

  it('never overwrites an entry that appeared meanwhile (another process made the key first)', async () => {
    const store = createMemorySecretStore()
    const theirs = randomBytes(32).toString('base64')
    let reads = 0
    const racing = {
      ...store,
      async get(account: string) {
        const value = await store.get(account)
        // The first read sees nothing; by the time Paydesk would write, another process has.
        if (++reads === 1) await store.set(account, theirs)
        return value
      },
    }
    const got = await getOrCreateDataKey(racing)
    expect(got.toString('base64')).toBe(theirs)
    expect(store.entries.get(DATA_KEY_ACCOUNT)).toBe(theirs)
  })

  it("moves a key from the connections' service into its own, and deletes the old entry only then", async () => {
    const legacy = createMemorySecretStore({ [LEGACY_DATA_KEY_ACCOUNT]: randomBytes(32).toString('base64') })
    const old = present(legacy.entries.get(LEGACY_DATA_KEY_ACCOUNT))
    const own = createMemorySecretStore()
    own.failWith('locked')
    await expect(getOrCreateDataKey(own, { legacyStore: legacy })).rejects.toBeInstanceOf(KeychainUnavailableError)
    expect(legacy.entries.get(LEGACY_DATA_KEY_ACCOUNT)).toBe(old)
    own.failWith(null)
    const got = await getOrCreateDataKey(own, { legacyStore: legacy })
    expect(got.toString('base64')).toBe(old)
    expect(own.entries.get(DATA_KEY_ACCOUNT)).toBe(old)
    expect(legacy.entries.has(LEGACY_DATA_KEY_ACCOUNT)).toBe(false)
  })
})

function captureError(fn: () => unknown): unknown {
  try {
    fn()
  } catch (error) {
    return error
  }
  throw new Error('expected an error')
}

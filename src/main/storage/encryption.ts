import { createCipheriv, createDecipheriv, createSecretKey, randomBytes, type KeyObject } from 'node:crypto'
import { readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { IpcErrorView } from '../../shared/ipc/define'
import type { SecretStore } from '../secrets/secret-store'

/**
 * Encryption at rest for files holding customer data (drafts, the request log). The data key is
 * 32 random bytes kept (base64) in the OS keychain, so a copied data directory alone is useless.
 *
 * Record layout (all binary): version byte (1) | IV (12 random bytes) | GCM tag (16) | ciphertext.
 * `associatedData` (optional) binds a record to its purpose, e.g. 'drafts', so a record cannot be
 * moved from one file into another unnoticed.
 */
/**
 * The data key lives under its own keychain service, apart from the connections' secrets (service
 * "Paydesk", one account per connection id), so no connection id can ever name it.
 */
export const DATA_KEY_SERVICE = 'Paydesk data key'
export const DATA_KEY_ACCOUNT = 'data-key'
/** Where earlier versions kept it: an account among the connection secrets (moved on first use). */
export const LEGACY_DATA_KEY_ACCOUNT = '__paydesk-data-key__'
export const DATA_KEY_BYTES = 32
const VERSION = 1
const IV_BYTES = 12
const TAG_BYTES = 16
const HEADER_BYTES = 1 + IV_BYTES + TAG_BYTES

/** A record could not be decrypted; the message is meant for the user. */
export class DecryptionError extends Error {
  constructor(
    readonly reason: 'malformed' | 'unknown-version' | 'authentication-failed',
    message: string,
  ) {
    super(message)
    this.name = 'DecryptionError'
  }
}

/** The keychain holds something under the data key's account that is not a data key. */
export class DataKeyInvalidError extends Error {
  constructor() {
    super(
      'The data key in the system keychain is damaged, so Paydesk cannot read its encrypted files. ' +
        `Paydesk did not replace it (that would make the files unreadable for good). Remove the "${DATA_KEY_SERVICE}" entry ` +
        'from the keychain to start over without the old drafts and request log.',
    )
    this.name = 'DataKeyInvalidError'
  }

  toIpcError(): IpcErrorView {
    return { code: 'keychain-unavailable', message: this.message }
  }
}

/**
 * The keychain is open and has no data key, yet encrypted drafts or request-log files exist. A new
 * key would make them unreadable for good, so Paydesk refuses to create one and says so.
 */
export class DataKeyMissingError extends Error {
  constructor() {
    super(
      'Paydesk cannot find its data key in the system keychain, but encrypted drafts or a request log exist. ' +
        'Paydesk did not create a new key, because the existing files could then never be read again. ' +
        'If you use more than one keychain, open the one Paydesk used before and try again. To start over without ' +
        `the old drafts and request log, move the "${ENCRYPTED_DIRS.join('" and "')}" folders out of Paydesk's data folder.`,
    )
    this.name = 'DataKeyMissingError'
  }

  toIpcError(): IpcErrorView {
    return { code: 'keychain-unavailable', message: this.message }
  }
}

/** Folders (under the data folder) whose files are encrypted with the data key. */
const ENCRYPTED_DIRS = ['drafts', 'request-log'] as const

/** Whether any file encrypted with the data key exists (a draft, or a non-empty log segment). */
async function hasEncryptedFiles(dataDir: string): Promise<boolean> {
  for (const folder of ENCRYPTED_DIRS) {
    const dir = join(dataDir, folder)
    let names: string[]
    try {
      names = await readdir(dir)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue
      throw error
    }
    for (const name of names) {
      if (name.startsWith('.')) continue // temporary files of an interrupted write
      if (folder === 'drafts' && name.endsWith('.draft')) return true
      if (folder === 'request-log' && name.endsWith('.log') && (await stat(join(dir, name))).size > 0) return true
    }
  }
  return false
}

interface DataKeyOptions {
  /** The data folder: while it holds encrypted files, no new key is ever created. */
  dataDir?: string
  /** The connections' store, where earlier versions kept the key (moved from there once). */
  legacyStore?: SecretStore
  account?: string
}

// One pending lookup per store and account: two callers asking at the same time on first run must
// not each create (and store) their own key, or whatever the loser encrypted would be lost.
const pending = new WeakMap<SecretStore, Map<string, Promise<Buffer>>>()

/**
 * Reads the data key from its own keychain service; creates one only when the keychain is open,
 * has no key (here or in the legacy place) and no encrypted file exists. Never overwrites an entry.
 * A locked keychain is an error (KeychainUnavailableError 'locked', from the store), never "absent":
 * the store tells the two apart (keytar-store.ts). Failures are not remembered, so the next call
 * (after the user unlocked) simply tries again.
 */
export function getOrCreateDataKey(secretStore: SecretStore, options: DataKeyOptions = {}): Promise<Buffer> {
  const account = options.account ?? DATA_KEY_ACCOUNT
  let byAccount = pending.get(secretStore)
  if (!byAccount) pending.set(secretStore, (byAccount = new Map()))
  const existing = byAccount.get(account)
  if (existing) return existing
  const promise = loadOrCreate(secretStore, account, options)
  byAccount.set(account, promise)
  // Do not memoize a failure (a locked keychain may be unlocked next time) nor, once done, the key.
  promise.finally(() => byAccount.delete(account)).catch(() => {})
  return promise
}

function parseKey(stored: string): Buffer {
  const key = Buffer.from(stored, 'base64')
  if (key.length !== DATA_KEY_BYTES || key.toString('base64') !== stored) throw new DataKeyInvalidError()
  return key
}

/** Writes `value` only if the account is still empty; answers what the keychain holds afterwards. */
async function createOnly(store: SecretStore, account: string, value: string): Promise<string> {
  const now = await store.get(account)
  if (now !== null) return now
  await store.set(account, value)
  const stored = await store.get(account)
  if (stored === null) throw new DataKeyMissingError()
  return stored
}

async function loadOrCreate(secretStore: SecretStore, account: string, options: DataKeyOptions): Promise<Buffer> {
  const stored = await secretStore.get(account)
  if (stored !== null) return parseKey(stored)
  if (options.legacyStore && options.legacyStore !== secretStore) {
    const legacy = await options.legacyStore.get(LEGACY_DATA_KEY_ACCOUNT)
    if (legacy !== null) {
      const key = parseKey(legacy)
      const moved = parseKey(await createOnly(secretStore, account, legacy))
      // Only once the key is safely in its own place does the old entry go.
      if (moved.equals(key)) await options.legacyStore.delete(LEGACY_DATA_KEY_ACCOUNT).catch(() => false)
      return moved
    }
  }
  if (options.dataDir !== undefined && (await hasEncryptedFiles(options.dataDir))) throw new DataKeyMissingError()
  return parseKey(await createOnly(secretStore, account, randomBytes(DATA_KEY_BYTES).toString('base64')))
}

/**
 * The KeyObject of a key, made once per key array: Node checks and copies a raw key on every
 * createCipheriv (about 40 µs a record on this class of machine), a KeyObject is taken as is (about
 * 8 µs a record in all). Paydesk never changes a key array after reading it from the keychain.
 */
const keyObjects = new WeakMap<Uint8Array, KeyObject>()

function keyObjectOf(key: Uint8Array): KeyObject {
  if (key.length !== DATA_KEY_BYTES) throw new RangeError(`The data key must be ${DATA_KEY_BYTES} bytes.`)
  let object = keyObjects.get(key)
  if (!object) {
    object = createSecretKey(Buffer.from(key))
    keyObjects.set(key, object)
  }
  return object
}

export function encryptBytes(key: Uint8Array, plaintext: Uint8Array, associatedData?: string): Buffer {
  const keyObject = keyObjectOf(key)
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', keyObject, iv, { authTagLength: TAG_BYTES })
  if (associatedData !== undefined) cipher.setAAD(Buffer.from(associatedData, 'utf8'))
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()])
  return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), body])
}

export function decryptBytes(key: Uint8Array, record: Uint8Array, associatedData?: string): Buffer {
  const keyObject = keyObjectOf(key)
  const data = Buffer.from(record.buffer, record.byteOffset, record.byteLength)
  if (data.length < HEADER_BYTES) {
    throw new DecryptionError('malformed', 'The encrypted record is truncated or is not a Paydesk record.')
  }
  if (data[0] !== VERSION) {
    throw new DecryptionError(
      'unknown-version',
      `The encrypted record has format version ${data[0]}, which this Paydesk does not know (it reads version ${VERSION}).`,
    )
  }
  const iv = data.subarray(1, 1 + IV_BYTES)
  const tag = data.subarray(1 + IV_BYTES, HEADER_BYTES)
  const decipher = createDecipheriv('aes-256-gcm', keyObject, iv, { authTagLength: TAG_BYTES })
  if (associatedData !== undefined) decipher.setAAD(Buffer.from(associatedData, 'utf8'))
  decipher.setAuthTag(tag)
  try {
    return Buffer.concat([decipher.update(data.subarray(HEADER_BYTES)), decipher.final()])
  } catch {
    throw new DecryptionError(
      'authentication-failed',
      'The encrypted record could not be read: it was written with a different data key, or it has been altered or damaged.',
    )
  }
}

export function encryptJson(key: Uint8Array, value: unknown, associatedData?: string): Buffer {
  return encryptBytes(key, Buffer.from(JSON.stringify(value), 'utf8'), associatedData)
}

export function decryptJson<T = unknown>(key: Uint8Array, record: Uint8Array, associatedData?: string): T {
  const bytes = decryptBytes(key, record, associatedData)
  try {
    return JSON.parse(bytes.toString('utf8')) as T
  } catch {
    throw new DecryptionError('malformed', 'The encrypted record decrypted but does not hold valid JSON.')
  }
}

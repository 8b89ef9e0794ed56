import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import type { SecretStore } from '../secrets/secret-store'

/**
 * Encryption at rest for files holding customer data (drafts, the request log). The data key is
 * 32 random bytes kept (base64) in the OS keychain, so a copied data directory alone is useless.
 *
 * Record layout (all binary): version byte (1) | IV (12 random bytes) | GCM tag (16) | ciphertext.
 * `associatedData` (optional) binds a record to its purpose, e.g. 'drafts', so a record cannot be
 * moved from one file into another unnoticed.
 */
export const DATA_KEY_ACCOUNT = '__paydesk-data-key__'
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
        `Paydesk did not replace it (that would make the files unreadable for good). Remove the "${DATA_KEY_ACCOUNT}" entry ` +
        'from the keychain to start over without the old drafts and request log.',
    )
    this.name = 'DataKeyInvalidError'
  }
}

// One pending lookup per store and account: two callers asking at the same time on first run must
// not each create (and store) their own key, or whatever the loser encrypted would be lost.
const pending = new WeakMap<SecretStore, Map<string, Promise<Buffer>>>()

/** Reads the data key from the keychain, creating and storing one on first use. */
export function getOrCreateDataKey(secretStore: SecretStore, account = DATA_KEY_ACCOUNT): Promise<Buffer> {
  let byAccount = pending.get(secretStore)
  if (!byAccount) pending.set(secretStore, (byAccount = new Map()))
  const existing = byAccount.get(account)
  if (existing) return existing
  const promise = loadOrCreate(secretStore, account)
  byAccount.set(account, promise)
  // Do not memoize a failure (a locked keychain may be unlocked next time) nor, once done, the key.
  promise.finally(() => byAccount.delete(account)).catch(() => {})
  return promise
}

async function loadOrCreate(secretStore: SecretStore, account: string): Promise<Buffer> {
  const stored = await secretStore.get(account)
  if (stored !== null) {
    const key = Buffer.from(stored, 'base64')
    if (key.length !== DATA_KEY_BYTES || key.toString('base64') !== stored) throw new DataKeyInvalidError()
    return key
  }
  const key = randomBytes(DATA_KEY_BYTES)
  await secretStore.set(account, key.toString('base64'))
  return key
}

function checkKey(key: Uint8Array): void {
  if (key.length !== DATA_KEY_BYTES) throw new RangeError(`The data key must be ${DATA_KEY_BYTES} bytes.`)
}

export function encryptBytes(key: Uint8Array, plaintext: Uint8Array, associatedData?: string): Buffer {
  checkKey(key)
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES })
  if (associatedData !== undefined) cipher.setAAD(Buffer.from(associatedData, 'utf8'))
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()])
  return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), body])
}

export function decryptBytes(key: Uint8Array, record: Uint8Array, associatedData?: string): Buffer {
  checkKey(key)
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
  const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES })
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

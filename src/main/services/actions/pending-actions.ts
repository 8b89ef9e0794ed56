// The Idempotency-Keys of actions still waiting for a definitive answer (actions.ts), kept in
// `<dataDir>/pending-actions.json` so a retry after a restart reuses the key and the service replays
// its first answer. The file is sealed with an HMAC keyed by the data key (keychain): an entry
// planted or edited outside Paydesk is not used; the file is set aside (a copy kept) and the keys
// start afresh. What the file cannot guard against, its deletion, is covered by the caller reading
// the object's state from the service before a fresh key is used (actions/refund.ts, with the shared
// isDuplicateRefund).
//
// A file put back from an older copy is sealed too, so the seal alone cannot tell it (issue 45 item
// 6): a kept key of a refund that was answered since would make a new refund of the same amount
// replay the old one and report "done" while nothing was sent. Each write counts up a number sealed
// in the file and kept in the keychain beside the data key (the high-water mark); a file whose number
// is below the keychain's is older than the last one Paydesk wrote, and is set aside like an edited
// one. Chosen over comparing the replayed refund's createdAt with the entry's: that depends on the
// service's clock against this computer's and cannot tell a lost answer's replay (correct) from a
// rolled-back key's (wrong), both replay an earlier refund; the counter needs neither.
// The keychain's number is written after the file: a crash in between leaves the file ahead, which
// is accepted.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { join, resolve } from 'node:path'
import type { SecretStore } from '../../secrets/secret-store'
import { readJsonFile, writeJsonFileAtomic } from '../../storage/atomic-file'

export const PENDING_ACTIONS_FILE = 'pending-actions.json'
/** How long a pending action's key is kept: the service remembers keys for 24 hours. */
const PENDING_KEY_TTL_MS = 24 * 60 * 60 * 1000
/**
 * The keychain account (in the data key's service) holding the number of the last file written, one
 * per data folder (named by a hash of the file's path): two data folders never share a count.
 */
function countAccount(file: string): string {
  return `pending-actions-count:${createHash('sha256').update(resolve(file)).digest('hex').slice(0, 16)}`
}

interface PendingEntry {
  key: string
  createdAt: number
}

type Entries = Record<string, PendingEntry>

/** v2 (issue 22) had no count; it reads as count 0. */
interface SealedFile {
  v: 2 | 3
  entries: Entries
  /** v3: how many times Paydesk wrote the file (sealed with the entries). */
  count?: number
  mac: string
}

function macOf(key: Uint8Array, entries: Entries, count: number | undefined): string {
  const mac = createHmac('sha256', key)
  if (count === undefined) mac.update('paydesk-pending-actions/2')
  else mac.update(`paydesk-pending-actions/3:${count}:`)
  return mac.update(JSON.stringify(entries)).digest('base64url')
}

function macMatches(key: Uint8Array, entries: Entries, count: number | undefined, mac: string): boolean {
  const expected = Buffer.from(macOf(key, entries, count))
  const actual = Buffer.from(mac)
  return expected.length === actual.length && timingSafeEqual(expected, actual)
}

function isEntry(e: unknown): e is PendingEntry {
  const entry = e as PendingEntry | null
  return typeof entry?.key === 'string' && entry.key.length <= 200 && typeof entry.createdAt === 'number'
}

interface PendingActions {
  /** Runs `fn` on the entries (one caller at a time) and writes them back, sealed, if it changed them. */
  with<T>(fn: (entries: Entries) => T | Promise<T>): Promise<T>
  /** Said once after a file was set aside (edited, or of the earlier unsealed format with entries). */
  takeNotice(): string | null
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
}

/**
 * The keychain's high-water mark: 0 when none was written yet. An entry that is not a count (only
 * someone with the keychain could write one) reads as 0 and is written over at the next change.
 */
async function readHighWater(store: Pick<SecretStore, 'get'>, account: string): Promise<number> {
  const stored = await store.get(account)
  const count = Number(stored)
  return stored !== null && /^\d{1,15}$/.test(stored) && isCount(count) ? count : 0
}

export function createPendingActions(options: {
  dataDir: string
  getKey: () => Promise<Uint8Array>
  now: () => number
  /**
   * Where the file's high-water mark is kept: the keychain (the data key's service) in the app.
   * Without it (unit tests of one piece), a file put back from an older copy is not told apart.
   */
  highWater?: Pick<SecretStore, 'get' | 'set'>
}): PendingActions {
  const file = join(options.dataDir, PENDING_ACTIONS_FILE)
  const account = countAccount(file)
  let queue: Promise<unknown> = Promise.resolve()
  let notice: string | null = null

  /** The entries and the file's count; a file that cannot be vouched for is set aside (count kept). */
  async function read(key: Uint8Array, highWater: number): Promise<{ entries: Entries; count: number }> {
    const result = await readJsonFile(file, (raw) => {
      const sealed = raw as Partial<SealedFile> | null
      const count = sealed?.v === 3 ? sealed.count : undefined
      if (
        (sealed?.v !== 2 && sealed?.v !== 3) ||
        (sealed.v === 3 && !isCount(count)) ||
        typeof sealed.mac !== 'string' ||
        typeof sealed.entries !== 'object' ||
        !sealed.entries
      ) {
        throw new Error('it carries no seal')
      }
      if (!macMatches(key, sealed.entries, count, sealed.mac)) throw new Error('its seal does not match')
      if ((count ?? 0) < highWater) {
        throw new Error('it is older than the last list Paydesk wrote: it was put back from an earlier copy')
      }
      return { entries: sealed.entries, count: count ?? 0 }
    })
    if (result.status === 'ok') return result.value
    if (result.status === 'corrupt') {
      notice =
        `The list of actions waiting for an answer was changed outside Paydesk (${result.reason}); a copy was kept at ` +
        `${result.backupPath}. Before a refund or cancel is sent again, Paydesk reads the payment from the service.`
    }
    return { entries: {}, count: highWater }
  }

  return {
    with(fn) {
      const run = queue.then(async () => {
        const key = await options.getKey()
        const highWater = options.highWater ? await readHighWater(options.highWater, account) : 0
        const { entries, count } = await read(key, highWater)
        const before = JSON.stringify(entries)
        for (const [k, e] of Object.entries(entries)) {
          if (!isEntry(e) || options.now() - e.createdAt > PENDING_KEY_TTL_MS) delete entries[k]
        }
        const result = await fn(entries)
        if (JSON.stringify(entries) !== before) {
          const next = Math.max(count, highWater) + 1
          const sealed: SealedFile = { v: 3, entries, count: next, mac: macOf(key, entries, next) }
          await writeJsonFileAtomic(file, sealed)
          await options.highWater?.set(account, String(next))
        }
        return result
      })
      queue = run.catch(() => {})
      return run
    },
    takeNotice() {
      const said = notice
      notice = null
      return said
    },
  }
}

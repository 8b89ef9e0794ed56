// The Idempotency-Keys of actions still waiting for a definitive answer (actions.ts), kept in
// `<dataDir>/pending-actions.json` so a retry after a restart reuses the key and the service replays
// its first answer. The file is sealed with an HMAC keyed by the data key (keychain): an entry
// planted or edited outside Paydesk is not used; the file is set aside (a copy kept) and the keys
// start afresh. What the file cannot guard against, its deletion, is covered by the caller reading
// the object's state from the service before a fresh key is used (see duplicateRefund).
import { createHmac, timingSafeEqual } from 'node:crypto'
import { join } from 'node:path'
import type { Refund } from '../../shared/api-types'
import { DUPLICATE_REFUND_WINDOW_MS } from '../../shared/service/refunds'
import { readJsonFile, writeJsonFileAtomic } from '../storage/atomic-file'

export const PENDING_ACTIONS_FILE = 'pending-actions.json'
/** How long a pending action's key is kept: the service remembers keys for 24 hours. */
export const PENDING_KEY_TTL_MS = 24 * 60 * 60 * 1000

export interface PendingEntry {
  key: string
  createdAt: number
}

type Entries = Record<string, PendingEntry>

interface SealedFile {
  v: 2
  entries: Entries
  mac: string
}

function macOf(key: Uint8Array, entries: Entries): string {
  return createHmac('sha256', key)
    .update('paydesk-pending-actions/2')
    .update(JSON.stringify(entries))
    .digest('base64url')
}

function macMatches(key: Uint8Array, entries: Entries, mac: string): boolean {
  const expected = Buffer.from(macOf(key, entries))
  const actual = Buffer.from(mac)
  return expected.length === actual.length && timingSafeEqual(expected, actual)
}

function isEntry(e: unknown): e is PendingEntry {
  const entry = e as PendingEntry | null
  return typeof entry?.key === 'string' && entry.key.length <= 200 && typeof entry.createdAt === 'number'
}

export interface PendingActions {
  /** Runs `fn` on the entries (one caller at a time) and writes them back, sealed, if it changed them. */
  with<T>(fn: (entries: Entries) => T | Promise<T>): Promise<T>
  /** Said once after a file was set aside (edited, or of the earlier unsealed format with entries). */
  takeNotice(): string | null
}

export function createPendingActions(options: {
  dataDir: string
  getKey: () => Promise<Uint8Array>
  now: () => number
}): PendingActions {
  const file = join(options.dataDir, PENDING_ACTIONS_FILE)
  let queue: Promise<unknown> = Promise.resolve()
  let notice: string | null = null

  async function read(key: Uint8Array): Promise<Entries> {
    const result = await readJsonFile(file, (raw) => {
      const sealed = raw as Partial<SealedFile> | null
      if (sealed?.v !== 2 || typeof sealed.mac !== 'string' || typeof sealed.entries !== 'object' || !sealed.entries) {
        throw new Error('it carries no seal')
      }
      if (!macMatches(key, sealed.entries, sealed.mac)) throw new Error('its seal does not match')
      return sealed.entries
    })
    if (result.status === 'ok') return result.value
    if (result.status === 'corrupt') {
      notice =
        `The list of actions waiting for an answer was changed outside Paydesk (${result.reason}); a copy was kept at ` +
        `${result.backupPath}. Before a refund or cancel is sent again, Paydesk reads the payment from the service.`
    }
    return {}
  }

  return {
    with(fn) {
      const run = queue.then(async () => {
        const key = await options.getKey()
        const entries = await read(key)
        const before = JSON.stringify(entries)
        for (const [k, e] of Object.entries(entries)) {
          if (!isEntry(e) || options.now() - e.createdAt > PENDING_KEY_TTL_MS) delete entries[k]
        }
        const result = await fn(entries)
        if (JSON.stringify(entries) !== before) {
          const sealed: SealedFile = { v: 2, entries, mac: macOf(key, entries) }
          await writeJsonFileAtomic(file, sealed)
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

/**
 * A refund of the same amount made on this payment within the duplicate window (the same the sandbox
 * applies, shared/service/refunds.ts): with no key kept for this action (the file was deleted, or this
 * is a new action), such a refund may be the answer of an earlier attempt that was lost, so a second
 * one is not sent unasked.
 */
export function duplicateRefund(
  refunds: readonly Refund[],
  amount: { currency: string; value: string },
  now: number,
): Refund | null {
  return (
    refunds.find(
      (r) =>
        r.status !== 'canceled' &&
        r.status !== 'failed' &&
        r.amount?.currency === amount.currency &&
        r.amount.value === amount.value &&
        now - Date.parse(r.createdAt) < DUPLICATE_REFUND_WINDOW_MS,
    ) ?? null
  )
}

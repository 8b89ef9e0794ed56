// The refunds of the rest held at this desk (queued-refunds.ts), kept in the data folder so that one
// survives a restart: `<dataDir>/queued-refunds.bin`, one AES-GCM record under the keychain's data
// key (storage/encryption.ts, the drafts' scheme), its associated data naming the file's purpose. A
// file edited, cut short or planted outside Paydesk does not decrypt or does not hold what Paydesk
// writes: it is set aside (a copy kept), none of its refunds is sent, and the agent is told so. A
// refund loaded from the file is sent only after main reads the payment again (queued-refunds.ts).
// A file put back from an older copy decrypts too, and could bring back a refund the agent canceled
// since (the payment unchanged, the fresh read would let it go): as for pending-actions.json, each
// write counts up a number inside the record and in the keychain beside the data key, and a file
// whose number is below the keychain's is set aside like an edited one.
import { createHash } from 'node:crypto'
import { rename } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { z } from 'zod'
import type { QueuedRefund } from '../../../shared/ipc/actions'
import { paymentIdSchema, queuedRefundIdSchema } from '../../../shared/ipc/ids'
import { parseAmountValue } from '../../../shared/money'
import { backupFile, writeFileAtomic } from '../../storage/atomic-file'
import { decryptJson, encryptJson } from '../../storage/encryption'
import { LinkRefusedError, readFileNoFollow } from '../../storage/no-follow'
import type { SecretStore } from '../../secrets/secret-store'

export const QUEUED_REFUNDS_FILE = 'queued-refunds.bin'
const PURPOSE = 'paydesk queued-refunds/1'

/** A held refund as the file keeps it: what the view shows and what main needs to send it. */
export interface StoredQueued {
  view: QueuedRefund
  connectionId: string
  refundIds: string[]
  ticket: string | null
}

const amount = z
  .object({ currency: z.string(), value: z.string() })
  .strict()
  .refine((a) => parseAmountValue(a.value, a.currency).ok, 'an amount that is not one')

const stored = z
  .object({
    view: z
      .object({
        id: queuedRefundIdSchema,
        paymentId: paymentIdSchema,
        amount,
        description: z.string().max(255).nullable(),
        sendAt: z.iso.datetime(),
        state: z.enum(['waiting', 'sent', 'not-sent', 'canceled']),
        note: z.string().max(1000),
        refundId: z.string().max(64).nullable(),
      })
      .strict(),
    connectionId: z.string().min(1).max(200),
    refundIds: z.array(z.string().max(64)).max(250),
    ticket: z.string().max(200).nullable(),
  })
  .strict()

const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)
const file = z.object({ v: z.literal(1), count, entries: z.array(stored).max(1000) }).strict()

/** The keychain account of the file's count, one per data folder (named by a hash of the path). */
function countAccount(path: string): string {
  return `queued-refunds-count:${createHash('sha256').update(resolve(path)).digest('hex').slice(0, 16)}`
}

export interface QueuedStore {
  /** The held refunds kept; `notice` when the file could not be used (set aside, nothing sent). */
  load(): Promise<{ entries: StoredQueued[]; notice: string | null }>
  /** Replaces the file with these entries (atomically). */
  save(entries: readonly StoredQueued[]): Promise<void>
}

/** The keychain's count for the file; 0 when none was written (or it is not a count). */
async function readHighWater(store: Pick<SecretStore, 'get'> | undefined, account: string): Promise<number> {
  const stored = (await store?.get(account)) ?? null
  const parsed = count.safeParse(stored !== null && /^\d{1,15}$/.test(stored) ? Number(stored) : 0)
  return parsed.success ? parsed.data : 0
}

/** Sets a file that cannot be used aside (a copy kept, a link moved); answers the agent's notice. */
async function setFileAside(path: string, reason: string, link: boolean): Promise<string> {
  let copy: string
  if (link) {
    // The link itself is moved aside (never what it points to), so the next write makes a file.
    copy = `${path}.${new Date().toISOString().replace(/[:.]/g, '-')}.link`
    await rename(path, copy)
  } else {
    copy = await backupFile(path)
  }
  return (
    `The refunds held at this desk could not be read when Paydesk started (${reason}), so none of them will be ` +
    `sent. A copy of the file was kept at ${copy}. Look at the payments again and refund the rest where it is ` +
    'still needed.'
  )
}

export function createQueuedStore(options: {
  dataDir: string
  getKey: () => Promise<Uint8Array>
  /** The keychain beside the data key: the file's high-water mark (none in unit tests of one piece). */
  highWater?: Pick<SecretStore, 'get' | 'set'>
}): QueuedStore {
  const path = join(options.dataDir, QUEUED_REFUNDS_FILE)
  const account = countAccount(path)
  /** The number of the last file written or read. */
  let written = 0

  const highWater = () => readHighWater(options.highWater, account)
  const setAside = (reason: string, link: boolean) => setFileAside(path, reason, link)

  return {
    async load() {
      // No file, nothing held: the keychain is not asked at start (its unlock prompt comes when needed).
      let bytes: Buffer
      try {
        bytes = await readFileNoFollow(path)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { entries: [], notice: null }
        if (error instanceof LinkRefusedError) {
          return { entries: [], notice: await setAside('it is a link to another file', true) }
        }
        throw error
      }
      let key: Uint8Array
      let mark: number
      try {
        key = await options.getKey()
        mark = await highWater()
      } catch (error) {
        // Kept aside too: the next held refund must not write over what could not be read.
        const why = error instanceof Error ? error.message : String(error)
        return { entries: [], notice: await setAside(`the keychain could not be read: ${why}`, false) }
      }
      written = mark
      let raw: unknown
      try {
        raw = decryptJson(key, bytes, PURPOSE)
      } catch {
        return { entries: [], notice: await setAside('it was changed outside Paydesk or is damaged', false) }
      }
      const parsed = file.safeParse(raw)
      if (!parsed.success) {
        return { entries: [], notice: await setAside('it does not hold what Paydesk writes', false) }
      }
      if (parsed.data.count < mark) {
        return {
          entries: [],
          notice: await setAside(
            'it is older than the last one Paydesk wrote: it was put back from an earlier copy',
            false,
          ),
        }
      }
      written = parsed.data.count
      return { entries: parsed.data.entries, notice: null }
    },
    async save(entries) {
      const next = Math.max(written, await highWater()) + 1
      const record = encryptJson(await options.getKey(), { v: 1, count: next, entries }, PURPOSE)
      await writeFileAtomic(path, record)
      written = next
      // After the file: a crash in between leaves the file ahead of the keychain, which is accepted.
      await options.highWater?.set(account, String(next))
    },
  }
}

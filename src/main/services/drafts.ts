import { randomBytes, randomUUID } from 'node:crypto'
import { mkdir, readdir, rename, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { formatAmountForDisplay } from '../../shared/money'
import {
  draftContentSchema,
  MAX_DRAFT_NAME_LENGTH,
  MAX_DRAFTS,
  type DraftArchiveInfo,
  type DraftConnection,
  type DraftContent,
  type DraftsListView,
  type DraftSummary,
  type DraftView,
  type SaveDraftInput,
} from '../../shared/ipc/drafts'
import { buildDraftRequest } from '../../shared/order-builder'
import { UserFacingError } from '../ipc/errors'
import type { SecretStore } from '../secrets/secret-store'
import { writeFileAtomic } from '../storage/atomic-file'
import { LinkRefusedError, readFileNoFollow } from '../storage/no-follow'
import { decryptJson, DecryptionError, encryptJson, getOrCreateDataKey } from '../storage/encryption'

// The order builder's drafts, one encrypted file per draft under <dataDir>/drafts/ (drafts hold
// customer names, addresses and e-mails). Each file is AES-GCM with the data key from the OS
// keychain, bound to its draft id and its version (associated data), and replaced atomically so a
// crash mid-write leaves the previous version. Every save raises the version; the versions are kept
// in drafts/versions.seal (encrypted too), so an older copy of a draft put back in place of the
// current one is noticed (issue 11 item 9). A file that cannot be read, or is older than its
// recorded version, is moved to drafts/damaged/ and reported in `list().notices`, never silently
// dropped. What files alone cannot show: the whole folder, versions included, rolled back at once.
//
// File layout: "PDR2" [u32 big-endian version] [encryptJson(key, record, `paydesk-draft:<id>:<version>`)].
// Files of the first format (no header, bound to the id only) are read while versions.seal does not
// exist yet, then rewritten.

export const DRAFTS_DIR = 'drafts'
export const DAMAGED_DIR = 'damaged'
export const VERSIONS_FILE = 'versions.seal'
const FILE_SUFFIX = '.draft'
const RECORD_VERSION = 1
/** Largest draft Paydesk keeps (its JSON): far above any real order, far below what would hurt. */
export const MAX_DRAFT_BYTES = 1024 * 1024
/** Whole drafts kept in memory (the most recently used); the list keeps only their summaries. */
export const CACHED_DRAFTS = 16
const FILE_MAGIC = Buffer.from('PDR2', 'ascii')
const FILE_HEADER_BYTES = FILE_MAGIC.length + 4
const VERSIONS_AAD = 'paydesk-drafts-versions'
const versionsSchema = z.object({ v: z.literal(1), versions: z.record(z.string(), z.number().int().min(1)) }).strict()

const archiveSchema = z
  .object({ at: z.string().max(64), orderId: z.string().max(64).nullable(), paymentId: z.string().max(64).nullable() })
  .strict()

/** What one draft file holds (after decryption). */
const recordSchema = z
  .object({
    v: z.literal(RECORD_VERSION),
    id: z.string().regex(/^drf_[A-Za-z0-9]+$/),
    name: z.string().max(MAX_DRAFT_NAME_LENGTH),
    /** False while the name follows the order number; true once the user renamed the draft. */
    named: z.boolean(),
    createdAt: z.string().max(64),
    updatedAt: z.string().max(64),
    idempotencyKey: z.string().min(1).max(255),
    /** Fingerprint of the request that got a definitive 4xx with this key (null: key unspent). */
    keySpentOn: z.string().max(128).nullable(),
    archived: archiveSchema.nullable(),
    /** The connection the draft was made for; absent in drafts made before it was kept. */
    connection: z
      .object({ id: z.string().max(64), label: z.string().max(256) })
      .strict()
      .nullable()
      .default(null),
    content: draftContentSchema,
  })
  .strict()
export type DraftRecord = z.output<typeof recordSchema>

export interface DraftsStoreOptions {
  dataDir: string
  /** Where the data key is (its own keychain service, see storage/encryption.ts). */
  secretStore: SecretStore
  /** The connections' store, where earlier versions kept the data key (moved from there once). */
  legacySecretStore?: SecretStore
  now?: () => Date
  /** The connection a new or moved draft belongs to: the active one (null: none known). */
  owner?: () => Promise<DraftConnection | null>
  /** Replaceable in tests to simulate a crash mid-write. */
  writeFile?: (path: string, data: Uint8Array) => Promise<void>
}

export interface DraftsStore {
  list(): Promise<DraftsListView>
  get(id: string): Promise<DraftView>
  save(input: SaveDraftInput): Promise<DraftView>
  rename(id: string, name: string): Promise<DraftSummary>
  delete(id: string): Promise<{ deleted: true }>
  /** Makes the draft belong to the active connection (options.owner). */
  moveToActive(id: string): Promise<DraftView>
  /** The full record (for the orders service). */
  read(id: string): Promise<DraftRecord>
  /** Changes a record under the per-draft write lock. */
  update(id: string, change: (record: DraftRecord) => DraftRecord): Promise<DraftRecord>
  /** Where the files are (tests, diagnostics). */
  readonly directory: string
}

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

function newDraftId(): string {
  let out = 'drf_'
  for (const byte of randomBytes(16)) out += BASE62[byte % 62]
  return out
}

/** What a draft file of the first format was bound to. */
function legacyAssociatedData(id: string): string {
  return `paydesk-draft:${id}`
}

function associatedData(id: string, version: number): string {
  return `paydesk-draft:${id}:${version}`
}

/** A draft file: header with its version, then the record bound to id and version. */
export function encodeDraftFile(key: Uint8Array, record: DraftRecord, version: number): Buffer {
  const header = Buffer.alloc(FILE_HEADER_BYTES)
  FILE_MAGIC.copy(header, 0)
  header.writeUInt32BE(version, FILE_MAGIC.length)
  return Buffer.concat([header, encryptJson(key, record, associatedData(record.id, version))])
}

/** The version a file says it has (authenticated only once it decrypts), or null for the first format. */
function versionOf(bytes: Buffer): number | null {
  if (bytes.length < FILE_HEADER_BYTES || !bytes.subarray(0, FILE_MAGIC.length).equals(FILE_MAGIC)) return null
  return bytes.readUInt32BE(FILE_MAGIC.length)
}

function autoName(content: DraftContent): string {
  const base = content.kind === 'order' ? content.orderNumber.trim() : content.description.trim()
  if (base) return base.slice(0, MAX_DRAFT_NAME_LENGTH)
  return content.kind === 'order' ? 'Untitled order' : 'Untitled payment'
}

function summaryOf(content: DraftContent): string {
  const built = buildDraftRequest(content, { kind: 'api-key', profileId: null, testmode: null })
  const parts: string[] = [content.kind === 'order' ? 'Order' : 'Payment']
  if (built.amount) parts.push(formatAmountForDisplay(built.amount, 'en_US'))
  if (content.kind === 'order' || content.paymentWithLines) {
    parts.push(`${content.lines.length} line${content.lines.length === 1 ? '' : 's'}`)
  }
  return parts.join(' · ')
}

/** The summary shown in lists and after a create. */
export function toSummary(r: DraftRecord): DraftSummary {
  return {
    id: r.id,
    name: r.name,
    kind: r.content.kind,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    summary: summaryOf(r.content),
    archived: r.archived ? { ...r.archived } : null,
    connection: r.connection ? { ...r.connection } : null,
  }
}

function toView(r: DraftRecord): DraftView {
  return { ...toSummary(r), content: r.content, idempotencyKey: r.idempotencyKey }
}

function notFound(id: string): UserFacingError {
  return new UserFacingError('not-found', `There is no draft ${id}. It may have been deleted in another window.`)
}

export function createDraftsStore(options: DraftsStoreOptions): DraftsStore {
  const dir = join(options.dataDir, DRAFTS_DIR)
  const now = options.now ?? (() => new Date())
  const write = options.writeFile ?? ((path: string, data: Uint8Array) => writeFileAtomic(path, data))
  const notices: string[] = []
  /** The version each draft's file was last written with (mirrors versions.seal). */
  const versions = new Map<string, number>()
  /** Every draft's summary (what the list shows), loaded once; whole drafts are read when needed. */
  let cache: Promise<Map<string, DraftSummary>> | null = null
  /** The most recently used whole drafts, oldest first, at most CACHED_DRAFTS. */
  const recent = new Map<string, DraftRecord>()
  function remember(record: DraftRecord): void {
    recent.delete(record.id)
    recent.set(record.id, record)
    while (recent.size > CACHED_DRAFTS) recent.delete(recent.keys().next().value as string)
  }
  const locks = new Map<string, Promise<unknown>>()
  // A locked keychain is an error here (nothing is read, nothing set aside): the list is retried
  // once the user unlocked; a new key is never made while drafts exist.
  const dataKey = () =>
    getOrCreateDataKey(options.secretStore, { dataDir: options.dataDir, legacyStore: options.legacySecretStore })

  const fileOf = (id: string) => join(dir, `${id}${FILE_SUFFIX}`)

  async function setAside(file: string, reason: string): Promise<void> {
    const damagedDir = join(dir, DAMAGED_DIR)
    await mkdir(damagedDir, { recursive: true })
    const stamp = now().toISOString().replace(/[:.]/g, '-')
    const target = join(damagedDir, `${file}.${stamp}`)
    await rename(join(dir, file), target)
    notices.push(
      `The draft file ${file} could not be read (${reason}). It was moved to ${target} and is not shown. ` +
        'If the system keychain was reset, the draft cannot be recovered; otherwise keep the file for support.',
    )
  }

  /** The recorded version of each draft; null when the file does not exist yet. */
  async function readVersions(key: Uint8Array): Promise<Map<string, number> | null> {
    let bytes: Buffer
    try {
      bytes = await readFileNoFollow(join(dir, VERSIONS_FILE))
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw error
    }
    try {
      const parsed = versionsSchema.safeParse(decryptJson(key, bytes, VERSIONS_AAD))
      if (parsed.success) return new Map(Object.entries(parsed.data.versions))
    } catch (error) {
      if (!(error instanceof DecryptionError)) throw error
    }
    await setAside(VERSIONS_FILE, 'the list of draft versions is damaged; every draft was checked on its own')
    return null
  }

  let versionsWrite: Promise<void> = Promise.resolve()
  /** Writes the versions file; writes run one after another, each with the map as it is then. */
  function writeVersions(): Promise<void> {
    const run = async () => {
      const key = await dataKey()
      const value = { v: 1 as const, versions: Object.fromEntries(versions) }
      await write(join(dir, VERSIONS_FILE), encryptJson(key, value, VERSIONS_AAD))
    }
    versionsWrite = versionsWrite.then(run, run)
    return versionsWrite
  }

  /**
   * One draft file checked against the version recorded for it (`recorded`: null while no versions
   * file exists) and decrypted; or why it cannot be used.
   */
  function decodeFile(
    key: Uint8Array,
    id: string,
    bytes: Buffer,
    recorded: ReadonlyMap<string, number> | null,
  ): { record: DraftRecord; version: number | null } | { reason: string } {
    const version = versionOf(bytes)
    const expected = recorded?.get(id)
    if (version === null && recorded !== null) {
      return { reason: 'it is a copy from before draft versions were kept, put back in place of the current draft' }
    }
    if (version !== null && expected !== undefined && version < expected) {
      return { reason: `it is an older copy (version ${version}; the draft was at version ${expected})` }
    }
    if (version !== null && expected === undefined && recorded !== null && version > 1) {
      return { reason: 'it is a copy of a draft that was deleted' }
    }
    try {
      const raw =
        version === null
          ? decryptJson(key, bytes, legacyAssociatedData(id))
          : decryptJson(key, bytes.subarray(FILE_HEADER_BYTES), associatedData(id, version))
      const parsed = recordSchema.safeParse(raw)
      if (parsed.success && parsed.data.id === id) return { record: parsed.data, version }
      return { reason: 'its content is not a Paydesk draft' }
    } catch (error) {
      if (!(error instanceof DecryptionError)) throw error
      return { reason: error.message.replace(/\.$/, '') }
    }
  }

  async function loadAll(): Promise<Map<string, DraftSummary>> {
    await mkdir(dir, { recursive: true, mode: 0o700 })
    const key = await dataKey()
    const recorded = await readVersions(key)
    const summaries = new Map<string, DraftSummary>()
    const toRewrite: DraftRecord[] = []
    versions.clear()
    recent.clear()
    // Temporary files of an interrupted write (".<name>.tmp") are not drafts: skip them.
    const files = (await readdir(dir)).filter((f) => f.endsWith(FILE_SUFFIX) && !f.startsWith('.'))
    // What the versions file cannot vouch for: drafts saved with versions while the file is missing
    // (deleted), and drafts newer than it says (the file was put back from an older copy).
    const unvouched: string[] = []
    for (const file of files) {
      const id = file.slice(0, -FILE_SUFFIX.length)
      const bytes = await readFileNoFollow(join(dir, file)).catch((error: unknown) => {
        if (error instanceof LinkRefusedError) return null
        throw error
      })
      if (bytes === null) {
        await setAside(file, 'it is a link to another file, which Paydesk does not follow')
        continue
      }
      const decoded = decodeFile(key, id, bytes, recorded)
      if ('reason' in decoded) {
        await setAside(file, decoded.reason)
        continue
      }
      // One version ahead is a save whose versions write was cut off (a crash); more is not.
      const expected = recorded?.get(id)
      if (
        decoded.version !== null &&
        (recorded === null || (expected !== undefined && decoded.version > expected + 1))
      ) {
        unvouched.push(decoded.record.name || id)
      }
      summaries.set(id, toSummary(decoded.record))
      remember(decoded.record)
      if (decoded.version === null) toRewrite.push(decoded.record)
      else versions.set(id, decoded.version)
    }
    if (unvouched.length > 0) notices.push(unvouchedNotice(recorded === null, unvouched))
    // First-format files get their version now; the versions file then matches what was loaded.
    for (const record of toRewrite) await persistVersioned(record)
    const changed =
      recorded === null ||
      recorded.size !== versions.size ||
      [...versions].some(([id, version]) => recorded.get(id) !== version)
    if (changed) await writeVersions()
    return summaries
  }

  function records(): Promise<Map<string, DraftSummary>> {
    if (!cache) {
      cache = loadAll()
      // A locked keychain may be unlocked next time: do not remember the failure.
      cache.catch(() => {
        cache = null
      })
    }
    return cache
  }

  /** Writes the draft at its next version (the versions file is written by the caller). */
  async function persistVersioned(record: DraftRecord): Promise<void> {
    const size = Buffer.byteLength(JSON.stringify(record), 'utf8')
    if (size > MAX_DRAFT_BYTES) {
      throw new UserFacingError(
        'invalid-input',
        `This draft is ${(size / 1024 / 1024).toFixed(1)} MB; a draft may be at most ${MAX_DRAFT_BYTES / 1024 / 1024} MB. ` +
          'Nothing was saved; the last saved version is kept. Shorten the longest texts or remove lines.',
      )
    }
    const key = await dataKey()
    const version = (versions.get(record.id) ?? 0) + 1
    await write(fileOf(record.id), encodeDraftFile(key, record, version))
    versions.set(record.id, version)
  }

  async function persist(record: DraftRecord): Promise<void> {
    await persistVersioned(record)
    await writeVersions()
  }

  /** One write at a time per draft, in call order. */
  function withLock<T>(id: string, task: () => Promise<T>): Promise<T> {
    const previous = locks.get(id) ?? Promise.resolve()
    const next = previous.then(task, task)
    const settled = next.catch(() => {})
    locks.set(id, settled)
    void settled.then(() => {
      if (locks.get(id) === settled) locks.delete(id)
    })
    return next
  }

  /** The whole draft: from the recent ones, else read from its file (checked like at load). */
  async function read(id: string): Promise<DraftRecord> {
    const all = await records()
    if (!all.has(id)) throw notFound(id)
    const cached = recent.get(id)
    if (cached) {
      remember(cached)
      return cached
    }
    const key = await dataKey()
    let bytes: Buffer
    try {
      bytes = await readFileNoFollow(fileOf(id))
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
      all.delete(id)
      throw notFound(id)
    }
    const decoded = decodeFile(key, id, bytes, versions)
    if ('reason' in decoded) {
      // Changed on disk since it was listed: set aside like at load, and say so.
      all.delete(id)
      await setAside(`${id}${FILE_SUFFIX}`, decoded.reason)
      throw new UserFacingError('not-found', notices[notices.length - 1] ?? `The draft ${id} cannot be read.`)
    }
    remember(decoded.record)
    return decoded.record
  }

  function update(id: string, change: (record: DraftRecord) => DraftRecord): Promise<DraftRecord> {
    return withLock(id, async () => {
      const all = await records()
      const current = await read(id)
      const next = recordSchema.parse(change(current))
      await persist(next)
      all.set(id, toSummary(next))
      remember(next)
      return next
    })
  }

  return {
    directory: dir,
    async list() {
      const all = await records()
      const drafts = [...all.values()].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
      return { drafts, notices: [...notices] }
    },
    async get(id) {
      return toView(await read(id))
    },
    async save(input) {
      const at = now().toISOString()
      if (input.id === undefined) {
        const all = await records()
        if (all.size >= MAX_DRAFTS) {
          throw new UserFacingError('conflict', `There are already ${MAX_DRAFTS} drafts. Delete some old ones first.`)
        }
        const id = newDraftId()
        const givenName = input.name?.trim() ?? ''
        const named = givenName !== ''
        const record: DraftRecord = recordSchema.parse({
          v: RECORD_VERSION,
          id,
          name: named ? givenName : autoName(input.content),
          named,
          createdAt: at,
          updatedAt: at,
          // A draft gets its idempotency key at birth, so every send of it is one logical request.
          idempotencyKey: randomUUID(),
          keySpentOn: null,
          archived: null,
          connection: (await options.owner?.()) ?? null,
          content: input.content,
        })
        return withLock(id, async () => {
          await persist(record)
          all.set(id, toSummary(record))
          remember(record)
          return toView(record)
        })
      }
      const updated = await update(input.id, (r) => withSavedContent(r, input, at))
      return toView(updated)
    },
    async rename(id, name) {
      const trimmed = name.trim()
      if (!trimmed) throw new UserFacingError('invalid-input', 'A draft name may not be empty.')
      return toSummary(await update(id, (r) => ({ ...r, name: trimmed, named: true, updatedAt: now().toISOString() })))
    },
    async delete(id) {
      return withLock(id, async () => {
        const all = await records()
        if (!all.has(id)) throw notFound(id)
        await unlink(fileOf(id)).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error
        })
        all.delete(id)
        recent.delete(id)
        versions.delete(id)
        await writeVersions()
        return { deleted: true as const }
      })
    },
    async moveToActive(id) {
      const owner = (await options.owner?.()) ?? null
      return toView(await update(id, (r) => ({ ...r, connection: owner, updatedAt: now().toISOString() })))
    },
    read,
    update,
  }
}

/**
 * A draft record with new content as saved from the form (the name follows the order number or
 * description until the user names it). A used draft is read-only.
 */
export function withSavedContent(
  r: DraftRecord,
  input: { content: DraftContent; name?: string | undefined },
  at: string,
): DraftRecord {
  if (r.archived) {
    throw new UserFacingError(
      'conflict',
      `This draft was already used to create ${r.archived.orderId ?? r.archived.paymentId ?? 'an object'}; it is kept read-only. Use "Create another like this" for a new one.`,
    )
  }
  const named = r.named || (input.name !== undefined && input.name.trim() !== '')
  return {
    ...r,
    content: input.content,
    named,
    name: input.name?.trim() || (r.named ? r.name : autoName(input.content)),
    updatedAt: at,
  }
}

/** Marks a draft as used: kept read-only and listed under "Created". */
export function archiveDraft(record: DraftRecord, info: DraftArchiveInfo): DraftRecord {
  return { ...record, archived: info, updatedAt: info.at }
}

/**
 * The drafts the versions file could not vouch for (issue 22 item 7): Paydesk cannot tell whether
 * one of them was put back from an older copy, so the person is told which to check.
 */
function unvouchedNotice(missing: boolean, titles: string[]): string {
  const shown = titles
    .slice(0, 5)
    .map((t) => `“${t.slice(0, 60)}”`)
    .join(', ')
  const more = titles.length > 5 ? ` and ${titles.length - 5} more` : ''
  const why = missing
    ? `the list of draft versions (${VERSIONS_FILE}) was deleted`
    : `the list of draft versions (${VERSIONS_FILE}) is older than the drafts (an older copy was put back)`
  return (
    `The drafts folder was changed outside Paydesk or interrupted: ${why}, so Paydesk cannot tell whether these drafts are the latest ` +
    `saved versions: ${shown}${more}. Check them before you send one; the list was written again from the drafts as they are now.`
  )
}

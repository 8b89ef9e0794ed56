import { randomBytes } from 'node:crypto'
import { z } from 'zod'
import { formatAmountForDisplay } from '../../../shared/money'
import {
  draftContentSchema,
  MAX_DRAFT_NAME_LENGTH,
  type DraftArchiveInfo,
  type DraftContent,
  type DraftSummary,
  type DraftView,
} from '../../../shared/ipc/drafts'
import { orderIdSchema, paymentIdSchema } from '../../../shared/ipc/ids'
import { buildDraftRequest } from '../../../shared/order-builder'
import { UserFacingError } from '../../errors'
import { decryptJson, DecryptionError, encryptJson } from '../../storage/encryption'

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
export const FILE_SUFFIX = '.draft'
export const RECORD_VERSION = 1
/** Largest draft Paydesk keeps (its JSON): far above any real order, far below what would hurt. */
export const MAX_DRAFT_BYTES = 1024 * 1024
/** Whole drafts kept in memory (the most recently used); the list keeps only their summaries. */
export const CACHED_DRAFTS = 16
const FILE_MAGIC = Buffer.from('PDR2', 'ascii')
const FILE_HEADER_BYTES = FILE_MAGIC.length + 4
export const VERSIONS_AAD = 'paydesk-drafts-versions'
export const versionsSchema = z
  .object({ v: z.literal(1), versions: z.record(z.string(), z.number().int().min(1)) })
  .strict()

const archiveSchema = z
  .object({ at: z.string().max(64), orderId: orderIdSchema.nullable(), paymentId: paymentIdSchema.nullable() })
  .strict()

/** What one draft file holds (after decryption). */
export const recordSchema = z
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

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

export function newDraftId(): string {
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

export function autoName(content: DraftContent): string {
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

export function toView(r: DraftRecord): DraftView {
  return { ...toSummary(r), content: r.content, idempotencyKey: r.idempotencyKey }
}

export function notFound(id: string): UserFacingError {
  return new UserFacingError('not-found', `There is no draft ${id}. It may have been deleted in another window.`)
}

/**
 * One draft file checked against the version recorded for it (`recorded`: null while no versions
 * file exists) and decrypted; or why it cannot be used.
 */
export function decodeFile(
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
export function unvouchedNotice(missing: boolean, titles: string[]): string {
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

import { randomUUID } from 'node:crypto'
import { unlink } from 'node:fs/promises'
import { MAX_DRAFTS, type DraftView, type SaveDraftInput } from '../../../shared/ipc/drafts'
import { UserFacingError } from '../../errors'
import { readFileNoFollow } from '../../storage/no-follow'
import { fileOf, rememberDraft, withLock, type DraftsContext } from './context'
import { persistDraft, setAside, writeVersions } from './files'
import {
  autoName,
  decodeFile,
  FILE_SUFFIX,
  newDraftId,
  notFound,
  RECORD_VERSION,
  recordSchema,
  toSummary,
  toView,
  type DraftRecord,
} from './format'
import { records } from './load'

/** The whole draft: from the recent ones, else read from its file (checked like at load). */
export async function readDraft(ctx: DraftsContext, id: string): Promise<DraftRecord> {
  const all = await records(ctx)
  if (!all.has(id)) throw notFound(id)
  const cached = ctx.recent.get(id)
  if (cached) {
    rememberDraft(ctx, cached)
    return cached
  }
  const key = await ctx.dataKey()
  let bytes: Buffer
  try {
    bytes = await readFileNoFollow(fileOf(ctx, id))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    all.delete(id)
    throw notFound(id)
  }
  const decoded = decodeFile(key, id, bytes, ctx.versions)
  if ('reason' in decoded) {
    // Changed on disk since it was listed: set aside like at load, and say so.
    all.delete(id)
    await setAside(ctx, `${id}${FILE_SUFFIX}`, decoded.reason)
    throw new UserFacingError('not-found', ctx.notices[ctx.notices.length - 1] ?? `The draft ${id} cannot be read.`)
  }
  rememberDraft(ctx, decoded.record)
  return decoded.record
}

/** Changes a record under the per-draft write lock. */
export function updateDraft(
  ctx: DraftsContext,
  id: string,
  change: (record: DraftRecord) => DraftRecord,
): Promise<DraftRecord> {
  return withLock(ctx, id, async () => {
    const all = await records(ctx)
    const current = await readDraft(ctx, id)
    const next = recordSchema.parse(change(current))
    await persistDraft(ctx, next)
    all.set(id, toSummary(next))
    rememberDraft(ctx, next)
    return next
  })
}

/** A new draft, with its idempotency key and the connection it is made for. */
export async function createDraft(ctx: DraftsContext, input: SaveDraftInput, at: string): Promise<DraftView> {
  const all = await records(ctx)
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
    connection: (await ctx.options.owner?.()) ?? null,
    content: input.content,
  })
  return withLock(ctx, id, async () => {
    await persistDraft(ctx, record)
    all.set(id, toSummary(record))
    rememberDraft(ctx, record)
    return toView(record)
  })
}

export function deleteDraft(ctx: DraftsContext, id: string): Promise<{ deleted: true }> {
  return withLock(ctx, id, async () => {
    const all = await records(ctx)
    if (!all.has(id)) throw notFound(id)
    await unlink(fileOf(ctx, id)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error
    })
    all.delete(id)
    ctx.recent.delete(id)
    ctx.versions.delete(id)
    await writeVersions(ctx)
    return { deleted: true as const }
  })
}

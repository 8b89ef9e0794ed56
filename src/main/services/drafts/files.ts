import { rename } from 'node:fs/promises'
import { join } from 'node:path'
import { UserFacingError } from '../../errors'
import { decryptJson, DecryptionError, encryptJson } from '../../storage/encryption'
import { ensurePlainFolder, readFileNoFollow } from '../../storage/no-follow'
import { fileOf, type DraftsContext } from './context'
import {
  DAMAGED_DIR,
  encodeDraftFile,
  MAX_DRAFT_BYTES,
  VERSIONS_AAD,
  VERSIONS_FILE,
  versionsSchema,
  type DraftRecord,
} from './format'

/** Moves a file that cannot be used to drafts/damaged/ and says so in the list's notices. */
export async function setAside(ctx: DraftsContext, file: string, reason: string): Promise<void> {
  const damagedDir = join(ctx.dir, DAMAGED_DIR)
  await ensurePlainFolder(damagedDir)
  const stamp = ctx.now().toISOString().replace(/[:.]/g, '-')
  const target = join(damagedDir, `${file}.${stamp}`)
  await rename(join(ctx.dir, file), target)
  ctx.notices.push(
    `The draft file ${file} could not be read (${reason}). It was moved to ${target} and is not shown. ` +
      'If the system keychain was reset, the draft cannot be recovered; otherwise keep the file for support.',
  )
}

/** The recorded version of each draft; null when the file does not exist yet. */
export async function readVersions(ctx: DraftsContext, key: Uint8Array): Promise<Map<string, number> | null> {
  let bytes: Buffer
  try {
    bytes = await readFileNoFollow(join(ctx.dir, VERSIONS_FILE))
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
  await setAside(ctx, VERSIONS_FILE, 'the list of draft versions is damaged; every draft was checked on its own')
  return null
}

/** Writes the versions file; writes run one after another, each with the map as it is then. */
export function writeVersions(ctx: DraftsContext): Promise<void> {
  const run = async () => {
    const key = await ctx.dataKey()
    const value = { v: 1 as const, versions: Object.fromEntries(ctx.versions) }
    await ctx.write(join(ctx.dir, VERSIONS_FILE), encryptJson(key, value, VERSIONS_AAD))
  }
  ctx.versionsWrite = ctx.versionsWrite.then(run, run)
  return ctx.versionsWrite
}

/** Writes the draft at its next version (the versions file is written by the caller). */
export async function persistVersioned(ctx: DraftsContext, record: DraftRecord): Promise<void> {
  const size = Buffer.byteLength(JSON.stringify(record), 'utf8')
  if (size > MAX_DRAFT_BYTES) {
    throw new UserFacingError(
      'invalid-input',
      `This draft is ${(size / 1024 / 1024).toFixed(1)} MB; a draft may be at most ${MAX_DRAFT_BYTES / 1024 / 1024} MB. ` +
        'Nothing was saved; the last saved version is kept. Shorten the longest texts or remove lines.',
    )
  }
  const key = await ctx.dataKey()
  const version = (ctx.versions.get(record.id) ?? 0) + 1
  await ctx.write(fileOf(ctx, record.id), encodeDraftFile(key, record, version))
  ctx.versions.set(record.id, version)
}

export async function persistDraft(ctx: DraftsContext, record: DraftRecord): Promise<void> {
  await persistVersioned(ctx, record)
  await writeVersions(ctx)
}

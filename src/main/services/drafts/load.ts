import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { DraftSummary } from '../../../shared/ipc/drafts'
import { ensurePlainFolder, LinkRefusedError, readFileNoFollow } from '../../storage/no-follow'
import { rememberDraft, type DraftsContext } from './context'
import { persistVersioned, readVersions, setAside, writeVersions } from './files'
import { decodeFile, FILE_SUFFIX, toSummary, unvouchedNotice, type DraftRecord } from './format'

/** Every draft's summary, loaded once per store (a failed load is tried again next time). */
export function records(ctx: DraftsContext): Promise<Map<string, DraftSummary>> {
  if (!ctx.cache) {
    const loading = loadAll(ctx)
    ctx.cache = loading
    // A locked keychain may be unlocked next time: do not rememberDraft the failure.
    loading.catch(() => {
      if (ctx.cache === loading) ctx.cache = null
    })
  }
  return ctx.cache
}

/** Reads every draft file, checks it against versions.seal, and sets aside what cannot be used. */
async function loadAll(ctx: DraftsContext): Promise<Map<string, DraftSummary>> {
  const { dir, versions } = ctx
  await ensurePlainFolder(dir)
  const key = await ctx.dataKey()
  const recorded = await readVersions(ctx, key)
  const summaries = new Map<string, DraftSummary>()
  const toRewrite: DraftRecord[] = []
  versions.clear()
  ctx.recent.clear()
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
      await setAside(ctx, file, 'it is a link to another file, which Paydesk does not follow')
      continue
    }
    const decoded = decodeFile(key, id, bytes, recorded)
    if ('reason' in decoded) {
      await setAside(ctx, file, decoded.reason)
      continue
    }
    // One version ahead is a save whose versions write was cut off (a crash); more is not.
    const expected = recorded?.get(id)
    if (decoded.version !== null && (recorded === null || (expected !== undefined && decoded.version > expected + 1))) {
      unvouched.push(decoded.record.name || id)
    }
    summaries.set(id, toSummary(decoded.record))
    rememberDraft(ctx, decoded.record)
    if (decoded.version === null) toRewrite.push(decoded.record)
    else versions.set(id, decoded.version)
  }
  if (unvouched.length > 0) ctx.notices.push(unvouchedNotice(recorded === null, unvouched))
  // First-format files get their version now; the versions file then matches what was loaded.
  for (const record of toRewrite) await persistVersioned(ctx, record)
  const changed =
    recorded === null ||
    recorded.size !== versions.size ||
    [...versions].some(([id, version]) => recorded.get(id) !== version)
  if (changed) await writeVersions(ctx)
  return summaries
}

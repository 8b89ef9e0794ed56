// What the Inspector asks of the log: its rows, one entry, a text search, case tags, clearing, a
// cURL command and an export file. Each waits until the stored log has been read.
import type {
  PersonalDataInFile,
  RequestLogEntry,
  RequestLogExportFormat,
  RequestLogExportResult,
  RequestLogListView,
  RequestLogSummary,
} from '../../../shared/request-log-types'
import { UserFacingError } from '../../errors'
import { writeFileAtomic } from '../../storage/atomic-file'
import { entriesWithoutPersonalData } from './personal-data-entries'
import type { LogContext } from './context'
import { searchTextOf, summarize } from './entries'
import { toCurl, toHar, toJsonBundle } from './export'
import { emitChanges, touched } from './recording'

const TAG_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 _.#:/-]{0,63}$/

function need(ctx: LogContext, id: string): RequestLogEntry {
  const entry = ctx.entries.get(id)
  if (!entry)
    throw new UserFacingError('not-found', 'That request is no longer in the log (it was cleared or rotated out).')
  return entry
}

function selected(ctx: LogContext, ids: string[]): RequestLogEntry[] {
  const found = ids.map((id) => ctx.entries.get(id)).filter((e): e is RequestLogEntry => !!e)
  if (found.length === 0)
    throw new UserFacingError('not-found', 'None of the selected requests are in the log any more.')
  return found
}

function haystackOf(ctx: LogContext, entry: RequestLogEntry): string {
  let text = ctx.haystacks.get(entry.id)
  if (text === undefined) {
    text = searchTextOf(entry)
    ctx.haystacks.set(entry.id, text)
  }
  return text
}

export async function listRows(ctx: LogContext): Promise<RequestLogListView> {
  await ctx.ready
  const rows: RequestLogSummary[] = []
  for (const entry of ctx.entries.values()) rows.push(summarize(entry))
  rows.reverse() // newest first
  return { entries: rows, persisted: ctx.store !== null, notice: ctx.notice }
}

export async function getEntry(ctx: LogContext, id: string): Promise<RequestLogEntry> {
  await ctx.ready
  return need(ctx, id)
}

export async function searchEntries(ctx: LogContext, text: string, ids?: string[]): Promise<string[]> {
  await ctx.ready
  const needle = text.toLowerCase()
  if (needle === '') return ids ?? [...ctx.entries.keys()]
  const out: string[] = []
  const pool = ids ? ids.map((id) => ctx.entries.get(id)) : [...ctx.entries.values()]
  for (const entry of pool) if (entry && haystackOf(ctx, entry).includes(needle)) out.push(entry.id)
  return out
}

export async function tagEntries(
  ctx: LogContext,
  ids: string[],
  rawTag: string,
  remove: boolean,
): Promise<{ updated: number }> {
  await ctx.ready
  const tag = rawTag.trim()
  if (!TAG_PATTERN.test(tag)) {
    throw new UserFacingError(
      'invalid-input',
      'A case id is 1 to 64 letters, digits, spaces or . _ # : / - and starts with a letter or digit.',
      { issues: [{ path: 'tag', message: 'Not a valid case id.' }] },
    )
  }
  let updated = 0
  for (const entry of selected(ctx, ids)) {
    const has = entry.tags.includes(tag)
    if (remove === has) {
      entry.tags = remove ? entry.tags.filter((t) => t !== tag) : [...entry.tags, tag]
      ctx.haystacks.delete(entry.id)
      touched(ctx, entry.id)
      updated++
    }
  }
  return { updated }
}

export async function clearLog(ctx: LogContext): Promise<{ cleared: number }> {
  await ctx.ready
  const count = ctx.entries.size
  ctx.entries.clear()
  ctx.sizes.clear()
  ctx.memoryBytes = 0
  ctx.haystacks.clear()
  ctx.dirty.clear()
  ctx.changedRows.clear()
  ctx.cleared = true
  await ctx.writing
  await ctx.store?.clear()
  emitChanges(ctx)
  return { cleared: count }
}

export async function curlOf(ctx: LogContext, id: string, attempt?: number): Promise<string> {
  await ctx.ready
  return ctx.redactor.text(toCurl(need(ctx, id), attempt))
}

export async function exportEntries(
  ctx: LogContext,
  ids: string[],
  format: RequestLogExportFormat,
  file: string,
  personalData: PersonalDataInFile,
): Promise<RequestLogExportResult> {
  await ctx.ready
  const chosen = selected(ctx, ids)
  const entries = personalData === 'included' ? chosen : entriesWithoutPersonalData(chosen)
  const app = ctx.options.app
  const document = format === 'har' ? toHar(entries, app, personalData) : toJsonBundle(entries, app, personalData)
  // Masked once more as text: a secret learned after an entry was recorded is masked too.
  const text = ctx.redactor.text(JSON.stringify(document, null, 2))
  await writeFileAtomic(file, text, { mode: 0o600 })
  return { saved: true, path: file, count: chosen.length, personalData }
}

// Reading the stored log when Paydesk starts: with the data key from the keychain, the segments
// are read (store.ts) and what could not be read is said in plain words; without the key, or
// when the folder cannot be read, the log is kept in memory only.
import path from 'node:path'
import type { LogContext } from './context'
import { account, applyAttempt, trim } from './recording'
import { createRequestLogStore, type LoadResult } from './store'

export const REQUEST_LOG_DIR = 'request-log'

/** Reads the stored log into `ctx`, then records the attempts that arrived meanwhile. */
export async function loadStoredLog(ctx: LogContext): Promise<void> {
  try {
    await readStore(ctx)
  } finally {
    ctx.loaded = true
    for (const { event, connection } of ctx.early.splice(0)) applyAttempt(ctx, event, connection)
    trim(ctx)
  }
}

async function readStore(ctx: LogContext): Promise<void> {
  const { options } = ctx
  let key: Uint8Array
  try {
    key = await options.getKey()
  } catch (error) {
    ctx.notice =
      'The request log is kept in memory only: its encryption key could not be read from the system keychain ' +
      `(${error instanceof Error ? error.message : String(error)}). Unlock the keychain and restart Paydesk to keep it.`
    return
  }
  try {
    const candidate = createRequestLogStore({
      dir: path.join(options.dataDir, REQUEST_LOG_DIR),
      key,
      maxBytes: options.maxBytes,
      maxEntries: ctx.maxEntries,
      segmentBytes: options.segmentBytes,
    })
    const result = await candidate.load()
    for (const entry of result.entries) {
      ctx.entries.set(entry.id, entry)
      account(ctx, entry)
      ctx.nextSeq = Math.max(ctx.nextSeq, entry.seq + 1)
    }
    const notices = loadNotices(result)
    if (notices.length > 0) ctx.notice = notices.join(' ')
    ctx.store = candidate
  } catch (error) {
    ctx.notice = `The stored request log could not be read (${error instanceof Error ? error.message : String(error)}); new requests are kept in memory only.`
  }
}

/** What the load could not show, in sentences for the Inspector. */
function loadNotices(result: LoadResult): string[] {
  const notices: string[] = []
  if (result.dropped > 0) {
    notices.push(
      `${result.dropped} stored request${result.dropped === 1 ? ' was' : 's were'} unreadable and left out ` +
        '(cut off when Paydesk stopped, damaged, or written with another key).',
    )
  }
  if (result.outOfPlace > 0) {
    notices.push(
      `${result.outOfPlace} stored request${result.outOfPlace === 1 ? ' was' : 's were'} not where Paydesk wrote ` +
        'them (copied, reordered or removed in the log files) and left out.',
    )
  }
  if (result.cutFromEnd > 0) {
    notices.push(
      `${result.cutFromEnd} stored request${result.cutFromEnd === 1 ? ' was' : 's were'} cut from the end of the ` +
        'log since Paydesk last wrote it (changed outside Paydesk); they cannot be shown.',
    )
  }
  if (result.setAside.length > 0) {
    notices.push(
      `A damaged request-log file was copied to ${result.setAside.join(', ')} in the request-log folder; ` +
        'every request in it that could still be read was kept.',
    )
  }
  if (result.countsMissing) {
    notices.push(
      'The count of stored requests (segments.seal) was missing or changed outside Paydesk, so requests cut from ' +
        'the end of the log cannot be told; it was written again.',
    )
  }
  return notices
}

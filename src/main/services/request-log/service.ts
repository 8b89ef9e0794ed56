// The request log behind the Inspector: every attempt the API client reports, redacted right after
// its call returns (before any read of the log sees it), grouped per logical request (the client's
// request id), kept newest-bounded in memory, persisted encrypted in the background (store.ts) and
// pushed to the renderer in batches.
// The parts take one context (context.ts): load.ts reads the stored log, recording.ts records,
// writes and pushes, reading.ts answers the Inspector.
import type { LogContext, RequestLogService, RequestLogServiceOptions } from './context'
import { loadStoredLog } from './load'
import { flush, report, settle } from './recording'
import { clearLog, curlOf, exportEntries, getEntry, listRows, searchEntries, tagEntries } from './reading'
import { createRedactor } from './redaction'

export type { RequestLogService, RequestLogServiceOptions } from './context'
export { summarize } from './entries'
export { REQUEST_LOG_DIR } from './load'

export function createRequestLogService(options: RequestLogServiceOptions): RequestLogService {
  const ctx: LogContext = {
    options,
    redactor: createRedactor({ secretValues: options.secretValues }),
    maxEntries: options.maxEntries ?? 20_000,
    maxMemoryBytes: options.maxMemoryBytes ?? 64 * 1024 * 1024,
    maxBodyChars: options.maxBodyChars ?? 64 * 1024,
    entries: new Map(),
    sizes: new Map(),
    memoryBytes: 0,
    haystacks: new Map(),
    dirty: new Set(),
    changedRows: new Set(),
    early: [],
    waiting: [],
    settleTimer: null,
    loaded: false,
    nextSeq: 1,
    store: null,
    notice: null,
    ready: Promise.resolve(),
    writing: Promise.resolve(),
    flushTimer: null,
    eventTimer: null,
    cleared: false,
    disposed: false,
  }
  ctx.ready = loadStoredLog(ctx)

  /** A read of the log: the attempts still waiting are recorded first. */
  const settled =
    <A extends unknown[], R>(read: (...args: A) => R) =>
    (...args: A): R => {
      settle(ctx)
      return read(...args)
    }

  return {
    ready: () => ctx.ready,
    record(event, connection) {
      try {
        if (!ctx.disposed) report(ctx, event, connection)
      } catch {
        // Logging must never break a request.
      }
    },
    list: settled(() => listRows(ctx)),
    get: settled((id) => getEntry(ctx, id)),
    search: settled((text, ids) => searchEntries(ctx, text, ids)),
    tag: settled((ids, tag, remove) => tagEntries(ctx, ids, tag, remove)),
    clear: settled(() => clearLog(ctx)),
    curl: settled((id, attempt) => curlOf(ctx, id, attempt)),
    exportTo: settled((ids, format, file, personalData) => exportEntries(ctx, ids, format, file, personalData)),
    flush: settled(() => flush(ctx)),
    async dispose() {
      if (ctx.disposed) return
      settle(ctx)
      await flush(ctx).catch(() => {})
      ctx.disposed = true
      if (ctx.eventTimer) clearTimeout(ctx.eventTimer)
      ctx.eventTimer = null
      await ctx.writing
      await ctx.store?.close()
    },
  }
}

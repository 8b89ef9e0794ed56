// The request log behind the Inspector: every attempt the API client reports, redacted at once,
// grouped per logical request (the client's request id), kept newest-bounded in memory, persisted
// encrypted in the background (store.ts) and pushed to the renderer in batches.
// The parts take one context (context.ts): load.ts reads the stored log, recording.ts records,
// writes and pushes, reading.ts answers the Inspector.
import type { LogContext, RequestLogService, RequestLogServiceOptions } from './context'
import { loadStoredLog } from './load'
import { applyAttempt, flush, trim } from './recording'
import { clearLog, curlOf, exportEntries, getEntry, listRows, searchEntries, tagEntries } from './reading'
import { createRedactor } from './redaction'

export type { RequestLogService, RequestLogServiceOptions } from './context'
export { statusClassOf, summarize, truncationMarker } from './entries'
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

  return {
    ready: () => ctx.ready,
    record(event, connection) {
      try {
        if (ctx.disposed) return
        if (!ctx.loaded) {
          ctx.early.push({ event, connection })
          return
        }
        applyAttempt(ctx, event, connection)
        trim(ctx)
      } catch {
        // Logging must never break a request.
      }
    },
    list: () => listRows(ctx),
    get: (id) => getEntry(ctx, id),
    search: (text, ids) => searchEntries(ctx, text, ids),
    tag: (ids, tag, remove) => tagEntries(ctx, ids, tag, remove),
    clear: () => clearLog(ctx),
    curl: (id, attempt) => curlOf(ctx, id, attempt),
    exportTo: (ids, format, file, personalData) => exportEntries(ctx, ids, format, file, personalData),
    flush: () => flush(ctx),
    async dispose() {
      if (ctx.disposed) return
      await flush(ctx).catch(() => {})
      ctx.disposed = true
      if (ctx.eventTimer) clearTimeout(ctx.eventTimer)
      ctx.eventTimer = null
      await ctx.writing
      await ctx.store?.close()
    },
  }
}

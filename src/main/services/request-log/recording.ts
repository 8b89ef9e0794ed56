// Recording: each attempt the API client reports is redacted on the next turn of the event loop
// (after the call it belongs to has returned, so a page's reply does not wait for the redaction of
// its body; every read of the log records the waiting attempts first), its bodies cut to the kept
// length, grouped into its request's entry, and the entry marked to be written (in the background,
// batched) and pushed to the renderer (batched); the oldest entries go past the bounds.
import type { AttemptEvent } from '../../../shared/api-events'
import type { ConnectionRef, RequestLogEntry, RequestLogSummary } from '../../../shared/request-log-types'
import type { LogContext } from './context'
import { entryBytes, headOf, summarize } from './entries'

/** An attempt the API client reported: recorded on the next turn of the event loop (settle). */
export function report(ctx: LogContext, event: AttemptEvent, connection: ConnectionRef): void {
  ctx.waiting.push({ event, connection })
  ctx.settleTimer ??= setImmediate(() => settle(ctx))
}

/**
 * Records the attempts reported and still waiting, in the order reported: redacted, then kept (or
 * held until the stored log is read). Every read of the log, a flush and the shutdown call this
 * first, so nothing reported is missing from what they see.
 */
export function settle(ctx: LogContext): void {
  if (ctx.settleTimer) clearImmediate(ctx.settleTimer)
  ctx.settleTimer = null
  for (const { event, connection } of ctx.waiting.splice(0)) {
    try {
      if (ctx.loaded) applyAttempt(ctx, event, connection)
      else ctx.early.push({ event, connection })
    } catch {
      // Logging must never break a request, nor one bad attempt the others.
    }
  }
}

export function applyAttempt(ctx: LogContext, event: AttemptEvent, connection: ConnectionRef): void {
  const redacted = ctx.redactor.attempt(event)
  // Bodies are kept up to maxBodyChars each: the head, then a marker saying how much was cut.
  const request = headOf(redacted.requestBody, ctx.maxBodyChars)
  const response = headOf(redacted.responseBody, ctx.maxBodyChars)
  const attempt =
    request.cut || response.cut
      ? {
          ...redacted,
          requestBody: request.text,
          responseBody: response.text,
          responseBodyTruncated: redacted.responseBodyTruncated || response.cut,
        }
      : redacted
  const entry = ctx.entries.get(event.requestId) ?? newEntry(ctx, event, connection)
  const at = entry.attempts.findIndex((a) => a.attempt === attempt.attempt)
  if (at >= 0) entry.attempts[at] = attempt
  else entry.attempts.push(attempt)
  entry.attempts.sort((a, b) => a.attempt - b.attempt)
  ctx.haystacks.delete(entry.id)
  account(ctx, entry)
  touched(ctx, entry.id)
  if (ctx.loaded) trim(ctx)
}

/** The entry of a request seen for the first time (its connection's label and notes redacted). */
function newEntry(ctx: LogContext, event: AttemptEvent, connection: ConnectionRef): RequestLogEntry {
  const entry: RequestLogEntry = {
    id: event.requestId,
    seq: ctx.nextSeq++,
    connection: { id: connection.id, label: ctx.redactor.text(connection.label) },
    method: event.method,
    requestClass: event.requestClass,
    idempotencyKey: event.idempotencyKey,
    origin: event.origin
      ? {
          screen: event.origin.screen,
          action: event.origin.action,
          ...(event.origin.draftId ? { draftId: event.origin.draftId } : {}),
        }
      : null,
    notes: event.notes.map((n) => ctx.redactor.text(n)),
    attempts: [],
    tags: [],
  }
  ctx.entries.set(entry.id, entry)
  return entry
}

export function account(ctx: LogContext, entry: RequestLogEntry): void {
  const bytes = entryBytes(entry)
  ctx.memoryBytes += bytes - (ctx.sizes.get(entry.id) ?? 0)
  ctx.sizes.set(entry.id, bytes)
}

export function touched(ctx: LogContext, id: string): void {
  ctx.dirty.add(id)
  ctx.changedRows.add(id)
  scheduleFlush(ctx)
  scheduleEvent(ctx)
}

/** Drops the oldest entries while there are more than maxEntries or they take more than maxMemoryBytes. */
export function trim(ctx: LogContext): void {
  const { entries } = ctx
  while (entries.size > ctx.maxEntries || (ctx.memoryBytes > ctx.maxMemoryBytes && entries.size > 1)) {
    const oldest = entries.keys().next().value as string
    entries.delete(oldest)
    ctx.memoryBytes -= ctx.sizes.get(oldest) ?? 0
    ctx.sizes.delete(oldest)
    ctx.haystacks.delete(oldest)
    ctx.dirty.delete(oldest)
    ctx.changedRows.delete(oldest)
  }
}

function scheduleFlush(ctx: LogContext): void {
  if (ctx.flushTimer || ctx.disposed) return
  ctx.flushTimer = setTimeout(() => {
    ctx.flushTimer = null
    void writeDirty(ctx)
  }, ctx.options.flushIntervalMs ?? 250)
  ctx.flushTimer.unref?.()
}

function scheduleEvent(ctx: LogContext): void {
  if (ctx.eventTimer || ctx.disposed || !ctx.options.emit) return
  ctx.eventTimer = setTimeout(() => {
    ctx.eventTimer = null
    emitChanges(ctx)
  }, ctx.options.eventIntervalMs ?? 100)
  ctx.eventTimer.unref?.()
}

/** Pushes the rows changed since the last push (and whether the log was cleared). */
export function emitChanges(ctx: LogContext): void {
  const { emit } = ctx.options
  if (!emit) return
  const rows: RequestLogSummary[] = []
  for (const id of ctx.changedRows) {
    const entry = ctx.entries.get(id)
    if (entry) rows.push(summarize(entry))
  }
  ctx.changedRows.clear()
  const wasCleared = ctx.cleared
  ctx.cleared = false
  if (rows.length === 0 && !wasCleared) return
  try {
    emit(wasCleared ? { entries: rows, cleared: true } : { entries: rows })
  } catch {
    // A broken listener must not break logging.
  }
}

/** Appends the changed entries' snapshots to the store, after the writes already queued. */
function writeDirty(ctx: LogContext): Promise<void> {
  const snapshot = [...ctx.dirty].map((id) => ctx.entries.get(id)).filter((e): e is RequestLogEntry => !!e)
  ctx.dirty.clear()
  const target = ctx.store
  if (!target || snapshot.length === 0) return ctx.writing
  // JSON now: later changes to the entry must not race with this write.
  const frozen = snapshot.map((e) => JSON.parse(JSON.stringify(e)) as RequestLogEntry)
  ctx.writing = ctx.writing
    .then(() => target.append(frozen))
    .catch((error: unknown) => {
      ctx.notice = `Recent requests could not be saved to disk (${error instanceof Error ? error.message : String(error)}).`
    })
  return ctx.writing
}

/** Writes what is pending now. */
export async function flush(ctx: LogContext): Promise<void> {
  await ctx.ready
  if (ctx.flushTimer) {
    clearTimeout(ctx.flushTimer)
    ctx.flushTimer = null
  }
  await writeDirty(ctx)
}

// The request log behind the Inspector: every attempt the API client reports, redacted at once,
// grouped per logical request (the client's request id), kept newest-bounded in memory, persisted
// encrypted in the background (store.ts) and pushed to the renderer in batches.

import path from 'node:path'
import type { AttemptEvent } from '../../../shared/api-events'
import {
  attemptEnds,
  type ConnectionRef,
  type RequestLogExportFormat,
  type PersonalDataInFile,
  type RequestLogExportResult,
  type RequestLogAppended,
  type RequestLogEntry,
  type RequestLogListView,
  type RequestLogSummary,
  type StatusClass,
} from '../../../shared/request-log-types'
import { UserFacingError } from '../../ipc/errors'
import { writeFileAtomic } from '../../storage/atomic-file'
import { entriesWithoutPersonalData } from '../personal-data-entries'
import { toCurl, toHar, toJsonBundle } from './export'
import { createRedactor, type Redactor } from './redaction'
import { createRequestLogStore, type RequestLogStore } from './store'

export const REQUEST_LOG_DIR = 'request-log'

export interface RequestLogServiceOptions {
  dataDir: string
  /** The data key (OS keychain); when it cannot be had, the log is kept in memory only. */
  getKey: () => Promise<Uint8Array>
  /** Known secret values to mask wherever they appear (the connections' credentials). */
  secretValues?: () => Iterable<string>
  /** Receives batched row changes for the renderer (`requestLog.appended`). */
  emit?: (payload: RequestLogAppended) => void
  app: { name: string; version: string }
  maxEntries?: number
  /** Memory the kept entries may take, estimated from their text (default 64 MB). */
  maxMemoryBytes?: number
  /** Characters of one body kept in the log; the rest is cut with a marker (default 64 KiB). */
  maxBodyChars?: number
  maxBytes?: number
  segmentBytes?: number
  /** How often dirty entries are written (default 250 ms): writes stay off the request's path. */
  flushIntervalMs?: number
  /** How often row changes are pushed (default 100 ms), so 100 requests/s are ~10 messages/s. */
  eventIntervalMs?: number
}

export interface RequestLogService {
  /** Resolves when the stored log has been read (or found unreadable). */
  ready(): Promise<void>
  /** Called by the API client's onAttempt (via app-services): cheap and never throws. */
  record(event: AttemptEvent, connection: ConnectionRef): void
  list(): Promise<RequestLogListView>
  get(id: string): Promise<RequestLogEntry>
  /** Ids of entries whose URL, headers, bodies or error text contain `text` (case-insensitive). */
  search(text: string, ids?: string[]): Promise<string[]>
  tag(ids: string[], tag: string, remove: boolean): Promise<{ updated: number }>
  clear(): Promise<{ cleared: number }>
  curl(id: string, attempt?: number): Promise<string>
  /** Writes the chosen entries; personal data is left out unless `personalData` is 'included'. */
  exportTo(
    ids: string[],
    format: RequestLogExportFormat,
    file: string,
    personalData: PersonalDataInFile,
  ): Promise<RequestLogExportResult>
  /** Writes what is pending now (tests, shutdown). */
  flush(): Promise<void>
  dispose(): Promise<void>
}

export function summarize(entry: RequestLogEntry): RequestLogSummary {
  const { first, last } = attemptEnds(entry)
  return {
    id: entry.id,
    seq: entry.seq,
    startedAt: first.startedAt,
    connectionId: entry.connection.id,
    connectionLabel: entry.connection.label,
    method: entry.method,
    path: pathOf(last.url),
    url: last.url,
    status: last.status,
    statusClass: statusClassOf(last.status, last.outcome),
    durationMs: Math.max(
      0,
      Math.round(last.startedAt + last.timings.totalMs - first.startedAt + first.timings.queuedMs),
    ),
    attemptCount: entry.attempts.length,
    bucket: last.bucket,
    outcome: last.outcome,
    errorKind: last.error?.kind ?? null,
    tags: [...entry.tags],
  }
}

export function statusClassOf(status: number | null, outcome: string): StatusClass {
  if (outcome === 'retry') return 'pending'
  if (status === null) return 'network'
  if (status < 300) return '2xx'
  if (status < 400) return '3xx'
  if (status < 500) return '4xx'
  return '5xx'
}

function pathOf(url: string): string {
  try {
    const u = new URL(url)
    return u.pathname + u.search
  } catch {
    return url
  }
}

const TAG_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 _.#:/-]{0,63}$/

/** Appended to a body the log kept only the head of. */
export function truncationMarker(cut: number): string {
  return `\n… [Paydesk kept the first part of this body; ${cut.toLocaleString('en-US')} more characters were not stored]`
}

function headOf(body: string | null, max: number): { text: string | null; cut: boolean } {
  if (body === null || body.length <= max) return { text: body, cut: false }
  return { text: body.slice(0, max) + truncationMarker(body.length - max), cut: true }
}

/** Memory of an entry, estimated from its text (UTF-16: two bytes a character) plus a fixed overhead. */
function entryBytes(entry: RequestLogEntry): number {
  let chars = 512
  for (const a of entry.attempts) {
    chars += 256 + a.url.length + (a.requestBody?.length ?? 0) + (a.responseBody?.length ?? 0)
    for (const [k, v] of Object.entries(a.requestHeaders)) chars += k.length + String(v).length
    for (const [k, v] of Object.entries(a.responseHeaders ?? {})) chars += k.length + String(v).length
  }
  return chars * 2
}

export function createRequestLogService(options: RequestLogServiceOptions): RequestLogService {
  const redactor: Redactor = createRedactor({ secretValues: options.secretValues })
  const maxEntries = options.maxEntries ?? 20_000
  const maxMemoryBytes = options.maxMemoryBytes ?? 64 * 1024 * 1024
  const maxBodyChars = options.maxBodyChars ?? 64 * 1024
  const sizes = new Map<string, number>()
  let memoryBytes = 0
  const entries = new Map<string, RequestLogEntry>() // insertion order = seq order
  const haystacks = new Map<string, string>()
  const dirty = new Set<string>()
  const changedRows = new Set<string>()
  const early: { event: AttemptEvent; connection: ConnectionRef }[] = []
  let loaded = false
  let nextSeq = 1
  let store: RequestLogStore | null = null
  let notice: string | null = null
  let writing: Promise<void> = Promise.resolve()
  let flushTimer: ReturnType<typeof setTimeout> | null = null
  let eventTimer: ReturnType<typeof setTimeout> | null = null
  let cleared = false
  let disposed = false

  const readyPromise = (async () => {
    let key: Uint8Array
    try {
      key = await options.getKey()
    } catch (error) {
      notice =
        'The request log is kept in memory only: its encryption key could not be read from the system keychain ' +
        `(${error instanceof Error ? error.message : String(error)}). Unlock the keychain and restart Paydesk to keep it.`
      return
    }
    try {
      const candidate = createRequestLogStore({
        dir: path.join(options.dataDir, REQUEST_LOG_DIR),
        key,
        maxBytes: options.maxBytes,
        maxEntries,
        segmentBytes: options.segmentBytes,
      })
      const result = await candidate.load()
      for (const entry of result.entries) {
        entries.set(entry.id, entry)
        account(entry)
        nextSeq = Math.max(nextSeq, entry.seq + 1)
      }
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
      if (result.countsMissing) {
        notices.push(
          'The count of stored requests (segments.seal) was missing or changed outside Paydesk, so requests cut from ' +
            'the end of the log cannot be told; it was written again.',
        )
      }
      if (notices.length > 0) notice = notices.join(' ')
      store = candidate
    } catch (error) {
      notice = `The stored request log could not be read (${error instanceof Error ? error.message : String(error)}); new requests are kept in memory only.`
    }
  })().finally(() => {
    loaded = true
    for (const { event, connection } of early.splice(0)) apply(event, connection)
    trim()
  })

  function apply(event: AttemptEvent, connection: ConnectionRef): void {
    const redacted = redactor.attempt(event)
    // Bodies are kept up to maxBodyChars each: the head, then a marker saying how much was cut.
    const request = headOf(redacted.requestBody, maxBodyChars)
    const response = headOf(redacted.responseBody, maxBodyChars)
    const attempt =
      request.cut || response.cut
        ? {
            ...redacted,
            requestBody: request.text,
            responseBody: response.text,
            responseBodyTruncated: redacted.responseBodyTruncated || response.cut,
          }
        : redacted
    let entry = entries.get(event.requestId)
    if (!entry) {
      entry = {
        id: event.requestId,
        seq: nextSeq++,
        connection: { id: connection.id, label: redactor.text(connection.label) },
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
        notes: event.notes.map((n) => redactor.text(n)),
        attempts: [],
        tags: [],
      }
      entries.set(entry.id, entry)
    }
    const at = entry.attempts.findIndex((a) => a.attempt === attempt.attempt)
    if (at >= 0) entry.attempts[at] = attempt
    else entry.attempts.push(attempt)
    entry.attempts.sort((a, b) => a.attempt - b.attempt)
    haystacks.delete(entry.id)
    account(entry)
    touched(entry.id)
    if (loaded) trim()
  }

  function account(entry: RequestLogEntry): void {
    const bytes = entryBytes(entry)
    memoryBytes += bytes - (sizes.get(entry.id) ?? 0)
    sizes.set(entry.id, bytes)
  }

  function touched(id: string): void {
    dirty.add(id)
    changedRows.add(id)
    scheduleFlush()
    scheduleEvent()
  }

  /** Drops the oldest entries while there are more than maxEntries or they take more than maxMemoryBytes. */
  function trim(): void {
    while (entries.size > maxEntries || (memoryBytes > maxMemoryBytes && entries.size > 1)) {
      const oldest = entries.keys().next().value as string
      entries.delete(oldest)
      memoryBytes -= sizes.get(oldest) ?? 0
      sizes.delete(oldest)
      haystacks.delete(oldest)
      dirty.delete(oldest)
      changedRows.delete(oldest)
    }
  }

  function scheduleFlush(): void {
    if (flushTimer || disposed) return
    flushTimer = setTimeout(() => {
      flushTimer = null
      void writeDirty()
    }, options.flushIntervalMs ?? 250)
    flushTimer.unref?.()
  }

  function scheduleEvent(): void {
    if (eventTimer || disposed || !options.emit) return
    eventTimer = setTimeout(() => {
      eventTimer = null
      emitChanges()
    }, options.eventIntervalMs ?? 100)
    eventTimer.unref?.()
  }

  function emitChanges(): void {
    if (!options.emit) return
    const rows: RequestLogSummary[] = []
    for (const id of changedRows) {
      const entry = entries.get(id)
      if (entry) rows.push(summarize(entry))
    }
    changedRows.clear()
    const wasCleared = cleared
    cleared = false
    if (rows.length === 0 && !wasCleared) return
    try {
      options.emit(wasCleared ? { entries: rows, cleared: true } : { entries: rows })
    } catch {
      // A broken listener must not break logging.
    }
  }

  function writeDirty(): Promise<void> {
    const snapshot = [...dirty].map((id) => entries.get(id)).filter((e): e is RequestLogEntry => !!e)
    dirty.clear()
    const target = store
    if (!target || snapshot.length === 0) return writing
    // JSON now: later changes to the entry must not race with this write.
    const frozen = snapshot.map((e) => JSON.parse(JSON.stringify(e)) as RequestLogEntry)
    writing = writing
      .then(() => target.append(frozen))
      .catch((error: unknown) => {
        notice = `Recent requests could not be saved to disk (${error instanceof Error ? error.message : String(error)}).`
      })
    return writing
  }

  function haystackOf(entry: RequestLogEntry): string {
    let text = haystacks.get(entry.id)
    if (text === undefined) {
      const parts: string[] = [entry.method, entry.idempotencyKey ?? '', ...entry.tags]
      for (const a of entry.attempts) {
        parts.push(a.url, a.requestBody ?? '', a.responseBody ?? '', a.error?.message ?? '')
        for (const [k, v] of Object.entries(a.requestHeaders)) parts.push(`${k}: ${v}`)
        for (const [k, v] of Object.entries(a.responseHeaders ?? {})) parts.push(`${k}: ${v}`)
      }
      text = parts.join('\n').toLowerCase()
      haystacks.set(entry.id, text)
    }
    return text
  }

  async function flush(): Promise<void> {
    await readyPromise
    if (flushTimer) {
      clearTimeout(flushTimer)
      flushTimer = null
    }
    await writeDirty()
  }

  function need(id: string): RequestLogEntry {
    const entry = entries.get(id)
    if (!entry)
      throw new UserFacingError('not-found', 'That request is no longer in the log (it was cleared or rotated out).')
    return entry
  }

  function selected(ids: string[]): RequestLogEntry[] {
    const found = ids.map((id) => entries.get(id)).filter((e): e is RequestLogEntry => !!e)
    if (found.length === 0)
      throw new UserFacingError('not-found', 'None of the selected requests are in the log any more.')
    return found
  }

  return {
    ready: () => readyPromise,

    record(event, connection) {
      try {
        if (disposed) return
        if (!loaded) {
          early.push({ event, connection })
          return
        }
        apply(event, connection)
        trim()
      } catch {
        // Logging must never break a request.
      }
    },

    async list() {
      await readyPromise
      const rows: RequestLogSummary[] = []
      for (const entry of entries.values()) rows.push(summarize(entry))
      rows.reverse() // newest first
      return { entries: rows, persisted: store !== null, notice }
    },

    async get(id) {
      await readyPromise
      return need(id)
    },

    async search(text, ids) {
      await readyPromise
      const needle = text.toLowerCase()
      if (needle === '') return ids ?? [...entries.keys()]
      const out: string[] = []
      const pool = ids ? ids.map((id) => entries.get(id)) : [...entries.values()]
      for (const entry of pool) if (entry && haystackOf(entry).includes(needle)) out.push(entry.id)
      return out
    },

    async tag(ids, rawTag, remove) {
      await readyPromise
      const tag = rawTag.trim()
      if (!TAG_PATTERN.test(tag)) {
        throw new UserFacingError(
          'invalid-input',
          'A case id is 1 to 64 letters, digits, spaces or . _ # : / - and starts with a letter or digit.',
          { issues: [{ path: 'tag', message: 'Not a valid case id.' }] },
        )
      }
      let updated = 0
      for (const entry of selected(ids)) {
        const has = entry.tags.includes(tag)
        if (remove === has) {
          entry.tags = remove ? entry.tags.filter((t) => t !== tag) : [...entry.tags, tag]
          haystacks.delete(entry.id)
          touched(entry.id)
          updated++
        }
      }
      return { updated }
    },

    async clear() {
      await readyPromise
      const count = entries.size
      entries.clear()
      sizes.clear()
      memoryBytes = 0
      haystacks.clear()
      dirty.clear()
      changedRows.clear()
      cleared = true
      await writing
      await store?.clear()
      emitChanges()
      return { cleared: count }
    },

    async curl(id, attempt) {
      await readyPromise
      return redactor.text(toCurl(need(id), attempt))
    },

    async exportTo(ids, format, file, personalData) {
      await readyPromise
      const chosen = selected(ids)
      const entries = personalData === 'included' ? chosen : entriesWithoutPersonalData(chosen)
      const document = format === 'har' ? toHar(entries, options.app) : toJsonBundle(entries, options.app)
      // Masked once more as text: a secret learned after an entry was recorded is masked too.
      const text = redactor.text(JSON.stringify(document, null, 2))
      await writeFileAtomic(file, text, { mode: 0o600 })
      return { saved: true, path: file, count: chosen.length, personalData }
    },

    flush,

    async dispose() {
      if (disposed) return
      await flush().catch(() => {})
      disposed = true
      if (eventTimer) clearTimeout(eventTimer)
      eventTimer = null
      await writing
      await store?.close()
    },
  }
}

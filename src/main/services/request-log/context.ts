// What the request log's parts share: its options, the entries kept in memory and what is waiting
// to be written or pushed, as one context object the functions of load.ts, recording.ts and
// reading.ts take.
import type { AttemptEvent } from '../../../shared/api-events'
import type {
  ConnectionRef,
  PersonalDataInFile,
  RequestLogAppended,
  RequestLogEntry,
  RequestLogExportFormat,
  RequestLogExportResult,
  RequestLogListView,
} from '../../../shared/request-log-types'
import type { Redactor } from './redaction'
import type { RequestLogStore } from './store'

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

export interface LogContext {
  readonly options: RequestLogServiceOptions
  readonly redactor: Redactor
  readonly maxEntries: number
  readonly maxMemoryBytes: number
  readonly maxBodyChars: number
  /** Insertion order = seq order. */
  readonly entries: Map<string, RequestLogEntry>
  /** Estimated memory per entry, and their sum. */
  readonly sizes: Map<string, number>
  memoryBytes: number
  /** The search text of each entry, made when first searched (entries.ts searchTextOf). */
  readonly haystacks: Map<string, string>
  /** Entries changed since the last write, and since the last push to the renderer. */
  readonly dirty: Set<string>
  readonly changedRows: Set<string>
  /** Attempts reported before the stored log was read. */
  readonly early: { event: AttemptEvent; connection: ConnectionRef }[]
  /** Attempts reported and not yet recorded: recorded on the next turn of the event loop (recording.ts settle). */
  readonly waiting: { event: AttemptEvent; connection: ConnectionRef }[]
  settleTimer: ReturnType<typeof setImmediate> | null
  loaded: boolean
  nextSeq: number
  store: RequestLogStore | null
  notice: string | null
  /** The stored log read (load.ts). */
  ready: Promise<void>
  writing: Promise<void>
  flushTimer: ReturnType<typeof setTimeout> | null
  eventTimer: ReturnType<typeof setTimeout> | null
  /** The log was cleared since the last push. */
  cleared: boolean
  disposed: boolean
}

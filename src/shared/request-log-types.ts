// The request log (Inspector) as main stores it and the renderer shows it. Every value here has
// already been redacted in main (main/services/request-log/redaction.ts) before it is kept, persisted or sent.

import type { AttemptEvent, AttemptOutcome, RequestClass, RequestOrigin } from './api-events'

/** Which connection a request went through: never its secret. */
export interface ConnectionRef {
  id: string
  label: string
}

/**
 * One HTTP attempt of a logical request: the per-attempt fields of an AttemptEvent, redacted. The
 * fields that are the same for every attempt (method, origin, idempotency key...) live on the entry.
 */
export type LoggedAttempt = Pick<
  AttemptEvent,
  | 'attempt'
  | 'startedAt'
  | 'url'
  | 'requestHeaders'
  | 'requestBody'
  | 'status'
  | 'responseHeaders'
  | 'responseBody'
  | 'responseBodyTruncated'
  | 'timings'
  | 'rateLimit'
  | 'outcome'
  | 'error'
  | 'retryReason'
  | 'nextWaitMs'
  | 'bucket'
>

/** One logical request (one client request id) with all its attempts, oldest attempt first. */
export interface RequestLogEntry {
  /** The API client's request id (the same id an ApiErrorView carries as `requestId`). */
  id: string
  /** Increases with every new entry; newest first = highest seq first. */
  seq: number
  connection: ConnectionRef
  method: string
  requestClass: RequestClass
  idempotencyKey: string | null
  origin: RequestOrigin | null
  notes: string[]
  attempts: LoggedAttempt[]
  /** Support case ids the user tagged this entry with. */
  tags: string[]
}

/**
 * The first and the last attempt of an entry. An entry is made for an attempt, so it always has one;
 * one without (a record edited on disk) is refused with a clear error rather than read as undefined.
 */
export function attemptEnds(entry: RequestLogEntry): { first: LoggedAttempt; last: LoggedAttempt } {
  const first = entry.attempts[0]
  const last = entry.attempts[entry.attempts.length - 1]
  if (first === undefined || last === undefined) throw new Error(`Request ${entry.id} has no attempts.`)
  return { first, last }
}

/** `pending` while the last attempt said it will be retried. */
export type StatusClass = '2xx' | '3xx' | '4xx' | '5xx' | 'network' | 'pending'

/** One row of the list: what the columns and the quick filters need, nothing more. */
export interface RequestLogSummary {
  id: string
  seq: number
  startedAt: number
  connectionId: string
  connectionLabel: string
  method: string
  /** Path and query of the last attempt's URL. */
  path: string
  /** The last attempt's whole URL (redacted), shown on hover. */
  url: string
  status: number | null
  statusClass: StatusClass
  /** First send to end of the last attempt, waits included. */
  durationMs: number
  attemptCount: number
  bucket: string | null
  outcome: AttemptOutcome
  /** Error kind of the last attempt (`http`, `network`, `timeout`...), null on success. */
  errorKind: string | null
  tags: string[]
}

/**
 * A request answered with a 2xx status that still failed (its body could not be read): the list does
 * not show it as a success, and the "2xx success" filter leaves it out ("Errors only" has it).
 */
export function failedDespite2xx(row: Pick<RequestLogSummary, 'statusClass' | 'outcome'>): boolean {
  return row.statusClass === '2xx' && row.outcome === 'failed'
}

/** Pushed to the renderer in batches: new or changed rows, or that the log was cleared. */
export interface RequestLogAppended {
  entries: RequestLogSummary[]
  cleared?: boolean
}

export interface RequestLogListView {
  entries: RequestLogSummary[]
  /** Whether entries are kept across restarts (false when the keychain was unavailable). */
  persisted: boolean
  /** Something the user should know about the stored log (records dropped, key unavailable). */
  notice: string | null
}

export type RequestLogExportFormat = 'har' | 'json'

/** Whether customers' personal data is in an exported file (the person chose in main's dialog). */
export type PersonalDataInFile = 'left-out' | 'included'

export type RequestLogExportResult =
  { saved: true; path: string; count: number; personalData: PersonalDataInFile } | { saved: false }

/** The quick filters of the list (spec-free: Inspector UI). All optional; combined with AND. */
export interface RequestLogFilter {
  errorsOnly?: boolean
  statusClass?: StatusClass | 'all'
  method?: string
  pathText?: string
  connectionId?: string
  /** Epoch ms, inclusive. */
  from?: number | null
  to?: number | null
  tag?: string
}

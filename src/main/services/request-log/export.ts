// Escalation formats of the request log: a cURL command, a HAR 1.2 file, a JSON bundle.
// Inputs are already-redacted entries; the Authorization header is rebuilt as an environment
// variable reference so the command runs for whoever holds the key, and shows no key.

import {
  attemptEnds,
  type LoggedAttempt,
  type PersonalDataInFile,
  type RequestLogEntry,
} from '../../../shared/request-log-types'
import { personalDataLabel, personalDataSentence } from '../personal-data'
import { isCredentialName, REDACTED } from './redaction'

const API_KEY_ENV = 'PAYDESK_API_KEY'

/** Headers curl sets itself (or that would be wrong when replayed). */
const CURL_SKIPPED_HEADERS = new Set(['host', 'content-length', 'connection', 'accept-encoding', 'transfer-encoding'])

/** POSIX shell single-quoting: the only character needing care inside '…' is ' itself. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`
}

function lastAttempt(entry: RequestLogEntry): LoggedAttempt {
  return attemptEnds(entry).last
}

export function toCurl(entry: RequestLogEntry, attemptNumber?: number): string {
  const attempt = entry.attempts.find((a) => a.attempt === attemptNumber) ?? lastAttempt(entry)
  const parts = [`curl -X ${entry.method}`, shellQuote(attempt.url)]
  for (const [name, value] of Object.entries(attempt.requestHeaders)) {
    const lower = name.toLowerCase()
    if (CURL_SKIPPED_HEADERS.has(lower)) continue
    if (lower === 'authorization') continue
    // Other credential headers were redacted; replaying "[redacted]" would only confuse.
    if (isCredentialName(name) || value === REDACTED) continue
    parts.push(`-H ${shellQuote(`${name}: ${value}`)}`)
  }
  // Every call needs the key (spec 5.1). Double quotes on purpose: the shell expands the variable,
  // so the key never appears in the text.
  parts.push(`-H "Authorization: Bearer $${API_KEY_ENV}"`)
  if (attempt.requestBody !== null && attempt.requestBody !== '')
    parts.push(`--data-raw ${shellQuote(attempt.requestBody)}`)
  return parts.join(' \\\n  ')
}

// --- HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/) ---

interface HarNameValue {
  name: string
  value: string
}

interface HarEntry {
  startedDateTime: string
  time: number
  request: {
    method: string
    url: string
    httpVersion: string
    cookies: HarNameValue[]
    headers: HarNameValue[]
    queryString: HarNameValue[]
    postData?: { mimeType: string; text: string }
    headersSize: number
    bodySize: number
  }
  response: {
    status: number
    statusText: string
    httpVersion: string
    cookies: HarNameValue[]
    headers: HarNameValue[]
    content: { size: number; mimeType: string; text?: string; comment?: string }
    redirectURL: string
    headersSize: number
    bodySize: number
    _error?: string
  }
  cache: Record<string, never>
  timings: { blocked: number; dns: number; connect: number; send: number; wait: number; receive: number; ssl: number }
  comment?: string
  _requestId: string
  _attempt: number
  _outcome: string
  _retryReason: string | null
  _idempotencyKey: string | null
  _connection: string
  _origin: string | null
  _tags: string[]
}

interface HarLog {
  log: {
    version: '1.2'
    creator: { name: string; version: string }
    entries: HarEntry[]
    comment?: string
  }
}

function headerList(headers: Record<string, string> | null): HarNameValue[] {
  return Object.entries(headers ?? {}).map(([name, value]) => ({ name, value }))
}

function queryList(url: string): HarNameValue[] {
  try {
    return [...new URL(url).searchParams].map(([name, value]) => ({ name, value }))
  } catch {
    return []
  }
}

function headerValue(headers: Record<string, string> | null, name: string): string | undefined {
  if (!headers) return undefined
  const found = Object.keys(headers).find((k) => k.toLowerCase() === name)
  return found === undefined ? undefined : headers[found]
}

function byteLength(text: string | null): number {
  return text === null ? 0 : Buffer.byteLength(text, 'utf8')
}

function harEntry(entry: RequestLogEntry, attempt: LoggedAttempt): HarEntry {
  const t = attempt.timings
  // HAR wants non-negative phases summing to `time`; -1 marks a phase that does not apply.
  const connect = t.connectMs === null ? -1 : Math.max(0, t.connectMs)
  const headersAt = t.headersMs ?? t.totalMs
  const wait = Math.max(0, headersAt - Math.max(0, connect))
  const receive = Math.max(0, t.totalMs - headersAt)
  const requestMime = headerValue(attempt.requestHeaders, 'content-type') ?? 'application/json'
  const responseMime = headerValue(attempt.responseHeaders, 'content-type') ?? 'application/octet-stream'
  return {
    startedDateTime: new Date(attempt.startedAt).toISOString(),
    time: Math.max(0, t.queuedMs) + Math.max(0, connect) + wait + receive,
    request: {
      method: entry.method,
      url: attempt.url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: headerList(attempt.requestHeaders),
      queryString: queryList(attempt.url),
      ...(attempt.requestBody !== null ? { postData: { mimeType: requestMime, text: attempt.requestBody } } : {}),
      headersSize: -1,
      bodySize: attempt.requestBody === null ? 0 : byteLength(attempt.requestBody),
    },
    response: {
      // HAR's convention for "no response" (network error, timeout) is status 0.
      status: attempt.status ?? 0,
      statusText: attempt.status === null ? (attempt.error?.kind ?? '') : '',
      httpVersion: attempt.status === null ? '' : 'HTTP/1.1',
      cookies: [],
      headers: headerList(attempt.responseHeaders),
      content: {
        size: byteLength(attempt.responseBody),
        mimeType: responseMime,
        ...(attempt.responseBody !== null ? { text: attempt.responseBody } : {}),
        ...(attempt.responseBodyTruncated ? { comment: 'Body truncated by Paydesk.' } : {}),
      },
      redirectURL: '',
      headersSize: -1,
      bodySize: attempt.responseBody === null ? -1 : byteLength(attempt.responseBody),
      ...(attempt.error ? { _error: `${attempt.error.kind}: ${attempt.error.message}` } : {}),
    },
    cache: {},
    timings: { blocked: Math.max(0, t.queuedMs), dns: -1, connect, send: 0, wait, receive, ssl: -1 },
    comment: `Request ${entry.id}, attempt ${attempt.attempt} of ${entry.attempts.length}`,
    _requestId: entry.id,
    _attempt: attempt.attempt,
    _outcome: attempt.outcome,
    _retryReason: attempt.retryReason,
    _idempotencyKey: entry.idempotencyKey,
    _connection: entry.connection.label,
    _origin: entry.origin ? `${entry.origin.screen}: ${entry.origin.action}` : null,
    _tags: entry.tags,
  }
}

/**
 * One HAR entry per attempt (retries are separate HTTP exchanges), oldest first. `log.comment` says
 * whether customers' personal data is in the file.
 */
export function toHar(
  entries: RequestLogEntry[],
  creator: { name: string; version: string },
  personalData: PersonalDataInFile,
): HarLog {
  const sorted = [...entries].sort((a, b) => a.seq - b.seq)
  return {
    log: {
      version: '1.2',
      creator: { name: creator.name, version: creator.version },
      entries: sorted.flatMap((entry) => entry.attempts.map((attempt) => harEntry(entry, attempt))),
      comment:
        'Exported by Paydesk. Credentials are redacted; Authorization values are not included. ' +
        personalDataSentence(personalData),
    },
  }
}

interface JsonBundle {
  format: 'paydesk-request-log'
  version: 1
  /** Whether customers' personal data is in the file. */
  personalData: 'left out' | 'included'
  exportedAt: string
  app: { name: string; version: string }
  entries: RequestLogEntry[]
}

export function toJsonBundle(
  entries: RequestLogEntry[],
  app: { name: string; version: string },
  personalData: PersonalDataInFile,
  now = new Date(),
): JsonBundle {
  return {
    format: 'paydesk-request-log',
    version: 1,
    personalData: personalDataLabel(personalData),
    exportedAt: now.toISOString(),
    app: { name: app.name, version: app.version },
    entries: [...entries].sort((a, b) => a.seq - b.seq),
  }
}

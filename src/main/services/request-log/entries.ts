// One entry of the request log read in the ways the log needs: the Inspector's row, the memory it
// takes, the text a search looks in, and a body cut to the length the log keeps.
import {
  attemptEnds,
  type RequestLogEntry,
  type RequestLogSummary,
  type StatusClass,
} from '../../../shared/request-log-types'
import { formatCount } from '../../../shared/count'

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

function statusClassOf(status: number | null, outcome: string): StatusClass {
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

/** Appended to a body the log kept only the head of. */
function truncationMarker(cut: number): string {
  return `\n… [Paydesk kept the first part of this body; ${formatCount(cut, 'en-US')} more characters were not stored]`
}

export function headOf(body: string | null, max: number): { text: string | null; cut: boolean } {
  if (body === null || body.length <= max) return { text: body, cut: false }
  return { text: body.slice(0, max) + truncationMarker(body.length - max), cut: true }
}

/** Memory of an entry, estimated from its text (UTF-16: two bytes a character) plus a fixed overhead. */
export function entryBytes(entry: RequestLogEntry): number {
  let chars = 512
  for (const a of entry.attempts) {
    chars += 256 + a.url.length + (a.requestBody?.length ?? 0) + (a.responseBody?.length ?? 0)
    for (const [k, v] of Object.entries(a.requestHeaders)) chars += k.length + String(v).length
    for (const [k, v] of Object.entries(a.responseHeaders ?? {})) chars += k.length + String(v).length
  }
  return chars * 2
}

/** The text a search of the log looks in: method, key, tags, URLs, headers, bodies, errors (lower case). */
export function searchTextOf(entry: RequestLogEntry): string {
  const parts: string[] = [entry.method, entry.idempotencyKey ?? '', ...entry.tags]
  for (const a of entry.attempts) {
    parts.push(a.url, a.requestBody ?? '', a.responseBody ?? '', a.error?.message ?? '')
    for (const [k, v] of Object.entries(a.requestHeaders)) parts.push(`${k}: ${v}`)
    for (const [k, v] of Object.entries(a.responseHeaders ?? {})) parts.push(`${k}: ${v}`)
  }
  return parts.join('\n').toLowerCase()
}

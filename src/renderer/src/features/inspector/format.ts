// Display helpers of the Inspector (pure); its dates and times come from shared/dates.ts.

import type { ApiErrorKind } from '../../../../shared/api-error'
import { failedDespite2xx, type RequestLogSummary } from '../../../../shared/request-log-types'

export function formatDuration(ms: number | null): string {
  if (ms === null) return '—'
  if (ms < 1000) return `${Math.round(ms)} ms`
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`
}

/** Bodies are shown indented when they are JSON; anything else as it came. */
export function prettyBody(body: string | null): string {
  if (body === null || body === '') return ''
  if (body.length > 2_000_000) return body
  try {
    return JSON.stringify(JSON.parse(body), null, 2)
  } catch {
    return body
  }
}

/** The spec 7 error fields of a response body, when it is one. */
export function readErrorFields(body: string | null): {
  status: number | null
  title: string | null
  detail: string | null
  field: string | null
  documentationUrl: string | null
} | null {
  if (!body) return null
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    return null
  }
  if (typeof parsed !== 'object' || parsed === null) return null
  const b = parsed as {
    status?: unknown
    title?: unknown
    detail?: unknown
    field?: unknown
    _links?: { documentation?: { href?: unknown } }
  }
  const str = (v: unknown) => (typeof v === 'string' ? v : null)
  const out = {
    status: typeof b.status === 'number' ? b.status : null,
    title: str(b.title),
    detail: str(b.detail),
    field: str(b.field),
    documentationUrl: str(b._links?.documentation?.href),
  }
  return out.title || out.detail || out.field ? out : null
}

export function headerValue(headers: Record<string, string> | null, name: string): string | null {
  if (!headers) return null
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name)
  return key === undefined ? null : (headers[key] ?? null)
}

/** A request's path without the API's version prefix: `/v2/payments/tr_1` → `/payments/tr_1`. */
export function shortPath(path: string): string {
  const rest = path.replace(/^\/v\d+(?=\/|$|\?)/, '')
  return rest === '' ? '/' : rest
}

/** The list's status cell: the answer's HTTP status, or a short word for a request with none. */
interface StatusCell {
  text: string
  /** The badge's colour. */
  tone: 'ok' | 'warn' | 'danger' | 'info' | 'plain'
  /** What it means, in a sentence (shown on hover); empty for an HTTP status, which is whole. */
  title: string
}

/** A request that got no answer, by the client's error kind: a word that fits the column, and what it means. */
const NO_ANSWER: Record<Exclude<ApiErrorKind, 'http'>, { text: string; title: string }> = {
  network: { text: 'network', title: 'No answer: the connection failed.' },
  timeout: { text: 'timeout', title: 'No answer in time.' },
  aborted: { text: 'canceled', title: 'Canceled before an answer came.' },
  'malformed-response': { text: 'bad reply', title: 'The service answered with a body that could not be read.' },
  'queue-full': { text: 'not sent', title: 'Not sent: too many requests were waiting for the rate limit.' },
  'foreign-origin': { text: 'not sent', title: 'Not sent: the link points to another site.' },
  'invalid-request': { text: 'not sent', title: 'Not sent: the request was refused before it was sent.' },
}

/** Every word the status cell shows besides a number: the column is sized to hold each whole. */
export const STATUS_CELL_WORDS: readonly string[] = [
  ...new Set(['retrying', 'failed', ...Object.values(NO_ANSWER).map((w) => w.text)]),
]

/** The word of a client error kind other than an HTTP status, or null. */
function failure(kind: string | null): StatusCell | null {
  return kind !== null && Object.hasOwn(NO_ANSWER, kind)
    ? { ...NO_ANSWER[kind as keyof typeof NO_ANSWER], tone: 'warn' }
    : null
}

export function statusCell(
  row: Pick<RequestLogSummary, 'statusClass' | 'status' | 'errorKind' | 'outcome'>,
): StatusCell {
  const status = String(row.status)
  switch (row.statusClass) {
    case '2xx': {
      if (!failedDespite2xx(row)) return { text: status, tone: 'ok', title: '' }
      // Answered, but not a success: what went wrong (a body that could not be read), or "failed".
      const failed = failure(row.errorKind) ?? { text: 'failed', tone: 'warn', title: 'The answer could not be used.' }
      return { ...failed, title: `${failed.title} (HTTP ${status})` }
    }
    case '4xx':
      return { text: status, tone: 'danger', title: '' }
    case '5xx':
      return { text: status, tone: 'warn', title: '' }
    case 'pending':
      return {
        text: 'retrying',
        tone: 'info',
        title: row.status === null ? 'Being tried again.' : `Being tried again after a ${status} answer.`,
      }
    case 'network':
      return (
        failure(row.errorKind) ?? {
          text: 'failed',
          tone: 'warn',
          title: `No answer${row.errorKind ? ` (${row.errorKind})` : ''}.`,
        }
      )
    default:
      return { text: status, tone: 'plain', title: '' }
  }
}

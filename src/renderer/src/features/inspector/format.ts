// Display helpers of the Inspector (pure); its dates and times come from shared/dates.ts.

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

// ApiError: every failure of the API client, typed (spec 7). toView() gives the plain object the
// renderer shows; the secret is never stored here (request headers are not kept at all).

import type { IpcErrorView } from '../../../shared/ipc/define'
import type { ApiAttemptSummary, ApiErrorKind, ApiErrorView, LostWriteLookup } from '../../../shared/api-error'
import type { BucketSnapshot, RateLimitInfo, RequestOrigin } from '../../../shared/api-events'

interface ApiErrorInit {
  kind: ApiErrorKind
  message: string
  status?: number | null
  title?: string | null
  detail?: string | null
  field?: string | null
  documentationUrl?: string | null
  requestId?: string | null
  method?: string | null
  url?: string | null
  idempotencyKey?: string | null
  attempts?: ApiAttemptSummary[]
  rateLimit?: RateLimitInfo | null
  bucket?: BucketSnapshot | null
  bodySnippet?: string | null
  origin?: RequestOrigin | null
  lookup?: LostWriteLookup | null
  cause?: unknown
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind
  readonly status: number | null
  readonly title: string | null
  readonly detail: string | null
  readonly field: string | null
  readonly documentationUrl: string | null
  readonly requestId: string | null
  readonly method: string | null
  readonly url: string | null
  readonly idempotencyKey: string | null
  readonly attempts: ApiAttemptSummary[]
  readonly rateLimit: RateLimitInfo | null
  readonly bucket: BucketSnapshot | null
  readonly bodySnippet: string | null
  readonly origin: RequestOrigin | null
  /** A write whose answer was lost: what to look up before sending it again (else null). */
  readonly lookup: LostWriteLookup | null

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause !== undefined ? { cause: init.cause } : undefined)
    this.name = 'ApiError'
    this.kind = init.kind
    this.status = init.status ?? null
    this.title = init.title ?? null
    this.detail = init.detail ?? null
    this.field = init.field ?? null
    this.documentationUrl = init.documentationUrl ?? null
    this.requestId = init.requestId ?? null
    this.method = init.method ?? null
    this.url = init.url ?? null
    this.idempotencyKey = init.idempotencyKey ?? null
    this.attempts = init.attempts ?? []
    this.rateLimit = init.rateLimit ?? null
    this.bucket = init.bucket ?? null
    this.bodySnippet = init.bodySnippet ?? null
    this.origin = init.origin ?? null
    this.lookup = init.lookup ?? null
  }

  toView(): ApiErrorView {
    return {
      name: 'ApiError',
      kind: this.kind,
      message: this.message,
      status: this.status,
      title: this.title,
      detail: this.detail,
      field: this.field,
      documentationUrl: this.documentationUrl,
      requestId: this.requestId,
      method: this.method,
      url: this.url,
      idempotencyKey: this.idempotencyKey,
      attempts: this.attempts.map((a) => ({ ...a })),
      rateLimit: this.rateLimit ? { ...this.rateLimit } : null,
      bucket: this.bucket ? { ...this.bucket } : null,
      bodySnippet: this.bodySnippet,
      origin: this.origin ? { ...this.origin } : null,
      lookup: this.lookup ? structuredClone(this.lookup) : null,
    }
  }

  /** How the IPC dispatcher presents this error to the renderer (see src/main/errors.ts). */
  toIpcError(): IpcErrorView {
    return { code: this.kind === 'aborted' ? 'canceled' : 'api-error', message: this.message, api: this.toView() }
  }

  override toString(): string {
    return `ApiError[${this.kind}${this.status !== null ? ` ${this.status}` : ''}]: ${this.message}`
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError
}

/** First `max` characters, control characters escaped so a snippet is one readable line. */
export function bodySnippet(text: string, max = 300): string {
  const cut = text.length > max ? text.slice(0, max) : text
  const escaped = cut.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => {
    if (c === '\n') return '\\n'
    if (c === '\r') return '\\r'
    if (c === '\t') return '\\t'
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`
  })
  return text.length > max ? `${escaped}…` : escaped
}

/** Spec 7 error body fields, read defensively (any of them may be missing or of the wrong type). */
export function readErrorBody(json: unknown): {
  title: string | null
  detail: string | null
  field: string | null
  documentationUrl: string | null
} | null {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return null
  const o = json as Record<string, unknown>
  const str = (v: unknown): string | null => (typeof v === 'string' ? v : null)
  const links = o._links as Record<string, unknown> | undefined
  const doc =
    links && typeof links === 'object' ? (links.documentation as Record<string, unknown> | undefined) : undefined
  const result = {
    title: str(o.title),
    detail: str(o.detail),
    field: str(o.field),
    documentationUrl: doc && typeof doc === 'object' ? str(doc.href) : null,
  }
  return result.title === null && result.detail === null ? null : result
}

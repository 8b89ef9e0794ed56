// Spec 7: the error body and its media type. Every sandbox error goes through here so the shape
// stays in one place.
import type { ApiErrorBody } from '../shared/api-types'

export const HAL_JSON = 'application/hal+json'

export const STATUS_TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized Request',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  410: 'Gone',
  413: 'Request Entity Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
}

/** A response the sandbox is about to send; faults may still alter how it is delivered. */
export interface Reply {
  status: number
  headers: Record<string, string>
  body: string
}

export function documentationHref(origin: string, topic = 'errors'): string {
  return `${origin}/docs/${topic}`
}

export function errorBody(origin: string, status: number, detail: string, field?: string): ApiErrorBody {
  const body: ApiErrorBody = { status, title: STATUS_TITLES[status] ?? 'Error', detail }
  if (field !== undefined) body.field = field
  body._links = { documentation: { href: documentationHref(origin), type: 'text/html' } }
  return body
}

export function jsonReply(status: number, body: unknown, headers: Record<string, string> = {}): Reply {
  return { status, headers: { 'Content-Type': HAL_JSON, ...headers }, body: JSON.stringify(body) }
}

export function errorReply(
  origin: string,
  status: number,
  detail: string,
  field?: string,
  headers: Record<string, string> = {},
): Reply {
  return jsonReply(status, errorBody(origin, status, detail, field), headers)
}

/** Thrown inside handlers; the router turns it into a spec-7 reply. */
export class SandboxError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly field?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail)
  }
}

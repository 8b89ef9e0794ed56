// Spec 7: the error body and its media type. Every sandbox error goes through here so the shape
// stays in one place.
import { HAL_JSON, statusTitle, type ApiErrorBody } from '../shared/service/errors'

export { HAL_JSON } from '../shared/service/errors'

/** A response the sandbox is about to send; faults may still alter how it is delivered. */
export interface Reply {
  status: number
  headers: Record<string, string>
  body: string
}

function documentationHref(origin: string, topic = 'errors'): string {
  return `${origin}/docs/${topic}`
}

function errorBody(origin: string, status: number, detail: string, field?: string): ApiErrorBody {
  const body: ApiErrorBody = { status, title: statusTitle(status), detail }
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

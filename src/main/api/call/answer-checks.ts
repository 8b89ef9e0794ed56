// What the client checks on the way in (ids and page sizes it puts in a path or query) and on the
// way out (an answer's JSON, its resource shape, the message of a non-2xx). Every failure is a
// typed ApiError. Used by client.ts.

import { MAX_PAGE_SIZE } from '../../../shared/api-types'
import {
  idPrefix,
  isId,
  isPageSize,
  pathFor,
  type IdResource,
  type OperationId,
  type ParamsArg,
} from '../../../shared/service'
import { ApiError, bodySnippet } from './errors'

/** The id, once it has the resource's id pattern (the path it goes into is built from checked ids only). */
export function checkId(id: string, resource: IdResource): string {
  if (!isId(resource, id)) {
    throw new ApiError({
      kind: 'invalid-request',
      message: `"${String(id).slice(0, 60)}" is not a ${resource} id (expected ${idPrefix(resource)}…); nothing was sent.`,
    })
  }
  return id
}

/**
 * The path of a row of the operation table (shared/service/paths.ts), its parameters checked by
 * the id rules: a value that is not an id of its resource fails before anything is sent.
 */
export function apiPath<I extends OperationId>(operationId: I, ...params: ParamsArg<I>): string {
  const built = pathFor(operationId, ...params)
  if (built.ok) return built.path
  const shown = `"${String(built.value).slice(0, 60)}"`
  throw new ApiError({
    kind: 'invalid-request',
    message: built.resource
      ? `${shown} is not a ${built.resource} id (expected ${idPrefix(built.resource)}…); nothing was sent.`
      : `${shown} is not a valid ${built.param}; nothing was sent.`,
  })
}

/** A list's `limit`, when given, is a page size the service accepts (spec 4.3); `method`: the list's. */
export function checkLimit(limit: number | undefined, method: string): void {
  if (limit !== undefined && !isPageSize(limit)) {
    throw new ApiError({
      kind: 'invalid-request',
      message: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE} (spec 4.3).`,
      method,
      field: 'limit',
    })
  }
}

export function expectResource<T>(value: unknown, resource: string, method: string): T {
  const v = value as { resource?: unknown; id?: unknown } | null
  if (typeof v !== 'object' || v === null || v.resource !== resource || typeof v.id !== 'string') {
    throw new ApiError({
      kind: 'malformed-response',
      message: `The service answered without a valid ${resource} object.`,
      method,
      bodySnippet: bodySnippet(JSON.stringify(value) ?? String(value)),
    })
  }
  return value as T
}

export function parseJsonBody(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: true, value: undefined }
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch {
    return { ok: false }
  }
}

export function snippetOrNull(body: string, status: number | null): string | null {
  return status !== null || body !== '' ? bodySnippet(body) : null
}

export function withIdempotencyHint(message: string, hint: string | null): string {
  return hint ? `${message} ${hint}` : message
}

export function httpMessage(status: number, title: string | null, detail: string | null): string {
  if (detail) return `${status}${title ? ` ${title}` : ''}: ${detail}`
  if (title) return `${status} ${title}`
  return `The service answered with status ${status}.`
}

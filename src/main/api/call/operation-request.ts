// One row of the operation table (src/shared/service/operations.ts) as a request: the method is the
// row's, the path its template filled from parameters whose names the type checks and whose values
// apiPath checks before anything is sent. No call of the client spells a method or a path itself.

import { operationById, type OperationId, type OperationParams, type ParamsArg } from '../../../shared/service'
import { apiPath } from './answer-checks'
import type { LogicalRequest, QueryValue } from './request-builder'

/** What a request of one operation carries besides its path: a query, a JSON body, a stored key. */
export interface OperationExtras {
  query?: Record<string, QueryValue>
  body?: unknown
  /** A POST's stored Idempotency-Key (a draft's), so "send again" can never create twice. */
  idempotencyKey?: string
}

/** The request of the operation `id`: the row's method, the path built from `params`. */
export function requestFor<I extends OperationId>(
  id: I,
  params: OperationParams<I>,
  extras: OperationExtras = {},
): LogicalRequest {
  const req: LogicalRequest = {
    method: operationById(id).method,
    path: apiPath(id, ...([params] as unknown as ParamsArg<I>)),
  }
  if (extras.query !== undefined) req.query = extras.query
  if (extras.body !== undefined) req.body = extras.body
  if (extras.idempotencyKey !== undefined) req.idempotencyKey = extras.idempotencyKey
  return req
}

/** A `_links` href of the operation `id` (a list's next page), followed verbatim with the row's method. */
export function linkRequest(id: OperationId, link: string): LogicalRequest {
  return { method: operationById(id).method, link }
}

/** The method of the operation `id`, for the errors a call of it ends with. */
export function methodOf(id: OperationId): string {
  return operationById(id).method
}

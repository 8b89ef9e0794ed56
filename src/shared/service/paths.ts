// Request paths and the Idempotency-Key rule, from the operation table (operations.ts): the client
// builds every path it sends from a row's template, never from a string of its own, and keys
// exactly the requests the table marks idempotent. Pure TypeScript: no node, no DOM.
import { ID_PREFIXES, isId, type IdResource } from './ids'
import {
  matchOperation,
  OPERATIONS,
  operationById,
  type OperationId,
  type OperationParams,
  type OperationRow,
} from './operations'

/** A path parameter without an id pattern (`methodId`: `ideal`, `creditcard`): one plain segment. */
const PLAIN_SEGMENT = /^[A-Za-z0-9_-]{1,64}$/

/** The id resource of a path parameter: `paymentId` → `payment`; null when it has no id pattern. */
export function paramResource(param: string): IdResource | null {
  const resource = param.replace(/Id$/, '')
  return resource !== param && Object.hasOwn(ID_PREFIXES, resource) ? (resource as IdResource) : null
}

type PathResult<I extends OperationId> =
  | { ok: true; path: string; operation: Extract<OperationRow, { id: I }> }
  /** `param` is missing or is not an id of `resource` (null: not a plain segment) */
  | { ok: false; param: string; resource: IdResource | null; value: unknown }

/**
 * The parameters of the operation `I` as an argument: required when its path has some (each name
 * checked by the type), optional when it has none.
 */
export type ParamsArg<I extends OperationId> = [keyof OperationParams<I>] extends [never]
  ? [params?: OperationParams<I>]
  : [params: OperationParams<I>]

/**
 * The path of the operation named `operationId` (below the versioned base), each `{name}` of its
 * template filled from `params` once it passes the id rules of ids.ts (the type checks the names;
 * the values are checked here, since they come from outside). The parameters are checked in the
 * template's order; the first one that fails is returned and nothing is built.
 */
export function pathFor<I extends OperationId>(operationId: I, ...[given]: ParamsArg<I>): PathResult<I> {
  const params: Readonly<Record<string, unknown>> = given ?? {}
  const operation = operationById(operationId)
  const parts: string[] = []
  for (const part of operation.path.split('/')) {
    if (!part.startsWith('{')) {
      parts.push(part)
      continue
    }
    const param = part.slice(1, -1)
    const value = params[param]
    const resource = paramResource(param)
    const valid = resource ? isId(resource, value) : typeof value === 'string' && PLAIN_SEGMENT.test(value)
    if (!valid) return { ok: false, param, resource, value }
    parts.push(value as string)
  }
  return { ok: true, path: parts.join('/'), operation }
}

/** Methods of the rows that take an Idempotency-Key: POST (https://docs.mollie.com/overview/api-idempotency). */
const KEYED_BY_TABLE: ReadonlySet<string> = new Set(OPERATIONS.filter((o) => o.idempotent).map((o) => o.method))

/**
 * Whether a request takes an Idempotency-Key (https://docs.mollie.com/overview/api-idempotency):
 * the row's `idempotent`. A path the table does not have is keyed when its method is keyed by
 * some row (a write sent through the low-level `request`), so no write goes out unkeyed.
 */
export function needsIdempotencyKey(method: string, path: string): boolean {
  const m = method.toUpperCase()
  const match = matchOperation(m, path.split('?', 1)[0] ?? '')
  return match.found ? match.operation.idempotent : KEYED_BY_TABLE.has(m)
}

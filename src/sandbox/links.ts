// The sandbox's links to API objects (`_links.self`, `payment`, `customer`, a list's next page): each
// built from its row of the operation table with pathFor, never spelled, so every link the client
// follows names an operation the router knows, with ids that pass the id rules.
import type { Link } from '../shared/api-types'
import { HAL_JSON } from '../shared/service/errors'
import type { OperationId } from '../shared/service/operations'
import { pathFor, type ParamsArg } from '../shared/service/paths'

/** The versioned base below the sandbox's origin (spec 9.1: the API lives under /v2). */
export const API_BASE = '/v2'

/** The URL of the operation `id` on `origin`; an id that is not one is a bug of the sandbox (throws). */
export function apiHref<I extends OperationId>(origin: string, id: I, ...params: ParamsArg<I>): string {
  const built = pathFor(id, ...params)
  if (!built.ok) throw new Error(`No link to ${id}: ${built.param} ${JSON.stringify(built.value)} does not fit it.`)
  return origin + API_BASE + built.path
}

/** A HAL link to the operation `id` on `origin`. */
export function apiLink<I extends OperationId>(origin: string, id: I, ...params: ParamsArg<I>): Link {
  return { href: apiHref(origin, id, ...params), type: HAL_JSON }
}

// Where the payment service takes `profileId` and `testmode` (spec 5.3/5.4), per operation: ONE
// source for the sandbox (which answers 422 where the service would), the rules module and the
// API client's request builder. Pure TypeScript: no node, no DOM.
//
// With credentials linked to one profile and mode (API keys) neither may be sent. With
// organization access tokens (https://docs.mollie.com/overview/authentication) the
// "Access token parameters" of each reference page say:
// - create a payment or an order (POST /payments, POST /orders): `profileId` required, `testmode`
//   optional (.../payments-api/create-payment, .../orders-api/create-order);
// - list (GET /payments, GET /orders): `profileId` optional (omitted: every profile), `testmode`
//   optional (.../payments-api/list-payments, .../orders-api/list-orders);
// - read one object by id (GET /payments/{id}, GET /orders/{id}): only `testmode`
//   (.../payments-api/get-payment, .../orders-api/get-order);
// - act on an existing object (POST /orders/{id}/payments, refunds, updates, cancels): only
//   `testmode` (.../orders-api/create-order-payment); the object already names its profile.
// `testmode` travels in the query for GET/HEAD/OPTIONS/DELETE and in the body otherwise.

// Each row of the operation table (operations.ts) says how an organization token uses `profileId`;
// `scopeFor` is the one function that turns a credential kind and a request into what may be sent.

import type { CredentialKind } from './credentials'
import { matchOperation, operationById, type Operation, type OperationId, type ProfileIdUse } from './operations'

/** What a request with a credential of some kind may carry (spec 5.3/5.4). */
export interface RequestScope {
  /** API keys never send it (`forbidden`); with a token, the operation's row decides. */
  profileId: ProfileIdUse | 'forbidden'
  /** API keys carry their mode (`forbidden`); tokens may ask for test mode. */
  testmode: 'optional' | 'forbidden'
  /** whether `profileId`/`testmode` go in the query string (else in the JSON body) */
  inQuery: boolean
  /**
   * The row of the operation table; null for a path the table does not have. Such a request is
   * treated as acting on an existing object: with a token `profileId` is not sent (`unused`),
   * `testmode` may be; nothing about it is guessed from the path's shape.
   */
  operation: Operation | null
}

const QUERY_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS', 'DELETE'])

/** The path below the versioned base: a query string and a leading `/v2` are dropped. */
function operationPath(path: string): string {
  const bare = path.split('?', 1)[0] ?? ''
  return bare.startsWith('/v2/') || bare === '/v2' ? bare.slice(3) : bare
}

/** How a request uses `testmode`, for every operation alike: API keys carry their mode (spec 5.4). */
export function testmodeUse(kind: CredentialKind): 'optional' | 'forbidden' {
  return kind === 'api-key' ? 'forbidden' : 'optional'
}

function scopeWith(kind: CredentialKind, method: string, operation: Operation | null): RequestScope {
  return {
    profileId: kind === 'api-key' ? 'forbidden' : (operation?.profileId ?? 'unused'),
    testmode: testmodeUse(kind),
    inQuery: QUERY_METHODS.has(method.toUpperCase()),
    operation,
  }
}

/**
 * The scope of a request by a credential of `kind`: `method` and `path` (below the versioned base,
 * e.g. `/payments/tr_1/refunds`; a leading `/v2` and a query string are skipped) find the row of
 * the operation table with its own matcher (HEAD and OPTIONS read the GET row).
 */
export function scopeFor(kind: CredentialKind, method: string, path: string): RequestScope {
  const m = method.toUpperCase()
  const match = matchOperation(m === 'OPTIONS' ? 'GET' : m, operationPath(path))
  return scopeWith(kind, m, match.found ? match.operation : null)
}

/** The scope of an operation (a row, or its id such as `create-order`) by a credential of `kind`. */
export function scopeForOperation(kind: CredentialKind, operation: Operation | OperationId): RequestScope {
  const row = typeof operation === 'string' ? operationById(operation) : operation
  return scopeWith(kind, row.method, row)
}

// The mode a credential's requests run in lives beside the credential kinds (no operation table needed).
export { effectiveMode } from './credentials'

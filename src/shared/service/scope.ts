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

import type { CredentialKind, CredentialMode } from './credentials'

export type ScopeOperation = 'create' | 'list' | 'read' | 'act'

export type ProfileIdUse = 'required' | 'optional' | 'unused'

/** How an organization token's request uses `profileId`, per operation. */
export const PROFILE_ID_WITH_TOKEN: Readonly<Record<ScopeOperation, ProfileIdUse>> = {
  create: 'required',
  list: 'optional',
  read: 'unused',
  act: 'unused',
}

const QUERY_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS', 'DELETE'])

/** Whether `testmode`/`profileId` go in the query string (else in the JSON body). */
export function scopeInQuery(method: string): boolean {
  return QUERY_METHODS.has(method.toUpperCase())
}

/**
 * The operation of a request, from its method and its path below the versioned base
 * (`/payments`, `/orders/ord_1/payments`; a leading `/v2` is skipped).
 */
export function scopeOperation(method: string, path: string): ScopeOperation {
  const segments = (path.split('?', 1)[0] ?? '').split('/').filter(Boolean)
  if (segments[0] === 'v2') segments.shift()
  const m = method.toUpperCase()
  if (segments.length <= 1) return m === 'POST' ? 'create' : scopeInQuery(m) && m !== 'DELETE' ? 'list' : 'act'
  if (segments.length === 2 && (m === 'GET' || m === 'HEAD' || m === 'OPTIONS')) return 'read'
  // A list below an object (GET /payments/{id}/refunds) reads that object's children.
  if (segments.length === 3 && (m === 'GET' || m === 'HEAD' || m === 'OPTIONS')) return 'read'
  return 'act'
}

/** How `profileId` is used by an organization token's request (see PROFILE_ID_WITH_TOKEN). */
export function profileIdUseWithToken(method: string, path: string): ProfileIdUse {
  return PROFILE_ID_WITH_TOKEN[scopeOperation(method, path)]
}

/** How a request uses `profileId`, per credential kind: API keys never send it (spec 5.3). */
export function profileIdUse(kind: CredentialKind, operation: ScopeOperation): ProfileIdUse | 'forbidden' {
  return kind === 'api-key' ? 'forbidden' : PROFILE_ID_WITH_TOKEN[operation]
}

/** How a request uses `testmode`, per credential kind: API keys carry their mode (spec 5.4). */
export function testmodeUse(kind: CredentialKind): 'optional' | 'forbidden' {
  return kind === 'api-key' ? 'forbidden' : 'optional'
}

/** The mode requests run in: a key's own mode, or a token's testmode flag (spec 5.4: live unless set). */
export function effectiveMode(
  kind: CredentialKind,
  keyMode: CredentialMode | null,
  testmode: boolean | null,
): CredentialMode {
  if (kind === 'api-key') return keyMode ?? 'test'
  return testmode ? 'test' : 'live'
}

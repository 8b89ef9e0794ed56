// The operations of the payment service v2, one row each (issue 24): method, path template below the
// versioned base, whether it reads or writes, whether an Idempotency-Key applies, how an organization
// token's request uses `profileId`, and the documentation page. The sandbox's router, the client's
// paths and Idempotency-Key rule (paths.ts) and the credential scope (scope.ts) read this table.
// Pure TypeScript: no node, no DOM.

/** How an organization token's request uses `profileId` (spec 5.3): required, optional or not taken. */
export type ProfileIdUse = 'required' | 'optional' | 'unused'

type OperationMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE'

export interface Operation {
  /** a stable name, e.g. `list-refunds` */
  id: string
  method: OperationMethod
  /** below `/v2`, with `{name}` for each path parameter: `/payments/{paymentId}/refunds` */
  path: string
  kind: 'read' | 'write'
  /**
   * Whether an Idempotency-Key applies: POST only. https://docs.mollie.com/overview/api-idempotency:
   * "All POST endpoints accept idempotency keys"; keys sent with GET, PATCH or DELETE "will thus always
   * be ignored". A cancel or update is made safe against a resend by reading first (src/main/api).
   */
  idempotent: boolean
  /** With an organization access token: `profileId` required, optional or not taken (spec 5.3). */
  profileId: ProfileIdUse
  /** the documentation page of the operation */
  docs: string
}

const DOCS = 'https://docs.mollie.com/reference/'

/** A row's literal types (`id`, `method`, `path`) are kept, so the table's ids and paths are types. */
function read<const I extends string, const P extends string>(id: I, path: P, profileId: ProfileIdUse = 'unused') {
  return { id, method: 'GET', path, kind: 'read', idempotent: false, profileId, docs: `${DOCS}${id}` } as const
}

function write<const I extends string, const M extends Exclude<OperationMethod, 'GET'>, const P extends string>(
  id: I,
  method: M,
  path: P,
  profileId: ProfileIdUse = 'unused',
) {
  return { id, method, path, kind: 'write', idempotent: method === 'POST', profileId, docs: `${DOCS}${id}` } as const
}

export const OPERATIONS = [
  read('list-payments', '/payments', 'optional'),
  write('create-payment', 'POST', '/payments', 'required'),
  read('get-payment', '/payments/{paymentId}'),
  write('update-payment', 'PATCH', '/payments/{paymentId}'),
  write('cancel-payment', 'DELETE', '/payments/{paymentId}'),
  read('list-refunds', '/payments/{paymentId}/refunds'),
  write('create-refund', 'POST', '/payments/{paymentId}/refunds'),
  read('get-refund', '/payments/{paymentId}/refunds/{refundId}'),
  write('cancel-refund', 'DELETE', '/payments/{paymentId}/refunds/{refundId}'),
  read('list-all-refunds', '/refunds', 'optional'),
  read('list-payment-chargebacks', '/payments/{paymentId}/chargebacks'),
  read('get-chargeback', '/payments/{paymentId}/chargebacks/{chargebackId}'),
  read('list-all-chargebacks', '/chargebacks', 'optional'),
  read('list-captures', '/payments/{paymentId}/captures'),
  write('create-capture', 'POST', '/payments/{paymentId}/captures'),
  read('get-capture', '/payments/{paymentId}/captures/{captureId}'),
  write('release-authorization', 'POST', '/payments/{paymentId}/release-authorization'),
  read('list-orders', '/orders', 'optional'),
  write('create-order', 'POST', '/orders', 'required'),
  read('get-order', '/orders/{orderId}'),
  write('cancel-order', 'DELETE', '/orders/{orderId}'),
  write('create-order-payment', 'POST', '/orders/{orderId}/payments'),
  read('list-order-refunds', '/orders/{orderId}/refunds'),
  write('create-order-refund', 'POST', '/orders/{orderId}/refunds'),
  read('list-customers', '/customers'),
  write('create-customer', 'POST', '/customers'),
  read('get-customer', '/customers/{customerId}'),
  write('update-customer', 'PATCH', '/customers/{customerId}'),
  write('delete-customer', 'DELETE', '/customers/{customerId}'),
  read('list-customer-payments', '/customers/{customerId}/payments'),
  write('create-customer-payment', 'POST', '/customers/{customerId}/payments', 'required'),
  read('list-mandates', '/customers/{customerId}/mandates'),
  write('create-mandate', 'POST', '/customers/{customerId}/mandates'),
  read('get-mandate', '/customers/{customerId}/mandates/{mandateId}'),
  write('revoke-mandate', 'DELETE', '/customers/{customerId}/mandates/{mandateId}'),
  read('list-methods', '/methods', 'required'),
  read('get-method', '/methods/{methodId}', 'required'),
  read('list-profiles', '/profiles'),
  // Subscriptions and payment links
  read('list-subscriptions', '/customers/{customerId}/subscriptions'),
  write('create-subscription', 'POST', '/customers/{customerId}/subscriptions', 'required'),
  read('get-subscription', '/customers/{customerId}/subscriptions/{subscriptionId}'),
  write('update-subscription', 'PATCH', '/customers/{customerId}/subscriptions/{subscriptionId}'),
  write('cancel-subscription', 'DELETE', '/customers/{customerId}/subscriptions/{subscriptionId}'),
  read('list-subscription-payments', '/customers/{customerId}/subscriptions/{subscriptionId}/payments'),
  read('list-all-subscriptions', '/subscriptions', 'optional'),
  read('list-payment-links', '/payment-links', 'optional'),
  write('create-payment-link', 'POST', '/payment-links', 'required'),
  read('get-payment-link', '/payment-links/{paymentLinkId}'),
  write('update-payment-link', 'PATCH', '/payment-links/{paymentLinkId}'),
  write('delete-payment-link', 'DELETE', '/payment-links/{paymentLinkId}'),
  read('get-payment-link-payments', '/payment-links/{paymentLinkId}/payments'),
  // Orders (the rest), shipments, balances, settlements
  write('update-order', 'PATCH', '/orders/{orderId}'),
  write('update-order-line', 'PATCH', '/orders/{orderId}/lines/{orderLineId}'),
  write('cancel-order-lines', 'DELETE', '/orders/{orderId}/lines'),
  write('create-shipment', 'POST', '/orders/{orderId}/shipments'),
  read('list-shipments', '/orders/{orderId}/shipments'),
  read('get-shipment', '/orders/{orderId}/shipments/{shipmentId}'),
  write('update-shipment', 'PATCH', '/orders/{orderId}/shipments/{shipmentId}'),
  read('list-balances', '/balances'),
  read('get-balance', '/balances/{balanceId}'),
  read('get-primary-balance', '/balances/primary'),
  read('list-balance-transactions', '/balances/{balanceId}/transactions'),
  read('list-settlements', '/settlements'),
  read('get-settlement', '/settlements/{settlementId}'),
  read('get-open-settlement', '/settlements/open'),
  read('list-settlement-payments', '/settlements/{settlementId}/payments'),
  read('list-settlement-refunds', '/settlements/{settlementId}/refunds'),
  read('list-all-methods', '/methods/all', 'required'),
  read('get-profile', '/profiles/{profileId}'),
  read('get-current-profile', '/profiles/me'),
  // https://docs.mollie.com/reference/list-permissions: the permissions of the current access token,
  // each `granted` or not (organization and OAuth tokens; not paginated). Team mode checks a desk's
  // token with it (issue 51 item 1).
  read('list-permissions', '/permissions'),
] as const satisfies readonly Operation[]

/** One row of the table, with its literal id, method and path. */
export type OperationRow = (typeof OPERATIONS)[number]
/** The name of an operation of the table: a misspelt name does not compile. */
export type OperationId = OperationRow['id']

/** The `{name}` parameters of a path template: `/payments/{paymentId}/refunds/{refundId}` → `paymentId | refundId`. */
type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never

/** The path parameters of the operation `I`, each named as in its template. */
export type OperationParams<I extends OperationId> = {
  readonly [Name in ParamNames<Extract<OperationRow, { id: I }>['path']>]: string
}

const BY_ID: ReadonlyMap<string, OperationRow> = new Map(OPERATIONS.map((o) => [o.id, o]))

/** The row named `id`; throws on a name the table does not have (a name from outside the types). */
export function operationById<I extends OperationId>(id: I): Extract<OperationRow, { id: I }> {
  const operation = BY_ID.get(id)
  if (!operation) throw new Error(`No operation named ${id} in the operation table.`)
  return operation as Extract<OperationRow, { id: I }>
}

type OperationMatch =
  | { found: true; operation: OperationRow; params: Record<string, string>; allow: string[] }
  | { found: false; allow: string[] }

function matchPath(template: string, segments: readonly string[]): Record<string, string> | null {
  const parts = template.split('/').filter(Boolean)
  if (parts.length !== segments.length) return null
  const params: Record<string, string> = {}
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] ?? ''
    const segment = segments[i] ?? ''
    if (part.startsWith('{')) {
      if (segment === '') return null
      params[part.slice(1, -1)] = segment
    } else if (part !== segment) return null
  }
  return params
}

/**
 * The operation at `method` + `path` (below `/v2`, e.g. `/payments/tr_1/refunds`), with the methods
 * the path supports (`allow`, HEAD with GET). `allow` is empty when no operation has that path.
 */
export function matchOperation(method: string, path: string): OperationMatch {
  let segments: string[]
  try {
    segments = path.split('/').filter(Boolean).map(decodeURIComponent)
  } catch {
    return { found: false, allow: [] }
  }
  // A literal segment wins over a parameter (`/methods/all` over `/methods/{methodId}`): the match with
  // the fewest parameters answers, and Allow names each method once.
  const best = new Map<string, { operation: OperationRow; params: Record<string, string> }>()
  for (const operation of OPERATIONS) {
    const params = matchPath(operation.path, segments)
    if (!params) continue
    const held = best.get(operation.method)
    if (!held || Object.keys(params).length < Object.keys(held.params).length) {
      best.set(operation.method, { operation, params })
    }
  }
  const allow: string[] = []
  for (const m of best.keys()) allow.push(...(m === 'GET' ? ['GET', 'HEAD'] : [m]))
  const m = method.toUpperCase()
  const hit = best.get(m === 'HEAD' ? 'GET' : m)
  return hit ? { found: true, ...hit, allow } : { found: false, allow }
}

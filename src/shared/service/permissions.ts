// The permissions of an organization access token (issue 51): which one each operation needs. The
// service documents them at https://docs.mollie.com/docs/connect-permissions ("Permissions"):
// `payments.read` views payments, chargebacks and payment methods; `payments.write` creates payments;
// `refunds.read`/`refunds.write` view, create or cancel refunds; `orders.*`, `shipments.*`,
// `customers.*`, `mandates.*`, `subscriptions.*`, `profiles.*`, `payment-links.*`, `balances.read`
// and `settlements.read` likewise. A token without the permission an operation needs is answered 403
// (https://docs.mollie.com/reference/errors: "Forbidden"). API keys carry every permission of their
// profile. The sandbox reads this table; a desk in team mode holds a token with read permissions only.
// Pure TypeScript: no node, no DOM.

import { OPERATIONS, type Operation } from './operations'

/** A resource of the permission list, e.g. `refunds` in `refunds.write`. */
type PermissionResource =
  | 'payments'
  | 'refunds'
  | 'orders'
  | 'shipments'
  | 'customers'
  | 'mandates'
  | 'subscriptions'
  | 'profiles'
  | 'payment-links'
  | 'balances'
  | 'settlements'

export type Permission = `${PermissionResource}.${'read' | 'write'}`

/**
 * The resource an operation acts on: the refunds, chargebacks, captures and the rest of a payment or
 * an order by the last named part of its path, the object itself otherwise. Chargebacks, captures and
 * methods belong to `payments` (the permission list names them there); an order's payment is
 * created with `orders.write`.
 */
function resourceOf(operation: Operation): PermissionResource {
  const parts = operation.path.split('/').filter((p) => p !== '' && !p.startsWith('{'))
  const named = [...parts].reverse()
  for (const part of named) {
    switch (part) {
      case 'refunds':
        return 'refunds'
      case 'shipments':
        return 'shipments'
      case 'mandates':
        return 'mandates'
      case 'subscriptions':
        return 'subscriptions'
      case 'payment-links':
        return 'payment-links'
      case 'balances':
        return 'balances'
      case 'settlements':
        return 'settlements'
      case 'profiles':
        return 'profiles'
      case 'orders':
        return 'orders'
      case 'customers':
        // A customer's payments are payments (list and create them with payments.*).
        return named[0] === 'payments' ? 'payments' : 'customers'
      default:
        break
    }
  }
  return 'payments'
}

/**
 * Operations any access token may make whatever it was granted: listing its own permissions
 * (https://docs.mollie.com/reference/list-permissions, "all permissions available to the current
 * access token", granted or not).
 */
const NO_PERMISSION_NEEDED: ReadonlySet<string> = new Set(['list-permissions'])

/** The permission `operation` needs: its resource, and `.write` for a write; null when it needs none. */
export function permissionFor(operation: Operation): Permission | null {
  if (NO_PERMISSION_NEEDED.has(operation.id)) return null
  return `${resourceOf(operation)}.${operation.kind}`
}

/** Every permission some operation needs, sorted (what a token "with every permission" holds). */
export const KNOWN_PERMISSIONS: readonly Permission[] = [
  ...new Set(OPERATIONS.map(permissionFor).filter((p): p is Permission => p !== null)),
].sort()

/** The read permissions: what a desk's token holds in team mode. */
export const READ_PERMISSIONS: readonly Permission[] = KNOWN_PERMISSIONS.filter((p) => p.endsWith('.read'))

/** The permissions among `granted` that let a token move money or change the merchant's data. */
export function writePermissions(granted: readonly string[]): Permission[] {
  return KNOWN_PERMISSIONS.filter((p) => p.endsWith('.write') && granted.includes(p))
}

/** Whether `text` names a permission some operation needs. */
export function isPermission(text: string): text is Permission {
  return (KNOWN_PERMISSIONS as readonly string[]).includes(text)
}

/** The agent's words for a request the token may not make. */
export function missingPermissionDetail(permission: Permission): string {
  return `The access token does not have the ${permission} permission this request needs.`
}

// The permission each operation needs with an organization access token (issue 51), as the service
// documents them (docs.mollie.com, "Permissions").
import { describe, expect, it } from 'vitest'
import { operationById, type OperationId } from '../../../../src/shared/service/operations'
import { permissionFor, READ_PERMISSIONS } from '../../../../src/shared/service/permissions'
import { parseCredential } from '../../../../src/sandbox/context'

// Each kind of operation with the permission the service documents for it.
const DOCUMENTED: [OperationId, string | null][] = [
  ['create-refund', 'refunds.write'],
  ['create-order-refund', 'refunds.write'],
  ['list-refunds', 'refunds.read'],
  ['get-payment', 'payments.read'],
  ['list-payment-chargebacks', 'payments.read'],
  ['cancel-payment', 'payments.write'],
  ['create-order-payment', 'orders.write'],
  ['list-customer-payments', 'payments.read'],
  ['revoke-mandate', 'mandates.write'],
  ['create-shipment', 'shipments.write'],
  // Any token may list its own permissions (https://docs.mollie.com/reference/list-permissions).
  ['list-permissions', null],
]

describe('token permissions', () => {
  it.each(DOCUMENTED)('names the documented permission of %s: %s', (id, permission) => {
    expect(permissionFor(operationById(id))).toBe(permission)
  })

  it('gives a read-only token no write permission', () => {
    expect(READ_PERMISSIONS.length).toBeGreaterThan(5)
    expect(READ_PERMISSIONS.every((p) => p.endsWith('.read'))).toBe(true)
  })

  it('reads a sandbox token with its permissions, and refuses unknown ones', () => {
    expect(parseCredential('access_abcdefghijkl:payments.read,refunds.read')).toEqual({
      secret: 'access_abcdefghijkl',
      kind: 'organization-token',
      permissions: new Set(['payments.read', 'refunds.read']),
    })
    expect(parseCredential('access_abcdefghijkl').permissions).toBeUndefined()
    expect(() => parseCredential('access_abcdefghijkl:payments.rule')).toThrow(/unknown permission/)
    expect(() => parseCredential('test_abcdefghijkl:payments.read')).toThrow(/only an organization token/)
  })
})

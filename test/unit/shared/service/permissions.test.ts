// The permission each operation needs with an organization access token (issue 51), as the service
// documents them (docs.mollie.com, "Permissions").
import { describe, expect, it } from 'vitest'
import { operationById, type OperationId } from '../../../../src/shared/service/operations'
import { permissionFor, READ_PERMISSIONS } from '../../../../src/shared/service/permissions'
import { parseCredential } from '../../../../src/sandbox/context'

describe('token permissions', () => {
  it('names the documented permission of each kind of operation', () => {
    const of = (id: OperationId) => permissionFor(operationById(id))
    expect(of('create-refund')).toBe('refunds.write')
    expect(of('create-order-refund')).toBe('refunds.write')
    expect(of('list-refunds')).toBe('refunds.read')
    expect(of('get-payment')).toBe('payments.read')
    expect(of('list-payment-chargebacks')).toBe('payments.read')
    expect(of('cancel-payment')).toBe('payments.write')
    expect(of('create-order-payment')).toBe('orders.write')
    expect(of('list-customer-payments')).toBe('payments.read')
    expect(of('revoke-mandate')).toBe('mandates.write')
    expect(of('create-shipment')).toBe('shipments.write')
    // Any token may list its own permissions (https://docs.mollie.com/reference/list-permissions).
    expect(of('list-permissions')).toBeNull()
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

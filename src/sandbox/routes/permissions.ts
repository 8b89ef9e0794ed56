// /v2/permissions (https://docs.mollie.com/reference/list-permissions): the permissions of the current
// access token, each with whether it is granted. The sandbox knows a token's permissions from the
// credential it was started with (`access_…:payments.read,refunds.read`, context.ts); a token given
// none has every permission. Organization (and OAuth) tokens only, as the page's "Access with" says;
// an API key is answered 403 like the other token-only routes (docs/SANDBOX.md).
import { HAL_JSON, jsonReply, SandboxError, type Reply } from '../errors'
import type { ApiRequest } from '../request'
import type { SandboxContext } from '../context'
import { KNOWN_PERMISSIONS, type Permission } from '../../shared/service/permissions'
import { apiLink } from '../links'

/** The sandbox's own short description of a permission (the service words its own). */
function describe(permission: Permission): string {
  const [resource, access] = permission.split('.') as [string, 'read' | 'write']
  const what = resource.replace('-', ' ')
  return access === 'read' ? `View the merchant's ${what}` : `Create and change the merchant's ${what}`
}

/** GET /v2/permissions: every permission, `granted` as the token holds it; not paginated. */
export function listPermissionsRoute(ctx: SandboxContext, request: ApiRequest): Reply {
  const { credential } = request
  if (credential.kind !== 'organization-token') {
    throw new SandboxError(
      403,
      'Listing permissions needs an organization access token; an API key has every permission of its profile.',
    )
  }
  const permissions = KNOWN_PERMISSIONS.map((id) => ({
    resource: 'permission',
    id,
    description: describe(id),
    granted: credential.permissions === undefined || credential.permissions.has(id),
    // get-permission (https://docs.mollie.com/reference/get-permission) is not a row of the operation
    // table, so this link is spelled: the sandbox links to it as the service does but does not serve it.
    _links: { self: { href: `${ctx.origin}/v2/permissions/${id}`, type: HAL_JSON } },
  }))
  return jsonReply(200, {
    count: permissions.length,
    _embedded: { permissions },
    _links: {
      self: apiLink(ctx.origin, 'list-permissions'),
      documentation: { href: 'https://docs.mollie.com/reference/list-permissions', type: 'text/html' },
    },
  })
}

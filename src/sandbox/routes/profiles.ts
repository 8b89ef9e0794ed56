// /v2/profiles (https://docs.mollie.com/reference/profiles-api): the sandbox's one profile, listed
// and read by id for organization tokens, and read as "the current profile" with an API key.
import { jsonReply, SandboxError, type Reply } from '../errors'
import { listPage } from '../records'
import { listQuery, listReply, type ApiRequest } from '../request'
import type { SandboxContext } from '../context'
import { apiLink } from '../links'

function profileData(ctx: SandboxContext) {
  return {
    resource: 'profile',
    id: ctx.profileId,
    mode: 'live',
    name: 'Sandbox shop',
    website: 'https://shop.example.com',
    email: 'shop@example.com',
    phone: '+31208202070',
    businessCategory: 'OTHER_MERCHANDISE',
    status: 'verified',
    createdAt: '2024-01-01T00:00:00+00:00',
  }
}

function profileJson(ctx: SandboxContext) {
  const data = profileData(ctx)
  return {
    ...data,
    _links: {
      self: apiLink(ctx.origin, 'get-profile', { profileId: data.id }),
      dashboard: { href: `${ctx.origin}/dashboard/profiles/${data.id}`, type: 'text/html' },
      documentation: { href: `${ctx.origin}/docs/profiles`, type: 'text/html' },
    },
  }
}

/** Organization and app tokens only (the pages' "Access with"); an API key belongs to one profile. */
function tokensOnly(request: ApiRequest, what: string): void {
  if (request.credential.kind !== 'organization-token') {
    throw new SandboxError(
      403,
      `${what} needs an organization access token; an API key belongs to one profile (GET /v2/profiles/me).`,
    )
  }
}

/**
 * GET /v2/profiles (https://docs.mollie.com/reference/list-profiles): for organization access tokens
 * ("Authentication: Organization access tokens, App access tokens"); an API key already belongs to one
 * profile, so the sandbox answers it 403 (docs/SANDBOX.md). The sandbox has one profile.
 */
export function listProfilesRoute(ctx: SandboxContext, request: ApiRequest): Reply {
  tokensOnly(request, 'Listing profiles')
  const query = listQuery(request)
  const page = listPage([{ data: profileData(ctx) }], query)
  return listReply(ctx, request, query, page, 'profiles', () => JSON.stringify(profileJson(ctx)))
}

/** GET /v2/profiles/{id} (https://docs.mollie.com/reference/get-profile): the link `_links` point to. */
export function getProfileRoute(ctx: SandboxContext, request: ApiRequest, id: string): Reply {
  tokensOnly(request, 'Reading a profile by id')
  if (id !== ctx.profileId) throw new SandboxError(404, `No profile exists with id ${id}.`)
  return jsonReply(200, profileJson(ctx))
}

/**
 * GET /v2/profiles/me (https://docs.mollie.com/reference/get-current-profile): the profile an API key
 * belongs to ("to give a confirmation of what profile the API key belongs to"); a token names no profile.
 */
export function getCurrentProfile(ctx: SandboxContext, request: ApiRequest): Reply {
  if (request.credential.kind !== 'api-key') {
    throw new SandboxError(
      403,
      'The current profile is the one an API key belongs to; an organization token reads GET /v2/profiles/{id}.',
    )
  }
  return jsonReply(200, profileJson(ctx))
}

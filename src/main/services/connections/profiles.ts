import { checkBaseUrl, detectCredential } from '../../../shared/connection-rules'
import type { ProfileChoice } from '../../../shared/ipc/connections'
import { UserFacingError } from '../../errors'
import type { ConnectionsContext } from './context'
import { allowHost, invalid } from './host'
import type { ConnectionApiClient } from './types'

/** The profiles a token about to be added can act for, fetched with it (nothing is stored). */
export async function listProfiles(
  ctx: ConnectionsContext<ConnectionApiClient>,
  request: { secret: string; baseUrl?: string | null },
): Promise<{ profiles: ProfileChoice[] }> {
  const detected = detectCredential(request.secret)
  if (!detected.ok) throw invalid('secret', detected.message)
  if (detected.value.kind !== 'organization-token') {
    throw invalid('secret', 'Only an organization access token (access_…) lists profiles; an API key belongs to one.')
  }
  const baseUrl = checkBaseUrl(request.baseUrl ?? ctx.defaultBaseUrl)
  if (!baseUrl.ok) throw invalid('baseUrl', baseUrl.message)
  await allowHost(ctx, baseUrl.value, { kind: 'organization-token', mode: null }, 'list-profiles')
  // A client for this one question; the secret stays in this closure and is not stored.
  const client = ctx.options.createClient({
    connectionId: 'profiles-lookup',
    baseUrl: baseUrl.value,
    getCredential: async () => ({ secret: request.secret, kind: 'organization-token' }),
  })
  try {
    if (!client.listProfiles) throw new UserFacingError('conflict', 'This connection cannot list profiles.')
    const list = await client.listProfiles({
      priority: 'user',
      origin: { screen: 'connections', action: 'list profiles' },
    })
    return {
      profiles: list._embedded.profiles.map((p) => ({
        id: p.id,
        name: p.name,
        website: p.website,
        mode: p.mode === 'test' ? ('test' as const) : ('live' as const),
      })),
    }
  } finally {
    await client.dispose?.()
  }
}

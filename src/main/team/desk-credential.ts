// The desk's credential in team mode (issue 51 item 1, "Key custody"): a desk reads with a credential
// that cannot write, and the write-capable key lives only with the team runner. Main checks the
// active connection's credential before a request goes out with it: an API key (live_… or test_…)
// carries every permission of its profile, so it is refused as it is; an organization access token is
// asked for its permissions (GET /v2/permissions, https://docs.mollie.com/reference/list-permissions)
// and refused when any `.write` one is granted. The built-in Sandbox moves no money and is left alone.
// A verdict is kept per connection and secret until the team database's settings change.
import { createHash } from 'node:crypto'
import { writePermissions } from '../../shared/service/permissions'
import type { ApiClient, ApiCredential } from '../api'
import { UserFacingError } from '../errors'

const TEAM_WAY = 'In team mode this desk reads with a read-only access token; refunds go through the team runner.'

/** Why an API key cannot be a team desk's credential. */
export const KEY_REFUSAL = `${TEAM_WAY} This key can move money: an API key (live_… or test_…) may refund, cancel and create payments. Under Connections, add an organization access token with read permissions only and use it on this desk.`

/** Why a token granted `writes` cannot be a team desk's credential. */
function tokenRefusal(writes: readonly string[]): string {
  return `${TEAM_WAY} This access token can move money or change the merchant's data: it is granted ${writes.join(', ')}. Under Connections, add a token with read permissions only and use it on this desk.`
}

/** The desk's credential as main checks it: null when it may be used, else why not. */
async function deskCredentialRefusal(
  credential: ApiCredential,
  grantedOf: (credential: ApiCredential) => Promise<string[]>,
): Promise<string | null> {
  if (credential.kind === 'api-key') return KEY_REFUSAL
  const writes = writePermissions(await grantedOf(credential))
  return writes.length === 0 ? null : tokenRefusal(writes)
}

/** The granted permissions of the token `client` asks with (GET /v2/permissions); the client is then closed. */
export async function grantedWith(client: Pick<ApiClient, 'listPermissions' | 'dispose'>): Promise<string[]> {
  try {
    const list = await client.listPermissions({
      priority: 'user',
      origin: { screen: 'connections', action: 'check the desk token cannot write' },
    })
    return list._embedded.permissions.filter((p) => p.granted).map((p) => p.id)
  } finally {
    client.dispose()
  }
}

export interface DeskCredentialGuard {
  /** Throws the refusal, in words, when this connection's credential may not be used in team mode. */
  check(connectionId: string, baseUrl: string, credential: ApiCredential): Promise<void>
  /**
   * What the Connections screen says of the active connection in team mode: an API key's refusal at
   * once, a token's once its permissions were read; null otherwise.
   */
  notice(connection: { id: string; kind: ApiCredential['kind'] }): Promise<string | null>
  /** The team database's settings changed: ask again whether this is team mode, and check again. */
  reset(): void
}

export function createDeskCredentialGuard(options: {
  /** Whether the desk is in team mode (a team database is set). */
  teamMode: () => Promise<boolean>
  /** Connections left alone (the built-in Sandbox). */
  exempt: (connectionId: string) => boolean
  /** The token's granted permissions, asked of the service at the connection's address. */
  grantedOf: (connectionId: string, baseUrl: string, credential: ApiCredential) => Promise<string[]>
}): DeskCredentialGuard {
  let teamMode: Promise<boolean> | null = null
  const inTeamMode = () =>
    (teamMode ??= options.teamMode().catch(() => {
      teamMode = null
      return false
    }))
  const verdicts = new Map<string, Promise<string | null>>()
  const refusals = new Map<string, string>()
  const keyOf = (connectionId: string, secret: string) =>
    `${connectionId}\n${createHash('sha256').update(secret).digest('hex')}`
  return {
    async check(connectionId, baseUrl, credential) {
      if (options.exempt(connectionId)) return
      if (!(await inTeamMode())) return
      const key = keyOf(connectionId, credential.secret)
      let verdict = verdicts.get(key)
      if (!verdict) {
        verdict = deskCredentialRefusal(credential, (c) => options.grantedOf(connectionId, baseUrl, c))
        verdicts.set(key, verdict)
        // An unanswered check is asked again with the next request, never taken as a yes.
        verdict.catch(() => verdicts.delete(key))
      }
      let why: string | null
      try {
        why = await verdict
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error)
        throw new UserFacingError(
          'conflict',
          `In team mode Paydesk makes sure this desk's access token cannot write before using it, and the check got no answer (${detail}). It is asked again with the next request.`,
        )
      }
      if (why === null) {
        refusals.delete(connectionId)
        return
      }
      refusals.set(connectionId, why)
      throw new UserFacingError('conflict', why)
    },
    async notice(connection) {
      if (options.exempt(connection.id) || !(await inTeamMode())) return null
      return connection.kind === 'api-key' ? KEY_REFUSAL : (refusals.get(connection.id) ?? null)
    },
    reset() {
      teamMode = null
      verdicts.clear()
      refusals.clear()
    },
  }
}

import { detectCredential, type CredentialKind, type CredentialMode } from '../../../shared/connection-rules'
import { UserFacingError } from '../../errors'
import type { ConnectionsContext } from './context'
import type { ConnectionApiClient, RunningSandboxLike } from './types'

/** Starts the built-in Sandbox once (on first use); a failed start lets the next use try again. */
export function startBuiltInSandbox(ctx: ConnectionsContext<ConnectionApiClient>): Promise<RunningSandboxLike> {
  ctx.sandbox ??= ctx.options.sandbox.start().then(
    (running) => {
      ctx.sandboxCredential = pickSandboxCredential(running)
      ctx.sandboxBaseUrl = running.baseUrl
      ctx.options.allowOrigin?.(running.origin)
      return running
    },
    (error) => {
      ctx.sandbox = null // let the next use try again
      throw error
    },
  )
  return ctx.sandbox
}

function pickSandboxCredential(running: RunningSandboxLike): {
  secret: string
  kind: CredentialKind
  mode: CredentialMode
} {
  // The Sandbox connection uses the sandbox's test API key (no profileId needed, spec 5.3).
  const keys = running.credentials
    .map((c) => ({ secret: c.secret, detected: detectCredential(c.secret) }))
    .filter((c) => c.detected.ok && c.detected.value.kind === 'api-key')
  const chosen =
    keys.find((c) => c.detected.ok && c.detected.value.kind === 'api-key' && c.detected.value.mode === 'test') ??
    keys[0]
  if (!chosen || !chosen.detected.ok || chosen.detected.value.kind !== 'api-key') {
    throw new UserFacingError('not-found', 'The local sandbox started without an API key Paydesk can use.')
  }
  return { secret: chosen.secret, kind: 'api-key', mode: chosen.detected.value.mode }
}

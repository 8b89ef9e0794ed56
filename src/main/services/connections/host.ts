import type { CredentialKind, CredentialMode } from '../../../shared/connection-rules'
import { UserFacingError } from '../../errors'
import { askMain, foreignHostQuestion } from '../main-questions'
import type { ConnectionsContext } from './context'
import { startBuiltInSandbox } from './sandbox'
import type { ConnectionApiClient } from './types'

/**
 * The default API address and the built-in Sandbox are Paydesk's own; any other address receives a
 * key only after main asked the person (foreignHostQuestion). Compared by origin.
 */
export async function allowHost(
  ctx: ConnectionsContext<ConnectionApiClient>,
  baseUrl: string,
  credential: { kind: CredentialKind; mode: CredentialMode | null },
  action: 'save' | 'list-profiles',
  label?: string,
): Promise<void> {
  const origin = new URL(baseUrl).origin
  const own = () =>
    [ctx.defaultBaseUrl, ctx.sandboxBaseUrl].filter((u): u is string => u !== null).map((u) => new URL(u).origin)
  if (own().includes(origin)) return
  // The built-in Sandbox's address is known once it runs (it starts on first use).
  if (ctx.sandboxBaseUrl === null) await startBuiltInSandbox(ctx).catch(() => null)
  if (own().includes(origin)) return
  const question = foreignHostQuestion({ baseUrl, ...credential, action, ...(label === undefined ? {} : { label }) })
  if ((await askMain(ctx.options.questions, question)) === 1) return
  throw new UserFacingError(
    'canceled',
    `Nothing was sent to ${new URL(baseUrl).host}: it is not the payment service's address, and sending a key ` +
      'there was not confirmed.',
  )
}

export function invalid(path: string, message: string): UserFacingError {
  return new UserFacingError('invalid-input', message, { issues: [{ path, message }] })
}

import { maskSecret, type CredentialMode } from '../../../shared/connection-rules'
import type { ConnectionTestResult } from '../../../shared/ipc/connections'
import type { IpcErrorView } from '../../../shared/ipc/define'
import { toIpcError } from '../../errors'
import { clientFor, touch } from './clients'
import { find, isKnown, load, viewOf, type ConnectionsContext } from './context'
import { SANDBOX_CONNECTION_ID, type ConnectionApiClient } from './types'

/** Tries connection `id` with one cheap READ; a failure is an answer, not an error. */
export async function testConnection(
  ctx: ConnectionsContext<ConnectionApiClient>,
  id: string,
): Promise<ConnectionTestResult> {
  const file = await load(ctx)
  if (!isKnown(file, id)) find(file, id)
  try {
    const client = await clientFor(ctx, id)
    // The user is waiting; the Inspector entry says which screen and action sent it.
    const result = await client.listPayments(
      { limit: 1 },
      { priority: 'user', origin: { screen: 'connections', action: 'test connection' } },
    )
    const view = viewOf(ctx, await load(ctx), id)
    touch(ctx, id)
    return { ok: true, id, kind: view.kind, mode: view.mode, summary: summarize(view.mode, result) }
  } catch (error) {
    return { ok: false, id, error: await redactedErrorView(ctx, error, id) }
  }
}

/**
 * The error as the renderer will see it, with one more safety net: should any text in it
 * contain the connection's secret, it is replaced by the masked form.
 */
async function redactedErrorView(
  ctx: ConnectionsContext<ConnectionApiClient>,
  error: unknown,
  id: string,
): Promise<IpcErrorView> {
  const view = errorViewOf(error)
  let secret: string | null = null
  try {
    secret =
      id === SANDBOX_CONNECTION_ID ? (ctx.sandboxCredential?.secret ?? null) : await ctx.options.secretStore.get(id)
  } catch {
    secret = null
  }
  return secret ? redact(view, secret, maskSecret(secret)) : view
}

function errorViewOf(error: unknown): IpcErrorView {
  const viewable = error as { toIpcError?: () => IpcErrorView; toView?: () => unknown; message?: unknown }
  if (typeof viewable?.toIpcError === 'function') return viewable.toIpcError()
  if (typeof viewable?.toView === 'function' && typeof viewable.message === 'string') {
    return { code: 'api-error', message: viewable.message, api: viewable.toView() }
  }
  return toIpcError(error)
}

function redact<T>(value: T, secret: string, replacement: string): T {
  if (typeof value === 'string') return value.split(secret).join(replacement) as T
  if (Array.isArray(value)) return value.map((v) => redact(v, secret, replacement)) as T
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redact(v, secret, replacement)])) as T
  }
  return value
}

function summarize(mode: CredentialMode, result: unknown): string {
  const count = countOf(result)
  const where = `Connected in ${mode} mode`
  if (count === null) return `${where}; the service accepted the credential.`
  return count === 0
    ? `${where}; the service accepted the credential (no payments yet).`
    : `${where}; the service accepted the credential and payments are readable.`
}

/** The list's `count` (spec 4.3), whether the client returns the list or wraps it in `data`. */
function countOf(result: unknown): number | null {
  const r = result as { count?: unknown; data?: { count?: unknown } } | null
  if (typeof r?.count === 'number') return r.count
  if (typeof r?.data?.count === 'number') return r.data.count
  return null
}

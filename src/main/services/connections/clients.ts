import { credentialFor } from './credentials'
import { exclusive, find, load, persistConnections, type ConnectionsContext } from './context'
import { startBuiltInSandbox } from './sandbox'
import { SANDBOX_CONNECTION_ID, type ConnectionApiClient } from './types'

/** Last-used times are written at most this often per connection (not on every request). */
const LAST_USED_WRITE_INTERVAL_MS = 60_000

/** The API client of connection `id`, made once and kept (its rate-limit buckets are per merchant). */
export function clientFor<C extends ConnectionApiClient>(ctx: ConnectionsContext<C>, id: string): Promise<C> {
  // The promise is cached, not just the client: two callers racing through the sandbox's start
  // must end up with the same client.
  let pending = ctx.clients.get(id)
  if (!pending) {
    pending = (async () => {
      const file = await load(ctx)
      const baseUrl = id === SANDBOX_CONNECTION_ID ? (await startBuiltInSandbox(ctx)).baseUrl : find(file, id).baseUrl
      // The client gets a function, not the secret: the secret is read from the store per
      // request and so never sits in an object that could be logged or serialized.
      return ctx.options.createClient({ connectionId: id, baseUrl, getCredential: () => credentialFor(ctx, id) })
    })()
    // Kept per connection: the client's rate-limit buckets are per merchant (spec 8.1.5).
    ctx.clients.set(id, pending)
    pending.catch(() => {
      if (ctx.clients.get(id) === pending) ctx.clients.delete(id)
    })
  }
  return pending
}

/** Notes a successful use in memory; writes it to disk at most once a minute per connection. */
export function touch(ctx: ConnectionsContext<ConnectionApiClient>, id: string): void {
  const at = ctx.now()
  if (id === SANDBOX_CONNECTION_ID) {
    ctx.sandboxLastUsed = at.toISOString()
    return
  }
  const previous = ctx.lastWritten.get(id) ?? 0
  if (at.getTime() - previous < LAST_USED_WRITE_INTERVAL_MS) return
  ctx.lastWritten.set(id, at.getTime())
  void exclusive(ctx, async () => {
    const file = await load(ctx)
    if (!file.connections.some((c) => c.id === id)) return
    await persistConnections(ctx, {
      ...file,
      connections: file.connections.map((c) => (c.id === id ? { ...c, lastUsedAt: at.toISOString() } : c)),
    })
  }).catch(() => {
    // Only a convenience field; a failed write must not fail the request that used the key.
  })
}

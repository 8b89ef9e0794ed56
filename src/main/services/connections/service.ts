import { clientFor, touch } from './clients'
import { activeViewOf, createConnectionsContext, dropClient, load, sandboxView, storedView } from './context'
import { addConnection, removeConnection, renameConnection, setActiveConnection } from './edit'
import { listProfiles } from './profiles'
import { testConnection } from './test-connection'
import type { ConnectionApiClient, ConnectionsService, ConnectionsServiceOptions } from './types'

/** The saved connections and the built-in Sandbox: one context, the service's functions wired to it. */
export function createConnectionsService<C extends ConnectionApiClient>(
  options: ConnectionsServiceOptions<C>,
): ConnectionsService<C> {
  const ctx = createConnectionsContext(options)
  return {
    async list() {
      const file = await load(ctx)
      return {
        connections: [sandboxView(ctx), ...file.connections.map(storedView)],
        activeId: file.activeId,
        notice: ctx.notice,
      }
    },
    add: (request) => addConnection(ctx, request),
    rename: (id, label) => renameConnection(ctx, id, label),
    remove: (id) => removeConnection(ctx, id),
    setActive: (id) => setActiveConnection(ctx, id),
    profiles: (request) => listProfiles(ctx, request),
    markUsed: (id) => touch(ctx, id),
    test: (id) => testConnection(ctx, id),
    activeView: async () => activeViewOf(ctx, await load(ctx)),
    async activeConnection() {
      const view = activeViewOf(ctx, await load(ctx))
      return {
        id: view.id,
        label: view.label,
        kind: view.kind,
        mode: view.mode,
        profileId: view.profileId,
        testmode: view.testmode,
        isLive: view.isLive,
        builtIn: view.builtIn,
      }
    },
    getActiveClient: async () => clientFor(ctx, (await load(ctx)).activeId),
    getClient: (id) => clientFor(ctx, id),
    async dispose() {
      for (const id of [...ctx.clients.keys()]) await dropClient(ctx, id)
      const running = ctx.sandbox
      ctx.sandbox = null
      if (running) await (await running.catch(() => null))?.close()
      await ctx.chain
    },
  }
}

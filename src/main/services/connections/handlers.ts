import type { ConnectionView, connectionChannels } from '../../../shared/ipc/connections'
import type { HandlersFor } from '../../../shared/ipc/define'
import type { ConnectionApiClient, ConnectionsService } from './types'

/** What the rest of main adds to the connections' channels (app-services/ hands them in). */
interface ConnectionHandlerHooks {
  /**
   * A secret the user adds, known to the scrubber from the moment it arrives, before any reply
   * (provisionally: only credential-shaped strings, only the last few; see secret-scrubber.ts).
   */
  rememberSecret(secret: string): void
  /**
   * In team mode, why the active connection's credential cannot be this desk's (it can move money:
   * team/desk-credential.ts), said beside the Connections screen's own notice; null when it can.
   */
  refusal(active: ConnectionView): Promise<string | null>
  /** After a connection is removed: its search index is removed too. */
  removed(id: string): Promise<void>
}

/** The `connections.*` IPC handlers: thin, the rules live in the service. */
export function createConnectionHandlers<C extends ConnectionApiClient>(
  service: ConnectionsService<C>,
  hooks: ConnectionHandlerHooks,
): HandlersFor<typeof connectionChannels> {
  return {
    'connections.list': async () => {
      const view = await service.list()
      const active = view.connections.find((c) => c.id === view.activeId)
      const refusal = active ? await hooks.refusal(active) : null
      if (!refusal) return view
      return { ...view, notice: view.notice ? `${view.notice} ${refusal}` : refusal }
    },
    // A connection's secret enters main from the renderer here only (the team database's password
    // comes through team.connect / team.test); the reply is the masked view.
    'connections.add': (input) => {
      hooks.rememberSecret(input.secret)
      return service.add(input)
    },
    'connections.rename': ({ id, label }) => service.rename(id, label),
    'connections.remove': async ({ id }) => {
      const result = await service.remove(id)
      await hooks.removed(id)
      return result
    },
    'connections.setActive': ({ id }) => service.setActive(id),
    'connections.test': ({ id }) => service.test(id),
    'connections.profiles': (input) => {
      hooks.rememberSecret(input.secret)
      return service.profiles(input)
    },
    'connections.active': () => service.activeView(),
  }
}

import type { connectionChannels } from '../../../shared/ipc/connections'
import type { HandlersFor } from '../../../shared/ipc/define'
import type { ConnectionApiClient, ConnectionsService } from './types'

/** The `connections.*` IPC handlers: thin, the rules live in the service. */
export function createConnectionHandlers<C extends ConnectionApiClient>(
  service: ConnectionsService<C>,
): HandlersFor<typeof connectionChannels> {
  return {
    'connections.list': () => service.list(),
    // A connection's secret enters main from the renderer here only (the team database's password
    // comes through team.connect / team.test); the reply is the masked view.
    'connections.add': (input) => service.add(input),
    'connections.rename': ({ id, label }) => service.rename(id, label),
    'connections.remove': ({ id }) => service.remove(id),
    'connections.setActive': ({ id }) => service.setActive(id),
    'connections.test': ({ id }) => service.test(id),
    'connections.profiles': (input) => service.profiles(input),
    'connections.active': () => service.activeView(),
  }
}

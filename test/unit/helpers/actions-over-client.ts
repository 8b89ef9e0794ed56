// The actions service over a fake client, for unit tests of one write: a test connection (not live)
// whose client is the test's own, and a fresh data key.
import { randomBytes } from 'node:crypto'
import { createActionsService, type ActionsService } from '../../../src/main/services/actions'

type ServiceOptions = Parameters<typeof createActionsService>[0]

export function actionsOverClient(
  client: unknown,
  {
    key = randomBytes(32),
    ...options
  }: Omit<ServiceOptions, 'connections' | 'getKey'> & {
    /** The data key (a restart of the same desk passes the same one). */
    key?: Uint8Array
  },
): ActionsService {
  return createActionsService({
    ...options,
    getKey: async () => key,
    connections: {
      activeConnection: async () => ({
        id: 'conn_0000000000000001',
        label: 'Shop',
        kind: 'api-key',
        mode: 'test',
        profileId: null,
        testmode: null,
        isLive: false,
        builtIn: false,
      }),
      getActiveClient: async () => client as never,
    },
  })
}

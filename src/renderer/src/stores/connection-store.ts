import { createStore, type StoreApi } from 'zustand/vanilla'
import {
  readConnections,
  askRemoveConnection,
  askRenameConnection,
  startListening,
  switchConnection,
  askTestConnection,
  type ConnectionPort,
  type ConnectionState,
  type ConnectionStoreContext,
} from './connection-actions'
import { newestCalls } from './newest'

export type { ConnectionPort, ConnectionState, ConnectionTestState } from './connection-actions'

// The saved connections and the active one (the whole window shows its mode). Created with the IPC
// port it uses (no module state), so its transitions are unit-tested without a browser; main keeps
// the secrets and decides every switch, this store only asks.
// Its actions: connection-actions.ts.

export function createConnectionStore(port: ConnectionPort): StoreApi<ConnectionState> {
  return createStore<ConnectionState>((set, get) => {
    const ctx: ConnectionStoreContext = { set, get, port, starts: 0, unsubscribe: null, loads: newestCalls() }
    return {
      connections: [],
      activeId: null,
      active: null,
      notice: null,
      loading: false,
      error: null,
      switchError: null,
      switching: null,
      tests: {},
      start: () => startListening(ctx),
      load: () => readConnections(ctx),
      setActive: (id) => switchConnection(ctx, id),
      async add(input) {
        const view = await port.add(input)
        void get().load()
        return view
      },
      rename: (id, label) => askRenameConnection(ctx, id, label),
      remove: (id) => askRemoveConnection(ctx, id),
      test: (id) => askTestConnection(ctx, id),
      clearSwitchError: () => set({ switchError: null }),
      readProfiles: async (secret, baseUrl) => (await port.profiles(secret, baseUrl)).profiles,
    }
  })
}

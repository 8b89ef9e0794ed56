import type {
  ActiveConnectionView,
  AddConnectionInput,
  ConnectionTestResult,
  ConnectionView,
} from '../../../shared/ipc/connections'
import type { ChannelOutput } from '../../../shared/ipc/contract'
import type { IpcErrorView } from '../../../shared/ipc/define'
import { toIpcErrorView } from './error-view'
import type { newestCalls } from './newest'
import type { StoreContext } from './store-context'

// The connection store's state and actions (connection-store.ts creates it): each action takes the
// store's context.

/** What the connection screens ask main. A rejected call throws ipc-client's IpcError. */
export interface ConnectionPort {
  list(): Promise<ChannelOutput<'connections.list'>>
  setActive(id: string): Promise<ChannelOutput<'connections.setActive'>>
  add(input: AddConnectionInput): Promise<ChannelOutput<'connections.add'>>
  rename(id: string, label: string): Promise<ChannelOutput<'connections.rename'>>
  remove(id: string): Promise<ChannelOutput<'connections.remove'>>
  test(id: string): Promise<ChannelOutput<'connections.test'>>
  /** The profiles an organization token can act for, read with it by main; nothing is stored. */
  profiles(secret: string, baseUrl: string | null): Promise<ChannelOutput<'connections.profiles'>>
  /** Main's notice that the saved connections or the active one changed; returns the unsubscribe. */
  onChanged(listener: () => void): () => void
  /**
   * Main's notice that the desk joined or left a team database (or it came back): what the list says
   * of the active connection changes (in team mode an API key is refused); returns the unsubscribe.
   */
  onTeamStatus(listener: () => void): () => void
}

/** A row's "Test connection" state: running, or the last answer. */
export type ConnectionTestState = { pending: true } | { pending: false; result: ConnectionTestResult }

export interface ConnectionState {
  connections: ConnectionView[]
  activeId: string | null
  /** The connection requests go through (null until the first load answered). */
  active: ActiveConnectionView | null
  /** Main's note about the saved connections (e.g. a damaged file was set aside). */
  notice: string | null
  loading: boolean
  /** Why the list could not be loaded (the last attempt). */
  error: IpcErrorView | null
  /** Why the last switch of the active connection failed. */
  switchError: IpcErrorView | null
  switching: string | null
  tests: Record<string, ConnectionTestState>
  /** Subscribes to 'connections.changed' and loads; safe to call from several components. */
  start(): () => void
  load(): Promise<void>
  setActive(id: string): Promise<boolean>
  /** The secret goes straight to main; only the masked view comes back and is kept. */
  add(input: AddConnectionInput): Promise<ConnectionView>
  rename(id: string, label: string): Promise<ConnectionView>
  remove(id: string): Promise<void>
  test(id: string): Promise<ConnectionTestResult>
  clearSwitchError(): void
  /** The profiles a token being added can act for (GET /v2/profiles through main). */
  readProfiles(secret: string, baseUrl: string | null): Promise<ChannelOutput<'connections.profiles'>['profiles']>
}

function activeOf(connections: ConnectionView[], activeId: string): ActiveConnectionView | null {
  const found = connections.find((c) => c.id === activeId)
  return found ? { ...found, isLive: found.mode === 'live' } : null
}

/** What the store's actions share: its state, its port, who listens, and the newest load. */
export interface ConnectionStoreContext extends StoreContext<ConnectionState, ConnectionPort> {
  starts: number
  unsubscribe: (() => void) | null
  /** Only the newest load may write, so a slow older answer cannot overwrite a newer one. */
  loads: ReturnType<typeof newestCalls>
}

export function startListening(ctx: ConnectionStoreContext): () => void {
  ctx.starts += 1
  if (ctx.starts === 1) {
    const reload = () => void ctx.get().load()
    const stops = [ctx.port.onChanged(reload), ctx.port.onTeamStatus(reload)]
    ctx.unsubscribe = () => stops.forEach((stop) => stop())
    void ctx.get().load()
  }
  return () => {
    ctx.starts -= 1
    if (ctx.starts === 0) {
      ctx.unsubscribe?.()
      ctx.unsubscribe = null
    }
  }
}

export async function readConnections({ set, port, loads }: ConnectionStoreContext): Promise<void> {
  set({ loading: true })
  await loads.run(
    () => port.list(),
    (answer) => {
      if (!answer.ok) return set({ loading: false, error: toIpcErrorView(answer.error) })
      const list = answer.value
      set({
        connections: list.connections,
        activeId: list.activeId,
        active: activeOf(list.connections, list.activeId),
        notice: list.notice,
        loading: false,
        error: null,
      })
    },
  )
}

export async function switchConnection(
  { set, get, port, loads }: ConnectionStoreContext,
  id: string,
): Promise<boolean> {
  set({ switching: id, switchError: null })
  try {
    const active = await port.setActive(id)
    loads.invalidate() // an older list in flight must not switch the mode back
    set({ active, activeId: active.id, switching: null })
    void get().load()
    return true
  } catch (error) {
    set({ switching: null, switchError: toIpcErrorView(error) })
    void get().load()
    return false
  }
}

export async function askRenameConnection(
  { set, get, port }: ConnectionStoreContext,
  id: string,
  label: string,
): Promise<ConnectionView> {
  const view = await port.rename(id, label)
  set((s) => ({ connections: s.connections.map((c) => (c.id === id ? view : c)) }))
  void get().load()
  return view
}

export async function askRemoveConnection({ set, get, port }: ConnectionStoreContext, id: string): Promise<void> {
  await port.remove(id)
  set((s) => {
    const tests = { ...s.tests }
    delete tests[id]
    return { tests }
  })
  await get().load()
}

export async function askTestConnection(
  { set, get, port }: ConnectionStoreContext,
  id: string,
): Promise<ConnectionTestResult> {
  // One test result on screen at a time: a new test replaces the previous banner.
  set({ tests: { [id]: { pending: true } } })
  let result: ConnectionTestResult
  try {
    result = await port.test(id)
  } catch (error) {
    result = { ok: false, id, error: toIpcErrorView(error) }
  }
  set((s) => (s.tests[id] ? { tests: { [id]: { pending: false, result } } } : {}))
  // Last used (and, for the Sandbox, its address and key tail) changed without an event.
  void get().load()
  return result
}

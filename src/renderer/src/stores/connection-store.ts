import { createStore, type StoreApi } from 'zustand/vanilla'
import type {
  ActiveConnectionView,
  AddConnectionInput,
  ConnectionTestResult,
  ConnectionView,
} from '../../../shared/ipc/connections'
import type { ChannelOutput } from '../../../shared/ipc/contract'
import type { IpcErrorView } from '../../../shared/ipc/define'
import { toIpcErrorView } from './error-view'
import { newestCalls } from './newest'

// The saved connections and the active one (the whole window shows its mode). Created with the IPC
// port it uses (no module state), so its transitions are unit-tested without a browser; main keeps
// the secrets and decides every switch, this store only asks.

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

type SetState = StoreApi<ConnectionState>['setState']
type GetState = StoreApi<ConnectionState>['getState']

/** What the store's actions share: its state, its port, who listens, and the newest load. */
interface ConnectionContext {
  set: SetState
  get: GetState
  port: ConnectionPort
  starts: number
  unsubscribe: (() => void) | null
  /** Only the newest load may write, so a slow older answer cannot overwrite a newer one. */
  loads: ReturnType<typeof newestCalls>
}

function start(ctx: ConnectionContext): () => void {
  ctx.starts += 1
  if (ctx.starts === 1) {
    ctx.unsubscribe = ctx.port.onChanged(() => void ctx.get().load())
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

async function load({ set, port, loads }: ConnectionContext): Promise<void> {
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

async function setActive({ set, get, port, loads }: ConnectionContext, id: string): Promise<boolean> {
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

async function rename({ set, get, port }: ConnectionContext, id: string, label: string): Promise<ConnectionView> {
  const view = await port.rename(id, label)
  set((s) => ({ connections: s.connections.map((c) => (c.id === id ? view : c)) }))
  void get().load()
  return view
}

async function remove({ set, get, port }: ConnectionContext, id: string): Promise<void> {
  await port.remove(id)
  set((s) => {
    const tests = { ...s.tests }
    delete tests[id]
    return { tests }
  })
  await get().load()
}

async function test({ set, get, port }: ConnectionContext, id: string): Promise<ConnectionTestResult> {
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

export function createConnectionStore(port: ConnectionPort): StoreApi<ConnectionState> {
  return createStore<ConnectionState>((set, get) => {
    const ctx: ConnectionContext = { set, get, port, starts: 0, unsubscribe: null, loads: newestCalls() }
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
      start: () => start(ctx),
      load: () => load(ctx),
      setActive: (id) => setActive(ctx, id),
      async add(input) {
        const view = await port.add(input)
        void get().load()
        return view
      },
      rename: (id, label) => rename(ctx, id, label),
      remove: (id) => remove(ctx, id),
      test: (id) => test(ctx, id),
      clearSwitchError: () => set({ switchError: null }),
      readProfiles: async (secret, baseUrl) => (await port.profiles(secret, baseUrl)).profiles,
    }
  })
}

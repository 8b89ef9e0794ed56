import { create } from 'zustand'
import type {
  ActiveConnectionView,
  AddConnectionInput,
  ConnectionTestResult,
  ConnectionView,
} from '../../../shared/ipc/connections'
import type { IpcErrorView } from '../../../shared/ipc/define'
import { call, IpcError, subscribe } from '../lib/ipc-client'

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
}

export function toErrorView(error: unknown): IpcErrorView {
  if (error instanceof IpcError) return error.view
  return { code: 'internal', message: error instanceof Error ? error.message : String(error) }
}

/** The whole window shows the mode: styles.css keys its live styling on `:root[data-mode]`. */
function applyMode(active: ActiveConnectionView | null): void {
  if (typeof document === 'undefined' || !active) return
  document.documentElement.dataset['mode'] = active.isLive ? 'live' : 'test'
}

function activeOf(connections: ConnectionView[], activeId: string): ActiveConnectionView | null {
  const found = connections.find((c) => c.id === activeId)
  return found ? { ...found, isLive: found.mode === 'live' } : null
}

let starts = 0
let unsubscribe: (() => void) | null = null
/** Only the newest load may write, so a slow older answer cannot overwrite a newer one. */
let loadSeq = 0

export const useConnectionStore = create<ConnectionState>((set, get) => ({
  connections: [],
  activeId: null,
  active: null,
  notice: null,
  loading: false,
  error: null,
  switchError: null,
  switching: null,
  tests: {},

  start() {
    starts += 1
    if (starts === 1) {
      unsubscribe = subscribe('connections.changed', () => void get().load())
      void get().load()
    }
    return () => {
      starts -= 1
      if (starts === 0) {
        unsubscribe?.()
        unsubscribe = null
      }
    }
  },

  async load() {
    const seq = ++loadSeq
    set({ loading: true })
    try {
      const list = await call('connections.list')
      if (seq !== loadSeq) return
      const active = activeOf(list.connections, list.activeId)
      set({
        connections: list.connections,
        activeId: list.activeId,
        active,
        notice: list.notice,
        loading: false,
        error: null,
      })
      applyMode(active)
    } catch (error) {
      if (seq !== loadSeq) return
      set({ loading: false, error: toErrorView(error) })
    }
  },

  async setActive(id) {
    set({ switching: id, switchError: null })
    try {
      const active = await call('connections.setActive', { id })
      loadSeq += 1 // an older list in flight must not switch the mode back
      set({ active, activeId: active.id, switching: null })
      applyMode(active)
      void get().load()
      return true
    } catch (error) {
      set({ switching: null, switchError: toErrorView(error) })
      void get().load()
      return false
    }
  },

  async add(input) {
    const view = await call('connections.add', input)
    void get().load()
    return view
  },

  async rename(id, label) {
    const view = await call('connections.rename', { id, label })
    set((s) => ({ connections: s.connections.map((c) => (c.id === id ? view : c)) }))
    void get().load()
    return view
  },

  async remove(id) {
    await call('connections.remove', { id })
    set((s) => {
      const tests = { ...s.tests }
      delete tests[id]
      return { tests }
    })
    await get().load()
  },

  async test(id) {
    // One test result on screen at a time: a new test replaces the previous banner.
    set({ tests: { [id]: { pending: true } } })
    let result: ConnectionTestResult
    try {
      result = await call('connections.test', { id })
    } catch (error) {
      result = { ok: false, id, error: toErrorView(error) }
    }
    set((s) => (s.tests[id] ? { tests: { [id]: { pending: false, result } } } : {}))
    // Last used (and, for the Sandbox, its address and key tail) changed without an event.
    void get().load()
    return result
  },

  clearSwitchError: () => set({ switchError: null }),
}))

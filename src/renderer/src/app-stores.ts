import { createContext, useContext } from 'react'
import { useStore } from 'zustand'
import type { StoreApi } from 'zustand/vanilla'
import type { ActiveConnectionView } from '../../shared/ipc/connections'
import { call, subscribe } from './lib/ipc-client'
import { createAppStore, screenNamed, type AppPort, type AppState } from './stores/app-store'
import type { StoreTimers } from './stores/clock'
import { createConnectionStore, type ConnectionPort, type ConnectionState } from './stores/connection-store'
import { createInspectorStore, type InspectorPort, type InspectorState } from './stores/inspector-store'
import { createPaymentsStore, type PaymentsPort, type PaymentsState, type PrefsStorage } from './stores/payments-store'
import { benchMark } from './lib/bench-marks'
import { openHelp } from './lib/help'
import { windowFromSearch } from './lib/page-window'

// The window-wide stores (app shell, connections, Inspector), created once per window with their
// ports onto main: the only place they meet the IPC bridge, the window's timers and the document.

export interface AppStores {
  app: StoreApi<AppState>
  connections: StoreApi<ConnectionState>
  inspector: StoreApi<InspectorState>
  /** The payments list lives as long as the window: it is kept while the agent visits other screens. */
  payments: StoreApi<PaymentsState>
}

export function ipcAppPort(): AppPort {
  return { info: () => call('app.info') }
}

export function ipcConnectionPort(): ConnectionPort {
  return {
    list: () => call('connections.list'),
    setActive: (id) => call('connections.setActive', { id }),
    add: (input) => call('connections.add', input),
    rename: (id, label) => call('connections.rename', { id, label }),
    remove: (id) => call('connections.remove', { id }),
    test: (id) => call('connections.test', { id }),
    onChanged: (listener) => subscribe('connections.changed', listener),
  }
}

export function ipcInspectorPort(): InspectorPort {
  return {
    list: () => call('requestLog.list'),
    get: (id) => call('requestLog.get', { id }),
    search: (text) => call('requestLog.search', { text }),
    rateLimitState: () => call('rateLimit.state'),
    onAppended: (listener) => subscribe('requestLog.appended', listener),
    onRateLimitChanged: (listener) => subscribe('rateLimit.changed', listener),
  }
}

export function ipcPaymentsPort(): PaymentsPort {
  return {
    list: (input) => call('payments.list', input),
    get: (input) => call('payments.get', input),
    cancel: (requestKey) => call('payments.cancel', { requestKey }),
    export: (input) => call('payments.export', input),
  }
}

/** The payments list's display preferences (page size, sort, density, columns): nothing sensitive. */
function paymentsPrefsStorage(): PrefsStorage {
  const key = 'paydesk.payments.prefs.v1'
  return {
    read: () => globalThis.localStorage.getItem(key),
    write: (text) => globalThis.localStorage.setItem(key, text),
  }
}

export function windowTimers(): StoreTimers {
  return {
    setTimeout: (run, ms) => window.setTimeout(run, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
  }
}

/** The whole window shows the mode: styles.css keys its live styling on `:root[data-mode]`. */
function showMode(active: ActiveConnectionView | null): void {
  if (active) document.documentElement.dataset['mode'] = active.isLive ? 'live' : 'test'
}

export function newAppStores(): AppStores {
  // The first screen: home, unless the page asks for another (`?screen=orders`, used by tests).
  const app = createAppStore(ipcAppPort(), { screen: screenNamed(new URLSearchParams(location.search).get('screen')) })
  const connections = createConnectionStore(ipcConnectionPort())
  connections.subscribe((state, previous) => {
    if (state.active !== previous.active) showMode(state.active)
  })
  const payments = createPaymentsStore(ipcPaymentsPort(), {
    now: () => Date.now(),
    storage: paymentsPrefsStorage(),
    // `?paymentsWindow=N` (tests) narrows how many pages keep their rows.
    listWindow: windowFromSearch(location.search),
    onReplyReceived: () => benchMark('payments.received'),
  })
  connections.subscribe((state, previous) => {
    // Another connection: the list of the previous one is not shown under the new one's name.
    if (previous.active && state.active && state.active.id !== previous.active.id)
      void payments.getState().connectionChanged()
  })
  // Help in the app menu (main's event) opens the same in-app guide as F1.
  subscribe('app.help', () => openHelp())
  return { app, connections, inspector: createInspectorStore(ipcInspectorPort(), windowTimers()), payments }
}

export const AppStoresContext = createContext<AppStores | null>(null)

export function useAppStores(): AppStores {
  const stores = useContext(AppStoresContext)
  if (!stores) throw new Error('AppStoresContext is missing')
  return stores
}

export function useAppStore<T>(selector: (state: AppState) => T): T {
  return useStore(useAppStores().app, selector)
}

export function useConnectionStore<T>(selector: (state: ConnectionState) => T): T {
  return useStore(useAppStores().connections, selector)
}

export function usePaymentsStore<T>(selector: (state: PaymentsState) => T): T {
  return useStore(useAppStores().payments, selector)
}

export function useInspectorStore<T>(selector: (state: InspectorState) => T): T {
  return useStore(useAppStores().inspector, selector)
}

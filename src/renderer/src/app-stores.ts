import type { StoreApi } from 'zustand/vanilla'
import type { ActiveConnectionView } from '../../shared/ipc/connections'
import { createAppStore, screenNamed } from './stores/app-store'
import type { StoreTimers } from './stores/clock'
import { createConnectionStore } from './stores/connection-store'
import { createDraftsStore } from './stores/drafts-store'
import { createEntitiesStore } from './stores/entities'
import { createInspectorStore } from './stores/inspector-store'
import {
  ipcAppPort,
  ipcConnectionPort,
  ipcDraftsPort,
  ipcInspectorPort,
  ipcBuilderPort,
  ipcPaymentsPort,
  ipcSearchPort,
  ipcWindowEvents,
} from './stores/ipc-ports'
import { createBuilderStore } from './stores/builder-store'
import { createPaymentsStore, type PrefsStorage } from './stores/payments-store'
import { createSearchStore, type SearchState } from './stores/search-store'
import { BENCH_MARKS, benchMark } from './lib/bench-marks'
import { openHelp } from './lib/help'
import { windowFromSearch } from './lib/page-window'
import type { AppStores, BuilderStores } from './stores/window-stores'

// The window's stores are created here with their ports onto main (stores/ipc-ports.ts): the
// window-wide ones, the builder's and the search's, once per window. The stores of one view (order,
// customer, writes) are created by stores/view-stores.ts, so their code loads with their screens.
// Components and features call store actions, never the IPC client.

/** The payments list's display preferences (page size, sort, density, columns): nothing sensitive. */
function paymentsPrefsStorage(): PrefsStorage {
  const key = 'paydesk.payments.prefs.v1'
  return {
    read: () => globalThis.localStorage.getItem(key),
    write: (text) => globalThis.localStorage.setItem(key, text),
  }
}

function windowTimers(): StoreTimers {
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
  const entities = createEntitiesStore()
  connections.subscribe((state, previous) => {
    if (state.active !== previous.active) showMode(state.active)
  })
  const payments = createPaymentsStore(ipcPaymentsPort(), {
    now: () => Date.now(),
    storage: paymentsPrefsStorage(),
    // `?paymentsWindow=N` (tests) narrows how many pages keep their rows.
    listWindow: windowFromSearch(location.search),
    onReplyReceived: () => benchMark('payments.received'),
    entities,
  })
  connections.subscribe((state, previous) => {
    // Another connection: the list of the previous one is not shown under the new one's name.
    if (previous.active && state.active && state.active.id !== previous.active.id) {
      entities.getState().clear()
      void payments.getState().connectionChanged()
    }
  })
  // Help in the app menu (main's event) opens the same in-app guide as F1.
  ipcWindowEvents.onHelp(() => openHelp())
  const inspector = createInspectorStore(ipcInspectorPort(), windowTimers())
  return { app, connections, inspector, payments, entities }
}

/** `entities`: the window's cache, where an order or payment the builder creates is put. */
export function newBuilderStores(entities: AppStores['entities']): BuilderStores {
  const drafts = createDraftsStore(ipcDraftsPort())
  return { drafts, orders: createBuilderStore({ port: ipcBuilderPort(), drafts, clock: windowTimers(), entities }) }
}

export function newSearchStore(): StoreApi<SearchState> {
  const port = ipcSearchPort()
  if (!BENCH_MARKS) return createSearchStore(port)
  return createSearchStore({
    ...port,
    query: (text) =>
      port.query(text).then((result) => {
        benchMark('search.received')
        return result
      }),
  })
}

import { createStore, type StoreApi } from 'zustand/vanilla'
import {
  navigateTo,
  readAppInfo,
  SCREENS,
  takeFocusFor,
  type AppPort,
  type AppState,
  type AppStoreContext,
  type ScreenId,
} from './app-actions'

export { SCREENS } from './app-actions'
export type { AppPort, AppState, CustomerTarget, FocusRequest, ScreenId } from './app-actions'

// Which screen is shown, the hand-over of a focus request between screens, and the app's version
// line. Created with the IPC port it uses and the first screen (no module state, no DOM), so its
// transitions are unit-tested without a browser.
// Its actions: app-actions.ts.

/** The sidebar screen named `asked` (e.g. the page's `?screen=orders`, used by tests), else home. */
export function screenNamed(asked: string | null): Exclude<ScreenId, 'order' | 'customer'> {
  return SCREENS.find((s) => s.id === asked)?.id ?? 'home'
}

export function createAppStore(port: AppPort, options: { screen?: ScreenId } = {}): StoreApi<AppState> {
  return createStore<AppState>((set, get) => {
    const ctx: AppStoreContext = { set, get, port }
    return {
      screen: options.screen ?? 'home',
      info: null,
      infoError: null,
      pendingFocus: null,
      orderId: null,
      customer: null,
      previousScreen: 'home',
      setScreen: (screen) =>
        set((s) => ({ screen, previousScreen: s.screen === screen ? s.previousScreen : s.screen })),
      navigate: (request) => navigateTo(ctx, request),
      takeFocus: (screen) => takeFocusFor(ctx, screen),
      loadInfo: () => readAppInfo(ctx),
      openExternal: async (url) => void (await port.openExternal(url)),
      copyText: async (text) => void (await port.copyText(text)),
      emailLink: async (input) => void (await port.emailLink(input)),
    }
  })
}

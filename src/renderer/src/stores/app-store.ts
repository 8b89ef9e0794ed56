import { create } from 'zustand'
import type { AppInfo } from '../../../shared/ipc/app'
import { call, errorMessage } from '../lib/ipc-client'

export const SCREENS = [
  { id: 'orders', label: 'Orders', shortcut: '1' },
  { id: 'payments', label: 'Payments', shortcut: '2' },
  { id: 'inspector', label: 'Inspector', shortcut: '3' },
  { id: 'connections', label: 'Connections', shortcut: '4' },
] as const

export type ScreenId = (typeof SCREENS)[number]['id']

interface AppState {
  screen: ScreenId
  info: AppInfo | null
  infoError: string | null
  setScreen(screen: ScreenId): void
  loadInfo(): Promise<void>
}

export const useAppStore = create<AppState>((set) => ({
  screen: 'orders',
  info: null,
  infoError: null,
  setScreen: (screen) => set({ screen }),
  async loadInfo() {
    try {
      set({ info: await call('app.info'), infoError: null })
    } catch (error) {
      set({ infoError: errorMessage(error) })
    }
  },
}))

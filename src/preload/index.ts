import { contextBridge, ipcRenderer } from 'electron'
import { CHANNEL_NAMES } from '../shared/ipc/contract'
import { EVENT_CHANNEL, EVENT_NAMES } from '../shared/ipc/events'
import { buildPaydeskApi } from './build-api'

// Named functions only: the renderer never sees ipcRenderer or a generic invoke(channel).
const api = buildPaydeskApi(
  CHANNEL_NAMES,
  EVENT_NAMES,
  (channel, input) => ipcRenderer.invoke(channel, input),
  (listener) => {
    const handler = (_event: Electron.IpcRendererEvent, message: { event: string; payload: unknown }) =>
      listener(message)
    ipcRenderer.on(EVENT_CHANNEL, handler)
    return () => ipcRenderer.removeListener(EVENT_CHANNEL, handler)
  },
)

contextBridge.exposeInMainWorld('paydesk', api)

import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron'
import { CHANNEL_NAMES } from '../../shared/ipc/contract'
import { EVENT_CHANNEL } from '../../shared/ipc/events'
import type { EventBus } from '../services/event-bus'
import type { Dispatcher } from './dispatcher'

/**
 * The only place ipcMain is used: every contract channel is registered through the dispatcher,
 * which checks the sender and the input. Events go to the app window only.
 */
export function wireIpc(window: BrowserWindow, dispatcher: Dispatcher, events: EventBus): () => void {
  for (const channel of CHANNEL_NAMES) {
    ipcMain.handle(channel, (event: IpcMainInvokeEvent, input: unknown) =>
      dispatcher.invoke(
        {
          frameUrl: event.senderFrame?.url,
          isAppWindow: event.sender.id === window.webContents.id && event.senderFrame === window.webContents.mainFrame,
        },
        channel,
        input,
      ),
    )
  }
  const unsubscribe = events.subscribe((event, payload) => {
    if (!window.isDestroyed()) window.webContents.send(EVENT_CHANNEL, { event, payload })
  })
  return () => {
    unsubscribe()
    for (const channel of CHANNEL_NAMES) ipcMain.removeHandler(channel)
  }
}

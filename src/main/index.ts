import path from 'node:path'
import { app, BrowserWindow, clipboard, dialog, shell } from 'electron'
import { createAppServices } from './app-services'
import { registerAppScheme, serveRenderer } from './app-protocol'
import { createDispatcher } from './ipc/dispatcher'
import { wireIpc } from './ipc/electron-ipc'
import { createKeytarSecretStore, loadKeytar } from './secrets/keytar-store'
import { describeLiveWrite } from './services/live-write-guard'
import { APP_ORIGIN } from './security'
import { createMainWindow, hardenSession } from './window'

// The composition root under Electron: adapters in, services from createAppServices, nothing else.

registerAppScheme()

if (!app.requestSingleInstanceLock()) app.quit()

const devServerUrl = app.isPackaged ? undefined : process.env['ELECTRON_RENDERER_URL']
const rendererUrl = devServerUrl ?? `${APP_ORIGIN}/index.html`
const outDir = path.join(import.meta.dirname, '..')

async function start(): Promise<void> {
  hardenSession()
  serveRenderer(path.join(outDir, 'renderer'))

  const services = await createAppServices({
    dataDir: app.getPath('userData'),
    appInfo: {
      name: 'Paydesk',
      version: app.getVersion(),
      platform: process.platform,
      versions: {
        node: process.versions.node,
        electron: process.versions.electron ?? null,
        chrome: process.versions.chrome ?? null,
      },
    },
    shell: { openExternal: (url) => shell.openExternal(url) },
    clipboard: { writeText: (text) => clipboard.writeText(text) },
    secretStore: createKeytarSecretStore(await loadKeytar()),
    liveWrites: {
      // Main's own question: Cancel is the default and the answer to Escape.
      async confirm(summary) {
        const { title, message, detail } = describeLiveWrite(summary)
        const options = {
          type: 'warning' as const,
          title,
          message,
          detail,
          buttons: ['Cancel', 'Send to LIVE'],
          defaultId: 0,
          cancelId: 0,
          noLink: true,
        }
        const focused = BrowserWindow.getFocusedWindow()
        const result = focused ? await dialog.showMessageBox(focused, options) : await dialog.showMessageBox(options)
        return result.response === 1
      },
    },
    dialogs: {
      async chooseSavePath({ title, defaultName, filters }) {
        const focused = BrowserWindow.getFocusedWindow()
        const options = { title, defaultPath: defaultName, filters }
        const result = focused ? await dialog.showSaveDialog(focused, options) : await dialog.showSaveDialog(options)
        return result.canceled || !result.filePath ? null : result.filePath
      },
    },
  })

  const window = createMainWindow({
    preloadPath: path.join(outDir, 'preload', 'index.cjs'),
    rendererUrl,
    iconPath: path.join(outDir, '..', 'resources', 'icon.png'),
  })
  const dispatcher = createDispatcher({
    handlers: services.handlers,
    trustedOrigins: [devServerUrl ?? APP_ORIGIN],
    scrub: services.scrubSecrets,
    onInternalError: (channel, error) => console.error(`[ipc] ${channel} failed:`, error),
  })
  const unwire = wireIpc(window, dispatcher, services.events)

  app.on('before-quit', () => {
    unwire()
    void services.dispose()
  })
}

app.on('second-instance', () => {
  const [window] = BrowserWindow.getAllWindows()
  if (window) {
    if (window.isMinimized()) window.restore()
    window.focus()
  }
})

app.on('window-all-closed', () => app.quit())

app.whenReady().then(start, (error: unknown) => {
  console.error('Paydesk could not start:', error)
  app.exit(1)
})

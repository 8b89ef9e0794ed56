import path from 'node:path'
import { app, BrowserWindow, clipboard, dialog, Menu, screen, shell } from 'electron'
import { createAppServices, type AppServices, type DialogPort } from './app-services'
import { registerAppScheme, serveRenderer } from './app-protocol'
import { createUnavailableSecretStore, keychainNotice, probeKeychain } from './desktop/keychain-notice'
import { buildMenuTemplate, DOCUMENTATION_URL } from './desktop/menu'
import { reportProblem, reportProblemMessage } from './desktop/report-problem'
import { aboutPanel, devToolsAllowed, rendererSource } from './desktop/shell-config'
import { loadWindowState, placeWindow, saveWindowState } from './desktop/window-state'
import { createDispatcher } from './ipc/dispatcher'
import { wireIpc } from './ipc/electron-ipc'
import { createKeytarSecretStore, loadKeytar } from './secrets/keytar-store'
import { DATA_KEY_SERVICE } from './storage/encryption'
import { describeLiveWrite } from './services/live-write-guard'
import type { SecretStore } from './secrets/secret-store'
import type { AppInfo } from '../shared/ipc/app'
import { createMainWindow, hardenSession } from './window'

// The composition root under Electron: adapters in, services from createAppServices, nothing else.
// Decisions that need no Electron live in ./desktop (tested on their own); test/shell runs this
// file against a typed fake of the electron module.

registerAppScheme()

const singleInstance = app.requestSingleInstanceLock()
if (!singleInstance) {
  // Another Paydesk is running: it is focused (below, 'second-instance') and this one leaves.
  app.quit()
} else {
  app.on('second-instance', () => {
    const [window] = BrowserWindow.getAllWindows()
    if (window) {
      if (window.isMinimized()) window.restore()
      window.show()
      window.focus()
    }
  })
  app.on('window-all-closed', () => app.quit())
  app.whenReady().then(start, (error: unknown) => {
    console.error('Paydesk could not start:', error)
    app.exit(1)
  })
}

/** The connections' secrets by default; the data key under its own service (DATA_KEY_SERVICE). */
async function openSecretStore(service?: string): Promise<SecretStore> {
  try {
    return createKeytarSecretStore(await loadKeytar(), { service })
  } catch (error) {
    // No keychain library (e.g. libsecret missing): the app still opens and explains.
    return createUnavailableSecretStore('not-installed', error)
  }
}

async function start(): Promise<void> {
  // app.getAppPath() is the project folder under `npm start`/`npm run dev` and app.asar when packaged.
  const outDir = path.join(app.getAppPath(), 'out')
  const source = rendererSource({ isPackaged: app.isPackaged, env: process.env })
  const dataDir = app.getPath('userData')

  hardenSession()
  serveRenderer(path.join(outDir, 'renderer'))

  let appWindow: BrowserWindow | null = null
  const appInfo: AppInfo = {
    name: 'Paydesk',
    version: app.getVersion(),
    platform: process.platform,
    versions: {
      node: process.versions.node,
      electron: process.versions.electron ?? null,
      chrome: process.versions.chrome ?? null,
    },
  }
  app.setAboutPanelOptions(aboutPanel(appInfo))

  const dialogs: DialogPort = {
    async chooseSavePath({ title, defaultName, filters }) {
      const focused = BrowserWindow.getFocusedWindow()
      const options = { title, defaultPath: defaultName, filters }
      const result = focused ? await dialog.showSaveDialog(focused, options) : await dialog.showSaveDialog(options)
      return result.canceled || !result.filePath ? null : result.filePath
    },
    // Main's own questions (main-questions.ts): modal on the app window; Escape is the cancel button.
    async ask({ title, message, detail, buttons, defaultId, cancelId }) {
      const options = { type: 'question' as const, title, message, detail, buttons, defaultId, cancelId, noLink: true }
      const parent = appWindow ?? BrowserWindow.getFocusedWindow()
      const result = parent ? await dialog.showMessageBox(parent, options) : await dialog.showMessageBox(options)
      return result.response
    },
  }
  const secretStore = await openSecretStore()
  const services = await createAppServices({
    dataDir,
    appInfo,
    shell: { openExternal: (url) => shell.openExternal(url) },
    clipboard: { writeText: (text) => clipboard.writeText(text) },
    secretStore,
    dataKeyStore: await openSecretStore(DATA_KEY_SERVICE),
    dialogs,
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
        // Modal on the app window even when another app has the focus (a page can start a write any time).
        const parent = appWindow ?? BrowserWindow.getFocusedWindow()
        const result = parent ? await dialog.showMessageBox(parent, options) : await dialog.showMessageBox(options)
        return result.response === 1
      },
    },
  })

  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      buildMenuTemplate({
        platform: process.platform,
        isPackaged: app.isPackaged,
        actions: {
          openDocumentation: () => void services.externalLinks.open(DOCUMENTATION_URL).catch(logError),
          openHelp: () => services.events.emit('app.help', {}),
          reportProblem: () => void runReportProblem(services, dialogs).catch(logError),
        },
      }),
    ),
  )

  const displays = [screen.getPrimaryDisplay(), ...screen.getAllDisplays()].map((display) => display.workArea)
  const placed = placeWindow(await loadWindowState(dataDir), displays)
  const window = createMainWindow({
    preloadPath: path.join(outDir, 'preload', 'index.cjs'),
    rendererUrl: source.url,
    iconPath: path.join(app.getAppPath(), 'resources', 'icon.png'),
    devTools: devToolsAllowed(app.isPackaged),
    bounds: placed.bounds,
    maximized: placed.maximized,
  })
  appWindow = window
  const dispatcher = createDispatcher({
    handlers: services.handlers,
    trustedOrigins: [source.trustedOrigin],
    scrub: services.scrubSecrets,
    onInternalError: (channel, error) => console.error(`[ipc] ${channel} failed:`, error),
  })
  const unwire = wireIpc(window, dispatcher, services.events)

  let savingState: Promise<void> = Promise.resolve()
  const rememberWindow = () => {
    if (window.isDestroyed()) return
    const state = { bounds: window.getNormalBounds(), maximized: window.isMaximized() }
    savingState = saveWindowState(dataDir, state).catch(logError)
  }
  window.on('close', rememberWindow)

  // No keychain (Linux without a Secret Service, a locked keychain): say so once; the app stays usable.
  void probeKeychain(secretStore).then((problem) => {
    if (!problem || window.isDestroyed()) return
    const notice = keychainNotice(problem, process.platform)
    void dialog.showMessageBox(window, { type: 'warning', buttons: ['OK'], ...notice })
  })

  // Quitting waits for the services to write what is pending (request log, drafts), then quits.
  let quitting: 'no' | 'disposing' | 'done' = 'no'
  app.on('before-quit', (event) => {
    if (quitting === 'done') return
    event.preventDefault()
    if (quitting === 'disposing') return
    quitting = 'disposing'
    rememberWindow()
    unwire()
    void Promise.all([savingState, services.dispose()])
      .catch(logError)
      .finally(() => {
        quitting = 'done'
        app.quit()
      })
  })
}

async function runReportProblem(services: AppServices, dialogs: DialogPort): Promise<void> {
  const message = reportProblemMessage(await reportProblem({ requestLog: services.requestLog, dialogs }))
  if (!message) return
  const focused = BrowserWindow.getFocusedWindow()
  const options = { type: 'info' as const, buttons: ['OK'], message: 'Report a problem', detail: message }
  await (focused ? dialog.showMessageBox(focused, options) : dialog.showMessageBox(options))
}

function logError(error: unknown): void {
  console.error('[paydesk]', error)
}

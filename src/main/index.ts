import path from 'node:path'
import { app, BrowserWindow, Menu, screen } from 'electron'
import { createAppServices, type AppServices } from './app-services'
import { createElectronPorts } from './electron-ports'
import type { AppPorts } from './services/ports'
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
import type { SecretStore } from './secrets/secret-store'
import type { AppInfo } from '../shared/ipc/app'
import { createMainWindow, hardenSession, reportUserGestures } from './window'

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

  const appInfo = readAppInfo()
  app.setAboutPanelOptions(aboutPanel(appInfo))

  let appWindow: BrowserWindow | null = null
  // Every port main's logic uses, made once here (electron-ports.ts).
  const ports = createElectronPorts(() => appWindow)
  const secretStore = await openSecretStore()
  const services = await createAppServices({
    dataDir,
    appInfo,
    ...ports,
    secretStore,
    dataKeyStore: await openSecretStore(DATA_KEY_SERVICE),
  })
  setMenu(services, ports)

  const window = await openWindow(dataDir, outDir, source.url)
  appWindow = window
  reportUserGestures(window.webContents, ports.gestures)
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
    void ports.notices.show({ type: 'warning', ...keychainNotice(problem, process.platform) })
  })

  quitAfterDisposing(() => {
    rememberWindow()
    unwire()
    return Promise.all([savingState, services.dispose()])
  })
}

function readAppInfo(): AppInfo {
  return {
    name: 'Paydesk',
    version: app.getVersion(),
    platform: process.platform,
    versions: {
      node: process.versions.node,
      electron: process.versions.electron ?? null,
      chrome: process.versions.chrome ?? null,
    },
  }
}

function setMenu(services: AppServices, ports: AppPorts): void {
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      buildMenuTemplate({
        platform: process.platform,
        isPackaged: app.isPackaged,
        actions: {
          openDocumentation: () => void services.externalLinks.open(DOCUMENTATION_URL).catch(logError),
          openHelp: () => services.events.emit('app.help', {}),
          reportProblem: () => void runReportProblem(services, ports).catch(logError),
        },
      }),
    ),
  )
}

/** The app window, where and as large as it was last time (on a display that still exists). */
async function openWindow(dataDir: string, outDir: string, rendererUrl: string): Promise<BrowserWindow> {
  const displays = [screen.getPrimaryDisplay(), ...screen.getAllDisplays()].map((display) => display.workArea)
  const placed = placeWindow(await loadWindowState(dataDir), displays)
  return createMainWindow({
    preloadPath: path.join(outDir, 'preload', 'index.cjs'),
    rendererUrl,
    iconPath: path.join(app.getAppPath(), 'resources', 'icon.png'),
    devTools: devToolsAllowed(app.isPackaged),
    bounds: placed.bounds,
    maximized: placed.maximized,
  })
}

/** Quitting waits for `dispose` (the services write what is pending: request log, drafts), then quits. */
function quitAfterDisposing(dispose: () => Promise<unknown>): void {
  let quitting: 'no' | 'disposing' | 'done' = 'no'
  app.on('before-quit', (event) => {
    if (quitting === 'done') return
    event.preventDefault()
    if (quitting === 'disposing') return
    quitting = 'disposing'
    void dispose()
      .catch(logError)
      .finally(() => {
        quitting = 'done'
        app.quit()
      })
  })
}

async function runReportProblem(services: AppServices, ports: AppPorts): Promise<void> {
  const message = reportProblemMessage(await reportProblem({ requestLog: services.requestLog, dialogs: ports.dialogs }))
  if (!message) return
  await ports.notices.show({ type: 'info', message: 'Report a problem', detail: message })
}

function logError(error: unknown): void {
  console.error('[paydesk]', error)
}

import { BrowserWindow, session, type WebContents } from 'electron'
import { DEFAULT_WINDOW_SIZE, MIN_WINDOW_SIZE } from './desktop/window-state'
import { CONTENT_SECURITY_POLICY, isNavigationAllowed, permissionDecision, windowOpenDecision } from './security'
import { isUserGesture, type UserGestures } from './services/user-gestures'

interface MainWindowOptions {
  preloadPath: string
  /** app://paydesk/index.html in production, the dev server's URL under `npm run dev`. */
  rendererUrl: string
  iconPath?: string
  /** False in a packaged build (shell-config.ts devToolsAllowed). */
  devTools: boolean
  /** Remembered size and position, already placed on a current display (desktop/window-state.ts). */
  bounds?: { x?: number; y?: number; width: number; height: number }
  maximized?: boolean
}

/** Applies the guards of SECURITY.md to a webContents: navigation, new windows, webviews. */
function guardWebContents(contents: WebContents, rendererOrigin: string): void {
  contents.on('will-navigate', (event, url) => {
    if (!isNavigationAllowed(url, rendererOrigin)) event.preventDefault()
  })
  contents.on('will-redirect', (event, url) => {
    if (!isNavigationAllowed(url, rendererOrigin)) event.preventDefault()
  })
  contents.on('will-attach-webview', (event) => event.preventDefault())
  contents.setWindowOpenHandler(() => windowOpenDecision())
}

/**
 * Tells main of the person's key presses and clicks in the window: Electron emits these for input
 * from the operating system only, never for events a page script dispatches.
 */
export function reportUserGestures(contents: WebContents, gestures: UserGestures): void {
  contents.on('before-input-event', (_event, input) => {
    if (isUserGesture(input.type)) gestures.note()
  })
  contents.on('before-mouse-event', (_event, mouse) => {
    if (isUserGesture(mouse.type)) gestures.note()
  })
}

/** Session-wide: deny every permission request and check, and send the CSP with every response. */
export function hardenSession(): void {
  const ses = session.defaultSession
  ses.setPermissionRequestHandler((_contents, permission, callback) => callback(permissionDecision(permission)))
  ses.setPermissionCheckHandler((_contents, permission) => permissionDecision(permission))
  ses.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: {
        ...details.responseHeaders,
        'Content-Security-Policy': [CONTENT_SECURITY_POLICY],
      },
    })
  })
}

export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const rendererOrigin =
    new URL(options.rendererUrl).origin === 'null'
      ? `${new URL(options.rendererUrl).protocol}//${new URL(options.rendererUrl).host}`
      : new URL(options.rendererUrl).origin
  // Written out literally (no spread) so reviewers and electronegativity see every setting;
  // test/shell checks they equal SECURE_WEB_PREFERENCES in security.ts.
  const window = new BrowserWindow({
    width: options.bounds?.width ?? DEFAULT_WINDOW_SIZE.width,
    height: options.bounds?.height ?? DEFAULT_WINDOW_SIZE.height,
    x: options.bounds?.x,
    y: options.bounds?.y,
    minWidth: MIN_WINDOW_SIZE.width,
    minHeight: MIN_WINDOW_SIZE.height,
    show: false,
    title: 'Paydesk',
    backgroundColor: '#0f1720',
    icon: options.iconPath,
    webPreferences: {
      preload: options.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      enableBlinkFeatures: '',
      disableBlinkFeatures: 'Auxclick',
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      safeDialogs: true,
      devTools: options.devTools,
    },
  })
  guardWebContents(window.webContents, rendererOrigin)
  window.once('ready-to-show', () => {
    if (options.maximized) window.maximize()
    window.show()
  })
  void window.loadURL(options.rendererUrl)
  return window
}

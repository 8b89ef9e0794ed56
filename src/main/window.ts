import { BrowserWindow, session, type WebContents } from 'electron'
import {
  CONTENT_SECURITY_POLICY,
  SECURE_WEB_PREFERENCES,
  isNavigationAllowed,
  permissionDecision,
  windowOpenDecision,
} from './security'

export interface MainWindowOptions {
  preloadPath: string
  /** app://paydesk/index.html in production, the dev server's URL under `npm run dev`. */
  rendererUrl: string
  iconPath?: string
}

/** Applies the guards of SECURITY.md to a webContents: navigation, new windows, webviews. */
export function guardWebContents(contents: WebContents, rendererOrigin: string): void {
  contents.on('will-navigate', (event, url) => {
    if (!isNavigationAllowed(url, rendererOrigin)) event.preventDefault()
  })
  contents.on('will-redirect', (event, url) => {
    if (!isNavigationAllowed(url, rendererOrigin)) event.preventDefault()
  })
  contents.on('will-attach-webview', (event) => event.preventDefault())
  contents.setWindowOpenHandler(() => windowOpenDecision())
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
  const window = new BrowserWindow({
    width: 1360,
    height: 860,
    minWidth: 960,
    minHeight: 600,
    show: false,
    title: 'Paydesk',
    backgroundColor: '#0f1720',
    ...(options.iconPath ? { icon: options.iconPath } : {}),
    webPreferences: {
      ...SECURE_WEB_PREFERENCES,
      preload: options.preloadPath,
    },
  })
  guardWebContents(window.webContents, rendererOrigin)
  window.once('ready-to-show', () => window.show())
  void window.loadURL(options.rendererUrl)
  return window
}

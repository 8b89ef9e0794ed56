/**
 * The window's security settings, kept free of Electron so unit tests can check them against
 * SECURITY.md. window.ts applies them; the e2e harness serves the renderer with the same CSP.
 */

/** The custom scheme the production renderer is served from (never file://). */
export const APP_SCHEME = 'app'
export const APP_HOST = 'paydesk'
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`

/**
 * Strict CSP: only the app's own origin, no inline script, no eval, no remote origins. All data
 * the renderer shows comes through IPC, so `connect-src` is 'self' too. Inline style *attributes*
 * are not needed: React sets styles through the CSSOM, which CSP does not govern.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "frame-src 'none'",
  "worker-src 'none'",
].join('; ')

/**
 * webPreferences of the one window (Electron security checklist items 2–4, 6, 9, 10, 16). window.ts
 * writes them out literally for reviewers and audit tools; test/shell checks both agree.
 */
export const SECURE_WEB_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  experimentalFeatures: false,
  enableBlinkFeatures: '',
  /** Middle-click must not open links in a new window (Auxclick); electronegativity checks this. */
  disableBlinkFeatures: 'Auxclick',
  webviewTag: false,
  navigateOnDragDrop: false,
  spellcheck: false,
  safeDialogs: true,
} as const

/**
 * Where the window may be: its own content only. `rendererOrigin` is app://paydesk in production
 * and the Vite dev server's origin under `npm run dev`. Everything else is denied; links meant
 * for the browser go through the external-links helper instead.
 */
export function isNavigationAllowed(url: string, rendererOrigin: string): boolean {
  try {
    const target = new URL(url)
    const allowed = new URL(rendererOrigin)
    if (target.username !== '' || target.password !== '') return false
    return target.protocol === allowed.protocol && target.host === allowed.host
  } catch {
    return false
  }
}

/** window.open and target=_blank: never create a window. */
export function windowOpenDecision(): { action: 'deny' } {
  return { action: 'deny' }
}

/** Camera, notifications, geolocation, clipboard-read...: Paydesk needs none of them. */
export function permissionDecision(_permission: string): boolean {
  return false
}

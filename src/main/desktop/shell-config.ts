import { isLoopbackAddressOrLocalhost } from '../../shared/host-scope'
import type { AppInfo } from '../../shared/ipc/app'
import { APP_ORIGIN } from '../security'

/**
 * Decisions of the Electron shell that do not need Electron, so unit tests and the simulated-Electron
 * shell test (test/shell/) can check them: where the renderer comes from, whether DevTools exist,
 * what the About panel says.
 */

/**
 * The renderer's URL and the one origin IPC trusts. `ELECTRON_RENDERER_URL` (set by
 * `electron-vite dev`) is honoured only when the app is not packaged and it names a loopback
 * http(s) server; anything else loads the built renderer from app://paydesk.
 */
export function rendererSource(options: { isPackaged: boolean; env: Record<string, string | undefined> }): {
  url: string
  trustedOrigin: string
  devServer: boolean
} {
  const fallback = { url: `${APP_ORIGIN}/index.html`, trustedOrigin: APP_ORIGIN, devServer: false }
  const raw = options.env['ELECTRON_RENDERER_URL']
  if (options.isPackaged || !raw) return fallback
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return fallback
  }
  const loopback = isLoopbackAddressOrLocalhost(url.hostname)
  if (!loopback || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) {
    return fallback
  }
  return { url: url.href, trustedOrigin: url.origin, devServer: true }
}

/** DevTools only in a development run; a packaged build cannot open them. */
export function devToolsAllowed(isPackaged: boolean): boolean {
  return !isPackaged
}

/** The About panel: name, version and the runtime versions support staff quote in an escalation. */
export function aboutPanel(info: AppInfo): {
  applicationName: string
  applicationVersion: string
  version: string
  credits: string
  copyright: string
} {
  const runtimes = [
    info.versions.electron && `Electron ${info.versions.electron}`,
    info.versions.chrome && `Chromium ${info.versions.chrome}`,
    `Node.js ${info.versions.node}`,
  ].filter(Boolean)
  return {
    applicationName: info.name,
    applicationVersion: info.version,
    version: runtimes.join(' · '),
    credits: `${runtimes.join('\n')}\nPlatform: ${info.platform}`,
    copyright: `${info.name} ${info.version}`,
  }
}

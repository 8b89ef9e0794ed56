import { UserFacingError } from '../ipc/errors'

/** The OS adapter: Electron's shell.openExternal in the app, a recorder in tests. */
export interface ShellPort {
  openExternal(url: string): Promise<void>
}

/**
 * The one helper through which any link leaves the app for the system browser: https only, plus
 * the origins registered at run time (the local sandbox's checkout pages, which are http on
 * 127.0.0.1). Everything else (file:, javascript:, http elsewhere, custom schemes) is refused.
 */
export function createExternalLinks(shell: ShellPort) {
  const extraOrigins = new Set<string>()

  function isAllowed(url: string): boolean {
    let parsed: URL
    try {
      parsed = new URL(url)
    } catch {
      return false
    }
    if (parsed.username || parsed.password) return false
    if (parsed.protocol === 'https:') return true
    return extraOrigins.has(parsed.origin)
  }

  return {
    isAllowed,
    allowOrigin(origin: string) {
      extraOrigins.add(new URL(origin).origin)
    },
    disallowOrigin(origin: string) {
      extraOrigins.delete(new URL(origin).origin)
    },
    async open(url: string) {
      if (!isAllowed(url)) {
        throw new UserFacingError('invalid-input', 'Paydesk only opens https links (and the sandbox checkout page).')
      }
      await shell.openExternal(url)
    },
  }
}

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

  /**
   * The normalized URL when it may be opened, else null. The OS gets `parsed.href`, never the raw
   * string: what was checked is exactly what is opened (no whitespace, control characters or
   * encodings that another URL parser could read differently).
   */
  function allowedHref(url: string): string | null {
    let parsed: URL
    try {
      parsed = new URL(url)
    } catch {
      return null
    }
    if (parsed.username || parsed.password) return null
    if (parsed.protocol === 'https:' || extraOrigins.has(parsed.origin)) return parsed.href
    return null
  }

  function isAllowed(url: string): boolean {
    return allowedHref(url) !== null
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
      const href = allowedHref(url)
      if (href === null) {
        throw new UserFacingError('invalid-input', 'Paydesk only opens https links (and the sandbox checkout page).')
      }
      await shell.openExternal(href)
    },
  }
}

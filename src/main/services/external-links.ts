import { UserFacingError } from '../errors'
import { linkMessage, type LinkMessageInput } from '../../shared/payment-link-message'
import { plainLine } from './dialog-text'

export interface MailDraftInput extends LinkMessageInput {
  /** The customer's e-mail address. */
  to: string
}

/** One plain address: no spaces, commas, angle brackets or line breaks (no extra recipients or headers). */
const SINGLE_ADDRESS = /^[^\s@,;<>"'()[\]\\]+@[^\s@,;<>"'()[\]\\.]+(?:\.[^\s@,;<>"'()[\]\\.]+)+$/

/** Longest first name in a greeting. */
const MAX_NAME = 60

/** A mailto: URL to one plain address with a subject and a text main wrote, or a clear error. */
function mailtoUrl(to: string, subject: string, text: string): string {
  if (to.length > 254 || !SINGLE_ADDRESS.test(to)) {
    throw new UserFacingError('invalid-input', 'The customer’s e-mail address is not one plain address.')
  }
  const query = `subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(text.replace(/\r?\n/g, '\r\n'))}`
  return `mailto:${encodeURIComponent(to).replace(/%40/g, '@')}?${query}`
}

/** The mailto: URL of the draft, or a clear error. */
export function mailDraftUrl(input: MailDraftInput, linkAllowed: (url: string) => boolean): string {
  if (input.to.length > 254 || !SINGLE_ADDRESS.test(input.to)) {
    throw new UserFacingError('invalid-input', 'The customer’s e-mail address is not one plain address.')
  }
  if (!linkAllowed(input.link)) {
    throw new UserFacingError('invalid-input', 'Only a https checkout link (or the sandbox’s own) can be sent.')
  }
  // One plain line each, by the dialogs' rule: a line break in a description or a name can add no
  // header to the draft and no paragraph of its own to the message.
  const { subject, text } = linkMessage({
    ...input,
    what: plainLine(input.what),
    name: input.name === null || input.name === undefined ? input.name : plainLine(input.name, MAX_NAME),
  })
  return mailtoUrl(input.to, subject, text)
}

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
    /**
     * Opens an e-mail draft to the customer with the payment link (the agent sends it): the mailto:
     * URL is built here from checked parts (one address, no header injection; a link that
     * `open` would allow), never taken from the page.
     */
    async openMailDraft(input: MailDraftInput) {
      const mailto = mailDraftUrl(input, isAllowed)
      await shell.openExternal(mailto)
      return mailto
    },
    /** Opens an e-mail draft whose subject and text main built (a proof of payment). */
    async openTextDraft(to: string, subject: string, text: string) {
      const mailto = mailtoUrl(to, subject, text)
      await shell.openExternal(mailto)
      return mailto
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

// The `app.*` IPC handlers: what the app window asks of the desktop (its versions, the clipboard, a
// link in the system browser, an e-mail draft with a payment link). Each decision is main's: a copy
// needs the person's own key press or click, a link passes external-links.ts, and a draft is built
// from the object main reads itself (mail-draft.ts), never from the page.
import type { appChannels, AppInfo } from '../../../shared/ipc/app'
import type { HandlersFor } from '../../../shared/ipc/define'
import { UserFacingError } from '../../errors'
import type { createExternalLinks } from '../external-links'
import { mailDraftOf, type MailDraftSource } from './mail-draft'
import type { ClipboardPort } from '../ports'
import type { UserGestures } from '../user-gestures'

interface AppHandlersOptions {
  appInfo: AppInfo
  clipboard: ClipboardPort
  /** The person's key presses and clicks in the window; without it nothing is copied. */
  gestures: Pick<UserGestures, 'take'> | undefined
  externalLinks: Pick<ReturnType<typeof createExternalLinks>, 'open' | 'openMailDraft'>
  /** The payment or order the page named, read fresh by main (mail-draft.ts). */
  readMailSource(kind: MailDraftSource['kind'], id: string): Promise<MailDraftSource>
}

export function createAppHandlers(options: AppHandlersOptions): HandlersFor<typeof appChannels> {
  const { clipboard, gestures, externalLinks } = options
  return {
    'app.info': () => options.appInfo,
    // Only right after a key press or click main saw (user-gestures.ts): a page cannot fill the
    // clipboard on its own between the person's actions. Without a gesture source nothing is copied.
    'app.copy': ({ text }) => {
      if (gestures?.take() !== true) {
        throw new UserFacingError(
          'canceled',
          'Nothing was copied: Paydesk copies only right after you click or press a key in its window. Try Copy again.',
        )
      }
      clipboard.writeText(text)
      return { copied: true }
    },
    'app.openExternal': async ({ url }) => {
      await externalLinks.open(url)
      return { opened: true }
    },
    // The page names the payment or order; main reads it and builds the draft from it (mail-draft.ts).
    'app.emailLink': async ({ kind, id }) => {
      await externalLinks.openMailDraft(mailDraftOf(await options.readMailSource(kind, id)))
      return { opened: true }
    },
  }
}

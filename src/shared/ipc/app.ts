import { z } from 'zod'
import { defineChannel } from './define'
import { orderIdSchema, paymentIdSchema } from './ids'

export interface AppInfo {
  name: string
  version: string
  platform: string
  /** The runtime versions, so support staff can quote them in an escalation. */
  versions: { node: string; electron: string | null; chrome: string | null }
}

/** Only https, plus the sandbox's own checkout origin (checked in main). */
const openExternalInput = z.object({ url: z.string().min(1).max(4096) }).strict()

/** The most text one copy may put on the clipboard (a large request body or cURL fits). */
const MAX_COPY_CHARS = 2_000_000
const copyInput = z.object({ text: z.string().max(MAX_COPY_CHARS, 'That is too much text to copy at once.') }).strict()

/**
 * An e-mail draft with a payment link, named by the payment or order it is for: main reads that object
 * itself and takes the recipient, the link, the amount and the words from it, never from the page.
 */
const emailLinkInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('payment'), id: paymentIdSchema }).strict(),
  z.object({ kind: z.literal('order'), id: orderIdSchema }).strict(),
])

export const appChannels = {
  'app.info': defineChannel<AppInfo>()(z.undefined()),
  'app.openExternal': defineChannel<{ opened: true }>()(openExternalInput),
  /** Copies text through main: the window's session denies the page every permission, clipboard too. */
  'app.copy': defineChannel<{ copied: true }>()(copyInput),
  /** Opens an e-mail draft to the customer with the link, in the customer's language. */
  'app.emailLink': defineChannel<{ opened: true }>()(emailLinkInput),
}

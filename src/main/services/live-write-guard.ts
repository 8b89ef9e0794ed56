import { UserFacingError } from '../errors'
import { fromTheDraft, plainLine } from './dialog-text'
import { openQuestion } from './question-lane'

// The live-mode guard. Every WRITE on a live connection moves real money, so the user confirms it
// in a dialog that MAIN shows, with a summary MAIN builds from the request it is about to send. The
// renderer cannot confirm on the user's behalf: nothing it sends can stand in for the answer (a
// compromised page could send any flag it likes). Electron asks with a native message box
// (src/main/index.ts); the e2e harness and unit tests answer through a double.

/** What main tells the user before a live write, in the agent's words. */
export interface LiveWriteSummary {
  /** The connection's label, as in the connection switcher. */
  connection: string
  /** What will happen, as a sentence: "Create an order", "Refund a payment". */
  action: string
  /** "EUR 59.95", or null when the write moves no amount (an update). */
  amount: string | null
  /** The order number, the payment's description or the object's id. */
  reference: string | null
  /** Number of order lines, when the request has lines. */
  lineCount: number | null
  /** The customer's name or e-mail, where the request names one. */
  customer: string | null
  /**
   * Where the service will send the customer or its status updates (redirect, cancel, webhook
   * URLs in the body; see callbacksOf). Present when the request names any: a page that edits a
   * draft cannot hide a foreign webhook behind the amount the agent expects.
   */
  callbacks?: LiveWriteCallback[]
}

/** One address in the body the service will use, labelled in the agent's words. */
interface LiveWriteCallback {
  label: string
  url: string
}

/** The question main asks; resolves true only when the user chose to send. */
export interface LiveWriteConfirmer {
  confirm(summary: LiveWriteSummary): Promise<boolean>
}

/** Used when no confirmer is wired: a live write is never sent unasked. */
export const refuseEveryLiveWrite: LiveWriteConfirmer = { confirm: async () => false }

/**
 * The text of the confirmation dialog: the same words in the native dialog and in the tests. Main's
 * own lines come first (the addresses the service will call or send the customer to, the amount, the
 * warning); the values a page or the person typed (connection label, reference, customer) follow under
 * "From the draft:", each quoted and cut short, so none can pass for one of main's lines or push them
 * out of sight.
 */
export function describeLiveWrite(summary: LiveWriteSummary): { title: string; message: string; detail: string } {
  const line = (label: string, value: string | null, max?: number) =>
    value === null ? null : `${label}: ${plainLine(value, max)}`
  const facts = [
    'Connection: LIVE (real money)',
    ...(summary.callbacks ?? []).map((c) => line(c.label, c.url, MAX_SHOWN_URL)),
    line('Amount', summary.amount, 40),
    summary.lineCount !== null ? `Lines: ${summary.lineCount}` : null,
  ].filter((fact): fact is string => fact !== null)
  const drafted = fromTheDraft([
    ['Connection', summary.connection],
    ['Reference', summary.reference],
    ['Customer', summary.customer],
  ])
  return {
    title: 'Confirm a live write',
    message: `${plainLine(summary.action, 60)} on a LIVE connection?`,
    detail: [...facts, '', 'This uses real money and cannot be undone from Paydesk.', '', ...drafted]
      .join('\n')
      .trimEnd(),
  }
}

/**
 * Asks the user (through main's own dialog) before a live write; throws a user-facing error when
 * the answer is no, so the caller sends nothing. A failing dialog counts as no.
 */
export async function requireLiveConfirmation(confirmer: LiveWriteConfirmer, summary: LiveWriteSummary): Promise<void> {
  // One question at a time per dialog: while one is open, another live write is refused unasked,
  // so a page cannot stack dialogs and hope for a reflexive "Send to LIVE".
  // The lane is shared with main's other questions in the app (question-lane.ts).
  const close = openQuestion(confirmer)
  if (close === null) {
    throw new UserFacingError(
      'conflict',
      'Nothing was sent: Paydesk is already asking you something (another write on a LIVE connection, or another question). Answer that dialog first, then try again.',
    )
  }
  let confirmed = false
  try {
    confirmed = await confirmer.confirm(summary)
  } catch {
    confirmed = false
  } finally {
    close()
  }
  if (confirmed !== true) {
    throw new UserFacingError(
      'canceled',
      `Nothing was sent: the write on the LIVE connection "${summary.connection}" was not confirmed.`,
    )
  }
}

/** Reads the summary's customer from a request body's billing address (name, else e-mail). */
export function customerOf(body: Record<string, unknown>): string | null {
  const address = body['billingAddress']
  if (typeof address !== 'object' || address === null) return null
  const a = address as Record<string, unknown>
  const name = [a['givenName'], a['familyName']].filter((p) => typeof p === 'string' && p.trim() !== '').join(' ')
  const email = typeof a['email'] === 'string' && a['email'] !== '' ? a['email'] : null
  if (name && email) return `${name} <${email}>`
  return name || email
}

/** "EUR 59.95" from an Amount object in a request body. */
export function amountOf(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null
  const { currency, value: amount } = value as Record<string, unknown>
  return typeof currency === 'string' && typeof amount === 'string' ? `${currency} ${amount}` : null
}

const CALLBACK_FIELDS = [
  ['redirectUrl', 'Customer returns to'],
  ['cancelUrl', 'Customer cancels to'],
  ['webhookUrl', 'Status updates (webhook) go to'],
] as const

/** Longest address shown in the dialog; the host comes first, so it always stays visible. */
const MAX_SHOWN_URL = 160

/**
 * The addresses a request body hands the service (redirect, cancel, webhook), normalized the way
 * the service will read them (case, default port), for the dialog. A value that is not a URL is
 * shown as it is rather than dropped: the agent sees whatever is about to be sent.
 */
export function callbacksOf(body: Record<string, unknown>): LiveWriteCallback[] {
  const callbacks: LiveWriteCallback[] = []
  for (const [field, label] of CALLBACK_FIELDS) {
    const value = body[field]
    if (typeof value !== 'string' || value === '') continue
    let url = value
    try {
      url = new URL(value).href
    } catch {
      // not a URL: shown verbatim
    }
    callbacks.push({ label, url: plainLine(url, MAX_SHOWN_URL) })
  }
  return callbacks
}

/** `{ callbacks }` for a summary when the body names any address, else nothing. */
export function withCallbacks(body: Record<string, unknown>): Pick<LiveWriteSummary, 'callbacks'> {
  const callbacks = callbacksOf(body)
  return callbacks.length > 0 ? { callbacks } : {}
}

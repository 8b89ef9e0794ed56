// Questions main asks the person itself, in a native dialog (src/main/index.ts) or a double in
// tests. A page cannot answer them: no IPC channel takes an answer, so a compromised renderer that
// calls a channel gets only what the person chose in main's dialog. A dialog that fails, or an
// answer that is not one of the buttons, counts as the cancel button. One question at a time: while
// one is open, another is refused unasked (as live-write-guard.ts does for live writes), so a page
// cannot stack questions and hope for a reflexive yes.

import { UserFacingError } from '../errors'
import { fromTheDraft, plainLine } from './dialog-text'
import { openQuestion } from './question-lane'

type QuestionKind = 'foreign-host' | 'clear-request-log' | 'export-personal-data' | 'sandbox-webhook' | 'tell-shop'

export interface MainQuestion {
  kind: QuestionKind
  title: string
  message: string
  detail: string
  /** Button labels, in order; the answer is an index into this list. */
  buttons: string[]
  /** The button Enter chooses. */
  defaultId: number
  /** The button Escape (and a failed dialog) chooses. */
  cancelId: number
}

export interface QuestionPort {
  /** Shows the question; resolves with the index of the button chosen. */
  ask(question: MainQuestion): Promise<number>
}

/**
 * Asks and answers the button index; anything odd counts as the cancel button. While another
 * question is open on the same port, throws a user-facing error and shows nothing.
 */
export async function askMain(port: QuestionPort | undefined, question: MainQuestion): Promise<number> {
  if (!port) return question.cancelId
  const close = openQuestion(port)
  if (close === null) {
    throw new UserFacingError(
      'conflict',
      'Paydesk is already asking you something. Answer that question first, then try again.',
    )
  }
  try {
    const answer = await port.ask(question)
    return Number.isInteger(answer) && answer >= 0 && answer < question.buttons.length ? answer : question.cancelId
  } catch {
    return question.cancelId
  } finally {
    close()
  }
}

/** Words for a credential kind in a sentence. */
function keyWords(kind: 'api-key' | 'organization-token', mode: 'test' | 'live' | null): string {
  const what = kind === 'api-key' ? 'API key' : 'organization access token'
  return mode === null ? `an ${what}` : `a ${mode.toUpperCase()} ${what}`
}

/** Longest base URL shown in the foreign-host question: the host comes first, so it always stays visible. */
const MAX_SHOWN_BASE_URL = 300

/**
 * Before a key goes to an address that is neither the payment service nor the built-in Sandbox:
 * a page (or a pasted instruction) could be trying to send the key to someone else's server. The
 * whole base URL is shown, path included: data could ride in the path as well as in the host. The
 * label the page chose comes last, quoted, under "From the draft:".
 */
export function foreignHostQuestion(input: {
  baseUrl: string
  kind: 'api-key' | 'organization-token'
  mode: 'test' | 'live' | null
  action: 'save' | 'list-profiles'
  label?: string
}): MainQuestion {
  const url = new URL(input.baseUrl)
  const host = plainLine(url.host, 120)
  const key = keyWords(input.kind, input.mode)
  const doing =
    input.action === 'save'
      ? `Save a connection that sends ${key} to ${host}?`
      : `Send ${key} to ${host} to list its profiles?`
  const detail = [
    `Address: ${plainLine(url.href, MAX_SHOWN_BASE_URL)}`,
    '',
    `${host} is not the payment service's address and not Paydesk's Sandbox. Whoever runs it receives the key ` +
      'and can use it, with every request Paydesk sends to this whole address. Continue only if you set up this ' +
      'address yourself (for example a test server on this computer). If a message or a page asked you to use ' +
      'it, choose Cancel.',
    ...(input.label === undefined ? [] : ['', ...fromTheDraft([['Connection', input.label]])]),
  ]
  return {
    kind: 'foreign-host',
    title: 'Send a key to another address',
    message: doing,
    detail: detail.join('\n'),
    buttons: ['Cancel', `Send to ${host}`],
    defaultId: 0,
    cancelId: 0,
  }
}

export function clearLogQuestion(count: number): MainQuestion {
  return {
    kind: 'clear-request-log',
    title: 'Clear the request log',
    message: `Delete all ${count} request${count === 1 ? '' : 's'} from the Inspector?`,
    detail: 'They cannot be brought back, and they will not be in a later problem report or export.',
    buttons: ['Cancel', 'Clear the log'],
    defaultId: 0,
    cancelId: 0,
  }
}

type PersonalDataChoice = 'left-out' | 'included'

/** Before an export: what the file may contain. Leaving personal data out is the default. */
export function personalDataQuestion(what: string): MainQuestion {
  return {
    kind: 'export-personal-data',
    title: 'Customers’ personal data',
    message: `Leave customers’ personal data out of ${what}?`,
    detail:
      'Names, e-mail addresses, phone numbers, postal addresses, bank and card holder details, descriptions and ' +
      'metadata values are replaced by “[left out]”. Include them only when the person you send the file to ' +
      'may see them.',
    buttons: ['Leave personal data out', 'Include personal data', 'Cancel'],
    defaultId: 0,
    cancelId: 2,
  }
}

/** Asks the personal-data question: the choice, or null when the person canceled. */
export async function choosePersonalData(
  port: QuestionPort | undefined,
  what: string,
): Promise<PersonalDataChoice | null> {
  const answer = await askMain(port, personalDataQuestion(what))
  if (answer === 0) return 'left-out'
  if (answer === 1) return 'included'
  return null
}

// The desk's shared record told in the agent's words (issue 50): who did what with money ("Refund of
// €45.00 by anna, ticket 4711"), who holds a case, and a note's text shown as text. Pure: the words
// and dates come from the caller's locale and time zone. API names (idempotency key, status) stay
// under each view's "API details".
import type { ActionRecordEntry, CaseState, RecordedActionKind, RecordObjectRef } from '../team-record'
import { formatMoment, type DateWords } from '../dates'
import { formatAmountForDisplay } from '../money'
import type { TimelineEvent } from './payment-story'

const OBJECT_WORDS: Record<RecordObjectRef['kind'], string> = {
  payment: 'payment',
  order: 'order',
  customer: 'customer',
}

function actionWords(kind: RecordedActionKind, amount: string | null, object: RecordObjectRef): string {
  const of = amount ? ` of ${amount}` : ''
  switch (kind) {
    case 'refund':
      return `Refund${of}`
    case 'cancel-refund':
      return `Refund${of} canceled`
    case 'cancel':
      return `Cancel of the ${OBJECT_WORDS[object.kind]}${of}`
    case 'update':
      return `Change of the ${OBJECT_WORDS[object.kind]}`
    case 'create':
      return `New ${OBJECT_WORDS[object.kind]}${of}`
    case 'revoke-mandate':
      return 'Mandate revoked'
    case 'cancel-subscription':
      return `Subscription${amount ? ` (${amount} each time)` : ''} canceled`
    case 'tell-the-shop':
      return 'Shop told again'
    case 'approve':
      return `Approval${of}`
    case 'override':
      return `Override${of}`
    default:
      return 'A write'
  }
}

/** What the shop answered a call Paydesk made to its webhook (the shop answers, not the service). */
function shopAnswerWords(outcome: ActionRecordEntry['outcome']): string {
  if (outcome.status !== null) return `the shop answered ${outcome.status}`
  return outcome.result === 'unknown' ? 'the shop did not answer in time' : 'the shop could not be reached'
}

/** The agent as a sentence names them: "you" for the agent reading it. */
export function agentWords(agent: string, me: string | null): string {
  return me !== null && agent === me ? 'you' : agent
}

/** "Refund of €45.00 by anna, ticket 4711" (and what the service answered, when it was not done). */
export function recordedWriteText(entry: ActionRecordEntry, me: string | null, words: DateWords = {}): string {
  const amount = entry.amount ? formatAmountForDisplay(entry.amount, words.locale) : null
  const parts = [`${actionWords(entry.action, amount, entry.object)} by ${agentWords(entry.agent, me)}`]
  if (entry.ticket) parts.push(`ticket ${entry.ticket}`)
  if (entry.action === 'tell-the-shop') parts.push(shopAnswerWords(entry.outcome))
  else if (entry.outcome.result === 'refused') parts.push('refused by the service')
  else if (entry.outcome.result === 'unknown') parts.push('its answer was lost: check whether it took effect')
  return parts.join(', ')
}

/** The same with its time: "Refund of €45.00 by anna, ticket 4711, 10:42" (the refund dialog). */
export function recordedWriteLine(entry: ActionRecordEntry, me: string | null, words: DateWords = {}): string {
  return `${recordedWriteText(entry, me, words)}, ${formatMoment(entry.at, 'short-date-time', words)}`
}

/** One timeline line per recorded write, for the payment's, order's and customer's story. */
function recordEvents(
  entries: readonly ActionRecordEntry[],
  me: string | null,
  words: DateWords = {},
): TimelineEvent[] {
  return entries.map((e) => ({
    at: e.at,
    tone: e.outcome.result === 'done' ? 'neutral' : e.outcome.result === 'refused' ? 'problem' : 'waiting',
    text: recordedWriteText(e, me, words),
  }))
}

/** The timeline with the recorded writes in it, oldest first (a stable merge by time). */
export function withRecordedWrites(
  timeline: readonly TimelineEvent[],
  entries: readonly ActionRecordEntry[],
  me: string | null,
  words: DateWords = {},
): TimelineEvent[] {
  const all = [...timeline, ...recordEvents(entries, me, words)]
  return all
    .map((e, i) => ({ e, i, t: Date.parse(e.at) }))
    .sort((a, b) => (a.t === b.t || Number.isNaN(a.t) || Number.isNaN(b.t) ? a.i - b.i : a.t - b.t))
    .map(({ e }) => e)
}

/** Refunds recorded on a payment by colleagues (not by `me`) that took effect or may have. */
export function colleagueRefunds(entries: readonly ActionRecordEntry[], me: string | null): ActionRecordEntry[] {
  return entries.filter((e) => e.action === 'refund' && e.agent !== me && e.outcome.result !== 'refused')
}

/** Who holds the case, in one sentence. */
export function caseWords(c: CaseState | null, me: string | null, words: DateWords = {}): string {
  if (!c || c.state === 'closed') {
    return c
      ? `Case closed by ${agentWords(c.changedBy, me)}, ${formatMoment(c.changedAt, 'short-date-time', words)}.`
      : 'Nobody has taken this case.'
  }
  if (c.owner === null) return 'Nobody has taken this case.'
  const who = c.owner === me ? 'You hold this case' : `${c.owner} holds this case`
  const ticket = c.ticket ? ` (ticket ${c.ticket})` : ''
  return `${who}${ticket}, since ${formatMoment(c.changedAt, 'short-date-time', words)}.`
}

/**
 * A note's text as shown: every character as text, control characters and direction overrides made
 * visible (␛, [U+202E]) so a pasted note cannot hide or reorder what it says. Line breaks and tabs stay.
 */
export function visibleNoteText(text: string): string {
  let out = ''
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0
    if (ch === '\n' || ch === '\t') out += ch
    else if (code < 0x20) out += String.fromCodePoint(0x2400 + code)
    else if (code === 0x7f) out += '\u2421'
    else if (
      (code >= 0x80 && code < 0xa0) ||
      (code >= 0x202a && code <= 0x202e) ||
      (code >= 0x2066 && code <= 0x2069)
    ) {
      out += `[U+${code.toString(16).toUpperCase().padStart(4, '0')}]`
    } else out += ch
  }
  return out
}

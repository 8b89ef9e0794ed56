// The desk's shared record (issue 50): notes, case owners and the action record (who did what with
// money). One shape for both homes of the record: the desk's own encrypted SQLite store (one desk)
// and the team's PostgreSQL database (a team). Main owns the store (src/main/team/); the renderer
// sees these shapes over IPC. Pure TypeScript: no node, no DOM.

/** An object of the payment service a note, a case or a record row is about. */
export interface RecordObjectRef {
  kind: 'payment' | 'order' | 'customer'
  /** The service's id (tr_…, ord_…, cst_…). */
  id: string
}

/** Every write Paydesk makes, by what it did. */
export type RecordedActionKind =
  | 'refund'
  | 'cancel-refund'
  | 'cancel'
  | 'update'
  | 'create'
  | 'revoke-mandate'
  | 'cancel-subscription'
  | 'tell-the-shop'
  | 'approve'
  | 'override'

/** What the service answered a recorded write. */
export interface RecordedOutcome {
  /** The write took effect (a 2xx), was refused (4xx/5xx with the service's error), or its answer was lost. */
  result: 'done' | 'refused' | 'unknown'
  /** The HTTP status, when there was one. */
  status: number | null
  /** The object the service made or changed (re_…, tr_…), when it said. */
  resultId: string | null
  /** One sentence in the agent's words. */
  summary: string
}

/** A write as the desk records it, before the store numbers and chains it. */
export interface NewActionRecord {
  action: RecordedActionKind
  object: RecordObjectRef
  /** Exact money: decimal string per currency (shared/money.ts), or null for writes without an amount. */
  amount: { value: string; currency: string } | null
  idempotencyKey: string | null
  /** The helpdesk's ticket reference, if the agent gave one. */
  ticket: string | null
  /** A reason the agent typed (an override, a held refund sent anyway). */
  reason: string | null
  outcome: RecordedOutcome
}

/** A row of the append-only action record. */
export interface ActionRecordEntry extends NewActionRecord {
  /** Unique, made by the desk that wrote it (so a row synced twice is stored once). */
  id: string
  /** The store's order: 1, 2, 3 … (the hash chain's order). */
  seq: number
  /** ISO time the desk made the write. */
  at: string
  /** The agent's login (their own database login in team mode; the OS user on a single desk). */
  agent: string
  /** The desk (machine) that made it. */
  desk: string
  /** Hex SHA-256 of the previous row's hash and this row's canonical JSON (without `hash`). */
  prevHash: string
  hash: string
}

/** A note on an object; an edit is a new version that supersedes the one before. */
export interface RecordNote {
  id: string
  object: RecordObjectRef
  /** The first version's id: every version of one note shares it. */
  noteId: string
  version: number
  author: string
  at: string
  /** Plain text: shown as text, never as markup. */
  text: string
}

/** Who holds a case about an object. */
export interface CaseState {
  object: RecordObjectRef
  /** The agent who owns it, or null once closed / unowned. */
  owner: string | null
  state: 'open' | 'closed'
  ticket: string | null
  /** ISO time of the last change, and who made it. */
  changedAt: string
  changedBy: string
}

/** How the desk's record is kept, for the Connections screen and the status bar. */
export interface TeamRecordStatus {
  home: 'desk' | 'team'
  /** team: connected / connecting / offline (working on the desk's own store) / error. */
  state: 'connected' | 'connecting' | 'offline' | 'error'
  /** The login the desk writes as. */
  login: string
  /** Other agents seen online in the last minute (team only). */
  colleaguesOnline: number
  /** Rows written on this desk not yet in the team database. */
  waitingToSync: number
  /** One sentence for the agent ("Connected as anna, 3 colleagues online."). */
  sentence: string
}

/** What changed in the record, pushed to every desk (LISTEN/NOTIFY in team mode). */
export type RecordChange =
  | { kind: 'action'; object: RecordObjectRef }
  | { kind: 'note'; object: RecordObjectRef }
  | { kind: 'case'; object: RecordObjectRef }
  /** A write request (issue 51) was made, decided or sent. */
  | { kind: 'request'; object: RecordObjectRef }
  | { kind: 'status' }

/** The longest note, in characters (a note is a few sentences, not a document). */
export const MAX_NOTE_LENGTH = 10_000

/**
 * Why a note's text cannot be kept, in the agent's words, or null when it can. Markup and control
 * characters are kept and shown as text; only the NUL character (which the team database cannot
 * store in text) and an over-long or empty note are refused.
 */
export function noteTextProblem(text: string): string | null {
  if (text.trim() === '') return 'The note is empty.'
  if (text.length > MAX_NOTE_LENGTH)
    return `The note is ${text.length} characters long; a note holds at most ${MAX_NOTE_LENGTH}.`
  if (text.includes('\u0000'))
    return 'The note holds a NUL character (often from pasting binary data); remove it and save again.'
  return null
}

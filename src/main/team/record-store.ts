// The port for the desk's shared record (issue 50): notes, case owners and the action record. Two
// adapters implement it: the desk's own encrypted SQLite store (the default, one desk) and the team's
// PostgreSQL database (a team). Services write every money action through `appendAction`; the views
// read through the record service, never an adapter directly.
import type { ClientBase } from 'pg'
import type {
  ActionRecordEntry,
  CaseState,
  NewActionRecord,
  RecordChange,
  RecordNote,
  RecordObjectRef,
  TeamRecordStatus,
} from '../../shared/team-record'

export interface RecordStore {
  /** Appends a row to the action record (numbered and chained by the store); never updates one. */
  appendAction(row: NewActionRecord): Promise<ActionRecordEntry>
  /** The rows about an object, oldest first. */
  actionsFor(object: RecordObjectRef): Promise<ActionRecordEntry[]>
  /** The rows about any of these objects, oldest first, in one read (the customer view's writes). */
  actionsOn(objects: readonly RecordObjectRef[]): Promise<ActionRecordEntry[]>

  /** A new note, or (with `noteId`) a new version of one. */
  writeNote(object: RecordObjectRef, text: string, noteId?: string): Promise<RecordNote>
  /** The latest version of each note on an object, newest first. */
  notesFor(object: RecordObjectRef): Promise<RecordNote[]>

  /** Takes the case; exactly one of two agents taking it at once wins (the other gets the winner's state). */
  takeCase(object: RecordObjectRef, ticket?: string | null): Promise<CaseState>
  handOver(object: RecordObjectRef, to: string): Promise<CaseState>
  closeCase(object: RecordObjectRef): Promise<CaseState>
  caseOf(object: RecordObjectRef): Promise<CaseState | null>
  /** Open cases: the agent's own, or the whole team's. */
  openCases(whose: 'mine' | 'team'): Promise<CaseState[]>
  /** Objects a ticket reference was attached to (cases and writes). */
  findByTicket(ticket: string): Promise<RecordObjectRef[]>

  /** The team's other agents (for "Hand over to…"): logins with access, online ones first; none on a single desk. */
  colleagues(): Promise<{ login: string; online: boolean }[]>

  status(): TeamRecordStatus
  /**
   * Runs `use` on a connection of the team database (issue 51: write requests and approvals, which
   * only the database decides). Absent on a single desk; throws a sentence while it is unreachable.
   */
  withTeamDatabase?<T>(use: (db: ClientBase) => Promise<T>): Promise<T>
  /** Changes written on this desk or (team) on any other; returns the unsubscribe. */
  subscribe(listener: (change: RecordChange) => void): () => void
  close(): Promise<void>
}

import { z } from 'zod'
import { ID_PATTERNS } from '../service/ids'
import {
  MAX_NOTE_LENGTH,
  type ActionRecordEntry,
  type CaseState,
  type RecordNote,
  type RecordObjectRef,
  type TeamRecordStatus,
} from '../team-record'
import { TICKET_MAX_LENGTH, TICKET_PATTERN, TICKET_RULE, TICKET_TOO_LONG } from '../ticket'
import { defineChannel } from './define'

// The desk's shared record (issue 50): notes, cases and who did what, over the record service in main
// (src/main/team/). The renderer names an object and asks; main stamps the author, the time and the
// desk, and records every write itself (the page can neither skip nor fake a record row).

/** The longest agent login (PostgreSQL's identifier limit is 63 bytes). */
const LOGIN_MAX_LENGTH = 63
/** The longest team database connection string. */
const CONNECTION_STRING_MAX = 1024

export const ticketInput = z.string().trim().max(TICKET_MAX_LENGTH, TICKET_TOO_LONG).regex(TICKET_PATTERN, TICKET_RULE)

export const objectRef = z
  .object({
    kind: z.enum(['payment', 'order', 'customer']),
    id: z.string().min(4).max(80),
  })
  .strict()
  .refine((o) => ID_PATTERNS[o.kind].test(o.id), { message: 'Not an id of that kind (tr_…, ord_…, cst_…).' })

const connectionInput = z
  .object({
    connectionString: z.string().min(1).max(CONNECTION_STRING_MAX),
    password: z.string().max(1024).optional(),
  })
  .strict()

/** What a view shows of an object's record: its case, its notes and the writes made on it. */
export interface RecordOfObject {
  object: RecordObjectRef
  case: CaseState | null
  notes: RecordNote[]
  actions: ActionRecordEntry[]
  /** The agent's own login, so a view can tell "you" from a colleague. */
  me: string
  /** Who the case can be handed over to (the team's other agents, online first; none on one desk). */
  colleagues: { login: string; online: boolean }[]
}

export interface TeamDatabaseView {
  /** The connection string as saved (never with a password), or null when none is set. */
  connectionString: string | null
  /** Whether the keychain holds the database password. */
  hasPassword: boolean
  status: TeamRecordStatus
}

export const teamChannels = {
  'team.object': defineChannel<RecordOfObject>()(z.object({ object: objectRef }).strict()),
  /** A new note, or (with `noteId`) a new version of one: earlier versions are kept. */
  'team.writeNote': defineChannel<RecordNote>()(
    z
      .object({
        object: objectRef,
        text: z.string().max(MAX_NOTE_LENGTH),
        noteId: z.string().min(1).max(80).optional(),
      })
      .strict(),
  ),
  'team.takeCase': defineChannel<CaseState>()(z.object({ object: objectRef, ticket: ticketInput.optional() }).strict()),
  'team.handOver': defineChannel<CaseState>()(
    z.object({ object: objectRef, to: z.string().trim().min(1).max(LOGIN_MAX_LENGTH) }).strict(),
  ),
  'team.closeCase': defineChannel<CaseState>()(z.object({ object: objectRef }).strict()),
  'team.openCases': defineChannel<{ mine: CaseState[]; team: CaseState[]; me: string }>()(z.undefined()),
  /** The objects a ticket reference is attached to (cases and writes). */
  'team.database': defineChannel<TeamDatabaseView>()(z.undefined()),
  /** Saves the connection string (the password to the keychain) and connects. */
  'team.connect': defineChannel<TeamDatabaseView>()(connectionInput),
  /** Tries a connection string without saving it. */
  'team.test': defineChannel<{ ok: boolean; sentence: string }>()(connectionInput),
  'team.disconnect': defineChannel<TeamDatabaseView>()(z.undefined()),
}

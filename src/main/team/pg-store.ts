// The team's home of the record (issue 50): PostgreSQL through a `pg` pool, as one agent's login. Each
// method is one round trip where it can be; the database decides what a desk could fake (the author
// and agent are the login, the chain is the insert trigger's, a case another agent holds stays
// theirs). A connection problem is thrown as is: team-store.ts turns it into "offline" and keeps
// the write on the desk until the database is back.
import type { Pool } from 'pg'
import type { ActionRecordEntry, CaseState, RecordNote, RecordObjectRef } from '../../shared/team-record'
import type { OutboxOp } from './desk-store'
import {
  ACTION_COLUMNS,
  actionFromRow,
  actionValues,
  CASE_COLUMNS,
  caseFromRow,
  INSERT_ACTION,
  NOTE_COLUMNS,
  noteFromRow,
  type ActionRow,
  type CaseRow,
  type NoteRow,
} from './pg-rows'
import { caseRefusal } from './record-rules'

/** A database error code (SQLSTATE), when the error is one. */
export function sqlState(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : null
}

export class TeamDatabase {
  constructor(
    private readonly pool: Pool,
    readonly login: string,
  ) {}

  /** `name`: a statement each connection prepares once (the frequent writes). */
  private async rows<T>(sql: string, values: unknown[] = [], name?: string): Promise<T[]> {
    try {
      return (await this.pool.query({ text: sql, values, name })).rows as T[]
    } catch (error) {
      if (sqlState(error) === '42501') {
        throw caseRefusal(
          'conflict',
          `The team database does not let ${this.login} do this (${(error as Error).message}). Ask your team lead for the agent role.`,
        )
      }
      throw error
    }
  }

  async schemaVersion(): Promise<number> {
    const rows = await this.rows<{ v: number | null }>('SELECT max(version) AS v FROM paydesk.schema_migrations')
    return rows[0]?.v ?? 0
  }

  /** Stores a row the desk made (once: a row already there is left alone) and answers it as chained. */
  async appendAction(entry: ActionRecordEntry): Promise<ActionRecordEntry> {
    const made = await this.rows<ActionRow>(
      `${INSERT_ACTION} RETURNING ${ACTION_COLUMNS}`,
      actionValues(entry),
      'paydesk-append-action',
    )
    const row =
      made[0] ??
      (await this.rows<ActionRow>(`SELECT ${ACTION_COLUMNS} FROM paydesk.action_record WHERE id = $1`, [entry.id]))[0]
    if (!row) throw new Error(`The team database did not keep the record row ${entry.id}.`)
    return actionFromRow(row)
  }

  async actionsFor(object: RecordObjectRef): Promise<ActionRecordEntry[]> {
    const rows = await this.rows<ActionRow>(
      `SELECT ${ACTION_COLUMNS} FROM paydesk.action_record WHERE object_kind = $1 AND object_id = $2 ORDER BY action_record.seq`,
      [object.kind, object.id],
    )
    return rows.map(actionFromRow)
  }

  async actionsOn(objects: readonly RecordObjectRef[]): Promise<ActionRecordEntry[]> {
    if (objects.length === 0) return []
    const rows = await this.rows<ActionRow>(
      `SELECT ${ACTION_COLUMNS} FROM paydesk.action_record
       WHERE (object_kind, object_id) IN (SELECT * FROM unnest($1::text[], $2::text[])) ORDER BY action_record.seq`,
      [objects.map((o) => o.kind), objects.map((o) => o.id)],
    )
    return rows.map(actionFromRow)
  }

  /** Stores a note the desk made (once); the version is the database's. */
  async writeNote(note: RecordNote): Promise<RecordNote> {
    let made: NoteRow[]
    try {
      made = await this.rows<NoteRow>(
        `INSERT INTO paydesk.notes (id, note_id, version, object_kind, object_id, author, at, text)
         VALUES ($1, $2, 0, $3, $4, '', $5, $6) ON CONFLICT (id) DO NOTHING RETURNING ${NOTE_COLUMNS}`,
        [note.id, note.noteId, note.object.kind, note.object.id, note.at, note.text],
      )
    } catch (error) {
      if (sqlState(error) === '23503')
        throw caseRefusal('invalid-input', 'That note is not on this object, so it cannot be edited here.')
      throw error
    }
    const row =
      made[0] ?? (await this.rows<NoteRow>(`SELECT ${NOTE_COLUMNS} FROM paydesk.notes WHERE id = $1`, [note.id]))[0]
    if (!row) throw new Error(`The team database did not keep the note ${note.id}.`)
    return noteFromRow(row)
  }

  async notesFor(object: RecordObjectRef): Promise<RecordNote[]> {
    const rows = await this.rows<NoteRow>(
      `SELECT * FROM (SELECT DISTINCT ON (note_id) ${NOTE_COLUMNS}, rid FROM paydesk.notes
         WHERE object_kind = $1 AND object_id = $2 ORDER BY note_id, version DESC) latest ORDER BY rid DESC`,
      [object.kind, object.id],
    )
    return rows.map(noteFromRow)
  }

  async caseOf(object: RecordObjectRef): Promise<CaseState | null> {
    const rows = await this.rows<CaseRow>(
      `SELECT ${CASE_COLUMNS} FROM paydesk.cases WHERE object_kind = $1 AND object_id = $2`,
      [object.kind, object.id],
    )
    return rows[0] ? caseFromRow(rows[0]) : null
  }

  /** Takes the case unless another agent holds it; of two at once, one wins (the other gets its state). */
  async takeCase(object: RecordObjectRef, ticket: string | null, at: string): Promise<CaseState> {
    const rows = await this.rows<CaseRow>(
      `INSERT INTO paydesk.cases AS c (object_kind, object_id, owner, state, ticket, changed_at, changed_by)
       VALUES ($1, $2, session_user, 'open', $3, $4, session_user)
       ON CONFLICT (object_kind, object_id) DO UPDATE
         SET owner = session_user, state = 'open', ticket = coalesce(excluded.ticket, c.ticket), changed_at = excluded.changed_at
         WHERE c.state = 'closed' OR c.owner IS NULL OR c.owner = session_user
       RETURNING ${CASE_COLUMNS}`,
      [object.kind, object.id, ticket, at],
    )
    const row = rows[0]
    if (row) return caseFromRow(row)
    const current = await this.caseOf(object)
    if (!current) throw new Error(`The case of ${object.id} could not be read back.`)
    return current
  }

  async handOver(object: RecordObjectRef, to: string, at: string): Promise<CaseState> {
    const agents = await this.rows<{ login: string }>(
      `SELECT login FROM paydesk.agents WHERE login = $1 AND removed_at IS NULL AND role IN ('agent', 'lead')`,
      [to],
    )
    if (agents.length === 0)
      throw caseRefusal('invalid-input', `${to} is not an agent of this team, so the case cannot go to them.`)
    const rows = await this.rows<CaseRow>(
      `UPDATE paydesk.cases SET owner = $3, changed_at = $4
       WHERE object_kind = $1 AND object_id = $2 AND state = 'open' AND owner = session_user RETURNING ${CASE_COLUMNS}`,
      [object.kind, object.id, to, at],
    )
    if (rows[0]) return caseFromRow(rows[0])
    const current = await this.caseOf(object)
    throw caseRefusal(
      'conflict',
      current?.state === 'open' && current.owner
        ? `Only ${current.owner}, who holds this case, can hand it over.`
        : 'Take the case before handing it over.',
    )
  }

  async closeCase(object: RecordObjectRef, at: string): Promise<CaseState> {
    const rows = await this.rows<CaseRow>(
      `UPDATE paydesk.cases SET owner = NULL, state = 'closed', changed_at = $3
       WHERE object_kind = $1 AND object_id = $2 AND state = 'open' AND (owner IS NULL OR owner = session_user)
       RETURNING ${CASE_COLUMNS}`,
      [object.kind, object.id, at],
    )
    if (rows[0]) return caseFromRow(rows[0])
    const current = await this.caseOf(object)
    if (current?.state === 'open' && current.owner)
      throw caseRefusal('conflict', `Only ${current.owner}, who holds this case, can close it.`)
    throw caseRefusal('conflict', 'This case is not open.')
  }

  async openCases(whose: 'mine' | 'team'): Promise<CaseState[]> {
    const mine = whose === 'mine' ? 'AND owner = session_user' : ''
    const rows = await this.rows<CaseRow>(
      `SELECT ${CASE_COLUMNS} FROM paydesk.cases WHERE state = 'open' ${mine} ORDER BY changed_at DESC LIMIT 1000`,
    )
    return rows.map(caseFromRow)
  }

  async findByTicket(ticket: string): Promise<RecordObjectRef[]> {
    const rows = await this.rows<{ object_kind: RecordObjectRef['kind']; object_id: string }>(
      `SELECT object_kind, object_id FROM paydesk.action_record WHERE ticket = $1
       UNION SELECT object_kind, object_id FROM paydesk.cases WHERE ticket = $1`,
      [ticket],
    )
    return rows.map((r) => ({ kind: r.object_kind, id: r.object_id }))
  }

  /** The team's other agents and leads, those with a Paydesk session open first. */
  async colleagues(): Promise<{ login: string; online: boolean }[]> {
    const rows = await this.rows<{ login: string; online: boolean }>(
      `SELECT a.login, EXISTS (SELECT 1 FROM pg_stat_activity s WHERE s.usename = a.login
         AND s.datname = current_database() AND s.application_name LIKE 'paydesk:%') AS online
       FROM paydesk.agents a WHERE a.removed_at IS NULL AND a.role IN ('agent', 'lead') AND a.login <> session_user
       ORDER BY online DESC, a.login`,
    )
    return rows
  }

  /** Sends one write the desk queued (outbox), answering what the database made of it. */
  async apply(op: OutboxOp): Promise<ActionRecordEntry | RecordNote | CaseState> {
    switch (op.op) {
      case 'action':
        return this.appendAction(op.entry)
      case 'note':
        return this.writeNote(op.note)
      case 'take':
        return this.takeCase(op.object, op.ticket, op.at)
      case 'hand-over':
        return this.handOver(op.object, op.to, op.at)
      case 'close':
        return this.closeCase(op.object, op.at)
    }
  }
}

// The team database's rows as the record's shapes (shared/team-record.ts): the columns each query
// reads, and the mapping back. Times are read through paydesk.iso (migrations.ts), the same text the
// chain hashes, so a row read here hashes as the database hashed it.
import type { ActionRecordEntry, CaseState, RecordNote, RecordObjectRef } from '../../shared/team-record'

export const ACTION_COLUMNS = `seq::text AS seq, id, paydesk.iso(at) AS at, agent, desk, action, object_kind, object_id,
  amount_value, amount_currency, idempotency_key, ticket, reason, outcome_result, outcome_status, outcome_result_id,
  outcome_summary, prev_hash, hash`

export interface ActionRow {
  seq: string
  id: string
  at: string
  agent: string
  desk: string
  action: ActionRecordEntry['action']
  object_kind: RecordObjectRef['kind']
  object_id: string
  amount_value: string | null
  amount_currency: string | null
  idempotency_key: string | null
  ticket: string | null
  reason: string | null
  outcome_result: ActionRecordEntry['outcome']['result']
  outcome_status: number | null
  outcome_result_id: string | null
  outcome_summary: string
  prev_hash: string
  hash: string
}

export function actionFromRow(row: ActionRow): ActionRecordEntry {
  return {
    id: row.id,
    seq: Number(row.seq),
    at: row.at,
    agent: row.agent,
    desk: row.desk,
    action: row.action,
    object: { kind: row.object_kind, id: row.object_id },
    amount: row.amount_value === null ? null : { value: row.amount_value, currency: String(row.amount_currency) },
    idempotencyKey: row.idempotency_key,
    ticket: row.ticket,
    reason: row.reason,
    outcome: {
      result: row.outcome_result,
      status: row.outcome_status,
      resultId: row.outcome_result_id,
      summary: row.outcome_summary,
    },
    prevHash: row.prev_hash,
    hash: row.hash,
  }
}

/** The values of an insert, in the order of INSERT_ACTION's columns. */
export function actionValues(entry: ActionRecordEntry): unknown[] {
  return [
    entry.id,
    entry.at,
    entry.desk,
    entry.action,
    entry.object.kind,
    entry.object.id,
    entry.amount?.value ?? null,
    entry.amount?.currency ?? null,
    entry.idempotencyKey,
    entry.ticket,
    entry.reason,
    entry.outcome.result,
    entry.outcome.status,
    entry.outcome.resultId,
    entry.outcome.summary,
  ]
}

/** seq, agent, prev_hash and hash are the database's (its trigger); placeholders keep NOT NULL happy. */
export const INSERT_ACTION = `INSERT INTO paydesk.action_record (id, at, desk, action, object_kind, object_id, amount_value,
  amount_currency, idempotency_key, ticket, reason, outcome_result, outcome_status, outcome_result_id, outcome_summary,
  seq, agent, prev_hash, hash)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, 0, '', '', '')
  ON CONFLICT (id) DO NOTHING`

export const NOTE_COLUMNS = `id, note_id, version, object_kind, object_id, author, paydesk.iso(at) AS at, text`

export interface NoteRow {
  id: string
  note_id: string
  version: number
  object_kind: RecordObjectRef['kind']
  object_id: string
  author: string
  at: string
  text: string
}

export function noteFromRow(row: NoteRow): RecordNote {
  return {
    id: row.id,
    object: { kind: row.object_kind, id: row.object_id },
    noteId: row.note_id,
    version: row.version,
    author: row.author,
    at: row.at,
    text: row.text,
  }
}

export const CASE_COLUMNS = `object_kind, object_id, owner, state, ticket, paydesk.iso(changed_at) AS changed_at, changed_by`

export interface CaseRow {
  object_kind: RecordObjectRef['kind']
  object_id: string
  owner: string | null
  state: CaseState['state']
  ticket: string | null
  changed_at: string
  changed_by: string
}

export function caseFromRow(row: CaseRow): CaseState {
  return {
    object: { kind: row.object_kind, id: row.object_id },
    owner: row.owner,
    state: row.state,
    ticket: row.ticket,
    changedAt: row.changed_at,
    changedBy: row.changed_by,
  }
}

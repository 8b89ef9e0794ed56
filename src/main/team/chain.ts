// The action record's hash chain (issue 50): each row carries the hash of the row before it and its
// own hash over its canonical JSON, so an edited, deleted or reordered row is found by walking the
// rows in order. Both homes use it: the desk's store chains its rows here, the team database chains
// them in its insert trigger (migrations.ts builds the same text in SQL) and `team:verify` walks
// them here.
import { createHash } from 'node:crypto'
import { canonicalJson } from '../../shared/canonical-json'
import type { ActionRecordEntry, NewActionRecord } from '../../shared/team-record'

/** The previous hash of the first row. */
export const GENESIS_HASH = '0'.repeat(64)

/** The row as hashed: every field but `hash`, with exactly the fields of the shape. */
function hashedBody(entry: Omit<ActionRecordEntry, 'hash'>): Omit<ActionRecordEntry, 'hash'> {
  return {
    id: entry.id,
    seq: entry.seq,
    at: entry.at,
    agent: entry.agent,
    desk: entry.desk,
    prevHash: entry.prevHash,
    ...recordFields(entry),
  }
}

/** The fields of a new row, copied field by field (nothing the caller added rides along). */
export function recordFields(row: NewActionRecord): NewActionRecord {
  return {
    action: row.action,
    object: { kind: row.object.kind, id: row.object.id },
    amount: row.amount === null ? null : { value: row.amount.value, currency: row.amount.currency },
    idempotencyKey: row.idempotencyKey,
    ticket: row.ticket,
    reason: row.reason,
    outcome: {
      result: row.outcome.result,
      status: row.outcome.status,
      resultId: row.outcome.resultId,
      summary: row.outcome.summary,
    },
  }
}

/** Hex SHA-256 of the previous hash, a newline and the row's canonical JSON (without `hash`). */
export function chainHash(entry: Omit<ActionRecordEntry, 'hash'>): string {
  return createHash('sha256')
    .update(`${entry.prevHash}\n${canonicalJson(hashedBody(entry))}`, 'utf8')
    .digest('hex')
}

/** A row that does not verify, and why, in a sentence. */
export interface ChainProblem {
  seq: number
  id: string
  problem: 'edited' | 'missing-before' | 'out-of-order' | 'tail-missing'
  sentence: string
}

/**
 * Walks rows in the order they are stored (by `seq`) and names every row that does not verify: its
 * hash does not match its content (edited), its `prevHash` is not the row before's hash (a row was
 * deleted or moved), or its number does not follow. `head` (the store's last seq and hash, kept apart
 * from the rows) finds rows cut from the end.
 */
export function verifyChain(
  rows: readonly ActionRecordEntry[],
  head: { seq: number; hash: string } | null = null,
): ChainProblem[] {
  const problems: ChainProblem[] = []
  let prev = { seq: 0, hash: GENESIS_HASH }
  for (const row of rows) {
    const name = `Row ${row.seq} (${row.action} on ${row.object.id} by ${row.agent}, id ${row.id})`
    if (chainHash(row) !== row.hash) {
      problems.push({
        seq: row.seq,
        id: row.id,
        problem: 'edited',
        sentence: `${name} was changed after it was written.`,
      })
    }
    if (row.seq !== prev.seq + 1) {
      const missing = row.seq > prev.seq + 1
      problems.push({
        seq: row.seq,
        id: row.id,
        problem: missing ? 'missing-before' : 'out-of-order',
        sentence: missing
          ? `${name}: ${row.seq - prev.seq - 1 === 1 ? `row ${prev.seq + 1} is` : `rows ${prev.seq + 1}–${row.seq - 1} are`} missing before it.`
          : `${name} is out of order (it follows row ${prev.seq}).`,
      })
    } else if (row.prevHash !== prev.hash) {
      problems.push({
        seq: row.seq,
        id: row.id,
        problem: 'missing-before',
        sentence: `${name} does not follow the row before it: a row before it was removed, replaced or moved.`,
      })
    }
    prev = { seq: row.seq, hash: row.hash }
  }
  if (head !== null && (head.seq !== prev.seq || head.hash !== prev.hash)) {
    problems.push({
      seq: head.seq,
      id: '',
      problem: 'tail-missing',
      sentence:
        head.seq > prev.seq
          ? `The record ends at row ${prev.seq}, but row ${head.seq} was written: the rows after ${prev.seq} were removed.`
          : `The record's last row (${prev.seq}) is not the last one written (${head.seq}): it was changed or added outside Paydesk.`,
    })
  }
  return problems
}

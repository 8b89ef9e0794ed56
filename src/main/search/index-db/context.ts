// What the parts of one open index share: the database, its prepared statements (prepared once,
// kept by their SQL), the data key and the connection the rows are bound to.
import type { DatabaseSync, StatementSync } from 'node:sqlite'
import type { SyncKind } from '../../../shared/ipc/search'
import type { QueryBudget } from '../query-budget'

/** Prepared statements kept per index. */
const MAX_STATEMENTS = 256

export interface IndexContext {
  readonly db: DatabaseSync
  readonly budget: QueryBudget
  readonly key: Uint8Array
  readonly connectionId: string
  readonly limits: { payments: number; orders: number }
  /** The prepared statement of this SQL (prepared on first use, then reused). */
  readonly stmt: (sql: string) => StatementSync
  /** Rows held per kind; cached between writes (every keystroke's result reports it). */
  readonly counts: Map<SyncKind, number>
  /**
   * Postings of a word prefix in each kind's full-text table (query.ts), kept until that table
   * changes: a query of several words counts each one on every keystroke, and all but the last are
   * the same as on the keystroke before.
   */
  readonly postings: Map<SyncKind, Map<string, number>>
  /** Words of the last search of each kind left out as too common (query-budget.ts chooseTerms). */
  readonly dropped: Map<SyncKind, string[]>
  /** Whether the index was closed (a rebuild in progress stops). */
  readonly isClosed: () => boolean
}

/** A bounded cache of prepared statements keyed by their SQL. */
export function statementCache(db: DatabaseSync): (sql: string) => StatementSync {
  const statements = new Map<string, StatementSync>()
  return (sql) => {
    let s = statements.get(sql)
    if (!s) {
      // Queries vary by their filters (how many statuses, methods…): keep the cache bounded.
      if (statements.size >= MAX_STATEMENTS) {
        const oldest = statements.keys().next()
        if (!oldest.done) statements.delete(oldest.value)
      }
      s = db.prepare(sql)
      statements.set(sql, s)
    }
    return s
  }
}

/**
 * The associated data of a row's encrypted record: the connection, the object and every plain
 * column, so a plain column edited in the file makes the row fail to decrypt (the index is then
 * set aside and rebuilt).
 */
export function rowAad(
  ctx: Pick<IndexContext, 'connectionId'>,
  kind: SyncKind,
  id: string,
  plain: readonly (string | number | null)[],
): string {
  return `search-index:2:${ctx.connectionId}:${kind}:${id}:${JSON.stringify(plain)}`
}

/** Runs `work` in one transaction: committed when it returns, rolled back when it throws. */
export function inTransaction<T>(db: DatabaseSync, work: () => T): T {
  db.exec('BEGIN')
  try {
    const result = work()
    db.exec('COMMIT')
    return result
  } catch (error) {
    db.exec('ROLLBACK')
    throw error
  }
}

/** Rows held; cached between writes (every keystroke's result reports it). */
export function countRows(ctx: IndexContext, kind: SyncKind): number {
  let n = ctx.counts.get(kind)
  if (n === undefined) {
    n = (ctx.stmt(`SELECT count(*) AS n FROM ${kind}`).get() as { n: number }).n
    ctx.counts.set(kind, n)
  }
  return n
}

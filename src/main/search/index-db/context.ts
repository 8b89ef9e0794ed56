// What the parts of one open index share: the database, its prepared statements (prepared once,
// kept by their SQL), the data key and the connection the rows are bound to.
import type { DatabaseSync, StatementSync } from 'node:sqlite'
import type { SyncKind } from '../../../shared/ipc/search'
import type { QueryBudget } from '../query-budget'
import type { FilterColumns, RowCheck } from './row-filters'

/** Prepared statements kept per index. */
const MAX_STATEMENTS = 256

export interface IndexContext {
  readonly db: DatabaseSync
  readonly budget: QueryBudget
  /** The filter a walk of the full-text table checks per match (row-filters.ts KEEPS_ROW). */
  readonly rowCheck: RowCheck
  /** Each table's filtered columns by time key, in memory beside its keys table (row-filters.ts). */
  readonly filters: Record<SyncKind, FilterColumns>
  readonly key: Uint8Array
  readonly connectionId: string
  /** Rows kept per kind; the payments' cap changes with the agent's choice (setPaymentCap). */
  readonly limits: { payments: number; orders: number }
  /** The prepared statement of this SQL (prepared on first use, then reused). */
  readonly stmt: (sql: string) => StatementSync
  /** Rows held per kind; cached between writes (every keystroke's result reports it). */
  readonly counts: Map<SyncKind, number>
  /** What searches keep of each kind's table until it changes (tableChanged). */
  readonly memo: Map<SyncKind, TableMemo>
  /** Words of the last search of each kind left out as too common (query-budget.ts chooseTerms). */
  readonly dropped: Map<SyncKind, string[]>
  /** Whether the index was closed (a rebuild in progress stops). */
  readonly isClosed: () => boolean
}

/** A row of a query's result, before its personal fields are read (hits.ts). */
export interface HitRow {
  rid: number
  id: string
  created_ms: number
  status: string
  method: string | null
  currency: string
  value: string
  order_id: string | null
  /** The full-text rowid, when the query came through the full-text table. */
  tkey: number | null
}

/** A search's rows before they become hits, and whether there were more or too many to rank. */
export interface FoundRows {
  rows: HitRow[]
  more: boolean
  broad: boolean
  stopped?: boolean
}

/**
 * What searches keep of one table until its rows change (query.ts): each word's postings (a query of
 * several words counts every word on every keystroke, all but the last as on the keystroke before),
 * and the rows of recent queries (a keystroke that leaves the query as it was, such as a space or an
 * e-mail's "." and "@", or a letter typed again after a backspace, answers without searching), and
 * whether a longer word starts with a long last word (phrases.ts).
 */
interface TableMemo {
  postings: Map<string, number>
  searches: Map<string, FoundRows>
  extended: Map<string, boolean>
}

/** The memo of a kind's table, made when first asked for. */
export function tableMemo(ctx: IndexContext, kind: SyncKind): TableMemo {
  let memo = ctx.memo.get(kind)
  if (!memo) {
    memo = { postings: new Map(), searches: new Map(), extended: new Map() }
    ctx.memo.set(kind, memo)
  }
  return memo
}

/** A kind's full-text rows or its rows' columns changed: what searches kept of it is dropped. */
export function tableChanged(ctx: IndexContext, kind: SyncKind): void {
  ctx.memo.delete(kind)
}

/** Sets `key` in a map kept to at most `max` entries: the oldest set goes first. */
export function keepBounded<T>(map: Map<string, T>, key: string, value: T, max: number): void {
  if (map.size >= max) {
    const oldest = map.keys().next()
    if (!oldest.done) map.delete(oldest.value)
  }
  map.set(key, value)
}

/** A bounded cache of prepared statements keyed by their SQL. */
export function statementCache(db: DatabaseSync): (sql: string) => StatementSync {
  const statements = new Map<string, StatementSync>()
  return (sql) => {
    let s = statements.get(sql)
    if (!s) {
      // Queries vary by their filters (how many statuses, methods…): keep the cache bounded.
      s = db.prepare(sql)
      keepBounded(statements, sql, s, MAX_STATEMENTS)
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

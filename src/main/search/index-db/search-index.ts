// The local search index of one connection (docs/SEARCH.md, "Search index"): SQLite through Node's
// built-in node:sqlite, one file per connection. What is on disk:
//   - plain columns needed to filter and sort: id, created time, status, method, currency, amount,
//     order id, mode, profile id (no personal data);
//   - the personal fields (names, e-mails, addresses, descriptions, order number, metadata values)
//     as one AES-256-GCM record per row, with the keychain-held data key, bound to the connection
//     and the object id (associated data);
//   - sync cursors and markers.
// The full-text index over the personal fields lives only in memory (an FTS5 table in an attached
// in-memory database), rebuilt from the decrypted records when the index opens.
// This class is the index's face; the work is in schema.ts, writes.ts, query.ts, hits.ts, markers.ts.
import { statSync } from 'node:fs'
import type { HomeSummary, SyncKind } from '../../../shared/ipc/search'
import type { ParsedQuery } from '../../../shared/search/query'
import type { IndexRow } from '../rows'
import type { MarkerKind, SyncMarker, SyncTarget } from '../sync-target'
import { countRows, statementCache, type IndexContext } from './context'
import { homeSummary } from './hits'
import { FilterColumns } from './row-filters'
import { readMarker, readPaymentCap, readScope, saveMarker, savePaymentCap, saveScope } from './markers'
import { HITS_PER_GROUP, searchIndex, type IndexSearchResult } from './query'
import { DEFAULT_LIMITS, openIndexDatabase } from './schema'
import { warmSearch } from './warm'
import { clearRows, pruneRows, rebuildMemory, removeRow, upsertRows } from './writes'

export interface OpenOptions {
  dir: string
  connectionId: string
  key: Uint8Array
  limits?: { payments: number; orders: number }
  /** Yield between rebuild chunks so the event loop stays free (default: setImmediate). */
  yieldFn?: () => Promise<void>
}

export class SearchIndex implements SyncTarget {
  private readonly ctx: IndexContext
  private closed = false

  constructor(
    readonly file: string,
    options: OpenOptions,
  ) {
    const { db, budget, rowCheck } = openIndexDatabase(file, options.connectionId)
    this.ctx = {
      db,
      budget,
      rowCheck,
      filters: { payments: new FilterColumns(), orders: new FilterColumns() },
      key: options.key,
      connectionId: options.connectionId,
      limits: { ...(options.limits ?? DEFAULT_LIMITS) },
      stmt: statementCache(db),
      counts: new Map(),
      memo: new Map(),
      dropped: new Map(),
      isClosed: () => this.closed,
    }
    // The agent's choice for this connection, when made, wins over the default.
    const chosen = readPaymentCap(this.ctx)
    if (chosen !== null) this.ctx.limits.payments = chosen
  }

  /** Search statements stop at this moment (performance.now() time); null: no limit. */
  setSearchDeadline(deadline: number | null): void {
    this.ctx.budget.setDeadline(deadline)
  }

  /** Decrypts every row into the in-memory FTS tables, in chunks (yielding in between). */
  async rebuildMemory(yieldFn: () => Promise<void> = () => new Promise((r) => setImmediate(r))): Promise<void> {
    await rebuildMemory(this.ctx, yieldFn)
  }

  /** Runs a search of each shape once (warm.ts), so the agent's first keystrokes are not the slowest. */
  warm(nowMs: number): Promise<void> {
    return warmSearch(this.ctx, nowMs)
  }

  /** Inserts or refreshes rows (one transaction with `after`, e.g. saving the sync cursor). */
  upsert(kind: SyncKind, rows: IndexRow[], after?: () => void): void {
    upsertRows(this.ctx, kind, rows, after)
  }

  /** A sync's page: its rows and, when given, the kind's marker, in one transaction (sync-target.ts). */
  savePage(kind: SyncKind, rows: IndexRow[], marker?: SyncMarker): void {
    upsertRows(this.ctx, kind, rows, marker === undefined ? undefined : () => saveMarker(this.ctx, kind, marker))
  }

  /** The most rows of `kind` the index keeps (the newest). */
  limit(kind: SyncKind): number {
    return this.ctx.limits[kind]
  }

  /**
   * Keeps the agent's choice of how many payments to hold. A lower cap prunes the oldest now (and the
   * marker says older ones are not kept); a higher one is filled by the next full walk. Answers
   * whether older payments are missing that a full walk would now bring.
   */
  setPaymentCap(cap: number): { fillByFullWalk: boolean } {
    savePaymentCap(this.ctx, cap)
    this.ctx.limits.payments = cap
    const marker = this.marker('payments')
    if (this.prune('payments') > 0 && !marker.olderNotKept) {
      this.upsert('payments', [], () => this.saveMarker('payments', { ...marker, olderNotKept: true }))
      return { fillByFullWalk: false }
    }
    return { fillByFullWalk: marker.olderNotKept && this.count('payments') < cap }
  }

  /** Keeps at most `limits[kind]` rows: the oldest go. Returns how many were removed. */
  prune(kind: SyncKind): number {
    return pruneRows(this.ctx, kind)
  }

  /** Ids of rows in these statuses, newest first (refresh.ts reads them again). */
  idsWithStatus(kind: SyncKind, statuses: readonly string[], limit: number): string[] {
    if (statuses.length === 0) return []
    const rows = this.ctx
      .stmt(
        `SELECT id FROM ${kind} WHERE status IN (${statuses.map(() => '?').join(', ')}) ORDER BY created_ms DESC LIMIT ?`,
      )
      .all(...statuses, limit) as { id: string }[]
    return rows.map((r) => r.id)
  }

  /** Removes one row (the service no longer has it). */
  remove(kind: SyncKind, id: string): void {
    removeRow(this.ctx, kind, id)
  }

  has(kind: SyncKind, id: string): boolean {
    return this.ctx.stmt(`SELECT 1 AS x FROM ${kind} WHERE id = ?`).get(id) !== undefined
  }

  /** The creation time of the oldest row held (ms), or null when empty. */
  oldestCreatedMs(kind: SyncKind): number | null {
    const row = this.ctx.stmt(`SELECT MIN(created_ms) AS oldest FROM ${kind}`).get() as { oldest: number | null }
    return row.oldest
  }

  /** Rows held; cached between writes (every keystroke's result reports it). */
  count(kind: SyncKind): number {
    return countRows(this.ctx, kind)
  }

  /** The account the rows belong to (`profileId|mode` of the first row), or null when empty. */
  scope(): string | null {
    return readScope(this.ctx)
  }

  setScope(scope: string): void {
    saveScope(this.ctx, scope)
  }

  /** Drops every row and marker (the connection now reaches another account). */
  clear(): void {
    clearRows(this.ctx)
  }

  marker(kind: MarkerKind): SyncMarker {
    return readMarker(this.ctx, kind)
  }

  /** Saves a marker; call inside `upsert`'s `after` to commit it with the page. */
  saveMarker(kind: MarkerKind, marker: SyncMarker): void {
    saveMarker(this.ctx, kind, marker)
  }

  /** Runs a parsed query (query.ts): the best hits, newest first among equals. */
  search(kind: SyncKind, q: ParsedQuery, limit = HITS_PER_GROUP): IndexSearchResult {
    return searchIndex(this.ctx, kind, q, limit)
  }

  /** Counts by status in [fromMs, toMs) and the failures that may need a call. */
  summary(nowRanges: { todayFrom: number; weekFrom: number; until: number }): HomeSummary {
    return homeSummary(this.ctx, nowRanges)
  }

  sizeBytes(): number {
    let total = 0
    for (const suffix of ['', '-wal']) {
      try {
        total += statSync(`${this.file}${suffix}`).size
      } catch {
        // absent
      }
    }
    return total
  }

  close(): void {
    if (this.closed) return
    this.closed = true
    try {
      this.ctx.db.exec('PRAGMA wal_checkpoint(TRUNCATE)')
    } catch {
      // best effort
    }
    this.ctx.db.close()
  }
}

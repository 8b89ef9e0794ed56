// The local search index of one connection (ARCHITECTURE.md, "Search index"): SQLite through Node's
// built-in node:sqlite, one file per connection. What is on disk:
//   - plain columns needed to filter and sort: id, created time, status, method, currency, amount,
//     order id, mode, profile id (no personal data);
//   - the personal fields (names, e-mails, addresses, descriptions, order number, metadata values)
//     as one AES-256-GCM record per row, with the keychain-held data key, bound to the connection
//     and the object id (associated data);
//   - sync cursors and markers.
// The full-text index over the personal fields lives only in memory (an FTS5 table in an attached
// in-memory database), rebuilt from the decrypted records when the index opens.
import { createHash } from 'node:crypto'
import { existsSync, lstatSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs'
import path from 'node:path'
import { DatabaseSync, type StatementSync } from 'node:sqlite'
import { amountKey, ftsPhrase, hasSearchableText, type ParsedQuery } from '../../shared/search/query'
import type { HomeSummary, SearchHit, SyncKind } from '../../shared/ipc/search'
import { DecryptionError, decryptJson, encryptJson } from '../storage/encryption'
import { chooseTerms, installQueryBudget, vocabularyTable, WITHIN_BUDGET, type QueryBudget } from './query-budget'
import { FTS_COLUMNS, MATCH_LABELS, type IndexRow, type PersonalFields } from './rows'

export { orderRow, paymentRow, type IndexRow, type PersonalFields } from './rows'

/** A list the sync walks: the objects themselves, and the changes to them (refunds, chargebacks). */
export type MarkerKind = SyncKind | 'refunds' | 'chargebacks'

/**
 * 2: the plain columns are bound into each row's encrypted record (associated data) and the sync
 * markers are encrypted, so an edit of either is found at open (issue 22 item 7).
 * 3: each record also holds what happened to the object in words ("refunded", "chargeback", a
 * failure reason) and its state as the agent reads it (rows.ts); an index of schema 2 is rebuilt.
 */
export const SCHEMA_VERSION = 3
/** Rows kept per kind; the oldest go first (ARCHITECTURE.md). */
export const DEFAULT_LIMITS = { payments: 250_000, orders: 100_000 }
/**
 * Hits shown per group in the header's list: the best ten orders and ten payments fit the dropdown
 * without scrolling at 1280 × 800; a group with more says so, and another word narrows it.
 */
export const HITS_PER_GROUP = 10
/**
 * Relevance is ranked over at most this many matches, the newest ones. A word that matches more
 * (a two-letter prefix, "order" on a shop whose descriptions all say "Order …") is too broad for
 * relevance to mean much, and ranking every match of it cost 150 ms over 100,000 rows; the newest
 * 1,000 are found in a few milliseconds because the full-text rows are keyed by time.
 */
export const RANKED_CANDIDATES = 1000
/** Prepared statements kept per index. */
const MAX_STATEMENTS = 256

/** A file of an earlier schema: replaced by a fresh index (not damage, so no copy is kept). */
export class IndexOutdatedError extends Error {}

export class IndexDamagedError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'IndexDamagedError'
  }
}

export interface SyncMarker {
  /** Newest id held after the last complete walk (the next walk stops when it meets it). */
  newestId: string | null
  newestCreatedMs: number | null
  /** A walk in progress: the URL of the next page to fetch (resume point). */
  nextLink: string | null
  /** The first id of the walk in progress (becomes newestId when it completes). */
  walkTopId: string | null
  walkTopCreatedMs: number | null
  /** Whether the walk in progress is a full re-sync (ignores newestId). */
  full: boolean
  lastCompletedAt: number | null
}

/** Safe file name for a connection id (ids are app-made, but never trust a name for a path). */
export function indexFileName(connectionId: string): string {
  if (/^[A-Za-z0-9_-]{1,64}$/.test(connectionId)) return `${connectionId}.sqlite`
  return `c-${createHash('sha256').update(connectionId).digest('hex').slice(0, 32)}.sqlite`
}

export interface OpenOptions {
  dir: string
  connectionId: string
  key: Uint8Array
  limits?: { payments: number; orders: number }
  /** Yield between rebuild chunks so the event loop stays free (default: setImmediate). */
  yieldFn?: () => Promise<void>
}

export interface OpenResult {
  index: SearchIndex
  /** Set when a damaged file was set aside and a fresh index started. */
  notice: string | null
}

const TABLES = ['payments', 'orders'] as const

/**
 * Opens (or creates) the index of one connection. A file that SQLite cannot read, with an unknown
 * schema, or whose records do not decrypt with the data key is renamed `*.damaged-<time>` and a fresh
 * index starts (the notice says so; a sync fills it again).
 */
export async function openSearchIndex(options: OpenOptions): Promise<OpenResult> {
  mkdirSync(options.dir, { recursive: true })
  const file = path.join(options.dir, indexFileName(options.connectionId))
  /** An index on a file that was removed or set aside: starts empty. */
  const openFresh = async () => {
    const index = new SearchIndex(file, options)
    await index.rebuildMemory(options.yieldFn)
    return index
  }
  try {
    // SQLite would follow a link planted in the data folder: a linked file is not the index.
    for (const suffix of ['', '-wal', '-shm']) {
      if (lstatSync(`${file}${suffix}`, { throwIfNoEntry: false })?.isSymbolicLink()) {
        throw new IndexDamagedError(`${path.basename(file)}${suffix} is a link; Paydesk does not follow links`)
      }
    }
    const index = new SearchIndex(file, options)
    await index.rebuildMemory(options.yieldFn)
    return { index, notice: null }
  } catch (error) {
    if (error instanceof IndexOutdatedError) {
      removeSearchIndex(options.dir, options.connectionId)
      const index = new SearchIndex(file, options)
      await index.rebuildMemory(options.yieldFn)
      return {
        index,
        notice: 'The local search index was made by an earlier Paydesk; it is being rebuilt from the service.',
      }
    }
    if (!(error instanceof IndexDamagedError) && !isSqliteDamage(error)) throw error
    const aside = `${file}.damaged-${new Date().toISOString().replace(/[:.]/g, '-')}`
    // renameSync and rmSync act on a link itself, never on what it points to.
    if (existsSync(file) || lstatSync(file, { throwIfNoEntry: false })) renameSync(file, aside)
    for (const suffix of ['-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true })
    const index = await openFresh()
    const reason = error instanceof Error ? error.message : String(error)
    return {
      index,
      notice: `The local search index could not be read (${reason}). It was set aside as ${path.basename(aside)} and is being rebuilt from the service.`,
    }
  }
}

function isSqliteDamage(error: unknown): boolean {
  const e = error as { code?: string; errcode?: number; message?: string }
  if (e?.code === 'ERR_SQLITE_ERROR') return true
  return /not a database|malformed|corrupt|file is encrypted/i.test(e?.message ?? '')
}

/** Removes a connection's index files (the connection was removed). */
export function removeSearchIndex(dir: string, connectionId: string): void {
  const file = path.join(dir, indexFileName(connectionId))
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${file}${suffix}`, { force: true })
}

/** Two characters or more, or one symbol/ideograph (an emoji, a CJK character). */
function searchableLength(term: string): boolean {
  return [...term].length >= 2 || /[\p{So}\p{Lo}]/u.test(term)
}

function amountAlsoText(q: ParsedQuery): boolean {
  return q.amount?.alsoText === true && searchableLength(q.amount.raw)
}

/** A row of a query's result, before its personal fields are read. */
interface HitRow {
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

/** A row as stored: a hit's columns, the rest of the plain columns and the encrypted personal record. */
interface StoredRow extends Omit<HitRow, 'tkey'> {
  amount_key: string
  mode: string
  profile_id: string
  personal: Uint8Array
}

/** Lower case without accents, as the full-text tokenizer compares. */
const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()

export class SearchIndex {
  private readonly db: DatabaseSync
  private readonly budget: QueryBudget
  private readonly key: Uint8Array
  private readonly connectionId: string
  private readonly limits: { payments: number; orders: number }
  private readonly statements = new Map<string, StatementSync>()
  private readonly counts = new Map<SyncKind, number>()
  private closed = false

  constructor(
    readonly file: string,
    options: OpenOptions,
  ) {
    this.key = options.key
    this.connectionId = options.connectionId
    this.limits = options.limits ?? DEFAULT_LIMITS
    this.db = new DatabaseSync(file)
    try {
      this.db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA temp_store = MEMORY;')
      const check = this.db.prepare('PRAGMA quick_check').get() as { quick_check?: string } | undefined
      if (check?.quick_check !== 'ok') throw new IndexDamagedError(`integrity check: ${check?.quick_check}`)
      this.migrate()
      this.budget = installQueryBudget(this.db)
      // The full-text index: memory only, never on disk.
      this.db.exec(`ATTACH DATABASE ':memory:' AS mem`)
      for (const table of TABLES) {
        this.db.exec(
          // `state` is kept beside the words for the hit, not searched (the words in `facts` are).
          `CREATE VIRTUAL TABLE mem.${table}_fts USING fts5(${FTS_COLUMNS.join(', ')}, state UNINDEXED, ` +
            `tokenize = "unicode61 remove_diacritics 2 categories 'L* N* Co So'", prefix = '1 2 3')`,
        )
        this.db.exec(vocabularyTable('mem', table))
        // The full-text rowid is a time key (created_ms × 1024 + a few bits), so the FTS table can
        // be walked newest first; this table maps it to the row.
        this.db.exec(`CREATE TABLE mem.${table}_keys (tkey INTEGER PRIMARY KEY, rid INTEGER NOT NULL UNIQUE)`)
      }
    } catch (error) {
      this.db.close()
      throw error
    }
  }

  private migrate(): void {
    const version = (this.db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version
    if (version === SCHEMA_VERSION) {
      const meta = this.db.prepare(`SELECT value FROM meta WHERE key = 'connection'`).get() as
        { value: string } | undefined
      if (meta?.value !== this.connectionId) throw new IndexDamagedError('the file belongs to another connection')
      return
    }
    if (version > 0 && version < SCHEMA_VERSION) throw new IndexOutdatedError(`schema ${version}`)
    if (version !== 0) throw new IndexDamagedError(`unknown schema version ${version}`)
    const hasTables = this.db.prepare(`SELECT count(*) AS n FROM sqlite_master`).get() as { n: number }
    if (hasTables.n > 0) throw new IndexDamagedError('unexpected tables')
    this.db.exec(`
      BEGIN;
      CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE sync_state (kind TEXT PRIMARY KEY, state TEXT NOT NULL);
      ${TABLES.map(
        (t) => `CREATE TABLE ${t} (
          rid INTEGER PRIMARY KEY,
          id TEXT NOT NULL UNIQUE,
          created_ms INTEGER NOT NULL,
          status TEXT NOT NULL,
          method TEXT,
          currency TEXT NOT NULL,
          value TEXT NOT NULL,
          amount_key TEXT NOT NULL,
          order_id TEXT,
          mode TEXT NOT NULL,
          profile_id TEXT NOT NULL,
          personal BLOB NOT NULL
        );
        CREATE INDEX ${t}_created ON ${t}(created_ms);
        CREATE INDEX ${t}_amount ON ${t}(amount_key);
        CREATE INDEX ${t}_status ON ${t}(status, created_ms);
        CREATE INDEX ${t}_order ON ${t}(order_id);`,
      ).join('\n')}
      PRAGMA user_version = ${SCHEMA_VERSION};
      COMMIT;`)
    this.db.prepare(`INSERT INTO meta (key, value) VALUES ('connection', ?)`).run(this.connectionId)
  }

  /** Search statements stop at this moment (performance.now() time); null: no limit. */
  setSearchDeadline(deadline: number | null): void {
    this.budget.setDeadline(deadline)
  }

  private stmt(sql: string): StatementSync {
    let s = this.statements.get(sql)
    if (!s) {
      // Queries vary by their filters (how many statuses, methods…): keep the cache bounded.
      if (this.statements.size >= MAX_STATEMENTS) {
        const oldest = this.statements.keys().next()
        if (!oldest.done) this.statements.delete(oldest.value)
      }
      s = this.db.prepare(sql)
      this.statements.set(sql, s)
    }
    return s
  }

  /**
   * The associated data of a row's encrypted record: the connection, the object and every plain
   * column, so a plain column edited in the file makes the row fail to decrypt (the index is then
   * set aside and rebuilt).
   */
  private aad(kind: SyncKind, id: string, plain: readonly (string | number | null)[]): string {
    return `search-index:2:${this.connectionId}:${kind}:${id}:${JSON.stringify(plain)}`
  }

  /** Decrypts every row into the in-memory FTS tables, in chunks (yielding in between). */
  async rebuildMemory(yieldFn: () => Promise<void> = () => new Promise((r) => setImmediate(r))): Promise<void> {
    for (const table of TABLES) {
      this.db.exec(`DELETE FROM mem.${table}_fts; DELETE FROM mem.${table}_keys`)
      // Oldest first, so the time keys arrive in ascending order (see insertFts).
      let after = { ms: Number.MIN_SAFE_INTEGER, rid: 0 }
      for (;;) {
        const rows = this.stmt(
          `SELECT rid, id, created_ms, status, method, currency, value, amount_key, order_id, mode, profile_id, personal
           FROM ${table} WHERE (created_ms, rid) > (?, ?) ORDER BY created_ms, rid LIMIT 2000`,
        ).all(after.ms, after.rid) as unknown as StoredRow[]
        if (rows.length === 0) break
        this.db.exec('BEGIN')
        try {
          const batch = rows.map((row) => {
            try {
              const plain = [
                row.created_ms,
                row.status,
                row.method,
                row.currency,
                row.value,
                row.order_id,
                row.mode,
                row.profile_id,
              ]
              if (row.amount_key !== amountKey(row.value))
                throw new IndexDamagedError('an amount does not match its key')
              const personal = decryptJson<PersonalFields>(this.key, row.personal, this.aad(table, row.id, plain))
              return { rid: row.rid, createdMs: row.created_ms, personal }
            } catch (error) {
              if (error instanceof DecryptionError) throw new IndexDamagedError(error.message)
              throw error
            }
          })
          this.insertFts(table, batch)
          this.db.exec('COMMIT')
        } catch (error) {
          this.db.exec('ROLLBACK')
          throw error
        }
        const last = rows[rows.length - 1]
        if (last === undefined) break
        after = { ms: last.created_ms, rid: last.rid }
        if (this.closed) return
        await yieldFn()
      }
    }
  }

  /**
   * A free time key for a row: newer rows get larger keys. Equal times (the service's timestamps
   * have whole seconds) are told apart by the rid's low bits, or by the next key after the largest
   * one of that second.
   */
  private timeKey(table: string, rid: number, createdMs: number): number {
    const ms = Number.isFinite(createdMs) ? Math.min(Math.max(Math.trunc(createdMs), 0), 2 ** 43 - 2_000) : 0
    const taken = this.stmt(`SELECT 1 AS x FROM mem.${table}_keys WHERE tkey = ?`)
    let key = ms * 1024 + (rid % 1024)
    if (taken.get(key) === undefined) return key
    const top = this.stmt(`SELECT max(tkey) AS m FROM mem.${table}_keys WHERE tkey >= ? AND tkey < ?`).get(
      ms * 1024,
      (ms + 1000) * 1024,
    ) as { m: number | null }
    key = (top.m ?? key) + 1
    while (taken.get(key) !== undefined) key++
    return key
  }

  /**
   * Adds rows' words to the full-text table. FTS5 keeps a batch of new rows in memory only while
   * their rowids ascend: a smaller rowid flushes that batch to a segment of its own. A sync walks
   * newest first (descending time keys), so each batch is inserted in ascending key order; row by
   * row it cost ~60 µs a row instead of ~9.
   */
  private insertFts(table: string, rows: { rid: number; createdMs: number; personal: PersonalFields }[]): void {
    const keyed = rows.map((row) => {
      const tkey = this.timeKey(table, row.rid, row.createdMs)
      this.stmt(`INSERT INTO mem.${table}_keys (tkey, rid) VALUES (?, ?)`).run(tkey, row.rid)
      return { tkey, p: row.personal }
    })
    keyed.sort((a, b) => a.tkey - b.tkey)
    const insert = this.stmt(
      `INSERT INTO mem.${table}_fts (rowid, ${FTS_COLUMNS.join(', ')}, state) VALUES (?, ${FTS_COLUMNS.map(() => '?').join(', ')}, ?)`,
    )
    for (const { tkey, p } of keyed) {
      insert.run(tkey, ...FTS_COLUMNS.map((c) => p[c] ?? ''), p.state ?? '')
    }
  }

  private deleteFts(table: string, rid: number): void {
    const k = this.stmt(`SELECT tkey FROM mem.${table}_keys WHERE rid = ?`).get(rid) as { tkey: number } | undefined
    if (!k) return
    this.stmt(`DELETE FROM mem.${table}_fts WHERE rowid = ?`).run(k.tkey)
    this.stmt(`DELETE FROM mem.${table}_keys WHERE tkey = ?`).run(k.tkey)
  }

  /** Inserts or refreshes rows (one transaction with `after`, e.g. saving the sync cursor). */
  upsert(kind: SyncKind, rows: IndexRow[], after?: () => void): void {
    this.counts.delete(kind)
    this.db.exec('BEGIN')
    try {
      // One entry per row (an id twice in one batch: the later copy wins, as row by row).
      const words = new Map<number, { rid: number; createdMs: number; personal: PersonalFields }>()
      for (const row of rows) {
        const rid = this.upsertOne(kind, row)
        words.delete(rid)
        words.set(rid, { rid, createdMs: row.createdMs, personal: row.personal })
      }
      this.insertFts(kind, [...words.values()])
      after?.()
      this.db.exec('COMMIT')
    } catch (error) {
      this.db.exec('ROLLBACK')
      throw error
    }
  }

  /** Writes a row to its table (its words are added by the caller); returns its rid. */
  private upsertOne(kind: SyncKind, row: IndexRow): number {
    const plain = [row.createdMs, row.status, row.method, row.currency, row.value, row.orderId, row.mode, row.profileId]
    const personal = encryptJson(this.key, row.personal, this.aad(kind, row.id, plain))
    const existing = this.stmt(`SELECT rid FROM ${kind} WHERE id = ?`).get(row.id) as { rid: number } | undefined
    const values = [
      row.createdMs,
      row.status,
      row.method,
      row.currency,
      row.value,
      amountKey(row.value),
      row.orderId,
      row.mode,
      row.profileId,
      personal,
    ] as const
    let rid: number
    if (existing) {
      rid = existing.rid
      this.stmt(
        `UPDATE ${kind} SET created_ms = ?, status = ?, method = ?, currency = ?, value = ?, amount_key = ?, order_id = ?, mode = ?, profile_id = ?, personal = ? WHERE rid = ?`,
      ).run(...values, rid)
      this.deleteFts(kind, rid)
    } else {
      const result = this.stmt(
        `INSERT INTO ${kind} (id, created_ms, status, method, currency, value, amount_key, order_id, mode, profile_id, personal) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(row.id, ...values)
      rid = Number(result.lastInsertRowid)
    }
    return rid
  }

  /** Keeps at most `limits[kind]` rows: the oldest go. Returns how many were removed. */
  prune(kind: SyncKind): number {
    const limit = this.limits[kind]
    const n = this.count(kind)
    if (n <= limit) return 0
    this.counts.delete(kind)
    const excess = n - limit
    const victims = this.stmt(`SELECT rid FROM ${kind} ORDER BY created_ms ASC, rid ASC LIMIT ?`).all(excess) as {
      rid: number
    }[]
    this.db.exec('BEGIN')
    try {
      for (const v of victims) {
        this.stmt(`DELETE FROM ${kind} WHERE rid = ?`).run(v.rid)
        this.deleteFts(kind, v.rid)
      }
      this.db.exec('COMMIT')
    } catch (error) {
      this.db.exec('ROLLBACK')
      throw error
    }
    return victims.length
  }

  /** Ids of rows in these statuses, newest first (refresh.ts reads them again). */
  idsWithStatus(kind: SyncKind, statuses: readonly string[], limit: number): string[] {
    if (statuses.length === 0) return []
    const rows = this.stmt(
      `SELECT id FROM ${kind} WHERE status IN (${statuses.map(() => '?').join(', ')}) ORDER BY created_ms DESC LIMIT ?`,
    ).all(...statuses, limit) as { id: string }[]
    return rows.map((r) => r.id)
  }

  /** Removes one row (the service no longer has it). */
  remove(kind: SyncKind, id: string): void {
    const row = this.stmt(`SELECT rid FROM ${kind} WHERE id = ?`).get(id) as { rid: number } | undefined
    if (!row) return
    this.counts.delete(kind)
    this.db.exec('BEGIN')
    try {
      this.stmt(`DELETE FROM ${kind} WHERE rid = ?`).run(row.rid)
      this.deleteFts(kind, row.rid)
      this.db.exec('COMMIT')
    } catch (error) {
      this.db.exec('ROLLBACK')
      throw error
    }
  }

  has(kind: SyncKind, id: string): boolean {
    return this.stmt(`SELECT 1 AS x FROM ${kind} WHERE id = ?`).get(id) !== undefined
  }

  /** Rows held; cached between writes (every keystroke's result reports it). */
  count(kind: SyncKind): number {
    let n = this.counts.get(kind)
    if (n === undefined) {
      n = (this.stmt(`SELECT count(*) AS n FROM ${kind}`).get() as { n: number }).n
      this.counts.set(kind, n)
    }
    return n
  }

  /** The account the rows belong to (`profileId|mode` of the first row), or null when empty. */
  scope(): string | null {
    const v = this.stmt(`SELECT value FROM meta WHERE key = 'scope'`).get() as { value: string } | undefined
    return v?.value ?? null
  }

  setScope(scope: string): void {
    this.stmt(
      `INSERT INTO meta (key, value) VALUES ('scope', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value`,
    ).run(scope)
  }

  /** Drops every row and marker (the connection now reaches another account). */
  clear(): void {
    this.counts.clear()
    this.db.exec('BEGIN')
    for (const t of TABLES) {
      this.db.exec(`DELETE FROM ${t}`)
      this.db.exec(`DELETE FROM mem.${t}_fts; DELETE FROM mem.${t}_keys`)
    }
    this.db.exec(`DELETE FROM sync_state; DELETE FROM meta WHERE key = 'scope'`)
    this.db.exec('COMMIT')
  }

  marker(kind: MarkerKind): SyncMarker {
    const row = this.stmt(`SELECT state FROM sync_state WHERE kind = ?`).get(kind) as { state: string } | undefined
    const empty: SyncMarker = {
      newestId: null,
      newestCreatedMs: null,
      nextLink: null,
      walkTopId: null,
      walkTopCreatedMs: null,
      full: false,
      lastCompletedAt: null,
    }
    if (!row) return empty
    try {
      // Encrypted and bound to the connection and list: a marker edited, or copied from another
      // index, does not decrypt, and the walk starts again from the newest object.
      const state = decryptJson<Partial<SyncMarker>>(this.key, Buffer.from(row.state, 'base64'), this.markerAad(kind))
      return { ...empty, ...state }
    } catch {
      return empty
    }
  }

  private markerAad(kind: MarkerKind): string {
    return `search-sync:2:${this.connectionId}:${kind}`
  }

  /** Saves a marker; call inside `upsert`'s `after` to commit it with the page. */
  saveMarker(kind: MarkerKind, marker: SyncMarker): void {
    this.stmt(
      `INSERT INTO sync_state (kind, state) VALUES (?, ?) ON CONFLICT(kind) DO UPDATE SET state = excluded.state`,
    ).run(kind, Buffer.from(encryptJson(this.key, marker, this.markerAad(kind))).toString('base64'))
  }

  /**
   * Runs a parsed query (never string-built from user text: every value is a bound parameter).
   * With words: the matches are walked newest first (the full-text rowid is a time key) and the
   * first RANKED_CANDIDATES of them that pass the filters are ranked by relevance (bm25), ties
   * newest first; `broad` says that more matched than were ranked. Without words: newest first.
   */
  search(
    kind: SyncKind,
    q: ParsedQuery,
    limit = HITS_PER_GROUP,
  ): { hits: SearchHit[]; more: boolean; broad: boolean; stopped?: boolean; dropped?: string[] } {
    return { ...this.searchWithin(kind, q, limit), ...this.lastDropped(kind) }
  }

  /** Words of the last search of `kind` left out as too common (query-budget.ts chooseTerms). */
  private dropped = new Map<SyncKind, string[]>()
  private lastDropped(kind: SyncKind): { dropped?: string[] } {
    const words = this.dropped.get(kind) ?? []
    return words.length > 0 ? { dropped: words } : {}
  }

  /** Postings of every word starting with `prefix` (the vocabulary's document counts). */
  private postings(kind: SyncKind, prefix: string): number {
    const row = this.stmt(
      `SELECT coalesce(sum(doc), 0) AS n FROM mem.${kind}_vocab WHERE term >= ? AND term < ? || char(1114111)`,
    ).get(prefix, prefix) as { n: number } | undefined
    return row?.n ?? 0
  }

  private searchWithin(
    kind: SyncKind,
    q: ParsedQuery,
    limit: number,
  ): { hits: SearchHit[]; more: boolean; broad: boolean; stopped?: boolean } {
    const filters: string[] = [WITHIN_BUDGET]
    const params: (string | number)[] = []
    const statuses = q.statuses
    if (statuses.length) {
      filters.push(`t.status IN (${statuses.map(() => '?').join(', ')})`)
      params.push(...statuses)
    }
    if (q.methods.length) {
      filters.push(`t.method IN (${q.methods.map(() => '?').join(', ')})`)
      params.push(...q.methods)
    }
    if (q.range) {
      filters.push('t.created_ms >= ? AND t.created_ms < ?')
      params.push(q.range.fromMs, q.range.toMs)
    }
    // One-character words would prefix-match most rows and rank them all: searched from two characters.
    const { kept: terms, dropped } = chooseTerms(
      q.terms.filter((t) => hasSearchableText(t) && searchableLength(t)),
      (prefix) => this.postings(kind, prefix),
    )
    this.dropped.set(kind, dropped)
    const ftsTerms = terms.map(ftsPhrase)
    if (q.amount) {
      // A number that reads two ways (`1,234`) matches either reading.
      const keys = q.amount.keys.length > 0 ? q.amount.keys : [q.amount.key]
      const keyCond = `t.amount_key IN (${keys.map(() => '?').join(', ')})`
      const amountCond = q.amount.currency ? `(${keyCond} AND t.currency = ?)` : keyCond
      const amountParams: string[] = q.amount.currency ? [...keys, q.amount.currency] : [...keys]
      // The number is also looked for in text (an order number "59"), from two characters on.
      if (amountAlsoText(q)) {
        filters.push(
          `(${amountCond} OR t.rid IN (SELECT k.rid FROM mem.${kind}_keys k WHERE k.tkey IN ` +
            `(SELECT rowid FROM mem.${kind}_fts WHERE ${kind}_fts MATCH ?)))`,
        )
        params.push(...amountParams, ftsPhrase(q.amount.raw))
      } else {
        filters.push(amountCond)
        params.push(...amountParams)
      }
    }
    const columns = `t.rid, t.id, t.created_ms, t.status, t.method, t.currency, t.value, t.order_id`
    if (ftsTerms.length === 0) {
      // Only words without letters or digits (e.g. punctuation): nothing can match them literally.
      if (q.terms.some(searchableLength) || filters.length === 1) return { hits: [], more: false, broad: false }
      const { rows, stopped } = this.budget.rows<HitRow>(
        this.stmt(
          `SELECT ${columns}, NULL AS tkey FROM ${kind} t WHERE ${filters.join(' AND ')}
           ORDER BY t.created_ms DESC, t.id DESC LIMIT ?`,
        ),
        [...params, limit + 1],
      )
      return {
        hits: rows.slice(0, limit).map((r) => this.hit(kind, r, q, terms)),
        more: rows.length > limit,
        broad: stopped,
        stopped,
      }
    }
    const match = ftsTerms.join(' AND ')
    const score = `bm25(f.${kind}_fts, 10.0, 6.0, 2.0, 3.0, 8.0, 2.0)`
    // Equal relevance: the newer first, by the time key (created time, then the order stored).
    const byRank = (a: { score: number; tkey: number | null }, b: { score: number; tkey: number | null }) =>
      a.score - b.score || (b.tkey ?? 0) - (a.tkey ?? 0)
    if (filters.length === 1) {
      // Nothing to check on the row: rank in the full-text table alone (the newest 1,000 matches),
      // then read only the rows shown (reading a row per candidate cost ~7 ms of 1,000 lookups).
      const { rows: ranked, stopped } = this.budget.rows<{ tkey: number; score: number }>(
        this.stmt(
          `SELECT f.rowid AS tkey, ${score} AS score FROM mem.${kind}_fts f
         WHERE f.${kind}_fts MATCH ? AND ${WITHIN_BUDGET} ORDER BY f.rowid DESC LIMIT ?`,
        ),
        [match, RANKED_CANDIDATES],
      )
      ranked.sort(byRank)
      const read = this.stmt(
        `SELECT ${columns}, k.tkey AS tkey FROM mem.${kind}_keys k CROSS JOIN ${kind} t WHERE k.tkey = ? AND t.rid = k.rid`,
      )
      const hits: SearchHit[] = []
      for (const r of ranked.slice(0, limit)) {
        const row = read.get(r.tkey) as HitRow | undefined
        if (row) hits.push(this.hit(kind, row, q, terms))
      }
      return { hits, more: ranked.length > limit, broad: stopped || ranked.length >= RANKED_CANDIDATES, stopped }
    }
    // CROSS JOIN keeps the full-text table outermost: walked newest first, it stops at the cap.
    const { rows, stopped } = this.budget.rows<HitRow & { score: number }>(
      this.stmt(
        `SELECT ${columns}, f.rowid AS tkey, ${score} AS score
       FROM mem.${kind}_fts f CROSS JOIN mem.${kind}_keys k CROSS JOIN ${kind} t
       WHERE f.${kind}_fts MATCH ? AND k.tkey = f.rowid AND t.rid = k.rid
       ${filters.map((f) => `AND ${f}`).join(' ')}
       ORDER BY f.rowid DESC LIMIT ?`,
      ),
      [match, ...params, RANKED_CANDIDATES],
    )
    rows.sort(byRank)
    return {
      hits: rows.slice(0, limit).map((r) => this.hit(kind, r, q, terms)),
      more: rows.length > limit,
      broad: stopped || rows.length >= RANKED_CANDIDATES,
      stopped,
    }
  }

  private hit(kind: SyncKind, r: HitRow, q: ParsedQuery, terms: string[]): SearchHit {
    const tkey =
      r.tkey ??
      (this.stmt(`SELECT tkey FROM mem.${kind}_keys WHERE rid = ?`).get(r.rid) as { tkey: number } | undefined)?.tkey
    const p =
      tkey === undefined
        ? undefined
        : (this.stmt(`SELECT ${FTS_COLUMNS.join(', ')}, state FROM mem.${kind}_fts WHERE rowid = ?`).get(tkey) as
            PersonalFields | undefined)
    const matched: string[] = []
    if (p) {
      const folded = terms.map(fold)
      for (const column of FTS_COLUMNS) {
        const text = fold(p[column])
        if (folded.some((t) => text.includes(t)) || (amountAlsoText(q) && text.includes(q.amount?.raw ?? ''))) {
          matched.push(MATCH_LABELS[column])
        }
      }
    }
    if (
      q.amount &&
      q.amount.keys.includes(amountKey(r.value)) &&
      (!q.amount.currency || q.amount.currency === r.currency)
    ) {
      matched.push('Amount')
    }
    if (q.statuses.length) matched.push('Status')
    if (q.methods.length) matched.push('Method')
    if (q.range) matched.push('Date')
    return {
      kind: kind === 'payments' ? 'payment' : 'order',
      id: r.id,
      createdAt: new Date(r.created_ms).toISOString(),
      status: r.status,
      state: p?.state || r.status,
      method: r.method,
      amount: { currency: r.currency, value: r.value },
      orderId: r.order_id,
      title: kind === 'orders' ? p?.orderNumber || r.id : p?.description || r.id,
      customer: [p?.name, p?.email].filter(Boolean).join(' · '),
      matched,
      latestPaymentId:
        kind === 'orders'
          ? ((
              this.stmt(`SELECT id FROM payments WHERE order_id = ? ORDER BY created_ms DESC, id DESC LIMIT 1`).get(
                r.id,
              ) as { id: string } | undefined
            )?.id ?? null)
          : null,
    }
  }

  /** Counts by status in [fromMs, toMs) and the failures that may need a call. */
  summary(nowRanges: { todayFrom: number; weekFrom: number; until: number }): HomeSummary {
    const byStatus = (from: number) =>
      Object.fromEntries(
        (
          this.stmt(
            `SELECT status, count(*) AS n FROM payments WHERE created_ms >= ? AND created_ms < ? GROUP BY status`,
          ).all(from, nowRanges.until) as { status: string; n: number }[]
        ).map((r) => [r.status, r.n]),
      )
    const failures = this.stmt(
      `SELECT rid, id, created_ms, status, method, currency, value, order_id, NULL AS tkey FROM payments
       WHERE created_ms >= ? AND created_ms < ? AND status IN ('failed', 'expired', 'canceled')
       ORDER BY created_ms DESC LIMIT 20`,
    ).all(nowRanges.todayFrom, nowRanges.until) as unknown as HitRow[]
    const empty: ParsedQuery = { statuses: [], methods: [], terms: [], chips: [], warnings: [] }
    return {
      today: byStatus(nowRanges.todayFrom),
      last7Days: byStatus(nowRanges.weekFrom),
      failuresToday: failures.map((r) => this.hit('payments', r, empty, [])),
      payments: this.count('payments'),
      orders: this.count('orders'),
    }
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
      this.db.exec('PRAGMA wal_checkpoint(TRUNCATE)')
    } catch {
      // best effort
    }
    this.db.close()
  }
}

// What the index file holds and how a file is checked when it opens (docs/SEARCH.md, "Search
// index"): the schema version, the tables on disk, the full-text tables in memory, and the two ways
// a file is refused (an earlier schema, or damage).
import { DatabaseSync } from 'node:sqlite'
import { DEFAULT_PAYMENT_CAP } from '../../../shared/search/index-cap'
import { installQueryBudget, vocabularyTable, type QueryBudget } from '../query-budget'
import { FTS_COLUMNS } from '../rows'
import { PREFIX_INDEX_LENGTHS, termsTable } from './phrases'
import { installRowCheck, type RowCheck } from './row-filters'

/**
 * 2: the plain columns are bound into each row's encrypted record (associated data) and the sync
 * markers are encrypted, so an edit of either is found at open (issue 22 item 7).
 * 3: each record also holds what happened to the object in words ("refunded", "chargeback", a
 * failure reason) and its state as the agent reads it (rows.ts); an index of schema 2 is rebuilt.
 */
const SCHEMA_VERSION = 3
/** Rows kept per kind; the oldest go first (docs/SEARCH.md, "Search index"). The payments' cap is the agent's choice. */
export const DEFAULT_LIMITS = { payments: DEFAULT_PAYMENT_CAP, orders: 100_000 }

export const TABLES = ['payments', 'orders'] as const

/** The index of a table's amounts (query.ts names it for a search by amount). */
export function amountIndex(table: string): string {
  return `${table}_amount`
}

/** A file of an earlier schema: replaced by a fresh index (not damage, so no copy is kept). */
export class IndexOutdatedError extends Error {}

export class IndexDamagedError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'IndexDamagedError'
  }
}

/**
 * Opens the file, checks it (integrity, schema, connection), creates the tables of a new file and
 * the in-memory full-text tables. Closes the database before throwing.
 */
export function openIndexDatabase(
  file: string,
  connectionId: string,
): { db: DatabaseSync; budget: QueryBudget; rowCheck: RowCheck } {
  const db = new DatabaseSync(file)
  try {
    db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA temp_store = MEMORY;')
    const check = db.prepare('PRAGMA quick_check').get() as { quick_check?: string } | undefined
    if (check?.quick_check !== 'ok') throw new IndexDamagedError(`integrity check: ${check?.quick_check}`)
    migrate(db, connectionId)
    const budget = installQueryBudget(db)
    const rowCheck = installRowCheck(db, budget)
    createMemoryTables(db)
    return { db, budget, rowCheck }
  } catch (error) {
    db.close()
    throw error
  }
}

/** The full-text index: memory only, never on disk. */
function createMemoryTables(db: DatabaseSync): void {
  db.exec(`ATTACH DATABASE ':memory:' AS mem`)
  for (const table of TABLES) {
    db.exec(
      // `state` is kept beside the words for the hit, not searched (the words in `facts` are).
      `CREATE VIRTUAL TABLE mem.${table}_fts USING fts5(${FTS_COLUMNS.join(', ')}, state UNINDEXED, ` +
        `tokenize = "unicode61 remove_diacritics 2 categories 'L* N* Co So'", prefix = '${PREFIX_INDEX_LENGTHS.join(' ')}')`,
    )
    db.exec(vocabularyTable('mem', table))
    db.exec(termsTable('mem', table))
    // The full-text rowid is a time key (created_ms × 1024 + a few bits), so the FTS table can
    // be walked newest first; this table maps it to the row, and holds the row's columns a search
    // filters by, so a walk of a word's matches checks a status or a date here, in memory, and reads
    // only the rows shown (reading the row of each match cost twice as much: issue 28).
    db.exec(
      `CREATE TABLE mem.${table}_keys (tkey INTEGER PRIMARY KEY, rid INTEGER NOT NULL UNIQUE, ` +
        `status TEXT NOT NULL, method TEXT, created_ms INTEGER NOT NULL)`,
    )
    db.exec(`CREATE INDEX mem.${table}_keys_method ON ${table}_keys(method, tkey)`)
  }
}

function migrate(db: DatabaseSync, connectionId: string): void {
  const version = (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version
  if (version === SCHEMA_VERSION) {
    const meta = db.prepare(`SELECT value FROM meta WHERE key = 'connection'`).get() as { value: string } | undefined
    if (meta?.value !== connectionId) throw new IndexDamagedError('the file belongs to another connection')
    return
  }
  if (version > 0 && version < SCHEMA_VERSION) throw new IndexOutdatedError(`schema ${version}`)
  if (version !== 0) throw new IndexDamagedError(`unknown schema version ${version}`)
  const hasTables = db.prepare(`SELECT count(*) AS n FROM sqlite_master`).get() as { n: number }
  if (hasTables.n > 0) throw new IndexDamagedError('unexpected tables')
  db.exec(`
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
        CREATE INDEX ${amountIndex(t)} ON ${t}(amount_key);
        CREATE INDEX ${t}_status ON ${t}(status, created_ms);
        CREATE INDEX ${t}_order ON ${t}(order_id);`,
      ).join('\n')}
      PRAGMA user_version = ${SCHEMA_VERSION};
      COMMIT;`)
  db.prepare(`INSERT INTO meta (key, value) VALUES ('connection', ?)`).run(connectionId)
}

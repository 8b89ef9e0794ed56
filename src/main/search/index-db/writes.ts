// Writing the index: rows in (encrypted on disk, their words in the in-memory full-text table),
// rows out (pruned, removed, cleared), and the full-text table rebuilt from the file at open.
import type { SyncKind } from '../../../shared/ipc/search'
import { amountKey } from '../../../shared/search/query'
import { DecryptionError, decryptJson, encryptJson } from '../../storage/encryption'
import { FTS_COLUMNS, type IndexRow, type PersonalFields } from '../rows'
import { countRows, inTransaction, rowAad, tableChanged, type HitRow, type IndexContext } from './context'
import { IndexDamagedError, TABLES } from './schema'

/** A row as stored: its plain columns and the encrypted personal record. */
interface StoredRow extends Omit<HitRow, 'tkey'> {
  amount_key: string
  mode: string
  profile_id: string
  personal: Uint8Array
}

/** A row's words on their way into the full-text table, with the columns a search filters by. */
interface RowWords {
  rid: number
  createdMs: number
  status: string
  method: string | null
  personal: PersonalFields
}

/** Decrypts every row into the in-memory FTS tables, in chunks (yielding in between). */
export async function rebuildMemory(ctx: IndexContext, yieldFn: () => Promise<void>): Promise<void> {
  for (const table of TABLES) {
    ctx.db.exec(`DELETE FROM mem.${table}_fts; DELETE FROM mem.${table}_keys`)
    ctx.filters[table].clear()
    // Oldest first, so the time keys arrive in ascending order (see insertFts).
    let after = { ms: Number.MIN_SAFE_INTEGER, rid: 0 }
    for (;;) {
      const rows = ctx
        .stmt(
          `SELECT rid, id, created_ms, status, method, currency, value, amount_key, order_id, mode, profile_id, personal
           FROM ${table} WHERE (created_ms, rid) > (?, ?) ORDER BY created_ms, rid LIMIT 2000`,
        )
        .all(after.ms, after.rid) as unknown as StoredRow[]
      if (rows.length === 0) break
      changingRows(ctx, () =>
        insertFts(
          ctx,
          table,
          rows.map((row) => storedWords(ctx, table, row)),
        ),
      )
      const last = rows[rows.length - 1]
      if (last === undefined) break
      after = { ms: last.created_ms, rid: last.rid }
      if (ctx.isClosed()) return
      await yieldFn()
    }
  }
}

/** A stored row's words, decrypted; a row that does not decrypt or match its plain columns is damage. */
function storedWords(ctx: IndexContext, table: SyncKind, row: StoredRow): RowWords {
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
    if (row.amount_key !== amountKey(row.value)) throw new IndexDamagedError('an amount does not match its key')
    const personal = decryptJson<PersonalFields>(ctx.key, row.personal, rowAad(ctx, table, row.id, plain))
    return { rid: row.rid, createdMs: row.created_ms, status: row.status, method: row.method, personal }
  } catch (error) {
    if (error instanceof DecryptionError) throw new IndexDamagedError(error.message)
    throw error
  }
}

/**
 * A free time key for a row: newer rows get larger keys. Equal times (the service's timestamps
 * have whole seconds) are told apart by the rid's low bits, or by the next key after the largest
 * one of that second.
 */
function timeKey(ctx: IndexContext, table: string, rid: number, createdMs: number): number {
  const ms = Number.isFinite(createdMs) ? Math.min(Math.max(Math.trunc(createdMs), 0), 2 ** 43 - 2_000) : 0
  const taken = ctx.stmt(`SELECT 1 AS x FROM mem.${table}_keys WHERE tkey = ?`)
  let key = ms * 1024 + (rid % 1024)
  if (taken.get(key) === undefined) return key
  const top = ctx
    .stmt(`SELECT max(tkey) AS m FROM mem.${table}_keys WHERE tkey >= ? AND tkey < ?`)
    .get(ms * 1024, (ms + 1000) * 1024) as { m: number | null }
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
function insertFts(ctx: IndexContext, table: SyncKind, rows: RowWords[]): void {
  tableChanged(ctx, table)
  const keyed = rows.map((row) => {
    const tkey = timeKey(ctx, table, row.rid, row.createdMs)
    ctx
      .stmt(`INSERT INTO mem.${table}_keys (tkey, rid, status, method, created_ms) VALUES (?, ?, ?, ?, ?)`)
      .run(tkey, row.rid, row.status, row.method, row.createdMs)
    ctx.filters[table].set(tkey, row.status, row.method, row.createdMs)
    return { tkey, p: row.personal }
  })
  keyed.sort((a, b) => a.tkey - b.tkey)
  const insert = ctx.stmt(
    `INSERT INTO mem.${table}_fts (rowid, ${FTS_COLUMNS.join(', ')}, state) VALUES (?, ${FTS_COLUMNS.map(() => '?').join(', ')}, ?)`,
  )
  for (const { tkey, p } of keyed) {
    insert.run(tkey, ...FTS_COLUMNS.map((c) => p[c] ?? ''), p.state ?? '')
  }
}

function deleteFts(ctx: IndexContext, table: SyncKind, rid: number): void {
  const k = ctx.stmt(`SELECT tkey FROM mem.${table}_keys WHERE rid = ?`).get(rid) as { tkey: number } | undefined
  if (!k) return
  tableChanged(ctx, table)
  ctx.stmt(`DELETE FROM mem.${table}_fts WHERE rowid = ?`).run(k.tkey)
  ctx.stmt(`DELETE FROM mem.${table}_keys WHERE tkey = ?`).run(k.tkey)
  ctx.filters[table].delete(k.tkey)
}

/**
 * Runs a write of rows in one transaction. The in-memory filtered columns change with the keys table
 * inside it; when it is rolled back they may hold what the table no longer does, and are marked to
 * be read again from it (row-filters.ts `stale`).
 */
function changingRows<T>(ctx: IndexContext, work: () => T): T {
  try {
    return inTransaction(ctx.db, work)
  } catch (error) {
    for (const table of TABLES) ctx.filters[table].stale = true
    throw error
  }
}

/**
 * Runs a write of rows in one transaction, and moves the rows held (ctx.counts, which every
 * keystroke's answer reports) by what `work` returns (rows added, negative for removed) once it
 * committed: counting them again cost 1.6 ms over 100,000 payments, on each keystroke while a sync
 * writes. The count is set aside during the write (one taken inside it would include rows not yet
 * committed); a failed write leaves it unknown, counted when next asked.
 */
function writing(ctx: IndexContext, kind: SyncKind, work: () => number): void {
  const before = ctx.counts.get(kind)
  ctx.counts.delete(kind)
  const moved = changingRows(ctx, work)
  if (before !== undefined) ctx.counts.set(kind, before + moved)
}

/** Inserts or refreshes rows (one transaction with `after`, e.g. saving the sync cursor). */
export function upsertRows(ctx: IndexContext, kind: SyncKind, rows: IndexRow[], after?: () => void): void {
  writing(ctx, kind, () => {
    // One entry per row (an id twice in one batch: the later copy wins, as row by row).
    const words = new Map<number, RowWords>()
    let inserted = 0
    for (const row of rows) {
      const { rid, added } = upsertOne(ctx, kind, row)
      if (added) inserted++
      words.delete(rid)
      words.set(rid, {
        rid,
        createdMs: row.createdMs,
        status: row.status,
        method: row.method,
        personal: row.personal,
      })
    }
    insertFts(ctx, kind, [...words.values()])
    after?.()
    return inserted
  })
}

/** Writes a row to its table (its words are added by the caller); its rid, and whether it is new. */
function upsertOne(ctx: IndexContext, kind: SyncKind, row: IndexRow): { rid: number; added: boolean } {
  const plain = [row.createdMs, row.status, row.method, row.currency, row.value, row.orderId, row.mode, row.profileId]
  const personal = encryptJson(ctx.key, row.personal, rowAad(ctx, kind, row.id, plain))
  const existing = ctx.stmt(`SELECT rid FROM ${kind} WHERE id = ?`).get(row.id) as { rid: number } | undefined
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
  if (existing) {
    ctx
      .stmt(
        `UPDATE ${kind} SET created_ms = ?, status = ?, method = ?, currency = ?, value = ?, amount_key = ?, order_id = ?, mode = ?, profile_id = ?, personal = ? WHERE rid = ?`,
      )
      .run(...values, existing.rid)
    deleteFts(ctx, kind, existing.rid)
    return { rid: existing.rid, added: false }
  }
  const result = ctx
    .stmt(
      `INSERT INTO ${kind} (id, created_ms, status, method, currency, value, amount_key, order_id, mode, profile_id, personal) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(row.id, ...values)
  return { rid: Number(result.lastInsertRowid), added: true }
}

/** Keeps at most `limits[kind]` rows: the oldest go. Returns how many were removed. */
export function pruneRows(ctx: IndexContext, kind: SyncKind): number {
  const limit = ctx.limits[kind]
  const n = countRows(ctx, kind)
  if (n <= limit) return 0
  const excess = n - limit
  const victims = ctx.stmt(`SELECT rid FROM ${kind} ORDER BY created_ms ASC, rid ASC LIMIT ?`).all(excess) as {
    rid: number
  }[]
  writing(ctx, kind, () => {
    for (const v of victims) {
      ctx.stmt(`DELETE FROM ${kind} WHERE rid = ?`).run(v.rid)
      deleteFts(ctx, kind, v.rid)
    }
    return -victims.length
  })
  return victims.length
}

/** Removes one row (the service no longer has it). */
export function removeRow(ctx: IndexContext, kind: SyncKind, id: string): void {
  const row = ctx.stmt(`SELECT rid FROM ${kind} WHERE id = ?`).get(id) as { rid: number } | undefined
  if (!row) return
  writing(ctx, kind, () => {
    ctx.stmt(`DELETE FROM ${kind} WHERE rid = ?`).run(row.rid)
    deleteFts(ctx, kind, row.rid)
    return -1
  })
}

/** Drops every row and marker (the connection now reaches another account). */
export function clearRows(ctx: IndexContext): void {
  ctx.counts.clear()
  ctx.memo.clear()
  changingRows(ctx, () => {
    for (const t of TABLES) {
      ctx.db.exec(`DELETE FROM ${t}`)
      ctx.db.exec(`DELETE FROM mem.${t}_fts; DELETE FROM mem.${t}_keys`)
      ctx.filters[t].clear()
    }
    ctx.db.exec(`DELETE FROM sync_state; DELETE FROM meta WHERE key = 'scope'`)
  })
}

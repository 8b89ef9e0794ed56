// The team's shared search index in PostgreSQL (issue 51 item 3; schema in index-migration.ts): the
// same sync as the desk's own index (src/main/search/sync.ts walks, refresh.ts and changes.ts keep it
// true) writes it through the SyncTarget port, one round trip or one transaction per call; a page's
// rows and the walk's marker commit together, so an interrupted walk resumes at the first page it had
// not committed, whichever desk or runner takes it over. Searching it is shared-index-query.ts.
import type { Pool, PoolClient } from 'pg'
import type { SyncKind } from '../../shared/ipc/search'
import { amountKey } from '../../shared/search/query'
import { EMPTY_MARKER, type IndexRow, type MarkerKind, type SyncMarker } from '../search/index-db'
import type { SyncTarget } from '../search/sync-target'

/** The most rows the shared index keeps of each kind (the newest): a whole merchant, for most. */
const SHARED_INDEX_LIMITS: Readonly<Record<SyncKind, number>> = { payments: 2_000_000, orders: 1_000_000 }

const TABLE: Record<SyncKind, string> = { payments: 'paydesk.index_payments', orders: 'paydesk.index_orders' }

/** The columns a page writes, in order, with the type of each as an array parameter. */
const COLUMNS: readonly [string, string, (r: IndexRow) => unknown][] = [
  ['id', 'text', (r) => r.id],
  ['created_ms', 'bigint', (r) => r.createdMs],
  ['status', 'text', (r) => r.status],
  ['method', 'text', (r) => r.method],
  ['currency', 'text', (r) => r.currency],
  ['value', 'text', (r) => r.value],
  ['amount_key', 'text', (r) => amountKey(r.value)],
  ['order_id', 'text', (r) => r.orderId],
  ['mode', 'text', (r) => r.mode],
  ['profile_id', 'text', (r) => r.profileId],
  ['email', 'text', (r) => r.personal.email],
  ['name', 'text', (r) => r.personal.name],
  ['address', 'text', (r) => r.personal.address],
  ['description', 'text', (r) => r.personal.description],
  ['order_number', 'text', (r) => r.personal.orderNumber],
  ['metadata', 'text', (r) => r.personal.metadata],
  ['facts', 'text', (r) => r.personal.facts],
  ['state', 'text', (r) => r.personal.state ?? null],
]

/**
 * A page as one statement (one round trip, atomic by itself): the rows upserted, the count of the
 * new ones added, and, when given ($19), the walk's marker saved with them.
 */
function pageSql(kind: SyncKind): string {
  const names = COLUMNS.map(([name]) => name)
  const arrays = COLUMNS.map(([, type], i) => `$${i + 1}::${type}[]`)
  const updates = names
    .filter((n) => n !== 'id')
    .map((n) => `${n} = excluded.${n}`)
    .join(', ')
  const marker = `$${COLUMNS.length + 1}::jsonb`
  return `WITH written AS (
      INSERT INTO ${TABLE[kind]} (${names.join(', ')}) SELECT * FROM unnest(${arrays.join(', ')})
      ON CONFLICT (id) DO UPDATE SET ${updates}, synced_at = now() RETURNING (xmax = 0) AS inserted),
    counted AS (
      UPDATE paydesk.index_counts SET n = n + (SELECT count(*) FROM written WHERE inserted) WHERE kind = '${kind}'),
    marked AS (
      INSERT INTO paydesk.index_markers (kind, state) SELECT '${kind}', ${marker} WHERE ${marker} IS NOT NULL
      ON CONFLICT (kind) DO UPDATE SET state = excluded.state)
    SELECT 1`
}

/** Rows answered in one statement at most (PostgreSQL's parameters are per array here, not per row). */
const ROWS_PER_STATEMENT = 1000

/** A marker as stored, each field taken only when it has its type (a row edited by hand is not trusted). */
function markerFrom(state: unknown): SyncMarker {
  const s = (state ?? {}) as Record<string, unknown>
  const text = (v: unknown) => (typeof v === 'string' ? v : null)
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null)
  return {
    newestId: text(s.newestId),
    newestCreatedMs: num(s.newestCreatedMs),
    nextLink: text(s.nextLink),
    walkTopId: text(s.walkTopId),
    walkTopCreatedMs: num(s.walkTopCreatedMs),
    full: s.full === true,
    lastCompletedAt: num(s.lastCompletedAt),
    walked: num(s.walked) ?? EMPTY_MARKER.walked,
    olderNotKept: s.olderNotKept === true,
  }
}

export class SharedIndex implements SyncTarget {
  constructor(
    private readonly pool: Pool,
    private readonly limits: Readonly<Record<SyncKind, number>> = SHARED_INDEX_LIMITS,
  ) {}

  private async one<T>(sql: string, values: unknown[] = []): Promise<T | undefined> {
    return (await this.pool.query(sql, values)).rows[0] as T | undefined
  }

  private async transaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect()
    try {
      await client.query('BEGIN')
      const result = await work(client)
      await client.query('COMMIT')
      return result
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {})
      throw error
    } finally {
      client.release()
    }
  }

  limit(kind: SyncKind): number {
    return this.limits[kind]
  }

  async marker(kind: MarkerKind): Promise<SyncMarker> {
    const row = await this.one<{ state: unknown }>('SELECT state FROM paydesk.index_markers WHERE kind = $1', [kind])
    return row ? markerFrom(row.state) : { ...EMPTY_MARKER }
  }

  async saveMarker(kind: MarkerKind, marker: SyncMarker): Promise<void> {
    await this.pool.query(MARKER_UPSERT, [kind, JSON.stringify(marker)])
  }

  async savePage(kind: SyncKind, rows: IndexRow[], marker?: SyncMarker): Promise<void> {
    const values = (chunk: readonly IndexRow[], withMarker: boolean) => [
      ...COLUMNS.map(([, , get]) => chunk.map(get)),
      withMarker && marker !== undefined ? JSON.stringify(marker) : null,
    ]
    // A page of the service (at most 250) is one statement; more rows (never from a walk) are one
    // transaction of several, the marker with the last.
    if (rows.length <= ROWS_PER_STATEMENT) {
      await this.pool.query(pageSql(kind), values(rows, true))
      return
    }
    await this.transaction(async (client) => {
      for (let from = 0; from < rows.length; from += ROWS_PER_STATEMENT) {
        const end = from + ROWS_PER_STATEMENT >= rows.length
        await client.query(pageSql(kind), values(rows.slice(from, from + ROWS_PER_STATEMENT), end))
      }
    })
  }

  async count(kind: SyncKind): Promise<number> {
    const row = await this.one<{ n: string }>('SELECT n FROM paydesk.index_counts WHERE kind = $1', [kind])
    return Number(row?.n ?? 0)
  }

  async prune(kind: SyncKind): Promise<number> {
    return this.transaction(async (client) => {
      const gone = await client.query(
        `DELETE FROM ${TABLE[kind]} WHERE id IN (
           SELECT id FROM ${TABLE[kind]} ORDER BY created_ms ASC, id ASC
           LIMIT greatest(0, (SELECT n FROM paydesk.index_counts WHERE kind = $1) - $2))`,
        [kind, this.limits[kind]],
      )
      const removed = gone.rowCount ?? 0
      if (removed > 0) await client.query(COUNT_ADD, [kind, -removed])
      return removed
    })
  }

  async scope(): Promise<string | null> {
    return (
      (await this.one<{ value: string }>(`SELECT value FROM paydesk.index_meta WHERE key = 'scope'`))?.value ?? null
    )
  }

  async setScope(scope: string): Promise<void> {
    await this.pool.query(
      `INSERT INTO paydesk.index_meta (key, value) VALUES ('scope', $1)
       ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
      [scope],
    )
  }

  async clear(): Promise<void> {
    await this.transaction(async (client) => {
      await client.query('DELETE FROM paydesk.index_payments')
      await client.query('DELETE FROM paydesk.index_orders')
      await client.query('DELETE FROM paydesk.index_markers')
      await client.query(`DELETE FROM paydesk.index_meta WHERE key = 'scope'`)
      await client.query('UPDATE paydesk.index_counts SET n = 0')
    })
  }

  async idsWithStatus(kind: SyncKind, statuses: readonly string[], limit: number): Promise<string[]> {
    if (statuses.length === 0) return []
    const rows = await this.pool.query<{ id: string }>(
      `SELECT id FROM ${TABLE[kind]} WHERE status = ANY($1::text[]) ORDER BY created_ms DESC LIMIT $2`,
      [statuses, limit],
    )
    return rows.rows.map((r) => r.id)
  }

  async has(kind: SyncKind, id: string): Promise<boolean> {
    return (await this.one(`SELECT 1 FROM ${TABLE[kind]} WHERE id = $1`, [id])) !== undefined
  }

  async remove(kind: SyncKind, id: string): Promise<void> {
    await this.transaction(async (client) => {
      const gone = await client.query(`DELETE FROM ${TABLE[kind]} WHERE id = $1`, [id])
      if ((gone.rowCount ?? 0) > 0) await client.query(COUNT_ADD, [kind, -(gone.rowCount ?? 0)])
    })
  }
}

const MARKER_UPSERT = `INSERT INTO paydesk.index_markers (kind, state) VALUES ($1, $2::jsonb)
  ON CONFLICT (kind) DO UPDATE SET state = excluded.state`
const COUNT_ADD = 'UPDATE paydesk.index_counts SET n = n + $2 WHERE kind = $1'

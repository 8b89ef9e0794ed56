// One sync per merchant (issue 51 item 3): of all the desks of a team (and its runner, when one
// runs) exactly one walks the merchant into the shared index. The one that walks holds a
// session-level PostgreSQL advisory lock on a connection of its own; the others find it taken and
// only search. When the syncing desk quits, crashes or loses its network, the server ends its session
// and with it the lock, and the next desk to try takes over, resuming the walk at the marker the last
// committed page saved (shared-index.ts). The runner goes first: a desk that sees the runner's
// session gives the lock up at its next round, and does not take it while the runner is there.
import type { Client, Pool } from 'pg'
import type { PageReport, SyncClient } from '../search/sync'
import { syncIndex } from '../search/sync'
import { SharedIndex } from './shared-index'

/** The application name of the runner's sync session (desks look for it in pg_stat_activity). */
const RUNNER_INDEX_SESSION = 'paydesk-runner:index-sync'

/** The advisory lock's key: one walk per team database (a team works on one merchant). */
const LOCK_KEY = 'paydesk.index-sync'

export type SyncRole = 'runner' | 'desk'

interface IndexSyncOptions {
  /** Opens the session that holds the lock (its own connection, never a pooled one). */
  connect: () => Promise<Client>
  /** Where the rows go: the pool of the login that syncs (it needs paydesk_index_writer). */
  pool: Pool
  /** The merchant's API client (the runner's, or the elected desk's read credential). */
  client: SyncClient
  role: SyncRole
  now?: () => number
  /** Rows per page asked of the service (default: its maximum). */
  pageSize?: number
}

type RoundResult = 'synced' | 'another syncs'

export class IndexSync {
  private session: Client | null = null
  private held = false
  readonly index: SharedIndex

  constructor(private readonly options: IndexSyncOptions) {
    this.index = new SharedIndex(options.pool)
  }

  /** Whether this desk or runner holds the walk now. */
  get leading(): boolean {
    return this.held
  }

  private async lockSession(): Promise<Client> {
    if (this.session === null) {
      const session = await this.options.connect()
      // The server ending the session ends the lock with it: forget both, try again next round.
      session.on('error', () => this.forget(session))
      session.on('end', () => this.forget(session))
      if (this.options.role === 'runner')
        await session.query(`SELECT set_config('application_name', $1, false)`, [RUNNER_INDEX_SESSION])
      this.session = session
    }
    return this.session
  }

  private forget(session: Client): void {
    if (this.session !== session) return
    this.session = null
    this.held = false
  }

  /** A runner's sync session is on the database (and this is a desk). */
  private async runnerOnline(session: Client): Promise<boolean> {
    if (this.options.role === 'runner') return false
    const found = await session.query('SELECT 1 FROM pg_stat_activity WHERE application_name = $1 LIMIT 1', [
      RUNNER_INDEX_SESSION,
    ])
    return found.rowCount !== null && found.rowCount > 0
  }

  /** Takes the walk when nobody holds it (a desk leaves it to a runner); answers whether it holds it. */
  async elect(): Promise<boolean> {
    const session = await this.lockSession()
    if (await this.runnerOnline(session)) {
      await this.resign()
      return false
    }
    if (this.held) return true
    const got = await session.query<{ got: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS got', [LOCK_KEY])
    this.held = got.rows[0]?.got === true
    return this.held
  }

  /** Gives the walk up (another desk or the runner takes it at its next round). */
  async resign(): Promise<void> {
    if (!this.held || this.session === null) return
    this.held = false
    await this.session.query('SELECT pg_advisory_unlock(hashtext($1))', [LOCK_KEY])
  }

  /** One round: a walk of the merchant into the shared index if this one is elected. */
  async round(
    options: { full?: boolean; signal?: AbortSignal; onPage?: (report: PageReport) => void } = {},
  ): Promise<RoundResult> {
    if (!(await this.elect())) return 'another syncs'
    await syncIndex(this.index, this.options.client, {
      full: options.full ?? false,
      signal: options.signal ?? new AbortController().signal,
      now: this.options.now ?? Date.now,
      onPage: options.onPage ?? (() => {}),
      ...(this.options.pageSize === undefined ? {} : { pageSize: this.options.pageSize }),
    })
    return 'synced'
  }

  /** Ends the lock's session (the lock goes with it). */
  async close(): Promise<void> {
    const session = this.session
    this.session = null
    this.held = false
    await session?.end().catch(() => {})
  }
}

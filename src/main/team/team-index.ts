// The team's shared index on a desk (issue 51 item 3), switched on by the team database's settings:
// the desk's search box asks it (shared-search.ts) and the desk takes part in the election of the one
// syncing desk (index-sync.ts). Every round (the search's sync interval) the desk tries for the lock:
// with a runner online, or another desk holding it, it only searches and does not walk the service at
// all; elected, it walks the merchant into the shared index with the active connection's read
// credential. Its lock lives in a session of its own: when the desk quits (close) or its session ends
// the lock goes with it and the next desk's round takes over. Without a team database it is off, and
// the desk's own encrypted index is the search, as for a single desk. While the team database cannot
// be reached (a round could not ask it, or a search found it down) the desk counts as not in team
// mode: its own index, which the search box answers from then, is walked again to stay fresh, until
// a round or a search reaches the team database again.
import pg from 'pg'
import type { SharedSearch } from '../search/service-context'
import type { SyncClient } from '../search/sync'
import { IndexSync } from './index-sync'
import { sharedSearch } from './shared-search'
import { isUnreachable, teamConnection, type TeamConnection } from './team-connection'
import type { TeamSettings } from './team-settings'

/** How long a search or a sync statement may take on the team database before the desk's own index answers. */
const TEAM_INDEX_TIMEOUT_MS = 5000

interface Open {
  connection: TeamConnection
  pool: pg.Pool
  sync: IndexSync
  search: SharedSearch
}

export interface TeamIndex {
  /** The shared index as the search box asks it, or null when the desk is not in team mode. */
  shared(): SharedSearch | null
  /**
   * Whether the desk is in team mode and its team database answers (its own index then does not walk
   * the service); false while the team database is away, so the desk keeps its own index fresh.
   */
  active(): boolean
  /** One election round: walks the merchant when this desk is elected ('off': not in team mode). */
  round(options?: { full?: boolean }): Promise<'synced' | 'another syncs' | 'off'>
  /** Whether this desk holds the walk now. */
  leading(): boolean
  /** Reads the settings again (the team database was set or forgotten). */
  reload(): Promise<void>
  close(): Promise<void>
}

/** The walk asks the active connection's client at each call, so a switch of connection is followed. */
function followingClient(current: () => Promise<SyncClient>): SyncClient {
  return {
    listPayments: async (input, opts) => (await current()).listPayments(input, opts),
    listOrders: async (input, opts) => (await current()).listOrders(input, opts),
    getPayment: async (id, opts) => {
      const c = await current()
      if (!c.getPayment) throw new Error('This connection cannot read a payment by id.')
      return c.getPayment(id, opts)
    },
    getOrder: async (id, opts) => {
      const c = await current()
      if (!c.getOrder) throw new Error('This connection cannot read an order by id.')
      return c.getOrder(id, opts)
    },
    request: async (req, opts) => {
      const c = await current()
      if (!c.request) throw new Error('This connection cannot read lists by link.')
      return c.request(req, opts)
    },
  }
}

/** The shared index's pool, search and election as the settings name them; null without a team database. */
async function openShared(
  settings: Pick<TeamSettings, 'read'>,
  client: SyncClient,
  timeoutMs: number,
  onError?: (error: unknown) => void,
): Promise<Open | null> {
  const config = await settings.read()
  if (config === null) return null
  const connection = teamConnection(config.connectionString, config.password, timeoutMs)
  const pool = new pg.Pool({ ...connection.config, application_name: 'paydesk:index', max: 3 })
  pool.on('error', (error) => onError?.(error))
  const sync = new IndexSync({
    connect: async () => {
      const session = new pg.Client({ ...connection.config, application_name: 'paydesk:index-lock' })
      session.on('error', () => {}) // its end is noticed by IndexSync (the lock went with it)
      await session.connect()
      return session
    },
    pool,
    client,
    role: 'desk',
  })
  return { connection, pool, sync, search: sharedSearch(pool, connection, timeoutMs) }
}

/**
 * Whether the team database is there, as the last round or search that asked it found it. While it is
 * away the desk counts as not in team mode: its own index answers the search box, and is walked again
 * to stay fresh, until a round or a search reaches the team database again.
 */
function reachability() {
  let there = true
  /** Notes what `work`'s answer tells: there when it answered, away when `away(error)` says so. */
  const noting = <T>(work: Promise<T>, away: (error: unknown) => boolean = isUnreachable): Promise<T> =>
    work.then(
      (value) => {
        there = true
        return value
      },
      (error: unknown) => {
        if (away(error)) there = false
        throw error
      },
    )
  return {
    there: () => there,
    set: (value: boolean) => {
      there = value
    },
    noting,
    /** The shared search, each answer noted. */
    watching: (search: SharedSearch): SharedSearch => ({
      ...search,
      search: (kind, q, limit) => noting(search.search(kind, q, limit)),
      summary: (ranges) => noting(search.summary(ranges)),
      freshness: () => noting(search.freshness()),
    }),
  }
}

/** Opens the desk's side of the shared index (off when no team database is set; never throws). */
export async function openTeamIndex(options: {
  settings: Pick<TeamSettings, 'read'>
  /** The active connection's client (its credential checked in team mode: desk-credential.ts). */
  client: () => Promise<SyncClient>
  /** Election rounds every this many ms (0: only when asked); the first right after opening. */
  everyMs: number
  timeoutMs?: number
  onError?: (error: unknown) => void
}): Promise<TeamIndex> {
  const timeoutMs = options.timeoutMs ?? TEAM_INDEX_TIMEOUT_MS
  let open: Open | null = null
  let running: Promise<'synced' | 'another syncs' | 'off'> | null = null
  let timer: ReturnType<typeof setInterval> | null = null
  const reach = reachability()

  const client = followingClient(options.client)

  async function start(): Promise<void> {
    reach.set(true)
    const made = await openShared(options.settings, client, timeoutMs, options.onError)
    open = made && { ...made, search: reach.watching(made.search) }
  }

  async function stop(): Promise<void> {
    const was = open
    open = null
    await running?.catch(() => {})
    if (!was) return
    await was.sync.close()
    await was.pool.end().catch(() => {})
  }

  const tryRound = () => {
    index.round().catch((error: unknown) => options.onError?.(error))
  }
  const index: TeamIndex = {
    shared: () => open?.search ?? null,
    active: () => open !== null && reach.there(),
    leading: () => open?.sync.leading ?? false,
    round(roundOptions = {}) {
      const now = open
      if (!now) return Promise.resolve('off')
      // The election asks only the team database: whether it answers tells whether it is there.
      running ??= reach
        .noting(now.sync.elect(), () => true)
        .then(() => now.sync.round({ full: roundOptions.full ?? false }))
        .catch(async (error: unknown) => {
          // A walk that failed (this desk's credential refused, the service unreachable) gives the
          // lock up, so another desk can walk from the saved marker instead of nobody.
          await now.sync.resign().catch(() => {})
          throw error
        })
        .finally(() => {
          running = null
        })
      return running
    },
    async reload() {
      await stop()
      await start().catch((error: unknown) => options.onError?.(error))
      if (options.everyMs > 0) tryRound()
    },
    async close() {
      if (timer) clearInterval(timer)
      timer = null
      await stop()
    },
  }
  await start().catch((error: unknown) => options.onError?.(error))
  if (options.everyMs > 0) {
    tryRound()
    timer = setInterval(tryRound, options.everyMs)
    timer.unref?.()
  }
  return index
}

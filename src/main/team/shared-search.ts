// The team's shared index as a desk's search box asks it (issue 51 item 3): the search service's
// SharedSearch port over the desk's pool of its own login, with why it could not answer in the
// same sentences as the team record's (team-connection.ts).
import type { Pool } from 'pg'
import type { SharedSearch } from '../search/service-context'
import { searchShared, sharedSummary } from './shared-index-query'
import { unreachableSentence, type TeamConnection } from './team-connection'

export function sharedSearch(
  pool: Pool,
  connection: Pick<TeamConnection, 'login' | 'where'>,
  timeoutMs: number,
): SharedSearch {
  return {
    search: (kind, q, limit) => searchShared(pool, kind, q, limit),
    summary: (ranges) => sharedSummary(pool, ranges),
    whyNot: (error) => unreachableSentence(error, connection, timeoutMs),
    // One round trip (the search box asks it beside every search): the counts the writes keep and
    // when each list's last complete walk ended.
    async freshness() {
      const { rows } = await pool.query<{ payments: string | null; orders: string | null; p: unknown; o: unknown }>(
        `SELECT (SELECT n FROM paydesk.index_counts WHERE kind = 'payments') AS payments,
                (SELECT n FROM paydesk.index_counts WHERE kind = 'orders') AS orders,
                (SELECT state->'lastCompletedAt' FROM paydesk.index_markers WHERE kind = 'payments') AS p,
                (SELECT state->'lastCompletedAt' FROM paydesk.index_markers WHERE kind = 'orders') AS o`,
      )
      const row = rows[0]
      const done = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null)
      const completed = [done(row?.p), done(row?.o)]
      const syncedAt = completed.every((t) => t !== null) ? Math.min(...completed) : null
      return { payments: Number(row?.payments ?? 0), orders: Number(row?.orders ?? 0), syncedAt }
    },
  }
}

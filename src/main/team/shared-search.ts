// The team's shared index as a desk's search box asks it (issue 51 item 3): the search service's
// SharedSearch port over the desk's pool of its own login, with why it could not answer in the
// same sentences as the team record's (team-connection.ts).
import type { Pool } from 'pg'
import type { SharedSearch } from '../search/service-context'
import { SharedIndex } from './shared-index'
import { searchShared } from './shared-index-query'
import { unreachableSentence, type TeamConnection } from './team-connection'

export function sharedSearch(
  pool: Pool,
  connection: Pick<TeamConnection, 'login' | 'where'>,
  timeoutMs: number,
): SharedSearch {
  return {
    search: (kind, q, limit) => searchShared(pool, kind, q, limit),
    whyNot: (error) => unreachableSentence(error, connection, timeoutMs),
    async freshness() {
      const index = new SharedIndex(pool)
      const [payments, orders, paymentsMarker, ordersMarker] = await Promise.all([
        index.count('payments'),
        index.count('orders'),
        index.marker('payments'),
        index.marker('orders'),
      ])
      const completed = [paymentsMarker.lastCompletedAt, ordersMarker.lastCompletedAt]
      const syncedAt = completed.every((t) => t !== null) ? Math.min(...completed) : null
      return { payments, orders, syncedAt }
    },
  }
}

// What a sync walks the merchant into (issue 51 item 3): the port that sync.ts, refresh.ts,
// refresh-walk.ts and changes.ts write through, so one walk, one refresh of unsettled objects and one
// reading of refunds and chargebacks serve two indexes: the desk's own encrypted SQLite file
// (index-db/, synchronous) and the team's shared index in PostgreSQL (team/shared-index/, each call a
// round trip). Every method may answer at once or later; the walk awaits each.
import type { SyncKind } from '../../shared/ipc/search'
import type { IndexRow } from './rows'
import type { SyncMarker } from './index-db/markers'
import type { MarkerKind } from './index-db/schema'

type Awaitable<T> = T | Promise<T>

export interface SyncTarget {
  /** The most rows of `kind` the index keeps (the newest). */
  limit(kind: SyncKind): number
  marker(kind: MarkerKind): Awaitable<SyncMarker>
  saveMarker(kind: MarkerKind, marker: SyncMarker): Awaitable<void>
  /** Inserts or refreshes rows and, when given, saves the kind's marker in the same transaction. */
  savePage(kind: SyncKind, rows: IndexRow[], marker?: SyncMarker): Awaitable<void>
  count(kind: SyncKind): Awaitable<number>
  /** Keeps at most `limit(kind)` rows: the oldest go. Answers how many were removed. */
  prune(kind: SyncKind): Awaitable<number>
  /** The account the rows belong to (`profileId|mode`), or null when empty. */
  scope(): Awaitable<string | null>
  setScope(scope: string): Awaitable<void>
  /** Drops every row and marker (the connection now reaches another account). */
  clear(): Awaitable<void>
  /** Ids of rows in these statuses, newest first. */
  idsWithStatus(kind: SyncKind, statuses: readonly string[], limit: number): Awaitable<string[]>
  has(kind: SyncKind, id: string): Awaitable<boolean>
  remove(kind: SyncKind, id: string): Awaitable<void>
}

// What a sync walks the merchant into (issue 51 item 3): the port that sync.ts, refresh.ts,
// refresh-walk.ts and changes.ts write through, so one walk, one refresh of unsettled objects and one
// reading of refunds and chargebacks serve two indexes: the desk's own encrypted SQLite file
// (index-db/, synchronous) and the team's shared index in PostgreSQL (team/shared-index/, each call a
// round trip). Every method may answer at once or later; the walk awaits each.
import type { SyncKind } from '../../shared/ipc/search'
import type { IndexRow } from './rows'

type Awaitable<T> = T | Promise<T>

/** A list the sync walks: the objects themselves, and the changes to them (refunds, chargebacks). */
export type MarkerKind = SyncKind | 'refunds' | 'chargebacks'

/** Where a sync walk of one list stands (kept encrypted by the desk's index, index-db/markers.ts). */
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
  /** Objects the walk in progress has taken so far (it stops at the index's cap). */
  walked: number
  /**
   * The service holds objects older than the index keeps: a walk stopped at the cap, or the oldest
   * rows were pruned to make room. Cleared by a full walk that reaches the end of the list.
   */
  olderNotKept: boolean
}

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

// What the search service's parts share: its dependencies, the open index and the state of its
// sync, as one context object the functions of service-lifecycle.ts and service-query.ts take.
import type { Order, Payment } from '../../shared/api-types'
import type {
  HomeSummary,
  HomeView,
  IndexFreshness,
  SearchResult,
  SyncKind,
  SyncProgress,
} from '../../shared/ipc/search'
import type { ParsedQuery } from '../../shared/search/query'
import type { SearchIndex } from './index-db'
import type { IndexSearchResult } from './index-db/query'
import type { SyncClient } from './sync'

export interface SearchServiceDeps {
  dataDir: string
  getKey: () => Promise<Uint8Array>
  /** The active connection's id and its API client. */
  active: () => Promise<{ id: string; client: SyncClient }>
  /** Ids of every known connection (orphaned index files are removed). */
  knownConnectionIds: () => Promise<string[]>
  emitProgress: (progress: SyncProgress) => void
  now?: () => number
  /** Background sync every this many ms (default 5 minutes; 0 = only on demand and on open). */
  syncEveryMs?: number
  /** Start a sync as soon as an index opens (default true). */
  autoSync?: boolean
  limits?: { payments: number; orders: number }
  /** Retry an interrupted sync after this long (default 30 s). */
  retryAfterMs?: number
  /**
   * In team mode, the team's shared index (issue 51 item 3), which the search box asks first; null or
   * absent: the desk's own index answers, as for a single desk.
   */
  shared?: () => SharedSearch | null
  /**
   * Whether this desk walks the service into its own index (default true). False in team mode: one
   * desk or the runner walks the merchant into the shared index, and the others do not walk at all;
   * true again while the team database cannot be reached (the own index answers then, kept fresh).
   */
  walksOwnIndex?: () => boolean
  /**
   * The agent's "Sync now" when this desk does not walk its own index (team mode): one election round
   * of the team's shared index (team/team-index.ts), which walks it when this desk is elected.
   */
  teamRound?: (options: { full: boolean }) => Promise<unknown>
}

/** The team's shared index as the search box asks it (src/main/team/shared-search.ts). */
export interface SharedSearch {
  /** The newest `limit` hits (default: a search box group's). */
  search(kind: SyncKind, q: ParsedQuery, limit?: number): Promise<IndexSearchResult>
  /** Why it could not answer, in a sentence for the agent. */
  whyNot(error: unknown): string
  /** Home's summary (counts by status today and this week, today's failures) from the shared index. */
  summary(ranges: { todayFrom: number; weekFrom: number; until: number }): Promise<HomeSummary>
  /** What the shared index holds and when the team's last complete walk ended (Home's freshness line). */
  freshness(): Promise<{ payments: number; orders: number; syncedAt: number | null }>
}

export interface SearchService {
  query(text: string): Promise<SearchResult>
  home(): Promise<Omit<HomeView, 'recentErrors' | 'practice'>>
  sync(options?: { full?: boolean }): Promise<SyncProgress>
  cancelSync(): SyncProgress
  status(): SyncProgress
  /** Resolves when the running sync (if any) ends. */
  whenIdle(): Promise<void>
  /** A payment or order was fetched by a view: refresh its row. */
  noteFetched(connectionId: string, kind: SyncKind, object: Payment | Order): void
  /** The connection was removed: close and delete its index. */
  removeConnection(connectionId: string): Promise<void>
  /** The agent's choice of how many payments the active connection's index keeps. */
  setPaymentCap(cap: number): Promise<IndexFreshness>
  /** The open index (tests and the bench). */
  currentIndex(): Promise<SearchIndex>
  dispose(): Promise<void>
}

/** The active connection's open index. */
export interface OpenIndex {
  connectionId: string
  index: SearchIndex
  notice: string | null
}

export interface SearchContext {
  readonly deps: SearchServiceDeps
  /** The folder of the index files. */
  readonly dir: string
  readonly now: () => number
  current: OpenIndex | null
  opening: Promise<OpenIndex> | null
  progress: SyncProgress
  running: { controller: AbortController; done: Promise<void> } | null
  /** A sync asked for while one runs: the running walk may have passed what is new, so one more follows. */
  again: boolean
  following: Promise<unknown> | null
  timer: ReturnType<typeof setInterval> | null
  retryTimer: ReturnType<typeof setTimeout> | null
  disposed: boolean
  sweptOrphans: boolean
  /** Increases with every query; an older query still running gives way (service-query.ts). */
  queryGeneration: number
}

export function idleProgress(connectionId: string): SyncProgress {
  return {
    connectionId,
    state: 'idle',
    full: false,
    kind: null,
    items: 0,
    pages: 0,
    pagesPerSecond: 0,
    startedAt: null,
    finishedAt: null,
    error: null,
  }
}

export function setProgress(ctx: SearchContext, next: SyncProgress): void {
  ctx.progress = next
  ctx.deps.emitProgress({ ...next })
}

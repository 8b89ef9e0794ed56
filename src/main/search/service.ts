// The search service: one index open at a time (the active connection's), its background sync, the
// search box's queries and the home screen's summary. Free of Electron; built in app-services.ts.
import path from 'node:path'
import { readdirSync, rmSync } from 'node:fs'
import type { Order, Payment } from '../../shared/api-types'
import type {
  HomeView,
  IndexFreshness,
  SearchGroup,
  SearchResult,
  SyncKind,
  SyncProgress,
} from '../../shared/ipc/search'
import { parseSearchQuery } from '../../shared/search/query'
import { UserFacingError } from '../ipc/errors'
import { indexFileName, openSearchIndex, orderRow, paymentRow, removeSearchIndex, type SearchIndex } from './index-db'
import { syncIndex, type SyncClient } from './sync'

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
  /** The open index (tests and the bench). */
  currentIndex(): Promise<SearchIndex>
  dispose(): Promise<void>
}

/**
 * How long one table's search may take on main's thread (orders and payments each; a query holds the
 * thread for at most about twice this, plus reading the rows shown).
 */
export const QUERY_BUDGET_MS = 20

type Group = { hits: SearchGroup['hits']; more: boolean; broad: boolean; stopped?: boolean; dropped?: string[] }

function stripStopped(group: Group): SearchGroup {
  return { hits: group.hits, more: group.more, broad: group.broad }
}

function idleProgress(connectionId: string): SyncProgress {
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

function describeSyncError(error: unknown): string {
  const e = error as { kind?: string; status?: number | null; message?: string }
  if (e?.kind === 'rate-limited' || e?.status === 429) {
    return 'The service asked Paydesk to slow down; the sync continues where it stopped.'
  }
  if (e?.kind === 'network' || e?.kind === 'timeout') {
    return 'The service could not be reached; the sync continues where it stopped when it can.'
  }
  return `${e?.message ?? String(error)} The sync continues where it stopped.`
}

export function createSearchService(deps: SearchServiceDeps): SearchService {
  const dir = path.join(deps.dataDir, 'search-index')
  const now = deps.now ?? Date.now
  let current: { connectionId: string; index: SearchIndex; notice: string | null } | null = null
  let opening: Promise<{ connectionId: string; index: SearchIndex; notice: string | null }> | null = null
  let progress: SyncProgress = idleProgress('')
  let running: { controller: AbortController; done: Promise<void> } | null = null
  /** A sync asked for while one runs: the running walk may have passed what is new, so one more follows. */
  let again = false
  let following: Promise<unknown> | null = null
  let timer: ReturnType<typeof setInterval> | null = null
  let retryTimer: ReturnType<typeof setTimeout> | null = null
  let disposed = false
  let sweptOrphans = false
  /** Increases with every query; an older query still running gives way (see query()). */
  let queryGeneration = 0

  function setProgress(next: SyncProgress) {
    progress = next
    deps.emitProgress({ ...next })
  }

  async function sweepOrphans(): Promise<void> {
    if (sweptOrphans) return
    sweptOrphans = true
    try {
      const known = new Set((await deps.knownConnectionIds()).map(indexFileName))
      for (const name of readdirSync(dir)) {
        const base = name.replace(/(-wal|-shm|-journal)$/, '')
        if (base.endsWith('.sqlite') && !known.has(base)) rmSync(path.join(dir, name), { force: true })
      }
    } catch {
      // the folder may not exist yet
    }
  }

  async function ensureIndex(): Promise<{ connectionId: string; index: SearchIndex; notice: string | null }> {
    if (disposed) throw new UserFacingError('conflict', 'Paydesk is closing.')
    const { id } = await deps.active()
    if (current && current.connectionId === id) return current
    if (opening) {
      const opened = await opening
      if (opened.connectionId === id) return opened
      return ensureIndex()
    }
    opening = (async () => {
      if (current) {
        await stopSync()
        current.index.close()
        current = null
      }
      await sweepOrphans()
      const key = await deps.getKey()
      const { index, notice } = await openSearchIndex({ dir, connectionId: id, key, limits: deps.limits })
      current = { connectionId: id, index, notice }
      progress = idleProgress(id)
      if (deps.autoSync !== false) void startSync(false)
      return current
    })()
    try {
      return await opening
    } finally {
      opening = null
    }
  }

  async function stopSync(): Promise<void> {
    if (!running) return
    running.controller.abort()
    await running.done.catch(() => {})
  }

  function freshness(c: { connectionId: string; index: SearchIndex; notice: string | null }): IndexFreshness {
    const completed = (['payments', 'orders'] as const).map((k) => c.index.marker(k).lastCompletedAt)
    const syncedAt = completed.every((t) => t !== null) ? Math.min(...completed) : null
    return {
      connectionId: c.connectionId,
      payments: c.index.count('payments'),
      orders: c.index.count('orders'),
      syncedAt: syncedAt === null ? null : new Date(syncedAt).toISOString(),
      notice: c.notice,
    }
  }

  async function startSync(full: boolean): Promise<SyncProgress> {
    const c = await ensureIndex()
    if (running) {
      if (!full || progress.full) {
        again = true
        return { ...progress }
      }
      await stopSync()
    }
    again = false
    if (retryTimer) clearTimeout(retryTimer)
    retryTimer = null
    const { client, id } = await deps.active()
    if (id !== c.connectionId) return { ...progress }
    const controller = new AbortController()
    const started = now()
    let items = 0
    let pages = 0
    setProgress({
      ...idleProgress(c.connectionId),
      state: 'running',
      full,
      kind: 'payments',
      startedAt: new Date(started).toISOString(),
    })
    const done = (async () => {
      try {
        await syncIndex(c.index, client, {
          full,
          signal: controller.signal,
          now,
          onPage: ({ kind, items: n }) => {
            items += n
            pages += 1
            const seconds = Math.max((now() - started) / 1000, 0.001)
            setProgress({ ...progress, kind, items, pages, pagesPerSecond: pages / seconds })
          },
        })
        setProgress({ ...progress, state: 'done', kind: null, finishedAt: new Date(now()).toISOString() })
      } catch (error) {
        const canceled = controller.signal.aborted || (error as { kind?: string })?.kind === 'aborted'
        setProgress({
          ...progress,
          state: canceled ? 'canceled' : 'interrupted',
          kind: null,
          finishedAt: new Date(now()).toISOString(),
          error: canceled ? null : describeSyncError(error),
        })
        if (!canceled && !disposed) {
          retryTimer = setTimeout(() => void startSync(false).catch(() => {}), deps.retryAfterMs ?? 30_000)
          retryTimer.unref?.()
        }
      } finally {
        running = null
        const follow = again && !controller.signal.aborted && !disposed
        again = false
        if (follow) {
          following = startSync(false)
            .catch(() => {})
            .finally(() => {
              following = null
            })
        }
      }
    })()
    running = { controller, done }
    return { ...progress }
  }

  if ((deps.syncEveryMs ?? 300_000) > 0) {
    timer = setInterval(() => {
      if (!running && current) void startSync(false).catch(() => {})
    }, deps.syncEveryMs ?? 300_000)
    timer.unref?.()
  }

  return {
    async query(text) {
      const started = performance.now()
      const generation = ++queryGeneration
      const parsed = parseSearchQuery(text, now())
      if (!parsed.ok) throw new UserFacingError('invalid-input', parsed.message)
      const c = await ensureIndex()
      const q = parsed.query
      const direct = q.direct ? { kind: q.direct.kind, id: q.direct.id } : null
      const empty: Group = { hits: [], more: false, broad: false }
      // A newer keystroke's query replaces this one: checked between the two tables, after a turn of
      // the event loop in which the newer query can arrive.
      const superseded = () => {
        if (generation !== queryGeneration) throw new UserFacingError('canceled', 'A newer search replaced this one.')
      }
      const within = (kind: SyncKind): Group => {
        superseded()
        c.index.setSearchDeadline(performance.now() + QUERY_BUDGET_MS)
        try {
          return c.index.search(kind, q)
        } finally {
          c.index.setSearchDeadline(null)
        }
      }
      const orders = direct ? empty : within('orders')
      // A real turn of the event loop (timers, then I/O: a newer query's IPC message, then this).
      if (!direct) await new Promise<void>((resolve) => setTimeout(() => setImmediate(resolve), 0))
      const payments = direct ? empty : within('payments')
      const stopped = Boolean(orders.stopped || payments.stopped)
      const dropped = [...new Set([...(orders.dropped ?? []), ...(payments.dropped ?? [])])]
      const warnings = [...q.warnings]
      if (dropped.length > 0) {
        warnings.push(
          `Left out because almost everything contains ${dropped.length === 1 ? 'it' : 'them'}: ${dropped.join(', ')}.`,
        )
      }
      if (stopped) {
        warnings.push(
          'These words match so much that the search stopped early and shows the newest matches. ' +
            'Add a word, a status or a date to narrow it.',
        )
      }
      const result: SearchResult = {
        text,
        chips: q.chips,
        warnings,
        direct,
        orders: stripStopped(orders),
        payments: stripStopped(payments),
        index: freshness(c),
        tookMs: 0,
      }
      result.tookMs = Math.round((performance.now() - started) * 10) / 10
      return result
    },
    async home() {
      const c = await ensureIndex()
      const t = now()
      const d = new Date(t)
      const todayFrom = new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime()
      const weekFrom = new Date(d.getFullYear(), d.getMonth(), d.getDate() - 6).getTime()
      const until = new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1).getTime()
      return {
        summary: c.index.summary({ todayFrom, weekFrom, until }),
        index: freshness(c),
        sync: progress.connectionId === c.connectionId ? { ...progress } : idleProgress(c.connectionId),
      }
    },
    sync: (options) => startSync(options?.full ?? false),
    cancelSync() {
      running?.controller.abort()
      return { ...progress }
    },
    status: () => ({ ...progress }),
    async whenIdle() {
      await opening?.catch(() => {})
      // A sync asked for during another starts when that one ends: wait for the chain, not one link.
      while (running || following) {
        await following
        await running?.done.catch(() => {})
      }
    },
    noteFetched(connectionId, kind, object) {
      if (!current || current.connectionId !== connectionId) return
      const scope = `${object.profileId}|${object.mode}`
      const held = current.index.scope()
      if (held !== null && held !== scope) return
      try {
        const row = kind === 'payments' ? paymentRow(object as Payment) : orderRow(object as Order)
        current.index.upsert(kind, [row])
      } catch {
        // a refresh is best effort; the next sync brings it
      }
    },
    async removeConnection(connectionId) {
      await opening?.catch(() => {})
      if (current?.connectionId === connectionId) {
        await stopSync()
        current.index.close()
        current = null
      }
      removeSearchIndex(dir, connectionId)
    },
    currentIndex: async () => (await ensureIndex()).index,
    async dispose() {
      disposed = true
      if (timer) clearInterval(timer)
      if (retryTimer) clearTimeout(retryTimer)
      await opening?.catch(() => {})
      await stopSync()
      current?.index.close()
      current = null
    },
  }
}

// The search service's index and sync over time: the active connection's index opened (and the
// previous one closed), its sync started, retried after a fault, followed by one more walk when asked
// for during a walk, canceled, and everything closed when Paydesk quits.
import { readdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import type { SyncProgress } from '../../shared/ipc/search'
import { UserFacingError } from '../errors'
import { ensurePlainFolder } from '../storage/no-follow'
import { indexFileName, openSearchIndex, removeSearchIndex } from './index-db'
import { idleProgress, setProgress, type OpenIndex, type SearchContext } from './service-context'
import { syncIndex, type SyncClient } from './sync'

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

/** Removes index files of connections that no longer exist (once per run). */
async function sweepOrphans(ctx: SearchContext): Promise<void> {
  if (ctx.sweptOrphans) return
  ctx.sweptOrphans = true
  try {
    const known = new Set((await ctx.deps.knownConnectionIds()).map(indexFileName))
    for (const name of readdirSync(ctx.dir)) {
      const base = name.replace(/(-wal|-shm|-journal)$/, '')
      if (base.endsWith('.sqlite') && !known.has(base)) rmSync(path.join(ctx.dir, name), { force: true })
    }
  } catch {
    // the folder may not exist yet
  }
}

/** The active connection's index, opened if it is not (closing the previous connection's). */
export async function ensureIndex(ctx: SearchContext): Promise<OpenIndex> {
  if (ctx.disposed) throw new UserFacingError('conflict', 'Paydesk is closing.')
  const { id } = await ctx.deps.active()
  if (ctx.current && ctx.current.connectionId === id) return ctx.current
  if (ctx.opening) {
    const opened = await ctx.opening
    if (opened.connectionId === id) return opened
    return ensureIndex(ctx)
  }
  ctx.opening = openIndex(ctx, id)
  try {
    return await ctx.opening
  } finally {
    ctx.opening = null
  }
}

async function openIndex(ctx: SearchContext, id: string): Promise<OpenIndex> {
  if (ctx.current) {
    await stopSync(ctx)
    ctx.current.index.close()
    ctx.current = null
  }
  // A search-index/ that is a link is refused before the sweep below removes any file in it.
  await ensurePlainFolder(ctx.dir)
  await sweepOrphans(ctx)
  const key = await ctx.deps.getKey()
  const { index, notice } = await openSearchIndex({ dir: ctx.dir, connectionId: id, key, limits: ctx.deps.limits })
  // Before the index is handed out (35–40 ms over 100,000 payments, after a rebuild of seconds): the
  // page is still waiting for its data, so the warm-up takes no time from the first paint of Home or
  // from the agent's first keystrokes (warm.ts).
  await index.warm(ctx.now())
  ctx.current = { connectionId: id, index, notice }
  ctx.progress = idleProgress(id)
  if (ctx.deps.autoSync !== false) void startSync(ctx, false)
  return ctx.current
}

async function stopSync(ctx: SearchContext): Promise<void> {
  if (!ctx.running) return
  ctx.running.controller.abort()
  await ctx.running.done.catch(() => {})
}

/**
 * Starts a sync of the active connection's index. One already running: a plain sync asked for
 * meanwhile runs once more after it; a full one replaces a plain one.
 */
export async function startSync(ctx: SearchContext, full: boolean): Promise<SyncProgress> {
  const c = await ensureIndex(ctx)
  if (ctx.running) {
    if (!full || ctx.progress.full) {
      ctx.again = true
      return { ...ctx.progress }
    }
    await stopSync(ctx)
  }
  ctx.again = false
  if (ctx.retryTimer) clearTimeout(ctx.retryTimer)
  ctx.retryTimer = null
  // In team mode the shared index is walked once for the team (team/team-index.ts), not here.
  if (ctx.deps.walksOwnIndex?.() === false) return { ...ctx.progress }
  const { client, id } = await ctx.deps.active()
  if (id !== c.connectionId) return { ...ctx.progress }
  const controller = new AbortController()
  const done = runSync(ctx, c, client, full, controller)
  ctx.running = { controller, done }
  return { ...ctx.progress }
}

/** One sync: its progress reported page by page, then done, canceled or interrupted (retried later). */
async function runSync(
  ctx: SearchContext,
  c: OpenIndex,
  client: SyncClient,
  full: boolean,
  controller: AbortController,
): Promise<void> {
  const { now } = ctx
  const started = now()
  let items = 0
  let pages = 0
  setProgress(ctx, {
    ...idleProgress(c.connectionId),
    state: 'running',
    full,
    kind: 'payments',
    startedAt: new Date(started).toISOString(),
  })
  try {
    await syncIndex(c.index, client, {
      full,
      signal: controller.signal,
      now,
      onPage: ({ kind, items: n }) => {
        items += n
        pages += 1
        const seconds = Math.max((now() - started) / 1000, 0.001)
        setProgress(ctx, { ...ctx.progress, kind, items, pages, pagesPerSecond: pages / seconds })
      },
    })
    setProgress(ctx, { ...ctx.progress, state: 'done', kind: null, finishedAt: new Date(now()).toISOString() })
  } catch (error) {
    syncFailed(ctx, controller, error)
  } finally {
    ctx.running = null
    const follow = ctx.again && !controller.signal.aborted && !ctx.disposed
    ctx.again = false
    if (follow) {
      ctx.following = startSync(ctx, false)
        .catch(() => {})
        .finally(() => {
          ctx.following = null
        })
    }
  }
}

function syncFailed(ctx: SearchContext, controller: AbortController, error: unknown): void {
  const canceled = controller.signal.aborted || (error as { kind?: string })?.kind === 'aborted'
  setProgress(ctx, {
    ...ctx.progress,
    state: canceled ? 'canceled' : 'interrupted',
    kind: null,
    finishedAt: new Date(ctx.now()).toISOString(),
    error: canceled ? null : describeSyncError(error),
  })
  if (!canceled && !ctx.disposed) {
    ctx.retryTimer = setTimeout(() => void startSync(ctx, false).catch(() => {}), ctx.deps.retryAfterMs ?? 30_000)
    ctx.retryTimer.unref?.()
  }
}

/** The background sync every `syncEveryMs` (none when 0). */
export function startSyncTimer(ctx: SearchContext): void {
  if ((ctx.deps.syncEveryMs ?? 300_000) <= 0) return
  ctx.timer = setInterval(() => {
    if (!ctx.running && ctx.current) void startSync(ctx, false).catch(() => {})
  }, ctx.deps.syncEveryMs ?? 300_000)
  ctx.timer.unref?.()
}

export async function whenIdle(ctx: SearchContext): Promise<void> {
  await ctx.opening?.catch(() => {})
  // A sync asked for during another starts when that one ends: wait for the chain, not one link.
  while (ctx.running || ctx.following) {
    await ctx.following
    await ctx.running?.done.catch(() => {})
  }
}

export async function forgetConnection(ctx: SearchContext, connectionId: string): Promise<void> {
  await ctx.opening?.catch(() => {})
  if (ctx.current?.connectionId === connectionId) {
    await stopSync(ctx)
    ctx.current.index.close()
    ctx.current = null
  }
  // Only in Paydesk's own folder: through a link, the files named would be someone else's.
  const own = await ensurePlainFolder(ctx.dir).then(
    () => true,
    () => false,
  )
  if (own) removeSearchIndex(ctx.dir, connectionId)
}

export async function dispose(ctx: SearchContext): Promise<void> {
  ctx.disposed = true
  if (ctx.timer) clearInterval(ctx.timer)
  if (ctx.retryTimer) clearTimeout(ctx.retryTimer)
  await ctx.opening?.catch(() => {})
  await stopSync(ctx)
  ctx.current?.index.close()
  ctx.current = null
}

// The live rate-limit state for the Inspector's panel, the status bar and the Payments header: the
// latest bucket snapshots per connection, pushed for the active connection only (spec 8.1.5:
// buckets are per merchant, so another connection's buckets would mislead), at most every
// `intervalMs`. Buckets refill with time, not only when a request moves them: while the active
// connection's buckets are not settled (not full, paused, queued or in flight) the feed re-reads
// them every `refreshMs` and pushes what changed, so no screen keeps showing "0/50" after idling.

import type { BucketSnapshot } from '../../../shared/api-events'

interface RateLimitFeedOptions {
  emit: (snapshots: BucketSnapshot[]) => void
  /** Minimum time between two pushes (default 100 ms); the last state is always pushed. */
  intervalMs?: number
  /** How often unsettled buckets are re-read while nothing else moves them (default 1000 ms). */
  refreshMs?: number
  now?: () => number
  /** How often the team's other desks are counted again while a bucket is over its quota (default 30 s). */
  desksEveryMs?: number
}

export interface RateLimitFeed {
  /**
   * The connection's buckets changed. `read` re-reads them now (the client's snapshots), for the
   * refill the feed shows while the buckets are idle.
   */
  update(connectionId: string, snapshots: BucketSnapshot[], read?: () => BucketSnapshot[]): void
  setActive(connectionId: string): void
  /**
   * How many other desks of the team are online (null: not on a team, or unknown). Asked while a
   * bucket is over its quota, at most every `desksEveryMs`, so its words can name them.
   */
  countOtherDesks(count: () => Promise<number | null>): void
  /** The active connection's buckets now (empty before its first request). */
  state(): BucketSnapshot[]
  dispose(): void
}

/** True when nothing will change this bucket until a request does: full, not paused, nothing waiting. */
function isSettled(b: BucketSnapshot): boolean {
  return b.pausedUntil === null && b.queued === 0 && b.inFlight === 0 && b.remaining >= Math.floor(b.capacity)
}

/** What the feed's functions share: its options, the snapshots per connection and its timers. */
interface FeedContext {
  readonly options: RateLimitFeedOptions
  readonly intervalMs: number
  readonly refreshMs: number
  readonly now: () => number
  readonly byConnection: Map<string, BucketSnapshot[]>
  readonly readers: Map<string, () => BucketSnapshot[]>
  activeId: string | null
  lastPush: number
  lastPushed: string
  timer: ReturnType<typeof setTimeout> | null
  refreshTimer: ReturnType<typeof setTimeout> | null
  disposed: boolean
  /** The team's desks: how to count them, the last count and when it was asked. */
  desks: { count: (() => Promise<number | null>) | null; last: number | null; askedAt: number; asking: boolean }
}

export function createRateLimitFeed(options: RateLimitFeedOptions): RateLimitFeed {
  const ctx: FeedContext = {
    options,
    intervalMs: options.intervalMs ?? 100,
    refreshMs: options.refreshMs ?? 1000,
    now: options.now ?? Date.now,
    byConnection: new Map(),
    readers: new Map(),
    activeId: null,
    lastPush: -Infinity,
    lastPushed: '',
    timer: null,
    refreshTimer: null,
    disposed: false,
    desks: { count: null, last: null, askedAt: -Infinity, asking: false },
  }
  return {
    update(connectionId, snapshots, read) {
      ctx.byConnection.set(connectionId, snapshots)
      if (read) ctx.readers.set(connectionId, read)
      if (connectionId === ctx.activeId) schedule(ctx)
    },
    setActive(connectionId) {
      if (ctx.activeId === connectionId) return
      ctx.activeId = connectionId
      clearTimers(ctx)
      push(ctx)
    },
    countOtherDesks(count) {
      ctx.desks.count = count
      ctx.desks.askedAt = -Infinity
    },
    state: () => current(ctx).map((s) => withDesks(ctx, s)),
    dispose() {
      ctx.disposed = true
      clearTimers(ctx)
    },
  }
}

function current(ctx: FeedContext): BucketSnapshot[] {
  return ctx.activeId === null ? [] : (ctx.byConnection.get(ctx.activeId) ?? [])
}

/** A bucket over its quota names the team's other desks when they are known (issue 46 item 7). */
function withDesks(ctx: FeedContext, s: BucketSnapshot): BucketSnapshot {
  if (!s.overload) return { ...s }
  askDesks(ctx)
  return ctx.desks.last === null ? { ...s } : { ...s, overload: { ...s.overload, otherDesks: ctx.desks.last } }
}

/** Counts the team's other desks again when the last count is older than `desksEveryMs`; pushes what changed. */
function askDesks(ctx: FeedContext): void {
  const { desks } = ctx
  if (!desks.count || desks.asking || ctx.now() - desks.askedAt < (ctx.options.desksEveryMs ?? 30_000)) return
  desks.asking = true
  desks.askedAt = ctx.now()
  desks.count().then(
    (n) => {
      desks.asking = false
      const changed = n !== desks.last
      desks.last = n
      if (changed && !ctx.disposed) schedule(ctx)
    },
    () => {
      desks.asking = false
    },
  )
}

function push(ctx: FeedContext): void {
  if (ctx.disposed) return
  ctx.lastPush = ctx.now()
  const state = current(ctx).map((s) => withDesks(ctx, s))
  ctx.lastPushed = JSON.stringify(state)
  try {
    ctx.options.emit(state)
  } catch {
    // A broken listener must not break the API client.
  }
  scheduleRefresh(ctx)
}

function schedule(ctx: FeedContext): void {
  if (ctx.timer || ctx.disposed) return
  const wait = ctx.lastPush + ctx.intervalMs - ctx.now()
  if (wait <= 0) return push(ctx)
  ctx.timer = setTimeout(() => {
    ctx.timer = null
    push(ctx)
  }, wait)
  ctx.timer.unref?.()
}

function scheduleRefresh(ctx: FeedContext): void {
  if (ctx.refreshTimer || ctx.disposed || ctx.activeId === null) return
  const read = ctx.readers.get(ctx.activeId)
  if (!read || current(ctx).every(isSettled)) return
  ctx.refreshTimer = setTimeout(() => {
    ctx.refreshTimer = null
    readAgain(ctx)
  }, ctx.refreshMs)
  ctx.refreshTimer.unref?.()
}

/** Re-reads the active connection's buckets; pushes them when they changed, else waits again. */
function readAgain(ctx: FeedContext): void {
  if (ctx.disposed || ctx.activeId === null) return
  const reader = ctx.readers.get(ctx.activeId)
  if (!reader) return
  let fresh: BucketSnapshot[]
  try {
    fresh = reader()
  } catch {
    return
  }
  ctx.byConnection.set(ctx.activeId, fresh)
  if (JSON.stringify(fresh.map((s) => withDesks(ctx, s))) !== ctx.lastPushed) schedule(ctx)
  else scheduleRefresh(ctx)
}

function clearTimers(ctx: FeedContext): void {
  if (ctx.timer) clearTimeout(ctx.timer)
  if (ctx.refreshTimer) clearTimeout(ctx.refreshTimer)
  ctx.timer = null
  ctx.refreshTimer = null
}

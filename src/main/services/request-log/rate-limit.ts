// The live rate-limit state for the Inspector's panel, the status bar and the Payments header: the
// latest bucket snapshots per connection, pushed for the active connection only (spec 8.1.5:
// buckets are per merchant, so another connection's buckets would mislead), at most every
// `intervalMs`. Buckets refill with time, not only when a request moves them: while the active
// connection's buckets are not settled (not full, paused, queued or in flight) the feed re-reads
// them every `refreshMs` and pushes what changed, so no screen keeps showing "0/50" after idling.

import type { BucketSnapshot } from '../../../shared/api-events'

export interface RateLimitFeedOptions {
  emit: (snapshots: BucketSnapshot[]) => void
  /** Minimum time between two pushes (default 100 ms); the last state is always pushed. */
  intervalMs?: number
  /** How often unsettled buckets are re-read while nothing else moves them (default 1000 ms). */
  refreshMs?: number
  now?: () => number
}

export interface RateLimitFeed {
  /**
   * The connection's buckets changed. `read` re-reads them now (the client's snapshots), for the
   * refill the feed shows while the buckets are idle.
   */
  update(connectionId: string, snapshots: BucketSnapshot[], read?: () => BucketSnapshot[]): void
  setActive(connectionId: string): void
  /** The active connection's buckets now (empty before its first request). */
  state(): BucketSnapshot[]
  dispose(): void
}

/** True when nothing will change this bucket until a request does: full, not paused, nothing waiting. */
export function isSettled(b: BucketSnapshot): boolean {
  return b.pausedUntil === null && b.queued === 0 && b.inFlight === 0 && b.remaining >= Math.floor(b.capacity)
}

export function createRateLimitFeed(options: RateLimitFeedOptions): RateLimitFeed {
  const intervalMs = options.intervalMs ?? 100
  const refreshMs = options.refreshMs ?? 1000
  const now = options.now ?? Date.now
  const byConnection = new Map<string, BucketSnapshot[]>()
  const readers = new Map<string, () => BucketSnapshot[]>()
  let activeId: string | null = null
  let lastPush = -Infinity
  let lastPushed = ''
  let timer: ReturnType<typeof setTimeout> | null = null
  let refreshTimer: ReturnType<typeof setTimeout> | null = null
  let disposed = false

  const current = () => (activeId === null ? [] : (byConnection.get(activeId) ?? []))

  function push(): void {
    if (disposed) return
    lastPush = now()
    const state = current().map((s) => ({ ...s }))
    lastPushed = JSON.stringify(state)
    try {
      options.emit(state)
    } catch {
      // A broken listener must not break the API client.
    }
    scheduleRefresh()
  }

  function schedule(): void {
    if (timer || disposed) return
    const wait = lastPush + intervalMs - now()
    if (wait <= 0) return push()
    timer = setTimeout(() => {
      timer = null
      push()
    }, wait)
    timer.unref?.()
  }

  function scheduleRefresh(): void {
    if (refreshTimer || disposed || activeId === null) return
    const read = readers.get(activeId)
    if (!read || current().every(isSettled)) return
    refreshTimer = setTimeout(() => {
      refreshTimer = null
      if (disposed || activeId === null) return
      const reader = readers.get(activeId)
      if (!reader) return
      let fresh: BucketSnapshot[]
      try {
        fresh = reader()
      } catch {
        return
      }
      byConnection.set(activeId, fresh)
      if (JSON.stringify(fresh) !== lastPushed) schedule()
      else scheduleRefresh()
    }, refreshMs)
    refreshTimer.unref?.()
  }

  function clearTimers(): void {
    if (timer) clearTimeout(timer)
    if (refreshTimer) clearTimeout(refreshTimer)
    timer = null
    refreshTimer = null
  }

  return {
    update(connectionId, snapshots, read) {
      byConnection.set(connectionId, snapshots)
      if (read) readers.set(connectionId, read)
      if (connectionId === activeId) schedule()
    },
    setActive(connectionId) {
      if (activeId === connectionId) return
      activeId = connectionId
      clearTimers()
      push()
    },
    state: () => current().map((s) => ({ ...s })),
    dispose() {
      disposed = true
      clearTimers()
    },
  }
}

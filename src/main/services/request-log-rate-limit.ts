// The live rate-limit state for the Inspector's panel and the status bar: the latest bucket
// snapshots per connection, pushed for the active connection only (spec 8.1.5: buckets are per
// merchant, so another connection's buckets would mislead), at most every `intervalMs`.

import type { BucketSnapshot } from '../../shared/api-events'

export interface RateLimitFeedOptions {
  emit: (snapshots: BucketSnapshot[]) => void
  /** Minimum time between two pushes (default 100 ms); the last state is always pushed. */
  intervalMs?: number
  now?: () => number
}

export interface RateLimitFeed {
  update(connectionId: string, snapshots: BucketSnapshot[]): void
  setActive(connectionId: string): void
  /** The active connection's buckets now (empty before its first request). */
  state(): BucketSnapshot[]
  dispose(): void
}

export function createRateLimitFeed(options: RateLimitFeedOptions): RateLimitFeed {
  const intervalMs = options.intervalMs ?? 100
  const now = options.now ?? Date.now
  const byConnection = new Map<string, BucketSnapshot[]>()
  let activeId: string | null = null
  let lastPush = -Infinity
  let timer: ReturnType<typeof setTimeout> | null = null
  let disposed = false

  const current = () => (activeId === null ? [] : (byConnection.get(activeId) ?? []))

  function push(): void {
    if (disposed) return
    lastPush = now()
    try {
      options.emit(current().map((s) => ({ ...s })))
    } catch {
      // A broken listener must not break the API client.
    }
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

  return {
    update(connectionId, snapshots) {
      byConnection.set(connectionId, snapshots)
      if (connectionId === activeId) schedule()
    },
    setActive(connectionId) {
      if (activeId === connectionId) return
      activeId = connectionId
      if (timer) clearTimeout(timer)
      timer = null
      push()
    },
    state: () => current().map((s) => ({ ...s })),
    dispose() {
      disposed = true
      if (timer) clearTimeout(timer)
      timer = null
    },
  }
}

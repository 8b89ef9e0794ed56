// Time source and timer scheduler, injected so the limiter and retries can be tested with a fake clock.

export interface Clock {
  /** Epoch milliseconds. */
  now(): number
  setTimer(fn: () => void, ms: number): unknown
  clearTimer(handle: unknown): void
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer: (fn, ms) => {
    // setTimeout fires after 1 ms for anything above 2^31−1 ms; callers re-check the time on wake.
    const t = setTimeout(fn, Math.min(2 ** 31 - 1, Math.max(0, ms)))
    // Timers of a queued request must not keep a CLI/bench process alive on their own.
    t.unref?.()
    return t
  },
  clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}

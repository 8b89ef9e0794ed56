/** An answer as a store applies it: the value, or what was thrown. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown }

/**
 * Calls whose answers are applied only while they are the newest: an answer (or error) that arrives
 * after a newer call started is dropped, so a slow older list cannot overwrite a newer one.
 */
export function newestCalls(): {
  run<T>(call: () => Promise<T>, apply: (outcome: Outcome<T>) => void): Promise<void>
  /** Makes every call in flight stale (e.g. after a change that a late list must not undo). */
  invalidate(): void
} {
  let seq = 0
  return {
    async run(call, apply) {
      const mine = ++seq
      let outcome: Outcome<Awaited<ReturnType<typeof call>>>
      try {
        outcome = { ok: true, value: await call() }
      } catch (error) {
        outcome = { ok: false, error }
      }
      if (mine === seq) apply(outcome)
    },
    invalidate() {
      seq++
    },
  }
}

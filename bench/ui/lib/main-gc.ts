// Main's garbage collection while a bench runs part of its work (the harness runs main's services in
// the bench's own process): how many pauses, how long in all, the longest, and how many were full
// (mark-compact) collections. bench:search prints it per pass of typing.
import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks'

export interface MainGc {
  pauses: number
  totalMs: number
  longestMs: number
  /** Full (mark-compact) collections among the pauses. */
  major: number
}

/** Runs `work` and reports main's GC pauses during it. */
export async function withMainGc<T>(work: () => Promise<T>): Promise<{ result: T; gc: MainGc }> {
  const gc: MainGc = { pauses: 0, totalMs: 0, longestMs: 0, major: 0 }
  const count = (entries: readonly PerformanceEntry[]) => {
    for (const e of entries) {
      gc.pauses++
      gc.totalMs += e.duration
      gc.longestMs = Math.max(gc.longestMs, e.duration)
      const { detail } = e as PerformanceEntry & { detail?: { kind?: number } }
      if (detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) gc.major++
    }
  }
  const observer = new PerformanceObserver((list) => count(list.getEntries()))
  observer.observe({ entryTypes: ['gc'] })
  try {
    const result = await work()
    // Entries are delivered a turn later: the last ones are taken before stopping.
    await new Promise<void>((resolve) => setImmediate(resolve))
    count(observer.takeRecords())
    return {
      result,
      gc: { ...gc, totalMs: Math.round(gc.totalMs * 10) / 10, longestMs: Math.round(gc.longestMs * 10) / 10 },
    }
  } finally {
    observer.disconnect()
  }
}

import type { Page } from 'playwright-core'

// GC pauses on the renderer's main thread during a measured stretch, from a Chromium trace
// (categories devtools.timeline and disabled-by-default-v8.gc: MinorGC, MajorGC and V8's incremental
// marking steps). Trace time is aligned with the page's performance.now() through one
// console.timeStamp() whose page time is known.

export const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-v8.gc']

/** Main-thread events that stop JavaScript for garbage collection (nested ones are merged). */
const GC_EVENT =
  /^(MinorGC|MajorGC|V8\.GC_SCAVENGER$|V8\.GC_MARK_COMPACTOR$|V8\.GC_MINOR_MARK_SWEEPER$|V8\.GC_MC_INCREMENTAL$|V8\.GC_MC_INCREMENTAL_FINALIZE$)/

export interface TraceEvent {
  name: string
  ph: string
  ts: number
  /** Wall time (µs) and the thread's own CPU time (µs) of a complete ('X') event. */
  dur?: number
  tdur?: number
  pid: number
  tid: number
  args?: { data?: { message?: string; type?: string } }
}

/** The page's main thread in a trace, and trace time turned into page time (ms). */
export interface TraceClock {
  pid: number
  tid: number
  toPage(ts: number): number
}

/** The clock of a trace whose TimeStamp `anchorName` was recorded at page time `anchorPageTime`. */
export function traceClock(events: readonly TraceEvent[], anchorName: string, anchorPageTime: number): TraceClock {
  const anchor = events.find((e) => e.name === 'TimeStamp' && e.args?.data?.message === anchorName)
  if (!anchor) throw new Error(`The trace has no TimeStamp "${anchorName}"`)
  return { pid: anchor.pid, tid: anchor.tid, toPage: (ts) => (ts - anchor.ts) / 1000 + anchorPageTime }
}

export interface GcPauses {
  /** Merged pauses, in page time (ms since the page's time origin). */
  pauses: { start: number; end: number }[]
  totalMs: number
  count: number
  longestMs: number
}

export interface GcTrace {
  /** Call in the page, right before the measured stretch: records the anchor. */
  anchorName: string
  /** The GC pauses, and the trace's events with its clock for other readings (lib/frame-work.ts). */
  stop(anchorPageTime: number): Promise<{ gc: GcPauses; events: TraceEvent[]; clock: TraceClock }>
}

export async function startGcTrace(page: Page, anchorName = 'bench-anchor'): Promise<GcTrace> {
  const browser = page.context().browser()
  if (!browser) throw new Error('No browser to trace')
  await browser.startTracing(page, { categories: TRACE_CATEGORIES })
  return {
    anchorName,
    async stop(anchorPageTime) {
      const buffer = await browser.stopTracing()
      const parsed = JSON.parse(buffer.toString('utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[]
      const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? [])
      const clock = traceClock(events, anchorName, anchorPageTime)
      return { gc: gcPauses(events, clock), events, clock }
    },
  }
}

function gcPauses(events: readonly TraceEvent[], clock: TraceClock): GcPauses {
  const { toPage } = clock
  const spans = events
    .filter((e) => e.ph === 'X' && e.pid === clock.pid && e.tid === clock.tid && GC_EVENT.test(e.name))
    .map((e) => ({ start: toPage(e.ts), end: toPage(e.ts + (e.dur ?? 0)) }))
    .sort((a, b) => a.start - b.start)
  const pauses: { start: number; end: number }[] = []
  for (const s of spans) {
    const last = pauses[pauses.length - 1]
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end)
    else pauses.push({ ...s })
  }
  const lengths = pauses.map((p) => p.end - p.start)
  return {
    pauses,
    totalMs: lengths.reduce((a, b) => a + b, 0),
    count: pauses.length,
    longestMs: Math.max(0, ...lengths),
  }
}

/** GC time (ms) within [from, to], page time. */
export function gcMsWithin(gc: GcPauses, from: number, to: number): number {
  let ms = 0
  for (const p of gc.pauses) ms += Math.max(0, Math.min(to, p.end) - Math.max(from, p.start))
  return ms
}

// What is in a long frame: the browser's long-animation-frame (LoAF) entries, copied out of the page
// with their attribution, and a summary of the causes over one run.
//
// A LoAF entry covers one frame over 50 ms: from the first task that led to it to its paint.
// `renderStart` is where the frame's rendering began (rAF callbacks, then style and layout from
// `styleAndLayoutStart`, then paint); `scripts` are the script runs over 5 ms in it with their
// invoker (event listener, rAF callback, promise resolve, ...), source and the time they spent in
// forced (synchronous) style and layout; `blockingDuration` is the part over 50 ms of its longest tasks.

/** A script of a LoAF entry (PerformanceScriptTiming), as copied out of the page. */
export interface LoafScript {
  invokerType: string
  invoker: string
  sourceURL: string
  sourceFunctionName: string
  sourceCharPosition: number
  startTime: number
  executionStart: number
  duration: number
  forcedStyleAndLayoutDuration: number
  pauseDuration: number
}

/** A LoAF entry (PerformanceLongAnimationFrameTiming), as copied out of the page. */
export interface LoafEntry {
  startTime: number
  duration: number
  renderStart: number
  styleAndLayoutStart: number
  blockingDuration: number
  scripts: LoafScript[]
}

/** One long frame split into what the browser says it spent the time on. */
export interface FrameBreakdown {
  startTime: number
  duration: number
  blockingDuration: number
  /** Script runs the entry attributes (over 5 ms each). */
  scriptMs: number
  /** Style and layout forced synchronously by those scripts (inside scriptMs). */
  forcedStyleAndLayoutMs: number
  /** Rendering steps before style and layout: rAF callbacks, ResizeObserver, ... */
  renderCallbacksMs: number
  /** The frame's own style, layout, (pre)paint and commit. */
  styleLayoutPaintMs: number
  /** Main-thread GC pauses inside the frame (from the trace; null without one). */
  gcMs: number | null
  /** The rest: tasks with no script over 5 ms, idle gaps before the frame could start. */
  otherMs: number
}

export function breakdown(entry: LoafEntry, gcMsInside: ((from: number, to: number) => number) | null): FrameBreakdown {
  const end = entry.startTime + entry.duration
  const scriptMs = entry.scripts.reduce((sum, s) => sum + s.duration, 0)
  const forced = entry.scripts.reduce((sum, s) => sum + s.forcedStyleAndLayoutDuration, 0)
  const renderStart = entry.renderStart > 0 ? entry.renderStart : end
  const styleStart = entry.styleAndLayoutStart > 0 ? entry.styleAndLayoutStart : renderStart
  const styleLayoutPaintMs = Math.max(0, end - styleStart)
  const renderCallbacksMs = Math.max(0, styleStart - renderStart)
  const gcMs = gcMsInside ? gcMsInside(entry.startTime, end) : null
  return {
    startTime: entry.startTime,
    duration: entry.duration,
    blockingDuration: entry.blockingDuration,
    scriptMs,
    forcedStyleAndLayoutMs: forced,
    renderCallbacksMs,
    styleLayoutPaintMs,
    gcMs,
    otherMs: Math.max(0, entry.duration - scriptMs - styleLayoutPaintMs),
  }
}

/** "event-listener scroll → onScroll (index-abc.js:1234)": one script's place in the code. */
export function scriptKey(s: LoafScript): string {
  const file = s.sourceURL ? (s.sourceURL.split('/').pop() ?? s.sourceURL) : '(no source)'
  const fn = s.sourceFunctionName || '(anonymous)'
  return `${s.invokerType} ${s.invoker} → ${fn} (${file}:${s.sourceCharPosition})`
}

export interface CauseSummary {
  longFrames: number
  totalMs: number
  blockingMs: number
  scriptMs: number
  forcedStyleAndLayoutMs: number
  renderCallbacksMs: number
  styleLayoutPaintMs: number
  gcMs: number | null
  otherMs: number
  /** The scripts that took the most time in long frames, most first. */
  topScripts: { script: string; count: number; ms: number; forcedMs: number }[]
}

export function summarizeCauses(
  entries: readonly LoafEntry[],
  gcMsInside: ((from: number, to: number) => number) | null,
  top = 5,
): CauseSummary {
  const frames = entries.map((e) => breakdown(e, gcMsInside))
  const sum = (f: (b: FrameBreakdown) => number) => frames.reduce((acc, b) => acc + f(b), 0)
  const byScript = new Map<string, { count: number; ms: number; forcedMs: number }>()
  for (const e of entries) {
    for (const s of e.scripts) {
      const k = scriptKey(s)
      const v = byScript.get(k) ?? { count: 0, ms: 0, forcedMs: 0 }
      v.count++
      v.ms += s.duration
      v.forcedMs += s.forcedStyleAndLayoutDuration
      byScript.set(k, v)
    }
  }
  return {
    longFrames: frames.length,
    totalMs: sum((b) => b.duration),
    blockingMs: sum((b) => b.blockingDuration),
    scriptMs: sum((b) => b.scriptMs),
    forcedStyleAndLayoutMs: sum((b) => b.forcedStyleAndLayoutMs),
    renderCallbacksMs: sum((b) => b.renderCallbacksMs),
    styleLayoutPaintMs: sum((b) => b.styleLayoutPaintMs),
    gcMs: gcMsInside ? sum((b) => b.gcMs ?? 0) : null,
    otherMs: sum((b) => b.otherMs),
    topScripts: [...byScript]
      .map(([script, v]) => ({ script, ...v }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, top),
  }
}

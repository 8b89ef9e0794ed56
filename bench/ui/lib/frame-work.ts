// The work behind a scroll's frames (issue 52 item 4), measured over one scripted scroll of the
// payments list and divided by what the scroll showed:
// - allocation: the JS heap bytes the page allocated during the scroll, garbage included (V8's
//   sampling heap profiler, HeapProfiler.startSampling with the objects already collected by minor
//   and major GCs kept in the profile), per scrolled page (one height of the scroll box) and per row
//   drawn, with the functions that allocated the most (the profile's own attribution);
// - rows drawn: a row React wrote for an index it did not show before (a new DOM row, or a kept DOM
//   row given another aria-rowindex), counted by a MutationObserver on the rows; beside them the rows
//   moved: a kept DOM row React took out and inserted again elsewhere among the rows (Chromium then
//   builds its style and layout objects anew);
// - style, layout and paint per row drawn: the main thread's UpdateLayoutTree, Layout and
//   PrePaint/Paint/Layerize trace events during the scroll (forced by a script or the frame's own),
//   wall time and the thread's CPU time, divided by the rows drawn;
// - the scroll listener: each `scroll` EventDispatch on the main thread. The list's virtualizer
//   draws the rows in its scroll listener (flushSync), so this is React's render and commit of the
//   rows in view, per frame.
import type { Page } from 'playwright-core'
import type { TraceClock, TraceEvent } from './gc-trace'
import { median, percentile, round } from '../../lib/stats'

/** Bytes between two allocation samples: small enough for a few MB per scroll to be sampled often. */
const SAMPLING_INTERVAL_BYTES = 16 * 1024

/** A function that allocated during the scroll, and how much (kB). */
export interface AllocationSite {
  site: string
  kb: number
}

/** A node of a sampling heap profile (HeapProfiler.SamplingHeapProfileNode), as far as it is read. */
interface ProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }
  selfSize: number
  children: ProfileNode[]
}

/** The functions that allocated the most in a sampling heap profile, most first. */
function topAllocationSites(head: ProfileNode, top: number): AllocationSite[] {
  const bySite = new Map<string, number>()
  const walk = (node: ProfileNode) => {
    const { functionName, url, lineNumber, columnNumber } = node.callFrame
    const file = url ? (url.split('/').pop() ?? url) : '(no source)'
    const site = `${functionName || '(anonymous)'} (${file}:${lineNumber + 1}:${columnNumber + 1})`
    if (node.selfSize > 0) bySite.set(site, (bySite.get(site) ?? 0) + node.selfSize)
    for (const child of node.children) walk(child)
  }
  walk(head)
  return [...bySite]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([site, bytes]) => ({ site, kb: Math.round(bytes / 1024) }))
}

export interface ScrollWorkCounts {
  /** JS heap bytes allocated while counting (an estimate from the samples). */
  allocatedBytes: number
  /** The functions that allocated the most. */
  topAllocations: AllocationSite[]
  rowsDrawn: number
  /** Kept DOM rows React moved among the rows (removed and inserted again). */
  rowsMoved: number
  /** The scroll box's visible height (px): one scrolled page. */
  pageHeightPx: number
}

export interface ScrollWorkCounter {
  stop(): Promise<ScrollWorkCounts>
}

/** Starts counting the allocation and the rows drawn; call right before the scroll. */
export async function startScrollWork(page: Page): Promise<ScrollWorkCounter> {
  await page.evaluate(() => {
    const rows = document.querySelector('[data-testid="payments-table"] .pay-rows')
    if (!rows) throw new Error('No payments list rows to watch')
    const w = window as unknown as { __rows: { drawn: number; moved: number }; __rowsWatch?: MutationObserver }
    w.__rows = { drawn: 0, moved: 0 }
    w.__rowsWatch?.disconnect()
    // A DOM row seen before that is inserted again was moved, not drawn (its index change counts).
    const seen = new WeakSet<Node>(rows.children)
    const watch = new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === 'childList') {
          for (const n of r.addedNodes) {
            if (!(n instanceof Element) || n.getAttribute('role') !== 'row') continue
            if (seen.has(n)) w.__rows.moved++
            else w.__rows.drawn++
            seen.add(n)
          }
        } else if (r.target.parentNode === rows && r.oldValue !== (r.target as Element).getAttribute('aria-rowindex')) {
          w.__rows.drawn++
        }
      }
    })
    watch.observe(rows, { childList: true, subtree: true, attributeFilter: ['aria-rowindex'], attributeOldValue: true })
    w.__rowsWatch = watch
  })
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('HeapProfiler.enable')
  await cdp.send('HeapProfiler.startSampling', {
    samplingInterval: SAMPLING_INTERVAL_BYTES,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  })
  return {
    async stop() {
      const { profile } = await cdp.send('HeapProfiler.stopSampling')
      await cdp.send('HeapProfiler.disable')
      await cdp.detach()
      const allocatedBytes = profile.samples.reduce((sum, s) => sum + s.size, 0)
      const topAllocations = topAllocationSites(profile.head, 5)
      const counts = await page.evaluate(() => {
        const w = window as unknown as { __rows: { drawn: number; moved: number }; __rowsWatch?: MutationObserver }
        w.__rowsWatch?.disconnect()
        const box = document.querySelector('[data-testid="payments-scroll"]') as HTMLElement
        return { rowsDrawn: w.__rows.drawn, rowsMoved: w.__rows.moved, pageHeightPx: box.clientHeight }
      })
      return { allocatedBytes, topAllocations, ...counts }
    },
  }
}

/** Wall and CPU time (ms) of one kind of main-thread work. */
export interface WorkTime {
  wallMs: number
  cpuMs: number
}

/** The main thread's style, layout and paint, and each scroll listener's time, during [from, to]. */
export interface TracedWork {
  style: WorkTime
  layout: WorkTime
  paint: WorkTime
  /** Each scroll EventDispatch's wall time (ms), in order. */
  scrollListenerMs: number[]
}

const STYLE = new Set(['UpdateLayoutTree'])
const LAYOUT = new Set(['Layout'])
const PAINT = new Set(['PrePaint', 'Paint', 'Layerize'])

/** Sums the outermost events of one kind (a Paint inside a Paint counts once). */
function outermost(events: readonly TraceEvent[]): WorkTime {
  const sorted = [...events].sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))
  let end = -Infinity
  let wall = 0
  let cpu = 0
  for (const e of sorted) {
    if (e.ts < end) continue
    end = e.ts + (e.dur ?? 0)
    wall += e.dur ?? 0
    cpu += e.tdur ?? e.dur ?? 0
  }
  return { wallMs: wall / 1000, cpuMs: cpu / 1000 }
}

export function tracedWork(events: readonly TraceEvent[], clock: TraceClock, from: number, to: number): TracedWork {
  const main = events.filter((e) => {
    if (e.ph !== 'X' || e.pid !== clock.pid || e.tid !== clock.tid) return false
    const start = clock.toPage(e.ts)
    return start >= from && start <= to
  })
  const of = (names: Set<string>) => outermost(main.filter((e) => names.has(e.name)))
  return {
    style: of(STYLE),
    layout: of(LAYOUT),
    paint: of(PAINT),
    scrollListenerMs: main
      .filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'scroll')
      .sort((a, b) => a.ts - b.ts)
      .map((e) => (e.dur ?? 0) / 1000),
  }
}

/** A kind of work per row drawn (µs). */
export interface PerRow {
  wallUs: number
  cpuUs: number
}

/** One run's work figures, as printed and in the JSON line. */
export interface ScrollWork {
  rowsDrawn: number
  rowsMoved: number
  scrolledPages: number
  allocatedMb: number
  allocatedKbPerPage: number
  allocatedBytesPerRow: number
  topAllocations: AllocationSite[]
  /** Per row drawn, wall and CPU (µs); null without a trace. */
  perRowUs: { style: PerRow; layout: PerRow; paint: PerRow } | null
  /** The scroll listener per frame (ms); null without a trace. */
  scrollListener: { dispatches: number; medianMs: number; p95Ms: number; maxMs: number; totalMs: number } | null
}

export function scrollWork(counts: ScrollWorkCounts, distancePx: number, traced: TracedWork | null): ScrollWork {
  const rows = Math.max(1, counts.rowsDrawn)
  const pages = distancePx / Math.max(1, counts.pageHeightPx)
  const perRow = (t: WorkTime): PerRow => ({
    wallUs: round((t.wallMs * 1000) / rows, 1),
    cpuUs: round((t.cpuMs * 1000) / rows, 1),
  })
  const listener = traced?.scrollListenerMs ?? []
  return {
    rowsDrawn: counts.rowsDrawn,
    rowsMoved: counts.rowsMoved,
    scrolledPages: round(pages, 1),
    allocatedMb: round(counts.allocatedBytes / 1024 / 1024, 1),
    allocatedKbPerPage: round(counts.allocatedBytes / 1024 / Math.max(1, pages), 0),
    allocatedBytesPerRow: Math.round(counts.allocatedBytes / rows),
    topAllocations: counts.topAllocations,
    perRowUs: traced
      ? { style: perRow(traced.style), layout: perRow(traced.layout), paint: perRow(traced.paint) }
      : null,
    scrollListener: traced
      ? {
          dispatches: listener.length,
          medianMs: round(median(listener), 2),
          p95Ms: round(percentile(listener, 95), 2),
          maxMs: round(Math.max(0, ...listener), 2),
          totalMs: round(
            listener.reduce((a, b) => a + b, 0),
            1,
          ),
        }
      : null,
  }
}

// Benchmark of the payments browser (npm run bench:ui): the BUILT renderer in Chromium via the e2e
// harness, the real main services, a sandbox seeded with 50,000 test payments and high quotas.
//   npx tsx bench/ui/payments.bench.ts [--runs 5] [--throttle 1] [--load] [--no-trace] [--no-work] [--no-heap]
//     [--keep-garbage] [--renderer-dir out/renderer] [--ab OLD_RENDERER_DIR]
//
// Every run (5 consecutive runs in one invocation by default) measures, and prints:
// 1. Page paint: time from a page's IPC reply arriving (before its JSON is parsed) to the frame
//    showing its rows having been painted. Measured inside the page with performance marks the
//    screen records only when opened with `?bench` (src/renderer/src/lib/bench-marks.ts):
//    `payments.received` when the reply arrives, `payments.painted` when a task posted from the
//    frame's requestAnimationFrame runs (after that frame's paint), and `payments.frame-after` one
//    frame later (double rAF), reported beside it. Playwright only reads the marks. The paint is
//    split at `payments.committed` (React has committed the rows): reply → commit is the page's
//    parse and render, commit → painted the wait for the next frame (`payments.frame`, the frame's
//    rAF time) and then that frame's own work (style, layout, paint).
// 2. Scrolling: 10,000 rows loaded with "load more"; a scripted scroll moves the list 900 px per
//    frame from top to bottom. Slow frames are counted by the browser itself: every frame over 50 ms
//    is a long-animation-frame (LoAF) entry; its attribution (scripts with invoker, source and forced
//    style/layout, the frame's own style/layout/paint, blocking duration) is summed into the run's
//    top causes, and a Chromium trace of the scroll gives the main thread's GC pauses (total, longest,
//    and the part inside long frames). The rAF deltas are reported beside them.
// 3. The work behind the scroll's frames (lib/frame-work.ts; --no-work skips it): the JS heap bytes
//    allocated during the scroll (garbage included) per scrolled page and per row drawn, the style,
//    layout and paint per row drawn (from the trace), and the scroll listener's time per frame (the
//    list draws its rows in it: React's render and commit). The allocation sampling runs during the
//    scroll it measures, at a small cost to that scroll's frames.
// The app's first index sync runs to its end before run 1 (as in bench:startup); its time is printed.
// Then once (not under --load): 4. Heap: 200 pages of 250 walked with "load more", a forced GC
// (CDP HeapProfiler.collectGarbage) and the renderer's JS heap.
//
// --throttle N slows the page's processor N times during the runs (lib/throttle.ts), not the heap step.
// --load keeps one core busy with a Node busy-loop child during the runs (stopped after them).
// --renderer-dir runs another build of the renderer (an old out/renderer kept aside, to compare).
// --ab DIR runs two builds side by side in the same minutes: each run number is a pair, build A (the
// one served: out/renderer or --renderer-dir) then build B (DIR, e.g. the old code's out/renderer
// copied aside), the page loading the other build for each step; the spread is printed per build.
// --no-trace skips the GC trace (tracing itself costs a little main-thread time).
// Each step opens the page anew, in the same renderer process, where the garbage of the bench's
// earlier documents stays until a major collection: the heap in use when the scroll started grew from
// 160 to 572 MB over 5 runs, and major collections of 130–360 MB (19–23 ms) ran during later runs.
// The app's window loads one document once, so each step starts from a collected heap (CDP
// HeapProfiler.collectGarbage right after the page opens, before any row is loaded; the garbage of
// the step's own work stays). The heap in use when the scroll starts is printed per run (63–76 MB
// now). --keep-garbage skips the collection, to compare: in one pair of invocations, 2 long frames
// in 5 runs with it and 0 without, and the same paint medians; the long frames of the scroll do not
// come from that garbage.
// Each run also times a fixed piece of JavaScript in the page and here, before the paints, before
// the scroll and after it (lib/machine-probe.ts): the machine's own speed at the time, to compare runs.
// Prints every run, the spread (min / median / max) over the runs, the top causes of each run's long
// frames, then ONE JSON line (the last line).

import { randomBytes } from 'node:crypto'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { createMemorySecretStore } from '../../test/helpers/memory-secret-store'
import { startHarness } from '../../test/e2e/harness'
import { present } from '../../test/helpers/present'
import { createSandboxAdmin } from '../../src/sandbox'
import { withOptionalLoad } from './lib/busy-core'
import { scrollWork, startScrollWork, tracedWork, type ScrollWork, type TracedWork } from './lib/frame-work'
import { gcMsWithin, startGcTrace, type GcPauses } from './lib/gc-trace'
import { summarizeCauses, type CauseSummary } from './lib/long-frames'
import { probeMachine, probeMedian, type MachineProbe } from './lib/machine-probe'
import { scrollThrough } from './lib/scroll-probe'
import { median, percentile, printTable, round, spread } from '../lib/stats'
import { rateCell, slowedBy, throttleArg, throttleNote, throttlePage } from './lib/throttle'
import { benchArgs, flag, numberOption, option } from '../lib/args'

const RUNS = numberOption('runs', 5)
const THROTTLE = throttleArg(benchArgs)
const LOAD = flag('load')
const TRACE = !flag('no-trace')
const WORK = !flag('no-work')
const RENDERER_DIR = option('renderer-dir')
const AB_DIR = option('ab')
if (flag('ab') && !AB_DIR) throw new Error('--ab takes the folder of the other build (an out/renderer)')
const HEAP = !flag('--no-heap')
const KEEP_GARBAGE = flag('--keep-garbage')

const SEED_PAYMENTS = 50_000
const PAINT_PAGES = 60
const SCROLL_ROWS = 10_000
const SCROLL_STEP_PX = 900 // px per frame: ~35 compact rows, a fast flick
const HEAP_PAGES = 200
const PAGE_SIZE = 250

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
const token = (n: number) => Array.from(randomBytes(n), (b) => BASE62[b % 62]).join('')

async function rowsInList(page: Page): Promise<number> {
  return Number(await page.getByTestId('payments-table').getAttribute('aria-rowcount'))
}

/** The renderer's JS heap in use (MB), from CDP. */
async function heapInUseMb(page: Page, collect = false): Promise<number> {
  const cdp = await page.context().newCDPSession(page)
  try {
    if (collect) await cdp.send('HeapProfiler.collectGarbage')
    const usage = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }
    return round(usage.usedSize / 1024 / 1024, 1)
  } finally {
    await cdp.detach()
  }
}

async function openScreen(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/index.html?bench`)
  await page.getByRole('navigation', { name: 'Sections' }).waitFor()
  // The earlier documents' garbage collected, as in the app's window, which loads one document once.
  if (!KEEP_GARBAGE) await heapInUseMb(page, true)
  // tsx (esbuild keepNames) wraps named functions in evaluated code with __name(): give the page one.
  await page.evaluate('window.__name = (f) => f')
  await page.getByRole('button', { name: /^Payments/ }).click()
  await page.getByTestId('payment-row').first().waitFor({ timeout: 60_000 })
  await page.getByTestId('view-toggle').click()
  await page.getByTestId('page-size').fill(String(PAGE_SIZE))
  await page.getByTestId('page-size').press('Enter')
  await page.getByTestId('page-size').press('Escape') // leave the field so ] pages instead of typing
  await page.waitForFunction(
    (n) =>
      document.querySelectorAll('[data-testid="payment-row"]').length > 0 &&
      document.querySelector('[data-testid="payments-table"]')?.getAttribute('aria-rowcount') === String(n),
    PAGE_SIZE,
  )
}

/** Clicks "load more" until the list holds `rows` rows, scrolling to the end after each page. */
async function loadMoreUntil(page: Page, rows: number): Promise<void> {
  while ((await rowsInList(page)) < rows) {
    const before = await rowsInList(page)
    await page.getByTestId('load-more').click()
    await page.waitForFunction(
      (b) => Number(document.querySelector('[data-testid="payments-table"]')?.getAttribute('aria-rowcount')) > b,
      before,
      { timeout: 30_000 },
    )
    await page.evaluate(() => {
      const box = document.querySelector('[data-testid="payments-scroll"]') as HTMLElement
      box.scrollTop = box.scrollHeight
    })
  }
}

/** Page paint over many pages: each a fresh page of 250 that replaces the list ("List from this id"). */
async function measurePaints(
  page: Page,
  ids: string[],
): Promise<{ paints: number[]; frameAfter: number[]; toCommit: number[]; toFrame: number[] }> {
  const paints: number[] = []
  const frameAfter: number[] = []
  const toCommit: number[] = []
  const toFrame: number[] = []
  for (let i = 0; i < PAINT_PAGES; i++) {
    const target = ids[(i + 1) * PAGE_SIZE] ?? ''
    await page.getByTestId('find-input').fill(target)
    await page.evaluate(() => performance.clearMarks())
    await page.getByTestId('find-from').click()
    await page.waitForFunction(
      (want) =>
        document.querySelector('[data-testid="payment-row"]')?.getAttribute('data-payment-id') === want &&
        performance.getEntriesByName('payments.frame-after').length > 0,
      target,
    )
    const [ms, msAfter, msCommit, msFrame] = await page.evaluate(() => {
      const received = performance.getEntriesByName('payments.received').at(-1)?.startTime ?? NaN
      const at = (name: string) =>
        performance.getEntriesByName(name).find((m) => m.startTime >= received)?.startTime ?? NaN
      return [
        at('payments.painted') - received,
        at('payments.frame-after') - received,
        at('payments.committed') - received,
        // The frame may have begun just before the commit ended (its rAF time is its vsync).
        (performance.getEntriesByName('payments.frame').at(-1)?.startTime ?? NaN) - received,
      ]
    })
    paints.push(ms)
    frameAfter.push(msAfter)
    toCommit.push(msCommit)
    toFrame.push(Math.max(msCommit, msFrame))
  }
  return { paints, frameAfter, toCommit, toFrame }
}

interface RunResult {
  run: number
  /** Which build ran (--ab: 'A' or 'B'; '' otherwise). */
  build: string
  /** The page's processor slowed this many times (--throttle). */
  throttle: number
  /** How many times the unslowed page probe this run's page probe read (null at 1×). */
  slowedBy: number | null
  pagePaintMsMedian: number
  pagePaintMsP95: number
  pagePaintMsMax: number
  pagePaintFrameAfterMsMedian: number
  /** The paint's parts, medians: reply → rows committed, committed → painted, and of that the wait
   * for the next frame to start and the frame's own work (its start → painted). */
  pagePaintToCommitMsMedian: number
  pagePaintCommitToPaintMsMedian: number
  pagePaintWaitForFrameMsMedian: number
  pagePaintFrameWorkMsMedian: number
  scrollFrames: number
  scrollDistancePx: number
  framesOver50ms: number
  longestFrameMs: number
  rafFramesOver50ms: number
  rafLongestFrameMs: number
  medianFrameMs: number
  /** The renderer's JS heap in use when the scroll starts (MB). */
  heapMbAtScroll: number
  gc: { pauses: number; totalMs: number; longestMs: number; inLongFramesMs: number } | null
  causes: CauseSummary
  /** The work behind the scroll's frames (null with --no-work). */
  work: ScrollWork | null
  /** How fast the machine was around the run: the probe before the paints, the scroll and after it (medians). */
  probe: MachineProbe
}

async function oneRun(
  page: Page,
  origin: string,
  ids: string[],
  run: number,
  build: string,
  unslowed: MachineProbe | null,
): Promise<RunResult> {
  await openScreen(page, origin)
  const probes = [await probeMachine(page)]
  const { paints, frameAfter, toCommit, toFrame } = await measurePaints(page, ids)

  await openScreen(page, origin)
  await loadMoreUntil(page, SCROLL_ROWS)
  const heapMbAtScroll = await heapInUseMb(page)
  probes.push(await probeMachine(page))
  const anchor = `bench-scroll-${run}${build}`
  const counter = WORK ? await startScrollWork(page) : null
  const trace = TRACE ? await startGcTrace(page, anchor) : null
  const scroll = await scrollThrough(page, SCROLL_STEP_PX, anchor)
  let gc: GcPauses | null = null
  let traced: TracedWork | null = null
  if (trace) {
    const { gc: all, events, clock } = await trace.stop(scroll.anchorPageTime)
    traced = tracedWork(events, clock, scroll.from, scroll.to)
    const pauses = all.pauses.filter((p) => p.end >= scroll.from && p.start <= scroll.to)
    const lengths = pauses.map((p) => p.end - p.start)
    gc = {
      pauses,
      count: pauses.length,
      totalMs: lengths.reduce((a, b) => a + b, 0),
      longestMs: Math.max(0, ...lengths),
    }
  }
  const work = counter ? scrollWork(await counter.stop(), scroll.distance, traced) : null
  probes.push(await probeMachine(page))
  const gcInside = gc ? (from: number, to: number) => gcMsWithin(gc, from, to) : null
  const causes = summarizeCauses(scroll.long, gcInside)
  if (!scroll.supported)
    throw new Error('This Chromium has no long-animation-frame entries: the bench cannot count slow frames.')
  return {
    run,
    build,
    throttle: THROTTLE,
    slowedBy: slowedBy(probeMedian(probes), unslowed),
    pagePaintMsMedian: round(median(paints), 2),
    pagePaintMsP95: round(percentile(paints, 95), 2),
    pagePaintMsMax: round(Math.max(...paints), 2),
    pagePaintFrameAfterMsMedian: round(median(frameAfter), 2),
    pagePaintToCommitMsMedian: round(median(toCommit), 2),
    pagePaintCommitToPaintMsMedian: round(median(paints.map((ms, i) => ms - (toCommit[i] ?? NaN))), 2),
    pagePaintWaitForFrameMsMedian: round(median(toFrame.map((ms, i) => ms - (toCommit[i] ?? NaN))), 2),
    pagePaintFrameWorkMsMedian: round(median(paints.map((ms, i) => ms - (toFrame[i] ?? NaN))), 2),
    scrollFrames: scroll.frames.length,
    scrollDistancePx: Math.round(scroll.distance),
    framesOver50ms: scroll.long.length,
    longestFrameMs: round(Math.max(0, ...scroll.long.map((e) => e.duration)), 1),
    rafFramesOver50ms: scroll.frames.filter((f) => f > 50).length,
    rafLongestFrameMs: round(Math.max(...scroll.frames), 1),
    medianFrameMs: round(median(scroll.frames), 1),
    heapMbAtScroll,
    gc: gc
      ? {
          pauses: gc.count,
          totalMs: round(gc.totalMs),
          longestMs: round(gc.longestMs),
          inLongFramesMs: round(causes.gcMs ?? 0),
        }
      : null,
    causes,
    work,
    probe: probeMedian(probes),
  }
}

async function measureHeap(page: Page, origin: string) {
  await openScreen(page, origin)
  await loadMoreUntil(page, HEAP_PAGES * PAGE_SIZE)
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('HeapProfiler.collectGarbage')
  await cdp.send('HeapProfiler.collectGarbage')
  const usage = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number; totalSize: number }
  const performanceMemory = await page.evaluate(
    () => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? null,
  )
  return {
    heapMbAfter200Pages: round((performanceMemory ?? usage.usedSize) / 1024 / 1024, 1),
    heapMbCdpUsedSize: round(usage.usedSize / 1024 / 1024, 1),
    rowsInListAfter200Pages: await rowsInList(page),
    domRowsAfter200Pages: await page.locator('[data-testid="payment-row"]').count(),
    // The rows of the pages the window keeps (as text; far pages are dropped and read again when needed).
    keptPaymentsAfter200Pages: Number(await page.getByTestId('payments-count').getAttribute('data-kept')),
  }
}

/** The spread of the run figures the JSON line carries. */
function spreadOf(runs: RunResult[]) {
  return {
    framesOver50ms: spread(runs.map((r) => r.framesOver50ms)),
    longestFrameMs: spread(runs.map((r) => r.longestFrameMs)),
    pagePaintMsMedian: spread(
      runs.map((r) => r.pagePaintMsMedian),
      2,
    ),
    pagePaintMsP95: spread(
      runs.map((r) => r.pagePaintMsP95),
      2,
    ),
    pagePaintMsMax: spread(
      runs.map((r) => r.pagePaintMsMax),
      2,
    ),
    allocatedKbPerPage: runs.every((r) => r.work) ? spread(runs.map((r) => r.work?.allocatedKbPerPage ?? NaN)) : null,
  }
}

/** "3" or, under --ab, "3 A": the run's number and build. */
const runLabel = (r: RunResult) => (r.build ? `${r.run} ${r.build}` : String(r.run))

/** The work behind the scroll's frames, per run (lib/frame-work.ts). */
function printWork(runs: RunResult[]): void {
  if (!runs.some((r) => r.work)) return
  const us = (t: { wallUs: number; cpuUs: number } | undefined) => (t ? `${t.wallUs} (${t.cpuUs})` : '-')
  console.log('\nthe work behind the scroll: allocation (garbage included) and, per row drawn, style / layout / paint')
  printTable(
    [
      'run',
      'rows drawn / moved',
      'pages',
      'alloc MB',
      'per page (kB)',
      'per row (B)',
      'per row µs wall (cpu): style',
      'layout',
      'paint',
      'scroll listener per frame p50 / p95 / max (ms)',
      'CPU',
      'probe page (ms)',
    ],
    runs.map((r) => {
      const w = r.work
      const l = w?.scrollListener
      return [
        runLabel(r),
        w ? `${w.rowsDrawn} / ${w.rowsMoved}` : '-',
        String(w?.scrolledPages ?? '-'),
        String(w?.allocatedMb ?? '-'),
        String(w?.allocatedKbPerPage ?? '-'),
        String(w?.allocatedBytesPerRow ?? '-'),
        us(w?.perRowUs?.style),
        us(w?.perRowUs?.layout),
        us(w?.perRowUs?.paint),
        l ? `${l.medianMs} / ${l.p95Ms} / ${l.maxMs} (${l.dispatches} frames, ${l.totalMs} in all)` : '-',
        rateCell(r.throttle, r.slowedBy),
        String(r.probe.pageMs),
      ]
    }),
  )
  for (const r of runs) {
    const sites = r.work?.topAllocations ?? []
    if (sites.length === 0) continue
    console.log(`run ${runLabel(r)}: allocated most in (kB)`)
    for (const a of sites) console.log(`  ${String(a.kb).padStart(7)}  ${a.site}`)
  }
}

/** The spread over some runs (one build's under --ab), against the issue's targets. */
function printSpread(runs: RunResult[], title: string): void {
  const sp = (f: (r: RunResult) => number) => {
    const s = spread(runs.map(f))
    return `${s.min} / ${s.median} / ${s.max}`
  }
  console.log(`\nspread over the runs${title} (min / median / max)          target (idle; under --load: ≤ 2 frames)`)
  console.log(`  frames over 50 ms (LoAF)     ${sp((r) => r.framesOver50ms).padEnd(22)}  0 in every run`)
  console.log(`  longest frame (ms)           ${sp((r) => r.longestFrameMs)}`)
  console.log(`  page paint median (ms)       ${sp((r) => r.pagePaintMsMedian).padEnd(22)}  < 25 in every run`)
  console.log(`  page paint p95 (ms)          ${sp((r) => r.pagePaintMsP95).padEnd(22)}  < 50 in every run`)
  console.log(`  page paint max (ms)          ${sp((r) => r.pagePaintMsMax)}`)
  console.log(
    `  machine probe, page (ms)     ${sp((r) => r.probe.pageMs).padEnd(22)}  the same work each run: lib/machine-probe.ts`,
  )
  if (runs.every((r) => r.work)) {
    console.log(`  allocation per page (kB)     ${sp((r) => r.work?.allocatedKbPerPage ?? NaN)}`)
  }
  if (runs.every((r) => r.work?.perRowUs)) {
    console.log(`  layout per row drawn (µs)    ${sp((r) => r.work?.perRowUs?.layout.wallUs ?? NaN)}`)
    console.log(`  scroll listener p95 (ms)     ${sp((r) => r.work?.scrollListener?.p95Ms ?? NaN)}`)
  }
}

function printRuns(runs: RunResult[]): void {
  const gcCell = (r: RunResult) =>
    r.gc ? `${r.gc.pauses} / ${r.gc.totalMs} / ${r.gc.longestMs} / ${r.gc.inLongFramesMs}` : '-'
  printTable(
    [
      'run',
      'LoAF>50',
      'longest',
      'rAF>50',
      'rAF max',
      'frame p50',
      'paint p50',
      'p95',
      'max',
      'reply→commit / →painted (wait + frame) p50',
      'GC n/total/max/in-LoAF (ms)',
      'heap at scroll (MB)',
      'CPU',
      'probe page / main (ms)',
    ],
    runs.map((r) => [
      runLabel(r),
      String(r.framesOver50ms),
      String(r.longestFrameMs),
      String(r.rafFramesOver50ms),
      String(r.rafLongestFrameMs),
      String(r.medianFrameMs),
      String(r.pagePaintMsMedian),
      String(r.pagePaintMsP95),
      String(r.pagePaintMsMax),
      `${r.pagePaintToCommitMsMedian} / ${r.pagePaintCommitToPaintMsMedian} (${r.pagePaintWaitForFrameMsMedian} + ${r.pagePaintFrameWorkMsMedian})`,
      gcCell(r),
      String(r.heapMbAtScroll),
      rateCell(r.throttle, r.slowedBy),
      `${r.probe.pageMs} / ${r.probe.mainMs}`,
    ]),
  )
  printWork(runs)
  for (const build of [...new Set(runs.map((r) => r.build))]) {
    printSpread(
      runs.filter((r) => r.build === build),
      build ? ` of build ${build}` : '',
    )
  }
  for (const r of runs) {
    const c = r.causes
    if (c.longFrames === 0) {
      console.log(`\nrun ${runLabel(r)}: no long frame`)
      continue
    }
    const gc = c.gcMs === null ? '' : `, GC ${round(c.gcMs)}`
    console.log(
      `\nrun ${runLabel(r)}: ${c.longFrames} long frames, ${round(c.totalMs)} ms (blocking ${round(c.blockingMs)}): ` +
        `scripts ${round(c.scriptMs)} (forced style/layout ${round(c.forcedStyleAndLayoutMs)}), ` +
        `rAF/observers ${round(c.renderCallbacksMs)}, style+layout+paint ${round(c.styleLayoutPaintMs)}${gc}, ` +
        `other ${round(c.otherMs)}`,
    )
    for (const s of c.topScripts) {
      console.log(`  ${round(s.ms).toString().padStart(7)} ms  ×${s.count}  forced ${round(s.forcedMs)}  ${s.script}`)
    }
  }
}

async function main(): Promise<void> {
  const started = Date.now()
  const adminToken = `admin_${token(30)}`
  const h = await startHarness({
    name: 'payments-bench',
    rendererDir: RENDERER_DIR,
    deps: {
      // No OS keychain needed for a benchmark: the secrets live in memory.
      secretStore: createMemorySecretStore(),
      sandboxOptions: {
        keys: [`test_${token(30)}`],
        adminToken,
        seedPayments: SEED_PAYMENTS,
        quotas: { test: { read: { q: 100_000, burst: 100_000 } } },
      },
    },
  })
  try {
    await h.services.connections.getActiveClient() // seeds and starts the sandbox before timing
    const seededMs = Date.now() - started
    // The app's first index sync of the seeded payments runs before the timed runs, as in
    // bench:startup: at this bench's quota (raised so the list's pages never wait for a token) it
    // runs as fast as the CPU allows, a load of its own on the first run (a real first start syncs
    // at the service's READ quota; bench:search measures the sync and typing while it is done).
    const syncFrom = Date.now()
    await h.services.search.sync()
    await h.services.search.whenIdle()
    const firstSyncMs = Date.now() - syncFrom
    const active = await h.services.connections.activeView()
    const ids = await createSandboxAdmin(new URL(active.baseUrl ?? '').origin, adminToken).paymentIds('test', 'desc')

    // --ab: build A is the one served (out/renderer or --renderer-dir), B the other; each step's page
    // load fetches the build served at that moment.
    const builds = AB_DIR
      ? [
          { label: 'A', dir: h.rendererDir },
          { label: 'B', dir: path.resolve(AB_DIR) },
        ]
      : [{ label: '', dir: h.rendererDir }]
    const throttle = await throttlePage(h.page, THROTTLE)
    const runs = await withOptionalLoad(LOAD, async () => {
      const out: RunResult[] = []
      for (let run = 1; run <= RUNS; run++) {
        for (const build of builds) {
          h.rendererDir = build.dir
          out.push(await oneRun(h.page, h.origin, ids, run, build.label, throttle.unslowed))
          console.error(`run ${run}${build.label}/${RUNS} done`)
        }
      }
      h.rendererDir = present(builds[0]).dir
      return out
    })
    // The heap step is not timed: it runs at the machine's own speed.
    await throttle.stop()
    const heap = HEAP ? await measureHeap(h.page, h.origin) : null

    console.log(
      `payments bench: ${RUNS} runs, ${SCROLL_ROWS} rows scrolled at ${SCROLL_STEP_PX} px/frame, ` +
        `${PAINT_PAGES} page paints per run${LOAD ? ', ONE CORE BUSY (--load)' : ''}${TRACE ? ', GC traced' : ''}` +
        `${KEEP_GARBAGE ? ', earlier documents NOT collected (--keep-garbage)' : ''}; ${throttleNote(THROTTLE, throttle.unslowed)}; ` +
        `${RENDERER_DIR ? `renderer from ${RENDERER_DIR}; ` : ''}` +
        `${AB_DIR ? `build A (${builds[0]?.dir}) and build B (${builds[1]?.dir}) alternate run by run; ` : ''}` +
        `the app's first index sync (${SEED_PAYMENTS} payments) took ${round(firstSyncMs / 1000, 1)} s before run 1\n`,
    )
    printRuns(runs)
    if (heap) {
      console.log(
        `\nrenderer JS heap after 200 pages: ${heap.heapMbAfter200Pages} MB (CDP usedSize ${heap.heapMbCdpUsedSize} MB; ` +
          `target < 150); rows in the list / whose pages are kept (as text) / in the DOM ${heap.rowsInListAfter200Pages} / ` +
          `${heap.keptPaymentsAfter200Pages} / ${heap.domRowsAfter200Pages}`,
      )
    }
    const result = {
      bench: 'ui',
      throttle: THROTTLE,
      unslowedProbe: throttle.unslowed,
      ab: AB_DIR ? builds.map((b) => ({ build: b.label, dir: b.dir })) : null,
      load: LOAD,
      traced: TRACE,
      keepGarbage: KEEP_GARBAGE,
      runs: runs.map((r) => ({ ...r, causes: { ...r.causes, topScripts: r.causes.topScripts.slice(0, 3) } })),
      // Under --ab, `spread` is build A's and `spreadB` build B's.
      spread: spreadOf(runs.filter((r) => r.build !== 'B')),
      ...(AB_DIR ? { spreadB: spreadOf(runs.filter((r) => r.build === 'B')) } : {}),
      heap,
      seedPayments: SEED_PAYMENTS,
      sandboxStartMs: seededMs,
      firstSyncMs,
      mainProcessHeapMb: round(process.memoryUsage().heapUsed / 1024 / 1024, 1),
    }
    console.log(JSON.stringify(result))
  } catch (error) {
    console.error(`failed; screenshot: ${await h.screenshot('failure').catch(() => '(none)')}`)
    throw error
  } finally {
    await h.close()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})

// Benchmark of the renderer's start (npm run bench:startup): the BUILT renderer in Chromium via the
// e2e harness, the real main services, a sandbox seeded with 5,000 test payments, synced into the
// local index before timing (so Home has data to show).
//   npx tsx bench/ui/startup.bench.ts [--runs 5] [--throttle 1] [--load] [--renderer-dir out/renderer]
//
// Each run loads the window afresh (the harness serves the renderer with no-store, so every run
// fetches, parses and compiles the code again, as a cold start does) and measures, in the page:
// - home painted with data: from the window starting to load (navigation start, the page's time
//   origin) until the frame showing Home's data (the local index line, which comes from main over
//   IPC) has been painted: a MutationObserver sees it in the DOM, and a task posted from the next
//   frame's requestAnimationFrame runs after that frame's paint;
// - the same from the window's load event (loadEventEnd), and the load event itself;
// - the JavaScript the page fetched before that paint (the chunks it had to parse), in kB.
// After each run, the machine probe (lib/machine-probe.ts) in the page and here: the machine's speed.
// --throttle N slows the page's processor N times (lib/throttle.ts), set before the first navigation.
// --load keeps one core busy with a Node busy-loop child during the runs.
// --renderer-dir runs another build of the renderer (an old out/renderer kept aside, to compare).
// Prints every run and the spread (min / median / max), then ONE JSON line (the last line).

import { randomBytes } from 'node:crypto'
import { createMemorySecretStore } from '../../test/helpers/memory-secret-store'
import { startHarness } from '../../test/e2e/harness'
import { withOptionalLoad } from './lib/busy-core'
import { probeMachine, type MachineProbe } from './lib/machine-probe'
import { printTable, round, spread } from '../lib/stats'
import { rateCell, slowedBy, throttleArg, throttleNote, throttlePage } from './lib/throttle'
import { benchArgs, flag, numberOption, option } from '../lib/args'

const RUNS = numberOption('runs', 5)
const LOAD = flag('load')
const THROTTLE = throttleArg(benchArgs)
const RENDERER_DIR = option('renderer-dir')
const SEED_PAYMENTS = 5_000

/** Installed before the page's own scripts: marks the first paint of Home with its data. */
const WATCH_HOME = `(() => {
  const ready = () => document.querySelector('[data-testid="home-index"]')
  const done = () => {
    observer.disconnect()
    performance.mark('home.data-in-dom')
    requestAnimationFrame(() => {
      const channel = new MessageChannel()
      channel.port1.onmessage = () => performance.mark('home.painted')
      channel.port2.postMessage(null)
    })
  }
  const observer = new MutationObserver(() => { if (ready()) done() })
  observer.observe(document, { subtree: true, childList: true })
})()`

interface StartupRun {
  run: number
  homePaintedMs: number
  homePaintedAfterLoadEventMs: number
  loadEventMs: number
  domContentLoadedMs: number
  scriptKb: number
  scripts: number
  throttle: number
  /** How many times the unslowed page probe this run's page probe read (null at 1×). */
  slowedBy: number | null
  /** The machine probe right after the run (page / main, ms). */
  probe: MachineProbe
}

async function main(): Promise<void> {
  const h = await startHarness({
    name: 'bench-startup',
    rendererDir: RENDERER_DIR,
    deps: {
      secretStore: createMemorySecretStore(),
      sandboxOptions: {
        seedPayments: SEED_PAYMENTS,
        keys: [`test_${randomBytes(12).toString('hex')}`],
        quotas: { test: { read: { q: 100_000, burst: 100_000 } } },
      },
      search: { autoSync: false, syncEveryMs: 0 },
    },
  })
  try {
    await h.services.connections.getActiveClient()
    await h.services.search.sync()
    await h.services.search.whenIdle()
    await h.page.addInitScript(WATCH_HOME)
    // tsx's keepNames: the probe's function calls __name in the page (set before each document's scripts).
    await h.page.addInitScript('window.__name = (f) => f')
    // Before the first measured navigation: the rate holds for every document the page loads.
    const throttle = await throttlePage(h.page, THROTTLE)
    const runs = await withOptionalLoad(LOAD, async () => {
      const out: StartupRun[] = []
      for (let run = 1; run <= RUNS; run++) {
        await h.page.goto(`${h.origin}/index.html`)
        await h.page.waitForFunction(() => performance.getEntriesByName('home.painted').length > 0, null, {
          timeout: 60_000,
        })
        const m = await h.page.evaluate(() => {
          const painted = performance.getEntriesByName('home.painted')[0]?.startTime ?? NaN
          const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined
          const scripts = performance
            .getEntriesByType('resource')
            .filter((r) => r.name.endsWith('.js') && r.startTime < painted) as PerformanceResourceTiming[]
          return {
            painted,
            loadEventEnd: nav?.loadEventEnd ?? NaN,
            domContentLoaded: nav?.domContentLoadedEventEnd ?? NaN,
            scriptBytes: scripts.reduce((sum, r) => sum + (r.decodedBodySize || 0), 0),
            scripts: scripts.length,
          }
        })
        const probe = await probeMachine(h.page)
        out.push({
          run,
          homePaintedMs: round(m.painted),
          homePaintedAfterLoadEventMs: round(m.painted - m.loadEventEnd),
          loadEventMs: round(m.loadEventEnd),
          domContentLoadedMs: round(m.domContentLoaded),
          scriptKb: round(m.scriptBytes / 1024),
          scripts: m.scripts,
          throttle: THROTTLE,
          slowedBy: slowedBy(probe, throttle.unslowed),
          probe,
        })
      }
      return out
    })
    await throttle.stop()
    console.log(
      `startup bench: ${RUNS} cold loads of the window${LOAD ? ', ONE CORE BUSY (--load)' : ''}; ${throttleNote(THROTTLE, throttle.unslowed)}` +
        `${RENDERER_DIR ? `; renderer from ${RENDERER_DIR}` : ''}\n`,
    )
    printTable(
      [
        'run',
        'home painted (ms)',
        'after load event',
        'load event',
        'DOMContentLoaded',
        'JS fetched (kB / files)',
        'CPU',
        'probe page / main (ms)',
      ],
      runs.map((r) => [
        String(r.run),
        String(r.homePaintedMs),
        String(r.homePaintedAfterLoadEventMs),
        String(r.loadEventMs),
        String(r.domContentLoadedMs),
        `${r.scriptKb} / ${r.scripts}`,
        rateCell(r.throttle, r.slowedBy),
        `${r.probe.pageMs} / ${r.probe.mainMs}`,
      ]),
    )
    const painted = spread(runs.map((r) => r.homePaintedMs))
    const afterLoad = spread(runs.map((r) => r.homePaintedAfterLoadEventMs))
    console.log(`\nspread (min / median / max): home painted ${painted.min} / ${painted.median} / ${painted.max} ms;`)
    console.log(`  after the load event ${afterLoad.min} / ${afterLoad.median} / ${afterLoad.max} ms`)
    console.log(
      JSON.stringify({
        bench: 'startup',
        throttle: THROTTLE,
        unslowedProbe: throttle.unslowed,
        load: LOAD,
        runs,
        spread: {
          homePaintedMs: painted,
          homePaintedAfterLoadEventMs: afterLoad,
          loadEventMs: spread(runs.map((r) => r.loadEventMs)),
        },
        scriptKbBeforePaint: runs[0]?.scriptKb ?? null,
      }),
    )
  } finally {
    await h.close()
  }
}

void main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})

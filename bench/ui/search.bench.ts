// Benchmark of the local search index (npm run bench:search): the BUILT renderer in Chromium via the
// e2e harness, the real main services, a sandbox seeded with 100,000 test payments at its DEFAULT
// rate limits (READ 25/s, burst 50).
//
// 1. Initial sync: the background sync walks GET /payments (and /orders) through the rate-limited
//    client. Pages per second over the first 50,000 payments, as a ratio of the READ quota; the 429s
//    seen by any attempt (from the request log); meanwhile an "agent" sends a GET payment at user
//    priority every 250 ms: its time queued in the limiter (request log timings.queuedMs), p95, against
//    one token interval (1000 / 25 = 40 ms).
// 2. Heap and disk: main-process heap (after GC) before the sync and after 100,000 payments are
//    indexed, and the index file size on disk.
// 3. Search latency: 20,000 orders are added to the index (synthetic rows with names and e-mails,
//    bench/lib/search-workload.ts, shared with bench:search-typing),
//    then queries are typed into the header search box one keystroke at a time; for each keystroke,
//    the time from the input event to the next paint after the results for that text are in the DOM
//    (seen by a MutationObserver; "painted" = a task posted from that frame's requestAnimationFrame
//    has run), and, beside it, to the frame after that (double rAF). The queries are typed in 5
//    passes (--runs N); every pass is printed (p50, p95, max, main's query p95) with the spread.
//    Each keystroke is split into its parts: to the reply (from the input event until the reply
//    arrives in the page: the bridge both ways and main's query, which main reports as tookMs),
//    the render (reply → results committed to the DOM) and the frame (commit → painted). The page
//    is opened with `?bench`, so it marks `search.received` (src/renderer/src/lib/bench-marks.ts).
// Per pass, the machine's own speed just before it (lib/machine-probe.ts: a fixed piece of JavaScript
// timed in the page and in main's process), to compare passes.
// Per pass, main's garbage collection too (the harness runs main's services in this process; its
// heap also holds the in-process sandbox): pauses, total, longest, full collections.
// --throttle N slows the page's processor N times (lib/throttle.ts) for the typing passes and the
// bridge round trips after them (not the sync); every pass prints the rate beside its probe.
// --load keeps one core busy with a Node busy-loop child during the typing passes (stopped after).
// --renderer-dir runs another build of the renderer (an old out/renderer kept aside, to compare).
// Prints a table, then ONE JSON line (the last line).
import { randomBytes } from 'node:crypto'
import type { Page } from 'playwright-core'
import { createMemorySecretStore } from '../../test/helpers/memory-secret-store'
import { orderRow } from '../../src/main/search/index-db'
import { startHarness } from '../../test/e2e/harness'
import { present } from '../../test/helpers/present'
import { SYNTHETIC_ORDERS, syntheticOrder, TYPED_QUERIES } from '../lib/search-workload'
import { withOptionalLoad } from './lib/busy-core'
import { withMainGc, type MainGc } from './lib/main-gc'
import { probeMachine, type MachineProbe } from './lib/machine-probe'
import { median, percentile, printTable, round, spread } from '../lib/stats'
import { rateCell, slowedBy, throttleArg, throttleNote, throttlePage } from './lib/throttle'
import { benchArgs, flag, numberOption, option } from '../lib/args'

const RUNS = numberOption('runs', 5)
const LOAD = flag('load')
const THROTTLE = throttleArg(benchArgs)
const RENDERER_DIR = option('renderer-dir')

const SEED_PAYMENTS = 100_000
const SYNC_MEASURE_ITEMS = 50_000
const READ_QUOTA = 25
const TOKEN_INTERVAL_MS = 1000 / READ_QUOTA

const gc = () => (globalThis as { gc?: () => void }).gc?.()
const heapMb = () => {
  gc()
  gc()
  return process.memoryUsage().heapUsed / 1024 / 1024
}

/** One keystroke's time split into its parts (ms): see the header. */
interface KeystrokeParts {
  toReply: number
  render: number
  frame: number
}

/** Types every query one keystroke at a time; per keystroke: to the next paint, to the frame after, main's query, the parts. */
async function typeQueries(page: Page, queries: string[]) {
  const latencies: number[] = []
  const doubleRaf: number[] = []
  const mainMs: number[] = []
  const texts: string[] = []
  const parts: KeystrokeParts[] = []
  await page.getByTestId('search-input').click()
  for (const query of queries) {
    await page.getByTestId('search-input').fill('')
    for (let k = 1; k <= query.length; k++) {
      const text = query.slice(0, k)
      const [ms, ms2, took, received, committed] = await page.evaluate(
        (t) =>
          new Promise<[number, number, number, number, number]>((resolve) => {
            const input = document.querySelector('[data-testid="search-input"]') as HTMLInputElement
            const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set
            if (!setter) throw new Error('HTMLInputElement has no value setter')
            // The results box is in the DOM once the box is open; its data-text names the query shown.
            const ready = () => {
              const box = document.querySelector('[data-testid="search-results"]')
              return box && box.getAttribute('data-text') === t && !box.hasAttribute('aria-busy') ? box : null
            }
            performance.clearMarks('search.received')
            const t0 = performance.now()
            let done = false
            const painted = () => {
              if (done) return
              done = true
              const committed = performance.now() - t0
              observer.disconnect()
              const box = ready()
              if (!box) return
              const took = Number(box.getAttribute('data-took-ms'))
              const reply = performance.getEntriesByName('search.received').at(-1)
              const received = reply ? reply.startTime - t0 : NaN
              // Next paint: a task posted from the frame's rAF runs once that frame has been
              // painted. Double rAF (one frame later) is reported beside it.
              let nextPaint = 0
              requestAnimationFrame(() => {
                const channel = new MessageChannel()
                channel.port1.onmessage = () => {
                  nextPaint = performance.now() - t0
                }
                channel.port2.postMessage(null)
                requestAnimationFrame(() =>
                  resolve([nextPaint || performance.now() - t0, performance.now() - t0, took, received, committed]),
                )
              })
            }
            // The commit is seen the moment React writes it (a MutationObserver), not at the next poll.
            const observer = new MutationObserver(() => {
              if (ready()) painted()
            })
            observer.observe(document.body, { subtree: true, childList: true, attributes: true })
            setter.call(input, t)
            input.dispatchEvent(new Event('input', { bubbles: true }))
            if (ready()) painted()
          }),
        text,
      )
      latencies.push(ms)
      doubleRaf.push(ms2)
      mainMs.push(took)
      texts.push(text)
      if (Number.isNaN(received))
        throw new Error(`No search.received mark for "${text}": is the page opened with ?bench?`)
      parts.push({ toReply: received, render: committed - received, frame: ms - committed })
    }
  }

  return { latencies, doubleRaf, mainMs, texts, parts }
}

/** The keystrokes main took longest over, by their median over the passes. */
function slowestInMain(passes: { mainMs: number[]; texts: string[] }[], n: number) {
  const byText = new Map<string, number[]>()
  for (const p of passes) p.texts.forEach((t, i) => byText.set(t, [...(byText.get(t) ?? []), p.mainMs[i] ?? NaN]))
  return [...byText.entries()]
    .map(([text, ms]) => ({ text, medianMs: round(median(ms), 2), maxMs: round(Math.max(...ms), 2) }))
    .sort((a, b) => b.medianMs - a.medianMs)
    .slice(0, n)
}

/** A pass's parts: p50 and p95 of each, and the mean of each over the keystrokes slower than two frames. */
function partsOf(p: { latencies: number[]; mainMs: number[]; parts: KeystrokeParts[] }) {
  const stats = (xs: number[]) => ({ p50: round(percentile(xs, 50)), p95: round(percentile(xs, 95)) })
  const mean = (xs: number[]) => (xs.length ? round(xs.reduce((a, b) => a + b, 0) / xs.length) : NaN)
  const slow = p.latencies.flatMap((ms, i) => (ms > 33 ? [i] : []))
  const pick = (xs: number[]) => slow.map((i) => present(xs[i]))
  const toReply = p.parts.map((x) => x.toReply)
  const render = p.parts.map((x) => x.render)
  const frame = p.parts.map((x) => x.frame)
  return {
    all: { toReply: stats(toReply), main: stats(p.mainMs), render: stats(render), frame: stats(frame) },
    slow: {
      count: slow.length,
      toReply: mean(pick(toReply)),
      main: mean(pick(p.mainMs)),
      render: mean(pick(render)),
      frame: mean(pick(frame)),
    },
  }
}

async function main(): Promise<void> {
  const h = await startHarness({
    name: 'bench-search',
    query: 'bench',
    rendererDir: RENDERER_DIR,
    deps: {
      secretStore: createMemorySecretStore(),
      sandboxOptions: { seedPayments: SEED_PAYMENTS, keys: [`test_${randomBytes(12).toString('hex')}`] },
      search: { autoSync: false, syncEveryMs: 0 },
    },
  })
  try {
    await h.page.getByTestId('home-screen').waitFor()
    await h.page.evaluate('window.__name = (f) => f')
    const client = await h.services.connections.getActiveClient()
    const ids = (await client.listPayments({ limit: 250 }, { priority: 'user' }))._embedded.payments.map((p) => p.id)
    await new Promise((r) => setTimeout(r, 2500)) // let the READ bucket refill
    await h.services.search.currentIndex()
    const heapBefore = heapMb()

    // 1. sync with an agent's requests interleaved
    let measuredAt: number | null = null
    let pagesAtMeasure = 0
    const started = performance.now()
    const offProgress = h.services.events.subscribe((event, payload) => {
      if (event !== 'search.progress') return
      const p = payload as { items: number; pages: number }
      if (measuredAt === null && p.items >= SYNC_MEASURE_ITEMS) {
        measuredAt = performance.now()
        pagesAtMeasure = p.pages
      }
    })
    await h.services.search.sync()
    let agentRunning = true
    const agent = (async () => {
      let n = 0
      while (agentRunning) {
        await client.getPayment(present(ids[n++ % ids.length]), {
          priority: 'user',
          origin: { screen: 'bench', action: 'agent request' },
        })
        await new Promise((r) => setTimeout(r, 250))
      }
    })()
    await h.services.search.whenIdle()
    agentRunning = false
    await agent
    offProgress()
    const totalSeconds = (performance.now() - started) / 1000
    const status = h.services.search.status()
    const pagesPerSecond = measuredAt === null ? NaN : pagesAtMeasure / ((measuredAt - started) / 1000)
    const log = await h.services.requestLog.list()
    let count429 = 0
    const agentQueued: number[] = []
    for (const summary of log.entries) {
      const entry = await h.services.requestLog.get(summary.id)
      for (const a of entry.attempts) if (a.status === 429) count429++
      if (entry.origin?.action === 'agent request') agentQueued.push(present(entry.attempts[0]).timings.queuedMs)
    }
    const heapAfter = heapMb()
    const index = await h.services.search.currentIndex()
    const payments = index.count('payments')
    const sizeMb = index.sizeBytes() / 1024 / 1024

    // 3. search latency with 20,000 orders added
    const profileId = present(present(index.scope()).split('|')[0])
    for (let i = 0; i < SYNTHETIC_ORDERS; i += 1000) {
      index.upsert(
        'orders',
        Array.from({ length: 1000 }, (_, k) => orderRow(syntheticOrder(i + k, profileId))),
      )
    }
    const queries = [...TYPED_QUERIES]
    const throttle = await throttlePage(h.page, THROTTLE)
    const passes = await withOptionalLoad(LOAD, async () => {
      const out: (Awaited<ReturnType<typeof typeQueries>> & { mainGc: MainGc; probe: MachineProbe })[] = []
      for (let pass = 0; pass < RUNS; pass++) {
        // How fast the machine is just before the pass (bench/ui/lib/machine-probe.ts).
        const probe = await probeMachine(h.page)
        const { result, gc } = await withMainGc(() => typeQueries(h.page, queries))
        out.push({ ...result, mainGc: gc, probe })
      }
      return out
    })
    const latencies = passes.flatMap((p) => p.latencies)
    const doubleRaf = passes.flatMap((p) => p.doubleRaf)
    const mainMs = passes.flatMap((p) => p.mainMs)

    // The same texts straight through the bridge (no UI): IPC round trip plus main's work. In the
    // harness the bridge is Playwright's binding over CDP, standing in for Electron's IPC.
    const roundTrips: number[] = []
    for (const query of queries) {
      for (let k = 1; k <= query.length; k++) {
        roundTrips.push(
          await h.page.evaluate(
            async (t) => {
              const api = (
                window as unknown as { paydesk: { search: { query(i: { text: string }): Promise<unknown> } } }
              ).paydesk
              const t0 = performance.now()
              await api.search.query({ text: t })
              return performance.now() - t0
            },
            query.slice(0, k),
          ),
        )
      }
    }
    await throttle.stop()

    const perPass = passes.map((p, i) => ({
      pass: i + 1,
      keystrokes: p.latencies.length,
      p50Ms: round(percentile(p.latencies, 50)),
      p95Ms: round(percentile(p.latencies, 95)),
      maxMs: round(Math.max(...p.latencies)),
      doubleRafP95Ms: round(percentile(p.doubleRaf, 95)),
      mainQueryP95Ms: round(percentile(p.mainMs, 95), 2),
      parts: partsOf(p),
      mainGc: p.mainGc,
      throttle: THROTTLE,
      slowedBy: slowedBy(p.probe, throttle.unslowed),
      probe: p.probe,
    }))
    const result = {
      bench: 'search',
      throttle: THROTTLE,
      unslowedProbe: throttle.unslowed,
      load: LOAD,
      passes: perPass,
      passSpread: {
        p95Ms: spread(perPass.map((p) => p.p95Ms)),
        mainQueryP95Ms: spread(
          perPass.map((p) => p.mainQueryP95Ms),
          2,
        ),
      },
      paymentsIndexed: payments,
      ordersIndexed: index.count('orders'),
      sync: {
        seconds: round(totalSeconds),
        pagesPerSecondFirst50k: round(pagesPerSecond, 2),
        readQuotaPerSecond: READ_QUOTA,
        ratioOfQuota: round(pagesPerSecond / READ_QUOTA, 3),
        count429,
        state: status.state,
        agentRequests: agentQueued.length,
        agentWaitP95Ms: round(percentile(agentQueued, 95)),
        agentWaitMaxMs: round(Math.max(...agentQueued)),
        tokenIntervalMs: TOKEN_INTERVAL_MS,
      },
      heapGrowthMb: round(heapAfter - heapBefore),
      indexSizeMb: round(sizeMb),
      searchKeystrokes: latencies.length,
      searchP50Ms: round(percentile(latencies, 50)),
      searchP95Ms: round(percentile(latencies, 95)),
      searchMaxMs: round(Math.max(...latencies)),
      searchDoubleRafP95Ms: round(percentile(doubleRaf, 95)),
      searchMainQueryP95Ms: round(percentile(mainMs, 95)),
      searchRoundTripP95Ms: round(percentile(roundTrips, 95)),
      slowestInMain: slowestInMain(passes, 10),
    }
    console.log('metric                                   value')
    console.log(
      `sync pages/s (first 50k) / READ quota      ${result.sync.pagesPerSecondFirst50k} / ${READ_QUOTA} = ${result.sync.ratioOfQuota}`,
    )
    console.log(`429 responses during sync                   ${count429}`)
    console.log(`agent wait p95 / token interval (ms)        ${result.sync.agentWaitP95Ms} / ${TOKEN_INTERVAL_MS}`)
    console.log(`heap growth for ${payments} payments (MB)    ${result.heapGrowthMb}`)
    console.log(`index size on disk (MB)                     ${result.indexSizeMb}`)
    console.log(`search keystroke → next paint p95 (ms)      ${result.searchP95Ms} (p50 ${result.searchP50Ms})`)
    console.log(`  to the frame after (double rAF) p95 (ms)  ${result.searchDoubleRafP95Ms}`)
    console.log(`  of which main's query p95 (ms)            ${result.searchMainQueryP95Ms}`)
    console.log(`  bridge round trip incl. main, p95 (ms)    ${result.searchRoundTripP95Ms}`)
    console.log(
      `\ntyping passes${LOAD ? ' (ONE CORE BUSY, --load)' : ''}, ${throttleNote(THROTTLE, throttle.unslowed)}` +
        `${RENDERER_DIR ? `, renderer from ${RENDERER_DIR}` : ''}: keystroke → next paint (ms)`,
    )
    printTable(
      [
        'pass',
        'keystrokes',
        'p50',
        'p95',
        'max',
        'double rAF p95',
        "main's query p95",
        'CPU',
        'probe page / main (ms)',
      ],
      perPass.map((p) => [
        String(p.pass),
        String(p.keystrokes),
        String(p.p50Ms),
        String(p.p95Ms),
        String(p.maxMs),
        String(p.doubleRafP95Ms),
        String(p.mainQueryP95Ms),
        rateCell(p.throttle, p.slowedBy),
        `${p.probe.pageMs} / ${p.probe.mainMs}`,
      ]),
    )
    const sp = result.passSpread
    console.log(
      `spread of the p95 (min / median / max): ${sp.p95Ms.min} / ${sp.p95Ms.median} / ${sp.p95Ms.max} ms (target ≤ 33); ` +
        `main's query p95 ${sp.mainQueryP95Ms.min} / ${sp.mainQueryP95Ms.median} / ${sp.mainQueryP95Ms.max} ms (target < 5)`,
    )
    console.log("main's slowest keystrokes (median / max over the passes, ms):")
    for (const k of result.slowestInMain) {
      console.log(`  ${String(k.medianMs).padStart(6)} / ${String(k.maxMs).padStart(6)}  ${JSON.stringify(k.text)}`)
    }
    console.log(
      "\nmain's garbage collection per pass (pauses / total ms / longest ms / full collections): " +
        perPass
          .map((p) => `${p.mainGc.pauses} / ${p.mainGc.totalMs} / ${p.mainGc.longestMs} / ${p.mainGc.major}`)
          .join(', '),
    )
    console.log('\nwhere a keystroke goes, per pass: p50 / p95 (ms); the keystrokes over 33 ms, mean of each part')
    printTable(
      [
        'pass',
        'to the reply',
        "of which main's",
        'render',
        'frame',
        'over 33 ms: n',
        'reply',
        'main',
        'render',
        'frame',
      ],
      perPass.map((p) => {
        const { all, slow } = p.parts
        return [
          String(p.pass),
          `${all.toReply.p50} / ${all.toReply.p95}`,
          `${all.main.p50} / ${all.main.p95}`,
          `${all.render.p50} / ${all.render.p95}`,
          `${all.frame.p50} / ${all.frame.p95}`,
          String(slow.count),
          ...[slow.toReply, slow.main, slow.render, slow.frame].map((ms) => (slow.count ? String(ms) : '–')),
        ]
      }),
    )
    console.log(JSON.stringify(result))
  } finally {
    await h.close()
  }
}

void main().catch((error) => {
  console.error(error)
  process.exit(1)
})

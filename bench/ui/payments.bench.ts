// Benchmark of the payments browser (npm run bench:ui): the BUILT renderer in Chromium via the e2e
// harness, the real main services, a sandbox seeded with 50,000 test payments and high quotas.
//
// 1. Page paint: time from a page's IPC reply arriving (before its JSON is parsed) to the frame
//    showing its rows having been painted. Measured inside the page with performance marks the
//    screen records only when opened with `?bench` (src/renderer/src/lib/
//    bench-marks.ts): `payments.received` when the reply arrives, `payments.painted` when a task
//    posted from the frame's requestAnimationFrame runs (after that frame's paint), and
//    `payments.frame-after` one frame later (double rAF), reported beside it. Playwright only reads
//    the marks, so its own round trips are not in the figure.
// 2. Scrolling: 10,000 rows loaded with "load more"; a scripted scroll moves the list a fixed step
//    per frame from top to bottom. Slow frames are counted by the browser itself: every frame over
//    50 ms is a long-animation-frame entry (script, style, layout and paint of that frame); the rAF
//    deltas are reported beside them.
// 3. Heap: 200 pages of 250 walked with "load more" (scrolled to the end after each, as a user
//    would), then a forced GC (CDP HeapProfiler.collectGarbage) and the renderer's JS heap.
// Prints a table, then ONE JSON line (the last line).

import { randomBytes } from 'node:crypto'
import type { Page } from 'playwright-core'
import { createMemorySecretStore } from '../../test/helpers/memory-secret-store'
import { startHarness } from '../../test/e2e/harness'
import { createSandboxAdmin } from '../../src/sandbox'
import { present } from '../../test/helpers/present'

const SEED_PAYMENTS = 50_000
const PAINT_PAGES = 60
const SCROLL_ROWS = 10_000
const HEAP_PAGES = 200
const PAGE_SIZE = 250

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
const token = (n: number) => Array.from(randomBytes(n), (b) => BASE62[b % 62]).join('')

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b)
  const mid = s.length >> 1
  return s.length % 2 ? present(s[mid]) : (present(s[mid - 1]) + present(s[mid])) / 2
}
function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b)
  return present(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))])
}
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d

async function rowsInList(page: Page): Promise<number> {
  return Number(await page.getByTestId('payments-table').getAttribute('aria-rowcount'))
}

async function openScreen(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/index.html?bench`)
  await page.getByRole('navigation', { name: 'Sections' }).waitFor()
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

async function main(): Promise<void> {
  const started = Date.now()
  const adminToken = `admin_${token(30)}`
  const h = await startHarness({
    name: 'payments-bench',
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
    const { page } = h

    // 1. Page paint over many pages: each a fresh page of 250 that replaces the list ("List from
    //    this id" with an id further down each time, as an agent jumping through the account).
    await openScreen(page, h.origin)
    const active = await h.services.connections.activeView()
    const ids = await createSandboxAdmin(new URL(active.baseUrl ?? '').origin, adminToken).paymentIds('test', 'desc')
    await page.evaluate(() => performance.clearMarks())
    const paints: number[] = []
    const paintsFrameAfter: number[] = []
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
      const [ms, msAfter] = await page.evaluate(() => {
        const received = performance.getEntriesByName('payments.received').at(-1)?.startTime ?? NaN
        const at = (name: string) =>
          performance.getEntriesByName(name).find((m) => m.startTime >= received)?.startTime ?? NaN
        return [at('payments.painted') - received, at('payments.frame-after') - received]
      })
      paints.push(ms)
      paintsFrameAfter.push(msAfter)
    }

    // 2. Scrolling through 10,000 loaded rows.
    await openScreen(page, h.origin)
    await loadMoreUntil(page, SCROLL_ROWS)
    const scroll = await page.evaluate(async () => {
      const box = document.querySelector('[data-testid="payments-scroll"]') as HTMLElement
      box.scrollTop = 0
      await new Promise((r) => setTimeout(r, 500))
      const frames: number[] = []
      const step = 900 // px per frame: ~30 rows, a fast flick
      // The browser's own account of slow frames: every frame over 50 ms (script, style, layout
      // and paint of that frame) is a long-animation-frame entry.
      const long: number[] = []
      const supported = PerformanceObserver.supportedEntryTypes.includes('long-animation-frame')
      const observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) long.push(entry.duration)
      })
      if (supported) observer.observe({ type: 'long-animation-frame' })
      return new Promise<{ frames: number[]; distance: number; long: number[]; supported: boolean }>((resolve) => {
        let last = performance.now()
        const tick = (now: number) => {
          frames.push(now - last)
          last = now
          if (box.scrollTop + box.clientHeight >= box.scrollHeight - 1) {
            // Let the last frames be reported before reading them.
            setTimeout(() => {
              observer.disconnect()
              resolve({ frames: frames.slice(1), distance: box.scrollTop, long, supported })
            }, 300)
            return
          }
          box.scrollTop += step
          requestAnimationFrame(tick)
        }
        requestAnimationFrame(tick)
      })
    })

    // 3. Heap after 200 pages of 250 with "load more".
    await openScreen(page, h.origin)
    await loadMoreUntil(page, HEAP_PAGES * PAGE_SIZE)
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('HeapProfiler.collectGarbage')
    await cdp.send('HeapProfiler.collectGarbage')
    const usage = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number; totalSize: number }
    const performanceMemory = await page.evaluate(
      () => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? null,
    )
    const heapBytes = performanceMemory ?? usage.usedSize
    const domRows = await page.locator('[data-testid="payment-row"]').count()
    const loaded = Number(await page.getByTestId('payments-count').getAttribute('data-loaded'))

    const frameMs = scroll.frames
    const result = {
      pagePaintMsMedian: round(median(paints), 2),
      pagePaintMsP95: round(percentile(paints, 95), 2),
      pagePaintMsMax: round(Math.max(...paints), 2),
      pagesMeasured: paints.length,
      pagePaintFrameAfterMsMedian: round(median(paintsFrameAfter), 2),
      scrollFrames: frameMs.length,
      scrollDistancePx: Math.round(scroll.distance),
      longAnimationFramesSupported: scroll.supported,
      framesOver50ms: scroll.long.length,
      longestFrameMs: round(Math.max(0, ...scroll.long), 1),
      rafFramesOver50ms: frameMs.filter((f) => f > 50).length,
      rafLongestFrameMs: round(Math.max(...frameMs), 1),
      medianFrameMs: round(median(frameMs), 1),
      heapMbAfter200Pages: round(heapBytes / 1024 / 1024, 1),
      heapMbCdpUsedSize: round(usage.usedSize / 1024 / 1024, 1),
      rowsInListAfter200Pages: await rowsInList(page),
      domRowsAfter200Pages: domRows,
      loadedPaymentsAfter200Pages: loaded,
      seedPayments: SEED_PAYMENTS,
      sandboxStartMs: seededMs,
      mainProcessHeapMb: round(process.memoryUsage().heapUsed / 1024 / 1024, 1),
    }
    const table: [string, string, string][] = [
      ['page paint, median (ms)', String(result.pagePaintMsMedian), '< 50'],
      ['page paint, p95 / max (ms)', `${result.pagePaintMsP95} / ${result.pagePaintMsMax}`, ''],
      ['  to the frame after (double rAF), median', String(result.pagePaintFrameAfterMsMedian), ''],
      ['pages measured', String(result.pagesMeasured), ''],
      ['scroll: frames / distance (px)', `${result.scrollFrames} / ${result.scrollDistancePx}`, ''],
      ['scroll: frames over 50 ms (browser)', String(result.framesOver50ms), '0'],
      ['scroll: longest of those (ms)', String(result.longestFrameMs), ''],
      ['  rAF deltas over 50 ms / longest (ms)', `${result.rafFramesOver50ms} / ${result.rafLongestFrameMs}`, ''],
      ['scroll: median frame (ms)', String(result.medianFrameMs), ''],
      ['renderer JS heap after 200 pages (MB)', String(result.heapMbAfter200Pages), '< 150'],
      ['  (CDP Runtime.getHeapUsage usedSize, MB)', String(result.heapMbCdpUsedSize), ''],
      [
        'rows in list / rows held / rows in DOM',
        `${result.rowsInListAfter200Pages} / ${result.loadedPaymentsAfter200Pages} / ${result.domRowsAfter200Pages}`,
        '',
      ],
      ['main (bench) process heap (MB)', String(result.mainProcessHeapMb), ''],
      ['sandbox seed + start (ms)', String(result.sandboxStartMs), ''],
    ]
    const w = Math.max(...table.map((r) => r[0].length))
    console.log(`${'measure'.padEnd(w)}  ${'value'.padEnd(22)}  target`)
    for (const [k, v, t] of table) console.log(`${k.padEnd(w)}  ${v.padEnd(22)}  ${t}`)
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

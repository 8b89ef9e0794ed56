// Opening a payment with its timeline (issue 25): a paid payment with 10 refunds and chargebacks
// (7 partial refunds, 3 chargebacks) on the built-in Sandbox's seeded merchant, opened by clicking
// its row in the Payments list, in Chromium on the BUILT renderer with the real services (sandbox
// over HTTP, client, request log, index). `npm run bench:open-payment` builds first.
//   npx tsx bench/ui/open-payment.bench.ts [--samples 30] [--runs 3] [--throttle 1] [--renderer-dir out/renderer]
//
// Measured in the page: from the click (a capture listener's performance.now()) to the frame that
// shows the full timeline having been painted: the detail was read again from the service (with its
// refunds and chargebacks embedded, its order and webhook calls) and the timeline holds every entry;
// "painted" is a task posted from the next requestAnimationFrame, as in src/renderer/src/lib/
// bench-marks.ts. Between samples the detail is closed. The harness's IPC goes through a Playwright
// binding, slower than Electron's: the figures are an upper bound for the app. Goal: p95 < 100 ms
// (issue 52: the same at --throttle 2, < 200 ms at --throttle 4; no goal is stated for other rates).
// Before each run, the machine probe (lib/machine-probe.ts) in the page and here: the machine's speed.
// --throttle N slows the page's processor N times during the runs (lib/throttle.ts), set after the
// warm-up open. --renderer-dir runs another build of the renderer (an old out/renderer, to compare).
// Printed: every sample per run, each run's median and p95, then the medians; last line one JSON object.
import { loadavg } from 'node:os'
import type { Page } from 'playwright-core'
import { completeCheckout, createSandboxAdmin } from '../../src/sandbox/index'
import { createMemorySecretStore } from '../../test/helpers/memory-secret-store'
import { startHarness } from '../../test/e2e/harness'
import { probeMachine, type MachineProbe } from './lib/machine-probe'
import { median, percentile, round } from '../lib/stats'
import { rateCell, slowedBy, throttleArg, throttleNote, throttlePage } from './lib/throttle'
import { benchArgs, numberOption, option } from '../lib/args'

const SAMPLES = numberOption('samples', 30)
const RUNS = numberOption('runs', 3)
const THROTTLE = throttleArg(benchArgs)
const GOAL_P95_MS = THROTTLE <= 2 ? 100 : THROTTLE === 4 ? 200 : null
const RENDERER_DIR = option('renderer-dir')
const KEY = `test_${'openPaymentBench'.padEnd(30, '0')}`
const ADMIN = 'open-payment-bench-admin-token-001'
const HIGH = { q: 100_000, burst: 100_000 }

interface Probe {
  clickAt: number | null
  /** The detail first showed (the list's copy, before the fresh read). */
  shownAt: number | null
  paintedAt: number | null
}

/**
 * Installs the probe: the click's time, then on every DOM change whether the detail of `id` shows
 * its fresh copy (not loading) with `entries` timeline entries; once it does, the painted moment.
 */
async function arm(page: Page, id: string, entries: number): Promise<void> {
  await page.evaluate(
    ({ id, entries }) => {
      const w = window as unknown as { __probe: Probe; __probeStop?: () => void }
      w.__probeStop?.()
      const probe: Probe = { clickAt: null, shownAt: null, paintedAt: null }
      w.__probe = probe
      const onClick = () => {
        probe.clickAt ??= performance.now()
      }
      document.addEventListener('click', onClick, { capture: true })
      const complete = () => {
        const detail = document.querySelector('[data-testid="payment-detail"]')
        if (!detail || detail.querySelector('h2')?.textContent !== id) return false
        if (detail.querySelector('[data-testid="detail-refresh"]')?.textContent !== 'Refresh') return false
        return detail.querySelectorAll('[data-testid="payment-timeline"] > li').length === entries
      }
      const observer = new MutationObserver(() => {
        if (probe.clickAt === null) return
        const shown = document.querySelector('[data-testid="payment-detail"] h2')?.textContent === id
        if (shown) probe.shownAt ??= performance.now()
        if (!complete()) return
        observer.disconnect()
        requestAnimationFrame(() => {
          const channel = new MessageChannel()
          channel.port1.onmessage = () => {
            probe.paintedAt = performance.now()
          }
          channel.port2.postMessage(null)
        })
      })
      observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true })
      w.__probeStop = () => {
        observer.disconnect()
        document.removeEventListener('click', onClick, { capture: true })
      }
    },
    { id, entries },
  )
}

async function openOnce(page: Page, id: string, entries: number): Promise<{ painted: number; shown: number }> {
  await arm(page, id, entries)
  await page.locator(`[data-testid="payment-row"][data-payment-id="${id}"]`).click()
  const handle = await page.waitForFunction(
    () => {
      const p = (window as unknown as { __probe: Probe }).__probe
      return p.paintedAt !== null && p.clickAt !== null
        ? { painted: p.paintedAt - p.clickAt, shown: (p.shownAt ?? NaN) - p.clickAt }
        : null
    },
    undefined,
    { timeout: 30_000 },
  )
  const ms = (await handle.jsonValue()) as { painted: number; shown: number }
  await page.getByRole('button', { name: 'Close detail (Esc)' }).click()
  await page.getByTestId('payment-detail').waitFor({ state: 'detached' })
  return ms
}

async function main(): Promise<void> {
  console.log(
    `load average at start: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  )
  const h = await startHarness({
    name: 'open-payment-bench',
    rendererDir: RENDERER_DIR,
    deps: {
      secretStore: createMemorySecretStore(),
      sandboxOptions: {
        keys: [KEY],
        adminToken: ADMIN,
        seedPayments: 1200,
        quotas: { test: { read: HIGH, write: HIGH } },
      },
    },
  })
  try {
    const client = await h.services.connections.getActiveClient()
    const origin = new URL((await h.services.connections.activeView()).baseUrl ?? '').origin
    const admin = createSandboxAdmin(origin, ADMIN)
    // The payment: €100.00 by card, paid, then 7 refunds (€1.00 to €7.00: the same amount twice within
    // an hour is refused as a duplicate) and 3 chargebacks (€5.00 to €7.00).
    const payment = await client.createPayment({
      amount: { currency: 'EUR', value: '100.00' },
      description: 'Timeline bench 10 refunds and chargebacks',
      redirectUrl: 'https://shop.example.com/return',
      method: 'creditcard',
    })
    await completeCheckout(`${origin}/checkout/${payment.id}`, 'paid')
    for (let i = 0; i < 7; i++) {
      await client.createRefund(payment.id, {
        amount: { currency: 'EUR', value: `${i + 1}.00` },
        description: `Refund ${i + 1}`,
      })
    }
    for (let i = 0; i < 3; i++) await admin.openChargeback(payment.id, { currency: 'EUR', value: `${i + 5}.00` })

    const { page } = h
    // Under tsx, esbuild's keepNames wraps the probe's inner functions in `__name`: give the page one.
    await page.evaluate('globalThis.__name = (target) => target')
    await page.getByRole('navigation', { name: 'Sections' }).waitFor()
    await page.getByRole('button', { name: /^Payments/ }).click()
    const row = page.locator(`[data-testid="payment-row"][data-payment-id="${payment.id}"]`)
    await row.waitFor()
    // Warm-up: open once, wait for the full timeline, count its entries (every sample waits for them).
    await row.click()
    await page
      .getByTestId('detail-refresh')
      .filter({ hasText: /^Refresh$/ })
      .waitFor()
    const timeline = page.getByTestId('payment-timeline').locator('> li')
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="payment-timeline"] > li').length >= 12,
      undefined,
      { timeout: 30_000 },
    )
    const entries = await timeline.count()
    const texts = await timeline.allTextContents()
    const refundsShown = texts.filter((t) => /refund/i.test(t)).length
    const chargebacksShown = texts.filter((t) => /charge ?back/i.test(t)).length
    console.log(
      `payment ${payment.id}: timeline of ${entries} entries (${refundsShown} about refunds, ${chargebacksShown} about chargebacks)`,
    )
    await page.getByRole('button', { name: 'Close detail (Esc)' }).click()
    await page.getByTestId('payment-detail').waitFor({ state: 'detached' })

    const throttle = await throttlePage(page, THROTTLE)
    console.log(throttleNote(THROTTLE, throttle.unslowed))
    const runs: {
      median: number
      p95: number
      max: number
      samples: number[]
      shownMedian: number
      throttle: number
      slowedBy: number | null
      probe: MachineProbe
    }[] = []
    for (let run = 1; run <= RUNS; run++) {
      const probe = await probeMachine(page)
      const samples: number[] = []
      const shown: number[] = []
      for (let i = 0; i < SAMPLES; i++) {
        const ms = await openOnce(page, payment.id, entries)
        samples.push(ms.painted)
        shown.push(ms.shown)
      }
      const r = {
        shownMedian: round(median(shown)),
        median: round(median(samples)),
        p95: round(percentile(samples, 95)),
        max: round(Math.max(...samples)),
        samples: samples.map((s) => round(s)),
        throttle: THROTTLE,
        slowedBy: slowedBy(probe, throttle.unslowed),
        probe,
      }
      runs.push(r)
      console.log(
        `run ${run} (CPU ${rateCell(r.throttle, r.slowedBy)}, probe page / main ${r.probe.pageMs} / ${r.probe.mainMs} ms): ` +
          `${SAMPLES} opens, click → painted timeline (ms): ${r.samples.join(' ')}`,
      )
      console.log(
        `  median ${r.median} ms, p95 ${r.p95} ms, max ${r.max} ms (the list's copy showed after ${r.shownMedian} ms, median)`,
      )
    }
    await throttle.stop()
    const summary = {
      bench: 'open-payment',
      throttle: THROTTLE,
      unslowedProbe: throttle.unslowed,
      runs: RUNS,
      samplesPerRun: SAMPLES,
      timelineEntries: entries,
      p95MsMedian: round(median(runs.map((r) => r.p95))),
      medianMsMedian: round(median(runs.map((r) => r.median))),
      p95MsRuns: runs.map((r) => r.p95),
      medianMsRuns: runs.map((r) => r.median),
      listCopyShownMsMedian: round(median(runs.map((r) => r.shownMedian))),
      probeRuns: runs.map((r) => r.probe),
      goalP95Ms: GOAL_P95_MS,
      loadavg: loadavg().map((l) => round(l, 2)),
    }
    console.log(
      `median over runs: p95 ${summary.p95MsMedian} ms, median ${summary.medianMsMedian} ms (${GOAL_P95_MS === null ? 'no goal stated at this rate' : `goal p95 < ${GOAL_P95_MS} ms`})`,
    )
    console.log(JSON.stringify(summary))
  } finally {
    await h.close()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})

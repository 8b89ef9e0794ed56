// bench:ui's work behind the scroll's frames (issue 52 item 4, bench/ui/lib/frame-work.ts): how the
// trace's events are summed, and, in Chromium on the built renderer, that the rows drawn during a
// scroll are each counted once and the allocation is read. No time is asserted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scrollWork, startScrollWork, tracedWork } from '../../bench/ui/lib/frame-work'
import type { TraceClock, TraceEvent } from '../../bench/ui/lib/gc-trace'
import { scrollThrough } from '../../bench/ui/lib/scroll-probe'
import { createMemorySecretStore } from '../helpers/memory-secret-store'
import { startHarness, type Harness } from './harness'

// Trace time in µs; page time = ts / 1000 (the anchor at 0 on both clocks).
const clock: TraceClock = { pid: 1, tid: 1, toPage: (ts) => ts / 1000 }
const x = (name: string, ts: number, dur: number, more: Partial<TraceEvent> = {}): TraceEvent => ({
  name,
  ph: 'X',
  ts,
  dur,
  tdur: dur / 2,
  pid: 1,
  tid: 1,
  ...more,
})

describe("the trace's work during a scroll", () => {
  it('counts a paint inside a paint once, and only the page main thread within the scroll', () => {
    const events = [
      x('Paint', 1000, 400),
      x('Paint', 1100, 100), // inside the first
      x('PrePaint', 2000, 200),
      x('Layout', 1000, 300),
      x('Layout', 3000, 300, { tid: 2 }), // another thread
      x('Layout', 90_000, 300), // after the scroll
      x('UpdateLayoutTree', 500, 100),
      x('EventDispatch', 1000, 2000, { args: { data: { type: 'scroll' } } }),
      x('EventDispatch', 4000, 500, { args: { data: { type: 'scrollend' } } }),
      x('EventDispatch', 5000, 3000, { args: { data: { type: 'scroll' } } }),
    ]
    const work = tracedWork(events, clock, 0, 50)
    expect(work.paint).toEqual({ wallMs: 0.6, cpuMs: 0.3 })
    expect(work.layout).toEqual({ wallMs: 0.3, cpuMs: 0.15 })
    expect(work.style).toEqual({ wallMs: 0.1, cpuMs: 0.05 })
    expect(work.scrollListenerMs).toEqual([2, 3])
  })

  it('divides by the rows drawn and the pages scrolled', () => {
    const traced = {
      style: { wallMs: 10, cpuMs: 5 },
      layout: { wallMs: 40, cpuMs: 20 },
      paint: {
        wallMs: 20,
        cpuMs: 10,
      },
      scrollListenerMs: [1, 2, 3, 4],
    }
    const w = scrollWork(
      { allocatedBytes: 4 * 1024 * 1024, rowsDrawn: 1000, rowsMoved: 0, pageHeightPx: 500, topAllocations: [] },
      2000,
      traced,
    )
    expect(w.scrolledPages).toBe(4)
    expect(w.allocatedKbPerPage).toBe(1024)
    expect(w.allocatedBytesPerRow).toBe(4194)
    expect(w.perRowUs?.layout).toEqual({ wallUs: 40, cpuUs: 20 })
    expect(w.scrollListener).toMatchObject({ dispatches: 4, maxMs: 4, totalMs: 10 })
    expect(
      scrollWork({ allocatedBytes: 0, rowsDrawn: 10, rowsMoved: 0, pageHeightPx: 500, topAllocations: [] }, 1000, null)
        .perRowUs,
    ).toBeNull()
  })
})

describe('the rows drawn and the allocation, in the page', () => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness({
      name: 'bench-frame-work',
      query: 'bench',
      deps: { secretStore: createMemorySecretStore(), sandboxOptions: { seedPayments: 300 } },
    })
    const page = h.page
    await page.evaluate('window.__name = (f) => f')
    await page.getByRole('button', { name: /^Payments/ }).click()
    await page.getByTestId('payment-row').first().waitFor({ timeout: 60_000 })
    await page.getByTestId('view-toggle').click()
    await page.getByTestId('page-size').fill('250')
    await page.getByTestId('page-size').press('Enter')
    await page.getByTestId('page-size').press('Escape')
    await page.waitForFunction(
      () => document.querySelector('[data-testid="payments-table"]')?.getAttribute('aria-rowcount') === '250',
    )
  })

  afterAll(async () => {
    await h?.close()
  })

  it('counts each row the scroll brings into view once, and reads the bytes allocated', async () => {
    const counter = await startScrollWork(h.page)
    // The last row drawn at the top, before the scroll (aria-rowindex is the index + 2).
    const lastBefore = await h.page.evaluate(
      () =>
        Math.max(
          ...[...document.querySelectorAll('[data-testid="payment-row"]')].map((r) =>
            Number(r.getAttribute('aria-rowindex')),
          ),
        ) - 2,
    )
    // Less than the box's height per frame: every row of the list comes into view.
    const scroll = await scrollThrough(h.page, 200, 'frame-work-test')
    const counts = await counter.stop()
    console.log(
      `rows drawn ${counts.rowsDrawn} (after row ${lastBefore}), moved ${counts.rowsMoved}, ` +
        `${counts.allocatedBytes} bytes allocated`,
    )
    expect(counts.pageHeightPx).toBeGreaterThan(200)
    expect(scroll.distance).toBeGreaterThan(0)
    expect(counts.rowsDrawn).toBe(250 - 1 - lastBefore)
    expect(counts.allocatedBytes).toBeGreaterThan(0)
    console.log(counts.topAllocations.map((a) => `${a.kb} kB ${a.site}`).join('\n'))
  })
})

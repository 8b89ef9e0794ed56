// How fast the machine is at a moment of a bench: one fixed piece of JavaScript (20,000 small records
// written as JSON, read back and sorted), timed in the page and in the bench's own process (where
// main's services run), between the measured steps, never during them. The same build gave run
// medians from 11 to 26 ms for a page paint on one machine: a run whose probe is slow ran on a slow
// stretch of the machine, not on slower code. Compare the probe across the runs of one invocation.
import type { Page } from 'playwright-core'
import { median, round } from '../../lib/stats'

/** The probe's work, self-contained (it is also sent to the page): the median of 5 timings, in ms. */
function probeWork(): number {
  const times: number[] = []
  for (let round = 0; round < 5; round++) {
    const started = performance.now()
    const records = []
    for (let i = 0; i < 20_000; i++) records.push({ id: `tr_${i}`, value: (i * 7919) % 10_007, paid: i % 3 === 0 })
    const read = JSON.parse(JSON.stringify(records)) as { value: number }[]
    read.sort((a, b) => a.value - b.value)
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  return times[2] ?? Number.NaN
}

export interface MachineProbe {
  /** The probe's time in the page (the renderer's main thread), ms. */
  pageMs: number
  /** The probe's time in the bench's process (main's services), ms. */
  mainMs: number
}

/** Times the probe in the page and here. The page needs `window.__name` (tsx's keepNames) set. */
export async function probeMachine(page: Page): Promise<MachineProbe> {
  const pageMs = await page.evaluate(probeWork)
  return { pageMs: round(pageMs, 2), mainMs: round(probeWork(), 2) }
}

/** Several probes of one run as one: the median of each side. */
export function probeMedian(probes: readonly MachineProbe[]): MachineProbe {
  return {
    pageMs: round(median(probes.map((p) => p.pageMs)), 2),
    mainMs: round(median(probes.map((p) => p.mainMs)), 2),
  }
}

// `--throttle N`: the UI benches run the page's processor N times slower, as on an old or low-end
// laptop (issue 52). Chromium slows the renderer's main thread itself when the DevTools protocol asks
// (Emulation.setCPUThrottlingRate, what performance audits use at 4× for low-end devices); the rate
// holds while the protocol session that set it stays attached, across the page's navigations.
// Main's process (the bench's own) is not slowed. Before it sets a rate, throttlePage times the
// machine probe (lib/machine-probe.ts) in the page unslowed; each run then prints its own page probe
// against that one: on an idle machine about N times, on a busy one less (the throttle pauses the
// page's thread for a share of wall time, some of which the scheduler would have taken anyway).
import type { CDPSession, Page } from 'playwright-core'
import { probeMachine, probeMedian, type MachineProbe } from './machine-probe'
import { round } from '../../lib/stats'

/** Not slowed: the page runs at the machine's own speed. */
export const NO_THROTTLE = 1

/**
 * The rate of `--throttle N` among a bench's arguments (1 when not given). Throws, in words, on a
 * value that is not a number of 1 or more (Chromium's rate is a slowdown factor: 2 is half speed).
 */
export function throttleArg(args: readonly string[]): number {
  const i = args.indexOf('--throttle')
  if (i < 0) return NO_THROTTLE
  const text = args[i + 1]
  const rate = text === undefined || text.trim() === '' ? Number.NaN : Number(text)
  if (!Number.isFinite(rate) || rate < 1) {
    throw new Error(
      `--throttle takes how many times slower the page's processor runs, a number of 1 or more ` +
        `(1: not slowed, 4: a low-end laptop); got ${text === undefined ? 'nothing' : JSON.stringify(text)}`,
    )
  }
  return rate
}

/** "4×": the rate as printed in every run's row. */
export function rateText(rate: number): string {
  return `${rate}×`
}

/** How many times the unslowed page probe a run's page probe read (null when not slowed). */
export function slowedBy(probe: MachineProbe, unslowed: MachineProbe | null): number | null {
  return unslowed ? round(probe.pageMs / unslowed.pageMs, 1) : null
}

/** A run's rate cell: "4× (3.2×)", the rate set and how much slower its page probe read. */
export function rateCell(rate: number, slowed: number | null): string {
  return slowed === null ? rateText(rate) : `${rateText(rate)} (${slowed}×)`
}

/** The bench's header note: the rate in words, with the flag that set it and the unslowed probe. */
export function throttleNote(rate: number, unslowed: MachineProbe | null = null): string {
  if (rate === NO_THROTTLE) return "page's processor not slowed (--throttle 1)"
  const probe = unslowed
    ? `; page probe before it ${unslowed.pageMs} ms, each run's against it in brackets after its rate`
    : ''
  return `page's processor slowed ${rateText(rate)} (--throttle ${rate}, Emulation.setCPUThrottlingRate)${probe}`
}

export interface Throttle {
  rate: number
  /** The page probe before the rate was set (the median of three); null for rate 1. */
  unslowed: MachineProbe | null
  /** Sets another rate on the same session (1 lifts the slowdown). */
  set(rate: number): Promise<void>
  /** Lifts the slowdown and detaches the session. */
  stop(): Promise<void>
}

/**
 * Slows the page's processor `rate` times from now on: before the measured work, and for a start
 * before the navigation (the rate outlives the page's documents while the session is attached).
 * For a rate over 1 it first times the probe in the page unslowed.
 */
export async function throttlePage(page: Page, rate: number): Promise<Throttle> {
  let unslowed: MachineProbe | null = null
  if (rate !== NO_THROTTLE) {
    // tsx's keepNames: the probe's function calls __name in the page.
    await page.evaluate('window.__name = (f) => f')
    unslowed = probeMedian([await probeMachine(page), await probeMachine(page), await probeMachine(page)])
  }
  const cdp: CDPSession = await page.context().newCDPSession(page)
  const throttle: Throttle = {
    rate,
    unslowed,
    async set(next) {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: next })
      throttle.rate = next
    },
    async stop() {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: NO_THROTTLE }).catch(() => {})
      await cdp.detach().catch(() => {})
    },
  }
  await throttle.set(rate)
  return throttle
}

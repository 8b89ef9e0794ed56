// `--throttle N`: the UI benches run the page's processor N times slower, as on an old or low-end
// laptop (issue 52). Chromium slows the renderer's main thread itself when the DevTools protocol asks
// (Emulation.setCPUThrottlingRate, what performance audits use at 4× for low-end devices); the rate
// holds while the protocol session that set it stays attached, across the page's navigations.
// Main's process (the bench's own) is not slowed: the machine probe timed in the page and in main
// (lib/machine-probe.ts) shows the rate that reached the page, page / main about N times idle.
import type { CDPSession, Page } from 'playwright-core'

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

/** The bench's header note: the rate in words, with the flag that set it. */
export function throttleNote(rate: number): string {
  return rate === NO_THROTTLE
    ? "page's processor not slowed (--throttle 1)"
    : `page's processor slowed ${rateText(rate)} (--throttle ${rate}, Emulation.setCPUThrottlingRate)`
}

export interface Throttle {
  rate: number
  /** Sets another rate on the same session (1 lifts the slowdown). */
  set(rate: number): Promise<void>
  /** Lifts the slowdown and detaches the session. */
  stop(): Promise<void>
}

/**
 * Slows the page's processor `rate` times from now on: before the measured work, and for a start
 * before the navigation (the rate outlives the page's documents while the session is attached).
 */
export async function throttlePage(page: Page, rate: number): Promise<Throttle> {
  const cdp: CDPSession = await page.context().newCDPSession(page)
  const throttle: Throttle = {
    rate,
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

// The UI benches' `--throttle N` (issue 52): the flag is read or refused in words, and the rate
// reaches the page. How much slower the page ran is printed, never asserted (no timed assertion):
// the machine probe (bench/ui/lib/machine-probe.ts) in the page at 1× and at 4× in alternating
// pairs, and after a navigation, beside the same probe in this process, which the throttle does not
// slow.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { probeMachine, probeMedian } from '../../bench/ui/lib/machine-probe'
import { median } from '../../bench/lib/stats'
import { rateCell, rateText, slowedBy, throttleArg, throttleNote, throttlePage } from '../../bench/ui/lib/throttle'
import { createMemorySecretStore } from '../helpers/memory-secret-store'
import { startHarness, type Harness } from './harness'

describe('--throttle N, as the UI benches read it', () => {
  it('is 1 when not given, and the number given otherwise', () => {
    expect(throttleArg(['--runs', '3'])).toBe(1)
    expect(throttleArg(['--throttle', '4', '--runs', '3'])).toBe(4)
    expect(throttleArg(['--load', '--throttle', '2.5'])).toBe(2.5)
  })

  it('refuses a rate that is not a number of 1 or more, saying what it takes', () => {
    for (const bad of [['--throttle'], ['--throttle', 'fast'], ['--throttle', '0.5'], ['--throttle', '']]) {
      expect(() => throttleArg(bad)).toThrow(/^--throttle takes how many times slower the page's processor runs/)
    }
    expect(() => throttleArg(['--throttle', '-2'])).toThrow(/got "-2"$/)
  })

  it('prints the rate in every row and says in the header what slowed the page', () => {
    expect(rateText(4)).toBe('4×')
    expect(throttleNote(1)).toBe("page's processor not slowed (--throttle 1)")
    expect(throttleNote(4)).toContain('slowed 4× (--throttle 4, Emulation.setCPUThrottlingRate)')
    expect(throttleNote(4, { pageMs: 12.5, mainMs: 20 })).toContain('page probe before it 12.5 ms')
  })

  it("beside each run's rate, how much slower its page probe read than before the throttle", () => {
    const unslowed = { pageMs: 10, mainMs: 20 }
    expect(slowedBy({ pageMs: 31.4, mainMs: 20 }, unslowed)).toBe(3.1)
    expect(slowedBy({ pageMs: 31.4, mainMs: 20 }, null)).toBeNull()
    expect(rateCell(4, 3.1)).toBe('4× (3.1×)')
    expect(rateCell(1, null)).toBe('1×')
  })
})

describe('the rate reaches the page', () => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness({
      name: 'bench-throttle',
      deps: { secretStore: createMemorySecretStore(), sandboxOptions: { seedPayments: 20 } },
    })
    await h.page.getByTestId('home-screen').waitFor()
    // tsx and vitest compile with keepNames: the probe's function calls __name in the page.
    await h.page.evaluate('window.__name = (f) => f')
  })

  afterAll(async () => {
    await h?.close()
  })

  it('the page probe is printed at 1× and at 4×, in alternating pairs and after a navigation', async () => {
    // On a busy machine one reading can land on a slow stretch: 1× and 4× alternate, pair by pair,
    // each reading the median of three probes; main's probe, which the throttle leaves alone, beside.
    const probe = async () =>
      probeMedian([await probeMachine(h.page), await probeMachine(h.page), await probeMachine(h.page)])
    const throttle = await throttlePage(h.page, 1)
    expect(throttle.unslowed).toBeNull()
    try {
      const ratios: number[] = []
      for (let pair = 1; pair <= 3; pair++) {
        await throttle.set(1)
        const at1 = await probe()
        await throttle.set(4)
        expect(throttle.rate).toBe(4)
        const at4 = await probe()
        ratios.push(at4.pageMs / at1.pageMs)
        console.log(
          `pair ${pair}: page probe 1× ${at1.pageMs} ms, 4× ${at4.pageMs} ms: ${(at4.pageMs / at1.pageMs).toFixed(1)}× ` +
            `(main ${at1.mainMs} / ${at4.mainMs} ms)`,
        )
      }
      await h.page.reload()
      await h.page.getByTestId('home-screen').waitFor()
      await h.page.evaluate('window.__name = (f) => f')
      const afterReload = await probe()
      await throttle.set(1)
      const back = await probe()
      console.log(
        `after a reload at 4×: page probe ${afterReload.pageMs} ms, then at 1× ${back.pageMs} ms: ` +
          `${(afterReload.pageMs / back.pageMs).toFixed(1)}×; median of the pairs ${median(ratios).toFixed(1)}×`,
      )
      // Each reading is a number of milliseconds the page measured; how they compare is for the eye.
      expect(ratios).toHaveLength(3)
      for (const r of [...ratios, afterReload.pageMs / back.pageMs]) expect(Number.isFinite(r)).toBe(true)
    } finally {
      await throttle.stop()
    }
    // A rate over 1 times the page unslowed first, for the runs to be read against.
    const slowed = await throttlePage(h.page, 2)
    try {
      expect(slowed.unslowed?.pageMs).toBeGreaterThan(0)
    } finally {
      await slowed.stop()
    }
  })
})

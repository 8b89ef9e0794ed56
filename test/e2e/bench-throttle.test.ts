// The UI benches' `--throttle N` (issue 52): the flag is read or refused in words, and the rate
// reaches the page. How much slower the page ran is printed, never asserted (no timed assertion):
// the machine probe (bench/ui/lib/machine-probe.ts) in the page at 1× and at 4×, and again after a
// navigation, beside the same probe in this process, which the throttle does not slow.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { probeMachine, type MachineProbe } from '../../bench/ui/lib/machine-probe'
import { rateText, throttleArg, throttleNote, throttlePage } from '../../bench/ui/lib/throttle'
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

  it('the page probe is printed at 1× and at 4×, before and after a navigation', async () => {
    const show = (label: string, p: MachineProbe) =>
      console.log(
        `${label.padEnd(30)} probe page ${p.pageMs} ms, main ${p.mainMs} ms, page / main ${(p.pageMs / p.mainMs).toFixed(2)}`,
      )
    const unslowed = await probeMachine(h.page)
    show('1× (no throttle)', unslowed)
    const throttle = await throttlePage(h.page, 4)
    try {
      expect(throttle.rate).toBe(4)
      const slowed = await probeMachine(h.page)
      show('4×', slowed)
      await h.page.reload()
      await h.page.getByTestId('home-screen').waitFor()
      await h.page.evaluate('window.__name = (f) => f')
      const afterReload = await probeMachine(h.page)
      show('4×, after the page reloaded', afterReload)
      await throttle.set(1)
      expect(throttle.rate).toBe(1)
      show('1× again (rate set back)', await probeMachine(h.page))
      // Each probe is a number of milliseconds the page measured; how they compare is for the eye.
      for (const p of [unslowed, slowed, afterReload]) expect(p.pageMs).toBeGreaterThan(0)
    } finally {
      await throttle.stop()
    }
  })
})

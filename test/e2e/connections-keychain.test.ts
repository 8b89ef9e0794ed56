import { randomBytes } from 'node:crypto'
import { readdir } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMemorySecretStore } from '../helpers/memory-secret-store'
import { currentCspViolations, startHarness, type Harness } from './harness'
import { scanHarness } from './secrets-leak-scan'
import { present } from '../helpers/present'

/**
 * When the system keychain cannot be used, adding a connection is refused with a message that says
 * what happened and what to do, and nothing is written anywhere (there is no plain-text fallback).
 */

const TEST_KEY = `test_${randomBytes(16).toString('hex')}`

describe('Connections with an unavailable keychain', () => {
  let h: Harness
  const store = createMemorySecretStore()

  beforeAll(async () => {
    h = await startHarness({ name: 'connections-keychain', deps: { secretStore: store } })
  })

  afterAll(async () => {
    await h?.close()
  })

  it('explains the refusal and stores nothing', async () => {
    await h.page.getByTestId('connection-status-label').waitFor()
    await h.page.keyboard.press('Control+4')
    store.failWith('locked')
    await h.page.getByTestId('add-label').fill('Locked out')
    await h.page.getByTestId('add-secret').fill(TEST_KEY)
    await h.page.getByTestId('add-submit').click()
    const banner = h.page.getByTestId('add-keychain-error')
    await banner.waitFor()
    const text = await banner.textContent()
    expect(text).toContain('nothing was saved')
    expect(text).toContain('keychain is locked') // what happened
    expect(text).toContain('Unlock your keychain') // what to do
    await h.screenshot('keychain-unavailable')

    // (The store may hold other accounts, such as the request log's data key.)
    expect([...store.entries.values()]).not.toContain(TEST_KEY)
    expect((await h.services.connections.list()).connections.map((c) => c.id)).toEqual(['sandbox'])
    expect(await readdir(h.dataDir, { recursive: true })).not.toContain('connections.json')

    // The user may retry once the keychain is back: the form kept what was typed.
    store.failWith(null)
    await h.page.getByTestId('add-submit').click()
    await h.page.getByTestId('connection-added').waitFor()
    expect(await h.page.getByTestId('add-keychain-error').count()).toBe(0)
    const [added] = (await h.services.connections.list()).connections.filter((c) => !c.builtIn)
    expect(store.entries.get(present(added).id)).toBe(TEST_KEY)
  })

  it('leaks nothing and ran with no console errors and no CSP violations', async () => {
    expect((await scanHarness(h, [TEST_KEY])).findings).toEqual([])
    expect(await currentCspViolations(h.page)).toEqual([])
    expect(h.consoleErrors).toEqual([])
  })
})

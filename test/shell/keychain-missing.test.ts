import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { CHANNEL_NAMES } from '../../src/shared/ipc/contract'
import { createFakeElectron, FakeBrowserWindow, FakeEvent } from './fake-electron'
import { present } from '../helpers/present'

// First run on Linux without a Secret Service: the session bus below has no keychain service
// (this file runs in its own process, so no other test shares the broken address).
process.env['DBUS_SESSION_BUS_ADDRESS'] = 'unix:path=/nonexistent/paydesk-no-bus'

const root = mkdtempSync(path.join(os.tmpdir(), 'paydesk-shell-nokeychain-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe.skipIf(process.platform !== 'linux')('first run without a keychain', () => {
  it('opens the window anyway and explains what is missing and what to do', async () => {
    const appPath = path.join(root, 'app')
    mkdirSync(path.join(appPath, 'out', 'renderer'), { recursive: true })
    writeFileSync(path.join(appPath, 'out', 'renderer', 'index.html'), '<!doctype html>')
    const fake = createFakeElectron({ appPath, userData: path.join(root, 'userData') })
    vi.doMock('electron', () => fake.electron)
    await import('../../src/main/index')
    fake.electron.app.becomeReady()

    await vi.waitFor(() => expect(fake.electron.dialog.messageBoxes).toHaveLength(1), { timeout: 30_000 })
    expect(FakeBrowserWindow.all).toHaveLength(1)
    expect(fake.electron.ipcMain.handlers.size).toBe(CHANNEL_NAMES.length)
    const notice = present(fake.electron.dialog.messageBoxes[0])
    expect(notice).toMatchObject({ type: 'warning', title: 'Keychain not available' })
    expect(notice.message).toMatch(/No keychain service is running/)
    expect(notice.detail).toMatch(/Paydesk is open and the built-in Sandbox works/)
    expect(notice.detail).toMatch(/gnome-keyring/)

    // The app answers, and a keychain operation says why it cannot be done.
    const window = present(FakeBrowserWindow.all[0])
    const event = { sender: window.webContents, senderFrame: window.webContents.mainFrame }
    const info = (await present(fake.electron.ipcMain.handlers.get('app.info'))(event as never, undefined)) as {
      ok: boolean
    }
    expect(info.ok).toBe(true)

    const quit = new FakeEvent()
    fake.electron.app.fire('before-quit', quit)
    await vi.waitFor(() => expect(fake.electron.app.quitCalls).toBe(1), { timeout: 20_000 })
  })
})

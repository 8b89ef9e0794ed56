import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CONTENT_SECURITY_POLICY, SECURE_WEB_PREFERENCES } from '../../src/main/security'
import { CHANNEL_NAMES } from '../../src/shared/ipc/contract'
import { createFakeElectron, FakeBrowserWindow, FakeEvent, FakeFrame, type FakeElectronOptions } from './fake-electron'
import { present } from '../helpers/present'

// The real Electron shell (src/main/index.ts, window.ts, app-protocol.ts, ipc/electron-ipc.ts) run
// against the typed fake of `electron` (the only module replaced). The services behind it are real:
// a temporary data folder and the keychain of the private D-Bus session scripts/test.mjs starts.

let root: string
let appPath: string
let userData: string

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'paydesk-shell-'))
  appPath = path.join(root, 'app')
  userData = path.join(root, 'userData')
  mkdirSync(path.join(appPath, 'out', 'renderer', 'assets'), { recursive: true })
  mkdirSync(userData, { recursive: true })
  writeFileSync(path.join(appPath, 'out', 'renderer', 'index.html'), '<!doctype html><title>Paydesk</title>')
  writeFileSync(path.join(appPath, 'out', 'renderer', 'assets', 'app.js'), 'console.log(1)')
  // Outside the renderer folder: must never be served.
  writeFileSync(path.join(appPath, 'out', 'secret.txt'), 'not for the page')
})

afterEach(() => {
  vi.doUnmock('electron')
  vi.resetModules()
  vi.unstubAllEnvs()
  rmSync(root, { recursive: true, force: true })
})

/** Loads the real src/main/index.ts with the fake electron; `ready` makes Electron ready and waits for the window. */
async function startShell(options: Partial<FakeElectronOptions> = {}) {
  const fake = createFakeElectron({ appPath, userData, ...options })
  vi.resetModules()
  vi.doMock('electron', () => fake.electron)
  await import('../../src/main/index')
  return {
    ...fake,
    async ready() {
      fake.electron.app.becomeReady()
      await vi.waitFor(() => expect(fake.electron.ipcMain.handlers.size).toBe(CHANNEL_NAMES.length), {
        timeout: 20_000,
      })
      const window = present(FakeBrowserWindow.all[0])
      return window
    },
  }
}

async function quit(shell: Awaited<ReturnType<typeof startShell>>) {
  const event = new FakeEvent()
  shell.electron.app.fire('before-quit', event)
  expect(event.defaultPrevented).toBe(true)
  await vi.waitFor(() => expect(shell.electron.app.quitCalls).toBe(1), { timeout: 20_000 })
}

const ipcEvent = (window: FakeBrowserWindow, frame: FakeFrame = window.webContents.mainFrame) => ({
  sender: window.webContents,
  senderFrame: frame,
})

describe.skipIf(process.env['PAYDESK_PRIVATE_KEYRING'] !== '1')('the Electron shell under a simulated Electron', () => {
  it('registers app:// as a privileged scheme before ready, and only then serves', async () => {
    const shell = await startShell()
    expect(shell.electron.protocol.registeredBeforeReady).toBe(true)
    expect(shell.electron.protocol.privileged).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
    ])
    expect(shell.electron.protocol.handlers.size).toBe(0)
    const window = await shell.ready()
    expect(shell.log.indexOf('registerSchemesAsPrivileged')).toBeLessThan(shell.log.indexOf('ready'))
    expect(window.loadedUrl).toBe('app://paydesk/index.html')
    await quit(shell)
  })

  it('serves out/renderer with the CSP header and refuses traversal and other hosts', async () => {
    const shell = await startShell()
    await shell.ready()
    const handler = present(shell.electron.protocol.handlers.get('app'))
    const fetchApp = async (url: string) => await handler(new Request(url))

    const page = await fetchApp('app://paydesk/index.html')
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY)
    expect(page.headers.get('x-content-type-options')).toBe('nosniff')
    expect(await page.text()).toContain('<title>Paydesk</title>')
    expect((await fetchApp('app://paydesk/assets/app.js')).status).toBe(200)

    for (const url of [
      'app://paydesk/%2e%2e/secret.txt',
      'app://paydesk/..%2fsecret.txt',
      'app://paydesk/assets/..%2f..%2fsecret.txt',
      'app://paydesk/..%5csecret.txt',
      'app://elsewhere/index.html',
    ]) {
      const response = await fetchApp(url)
      expect(response.status, url).toBe(404)
      expect(await response.text(), url).not.toContain('not for the page')
    }
    await quit(shell)
  })

  it('opens one window with the secure web preferences written out, DevTools only unpackaged', async () => {
    const shell = await startShell()
    const window = await shell.ready()
    expect(FakeBrowserWindow.all).toHaveLength(1)
    expect(window.options.webPreferences).toEqual({
      ...SECURE_WEB_PREFERENCES,
      preload: path.join(appPath, 'out', 'preload', 'index.cjs'),
      devTools: true,
    })
    expect(window.options.icon).toBe(path.join(appPath, 'resources', 'icon.png'))
    await quit(shell)
  })

  it('a packaged build: no DevTools, no debugging menu items, and ELECTRON_RENDERER_URL ignored', async () => {
    vi.stubEnv('ELECTRON_RENDERER_URL', 'http://localhost:5173/')
    const shell = await startShell({ isPackaged: true })
    const window = await shell.ready()
    expect(window.options.webPreferences?.devTools).toBe(false)
    expect(window.loadedUrl).toBe('app://paydesk/index.html')
    const menu = JSON.stringify(shell.electron.Menu.applicationMenu?.template)
    expect(menu).not.toMatch(/toggleDevTools|forceReload|"reload"/)
    // The dev server is not a trusted origin: a page from it is refused.
    const devFrame = new FakeFrame('http://localhost:5173/')
    const listener = present(shell.electron.ipcMain.handlers.get('app.info'))
    const refused = (await listener(
      { ...ipcEvent(window, devFrame), sender: window.webContents } as never,
      undefined,
    )) as { ok: boolean; error?: { code: string } }
    expect(refused.ok).toBe(false)
    await quit(shell)
  })

  it('under npm run dev (unpackaged) loads the loopback dev server and trusts only its origin', async () => {
    vi.stubEnv('ELECTRON_RENDERER_URL', 'http://localhost:5173/')
    const shell = await startShell()
    const window = await shell.ready()
    expect(window.loadedUrl).toBe('http://localhost:5173/')
    const menu = JSON.stringify(shell.electron.Menu.applicationMenu?.template)
    expect(menu).toContain('toggleDevTools')
    await quit(shell)
  })

  it('denies navigation away, new windows, webviews and every permission; adds the CSP to responses', async () => {
    const shell = await startShell()
    const window = await shell.ready()
    const contents = window.webContents
    for (const [event, url, denied] of [
      ['will-navigate', 'https://evil.example/', true],
      ['will-redirect', 'https://evil.example/', true],
      ['will-navigate', 'file:///etc/passwd', true],
      ['will-navigate', 'app://paydesk/index.html#/payments', false],
    ] as const) {
      const e = new FakeEvent()
      contents.fire(event, e, url)
      expect(e.defaultPrevented, `${event} ${url}`).toBe(denied)
    }
    const webview = new FakeEvent()
    contents.fire('will-attach-webview', webview, {}, {})
    expect(webview.defaultPrevented).toBe(true)
    expect(contents.windowOpenHandler?.({ url: 'https://evil.example/' } as Electron.HandlerDetails)).toEqual({
      action: 'deny',
    })

    const session = shell.electron.session.defaultSession
    for (const permission of ['clipboard-read', 'media', 'notifications', 'geolocation'] as const) {
      let granted: boolean | null = null
      session.permissionRequestHandler?.(contents as never, permission, (answer) => (granted = answer), {} as never)
      expect(granted, permission).toBe(false)
      expect(session.permissionCheckHandler?.(contents as never, permission, 'app://paydesk', {} as never)).toBe(false)
    }
    let headers: Record<string, string | string[]> | undefined
    session.headersListener?.({ responseHeaders: { 'content-type': ['text/html'] } } as never, (response) => {
      headers = response.responseHeaders
    })
    expect(headers?.['Content-Security-Policy']).toEqual([CONTENT_SECURITY_POLICY])
    await quit(shell)
  })

  it('IPC invocations reach the dispatcher with the sender and its frame; other frames are refused', async () => {
    const shell = await startShell()
    const window = await shell.ready()
    expect([...shell.electron.ipcMain.handlers.keys()].sort()).toEqual([...CHANNEL_NAMES].sort())
    const info = present(shell.electron.ipcMain.handlers.get('app.info'))

    const answer = (await info(ipcEvent(window) as never, undefined)) as { ok: boolean; value?: { version: string } }
    expect(answer).toMatchObject({ ok: true, value: { name: 'Paydesk', version: '9.9.9-test' } })

    const subframe = new FakeFrame('app://paydesk/index.html')
    for (const event of [
      ipcEvent(window, subframe), // a frame of the window other than its main frame
      { sender: { id: -1 }, senderFrame: window.webContents.mainFrame }, // another webContents
    ]) {
      const refused = (await info(event as never, undefined)) as { ok: boolean; error?: { code: string } }
      expect(refused).toMatchObject({ ok: false, error: { code: 'forbidden-sender' } })
    }
    // The copy buttons go through main's clipboard, right after a click main saw.
    const copy = present(shell.electron.ipcMain.handlers.get('app.copy'))
    window.webContents.fire('before-mouse-event', new FakeEvent(), { type: 'mouseUp', x: 5, y: 5 })
    expect(await copy(ipcEvent(window) as never, { text: 'tr_abc123' })).toMatchObject({ ok: true })
    expect(shell.electron.clipboard.written).toEqual(['tr_abc123'])
    // Input is validated by the dispatcher too.
    const bad = (await info(ipcEvent(window) as never, { sneaky: true })) as { ok: boolean }
    expect(bad.ok).toBe(false)
    await quit(shell)
  })

  it('app.copy writes only right after a key press or click main saw (threat: a page fills the clipboard on its own)', async () => {
    const shell = await startShell()
    const window = await shell.ready()
    const copy = present(shell.electron.ipcMain.handlers.get('app.copy'))
    const copyNow = async (text: string) =>
      (await copy(ipcEvent(window) as never, { text })) as { ok: boolean; error?: { code: string; message: string } }

    // No gesture yet: nothing is written, and the page is told why in the app's words.
    expect(await copyNow('https://evil.example/pay')).toMatchObject({
      ok: false,
      error: { code: 'canceled', message: expect.stringContaining('Nothing was copied') },
    })
    // Pointer moves and scrolling are no gesture.
    window.webContents.fire('before-mouse-event', new FakeEvent(), { type: 'mouseMove', x: 1, y: 1 })
    window.webContents.fire('before-mouse-event', new FakeEvent(), { type: 'mouseWheel', x: 1, y: 1 })
    expect((await copyNow('https://evil.example/pay')).ok).toBe(false)
    // A click: one copy; the next needs another gesture.
    window.webContents.fire('before-mouse-event', new FakeEvent(), { type: 'mouseUp', x: 1, y: 1, button: 'left' })
    expect((await copyNow('tr_one')).ok).toBe(true)
    expect((await copyNow('https://evil.example/pay')).ok).toBe(false)
    // A key press (Enter on the Copy button) counts too.
    window.webContents.fire('before-input-event', new FakeEvent(), { type: 'keyDown', key: 'Enter' })
    expect((await copyNow('tr_two')).ok).toBe(true)
    expect(shell.electron.clipboard.written).toEqual(['tr_one', 'tr_two'])
    await quit(shell)
  })

  it('refuses IPC from a sender whose URL carries a user name (threat: app://user@paydesk/ passes for the app)', async () => {
    const shell = await startShell()
    const window = await shell.ready()
    const info = present(shell.electron.ipcMain.handlers.get('app.info'))
    for (const url of ['app://user@paydesk/index.html', 'app://user:pw@paydesk/index.html', 'app://:pw@paydesk/']) {
      window.webContents.mainFrame.url = url
      const refused = (await info(ipcEvent(window) as never, undefined)) as { ok: boolean; error?: { code: string } }
      expect(refused).toMatchObject({ ok: false, error: { code: 'forbidden-sender' } })
    }
    window.webContents.mainFrame.url = 'app://paydesk/index.html'
    expect(((await info(ipcEvent(window) as never, undefined)) as { ok: boolean }).ok).toBe(true)
    await quit(shell)
  })

  it('a second instance focuses the first; an instance without the lock quits and opens nothing', async () => {
    const shell = await startShell()
    const window = await shell.ready()
    window.minimized = true
    window.calls = []
    shell.electron.app.fire('second-instance', new FakeEvent(), [], '/')
    expect(window.calls).toEqual(['restore', 'show', 'focus'])
    await quit(shell)

    const second = await startShell({ singleInstanceLock: false })
    expect(second.electron.app.quitCalls).toBe(1)
    second.electron.app.becomeReady()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(FakeBrowserWindow.all).toHaveLength(0)
    expect(second.electron.protocol.handlers.size).toBe(0)
  })

  it('quitting waits for the services to be disposed, unwires IPC and remembers the window', async () => {
    const shell = await startShell()
    const window = await shell.ready()
    expect(shell.electron.app.listenerCount('before-quit')).toBe(1)
    await quit(shell)
    expect(shell.electron.ipcMain.handlers.size).toBe(0)
    const state = JSON.parse(readFileSync(path.join(userData, 'window-state.json'), 'utf8'))
    expect(state).toEqual({ bounds: window.getNormalBounds(), maximized: false })
    // The second quit (after disposal) is let through.
    const again = new FakeEvent()
    shell.electron.app.fire('before-quit', again)
    expect(again.defaultPrevented).toBe(false)
  })

  it('reopens at the remembered size and place, brought back on screen when the display is gone', async () => {
    /** Starts the app over a window state remembered from the last run. */
    const reopenWith = async (remembered: unknown) => {
      writeFileSync(path.join(userData, 'window-state.json'), JSON.stringify(remembered))
      const shell = await startShell()
      return { shell, window: await shell.ready() }
    }
    const first = await reopenWith({ bounds: { x: 100, y: 80, width: 1200, height: 700 }, maximized: true })
    expect(first.window.options).toMatchObject({ x: 100, y: 80, width: 1200, height: 700 })
    first.window.fire('ready-to-show')
    expect(first.window.calls).toEqual(['maximize', 'show'])
    await quit(first.shell)

    const moved = await reopenWith({ bounds: { x: 5000, y: 80, width: 1200, height: 700 }, maximized: false })
    expect(moved.window.options).toMatchObject({ x: 360, y: 190, width: 1200, height: 700 })
    await quit(moved.shell)
  })

  it('has the standard menu roles, Help with documentation and Report a Problem, and an About panel', async () => {
    const shell = await startShell()
    await shell.ready()
    const template = present(shell.electron.Menu.applicationMenu).template
    const roles = JSON.stringify(template)
    for (const role of ['fileMenu', 'editMenu', 'windowMenu', 'help']) expect(roles).toContain(`"${role}"`)
    const help = present(template.find((item) => item.role === 'help'))
    const items = help.submenu as Electron.MenuItemConstructorOptions[]
    present(items.find((item) => item.label === 'Payment API Documentation')).click?.({} as never, undefined, {})
    await vi.waitFor(() => expect(shell.electron.shell.opened).toEqual(['https://docs.mollie.com/reference/']))

    // Report a Problem with an empty log says so instead of saving an empty file.
    present(items.find((item) => item.label === 'Report a Problem…')).click?.({} as never, undefined, {})
    await vi.waitFor(() => expect(shell.electron.dialog.messageBoxes.at(-1)?.detail).toMatch(/nothing to report yet/))

    expect(shell.electron.app.aboutPanel).toMatchObject({
      applicationName: 'Paydesk',
      applicationVersion: '9.9.9-test',
    })
    expect(shell.electron.app.aboutPanel?.version).toContain(`Node.js ${process.versions.node}`)
    await quit(shell)
  })
})

import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createUnavailableSecretStore, keychainNotice, probeKeychain } from '../../../src/main/desktop/keychain-notice'
import { buildMenuTemplate, menuRoles } from '../../../src/main/desktop/menu'
import { reportProblem, reportProblemMessage } from '../../../src/main/desktop/report-problem'
import { aboutPanel, devToolsAllowed, rendererSource } from '../../../src/main/desktop/shell-config'
import {
  loadWindowState,
  MIN_WINDOW_SIZE,
  parseWindowState,
  placeWindow,
  saveWindowState,
} from '../../../src/main/desktop/window-state'
import { KeychainUnavailableError } from '../../../src/main/secrets/secret-store'
import type { MainQuestion } from '../../../src/main/services/main-questions'
import type { PersonalDataInFile } from '../../../src/shared/request-log-types'
import { createMemorySecretStore } from '../../helpers/memory-secret-store'
import { present } from '../../helpers/present'

const noop = { openDocumentation: () => {}, openHelp: () => {}, reportProblem: () => {} }

describe('application menu', () => {
  it('standard roles on every platform; the macOS app menu only on macOS', () => {
    for (const platform of ['darwin', 'linux', 'win32'] as const) {
      const roles = menuRoles(buildMenuTemplate({ platform, isPackaged: true, actions: noop }))
      expect(roles).toEqual(expect.arrayContaining(['fileMenu', 'editMenu', 'windowMenu', 'help']))
      expect(roles.includes('appMenu')).toBe(platform === 'darwin')
      expect(roles.includes('about')).toBe(platform !== 'darwin')
    }
  })

  it('a packaged build has no DevTools or reload items; a development run has them', () => {
    const debugging = ['toggleDevTools', 'reload', 'forceReload']
    for (const platform of ['darwin', 'linux', 'win32'] as const) {
      const packaged = menuRoles(buildMenuTemplate({ platform, isPackaged: true, actions: noop }))
      expect(packaged.filter((role) => debugging.includes(role))).toEqual([])
      const dev = menuRoles(buildMenuTemplate({ platform, isPackaged: false, actions: noop }))
      expect(dev).toEqual(expect.arrayContaining(debugging))
    }
  })

  it('Help items call their actions', () => {
    const called: string[] = []
    const template = buildMenuTemplate({
      platform: 'linux',
      isPackaged: true,
      actions: {
        openDocumentation: () => called.push('docs'),
        openHelp: () => called.push('help'),
        reportProblem: () => called.push('report'),
      },
    })
    const items = present(present(template.find((i) => i.role === 'help')).submenu)
    for (const item of items) item.click?.()
    expect(called).toEqual(['help', 'docs', 'report'])
    // The in-app guide comes first and answers F1, which the menu takes before the page.
    expect(items[0]).toMatchObject({ label: 'Paydesk Help', accelerator: 'F1' })
  })
})

describe('shell decisions', () => {
  it('honours ELECTRON_RENDERER_URL only unpackaged and only for a loopback http server', () => {
    const dev = { ELECTRON_RENDERER_URL: 'http://localhost:5173' }
    expect(rendererSource({ isPackaged: false, env: dev })).toEqual({
      url: 'http://localhost:5173/',
      trustedOrigin: 'http://localhost:5173',
      devServer: true,
    })
    const app = { url: 'app://paydesk/index.html', trustedOrigin: 'app://paydesk', devServer: false }
    expect(rendererSource({ isPackaged: true, env: dev })).toEqual(app)
    expect(rendererSource({ isPackaged: false, env: {} })).toEqual(app)
    for (const url of [
      'https://evil.example/',
      'http://192.168.1.5:5173/',
      'file:///tmp/index.html',
      'http://user:pw@localhost:5173/',
      'not a url',
    ]) {
      expect(rendererSource({ isPackaged: false, env: { ELECTRON_RENDERER_URL: url } }), url).toEqual(app)
    }
  })

  it('DevTools only when not packaged', () => {
    expect(devToolsAllowed(true)).toBe(false)
    expect(devToolsAllowed(false)).toBe(true)
  })

  it('the About panel names the version and the runtimes', () => {
    const panel = aboutPanel({
      name: 'Paydesk',
      version: '1.2.3',
      platform: 'linux',
      versions: { node: '24.1.0', electron: '45.4.1', chrome: '142.0.1' },
    })
    expect(panel).toMatchObject({ applicationName: 'Paydesk', applicationVersion: '1.2.3' })
    expect(panel.version).toBe('Electron 45.4.1 · Chromium 142.0.1 · Node.js 24.1.0')
  })
})

describe('window state', () => {
  const dirs: string[] = []
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  })
  const screen = [{ x: 0, y: 0, width: 1920, height: 1080 }]

  it('keeps a window that shows on a display; the title bar never above the top edge', () => {
    const saved = { bounds: { x: 100, y: -40, width: 1200, height: 700 }, maximized: true }
    expect(placeWindow(saved, screen)).toEqual({ bounds: { x: 100, y: 0, width: 1200, height: 700 }, maximized: true })
  })

  it('brings back a window from a display that is gone, and shrinks one larger than the display', () => {
    const offscreen = { bounds: { x: 4000, y: 100, width: 3000, height: 2000 }, maximized: false }
    expect(placeWindow(offscreen, screen).bounds).toEqual({ x: 0, y: 0, width: 1920, height: 1080 })
    const sliver = { bounds: { x: 1900, y: 100, width: 1000, height: 700 }, maximized: false }
    expect(placeWindow(sliver, screen).bounds.x).toBe(460)
  })

  it('never below the minimum size', () => {
    const tiny = { bounds: { x: 0, y: 0, width: 10, height: 10 }, maximized: false }
    expect(placeWindow(tiny, screen).bounds).toMatchObject(MIN_WINDOW_SIZE)
  })

  it('first run: the default size, centred', () => {
    expect(placeWindow(null, screen)).toEqual({
      bounds: { x: 280, y: 110, width: 1360, height: 860 },
      maximized: false,
    })
  })

  it('refuses malformed or edited files, keeps them as .bak, and round-trips a good one', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'paydesk-window-state-'))
    dirs.push(dir)
    for (const raw of [
      'not json',
      '{"bounds":{"x":1,"y":2,"width":-5,"height":3},"maximized":false}',
      '{"bounds":{"x":1.5,"y":2,"width":5,"height":3},"maximized":false}',
      '{"bounds":{"x":1e9,"y":2,"width":5,"height":3},"maximized":false}',
      '{"bounds":{"x":1,"y":2,"width":5,"height":3},"maximized":"yes"}',
      '[]',
    ]) {
      writeFileSync(path.join(dir, 'window-state.json'), raw)
      expect(await loadWindowState(dir), raw).toBeNull()
    }
    expect(readdirSync(dir).filter((f) => f.endsWith('.bak')).length).toBeGreaterThan(0)
    const state = { bounds: { x: 10, y: 20, width: 1000, height: 700 }, maximized: true }
    await saveWindowState(path.join(dir, 'new'), state)
    expect(await loadWindowState(path.join(dir, 'new'))).toEqual(state)
    expect(() => parseWindowState({ ...state, bounds: { ...state.bounds, width: 0 } })).toThrow()
  })
})

describe('keychain first run', () => {
  it('an unavailable store fails every call with the keychain error; the probe reports the problem', async () => {
    const store = createUnavailableSecretStore('not-installed')
    await expect(store.get('x')).rejects.toBeInstanceOf(KeychainUnavailableError)
    await expect(store.set('x', 'y')).rejects.toBeInstanceOf(KeychainUnavailableError)
    expect(await probeKeychain(store)).toBe('not-installed')
    expect(await probeKeychain(createMemorySecretStore())).toBeNull()
  })

  it('the notice says the app still works and what to do, per problem and platform', () => {
    const linux = keychainNotice('no-secret-service', 'linux')
    expect(linux.message).toMatch(/No keychain service/)
    expect(linux.detail).toMatch(/still|Sandbox works/)
    expect(linux.detail).toMatch(/gnome-keyring/)
    expect(keychainNotice('locked', 'linux').detail).toMatch(/Unlock your login keyring/)
    expect(keychainNotice('locked', 'darwin').detail).toMatch(/Keychain Access/)
  })
})

describe('Report a problem', () => {
  const log = (ids: string[]) => {
    const exported: Array<{ ids: string[]; format: string; file: string; personalData: PersonalDataInFile }> = []
    return {
      exported,
      requestLog: {
        list: async () => ({ entries: ids.map((id) => ({ id })) as never[], persisted: true, notice: null }),
        exportTo: async (list: string[], format: 'har' | 'json', file: string, personalData: PersonalDataInFile) => {
          exported.push({ ids: list, format, file, personalData })
          return { saved: true as const, path: file, count: list.length, personalData }
        },
      },
    }
  }

  /** Main's question about personal data answered with this button (0 leave out, 1 include, 2 cancel). */
  const answering =
    (answer: number, asked: MainQuestion[] = []) =>
    async (question: MainQuestion) => {
      asked.push(question)
      return answer
    }

  it('exports the whole request log as HAR where the user chooses, personal data left out by default', async () => {
    const { requestLog, exported } = log(['a', 'b'])
    const asked: string[] = []
    const questions: MainQuestion[] = []
    const result = await reportProblem({
      requestLog,
      dialogs: {
        chooseSavePath: async ({ defaultName }) => (asked.push(defaultName), '/x/report.har'),
        ask: async (question) => {
          questions.push(question)
          return question.defaultId
        },
      },
      now: () => new Date('2026-01-02T03:04:05Z'),
    })
    expect(questions.map((q) => q.kind)).toEqual(['export-personal-data'])
    expect(asked).toEqual(['paydesk-report-2026-01-02-03-04-05.har'])
    expect(exported).toEqual([{ ids: ['a', 'b'], format: 'har', file: '/x/report.har', personalData: 'left-out' }])
    expect(reportProblemMessage(result)).toMatch(/Saved 2 requests to \/x\/report.har.*personal data .* is left out/)
  })

  it('includes personal data only when the person chose it in main’s question, and says so', async () => {
    const { requestLog, exported } = log(['a'])
    const result = await reportProblem({
      requestLog,
      dialogs: { chooseSavePath: async () => '/x/r.har', ask: answering(1) },
    })
    expect(exported.map((e) => e.personalData)).toEqual(['included'])
    // The default file name says so too (threat: the file travels without the message).
    const names: string[] = []
    await reportProblem({
      requestLog,
      dialogs: { chooseSavePath: async ({ defaultName }) => (names.push(defaultName), null), ask: answering(1) },
      now: () => new Date('2026-01-02T03:04:05Z'),
    })
    expect(names).toEqual(['paydesk-report-2026-01-02-03-04-05-with-personal-data.har'])
    expect(reportProblemMessage(result)).toMatch(/includes customers’ personal data/)
    const canceled = await reportProblem({
      requestLog,
      dialogs: { chooseSavePath: async () => '/x/r.har', ask: answering(2) },
    })
    expect(reportProblemMessage(canceled)).toBeNull()
    expect(exported).toHaveLength(1)
  })

  it('says why when another of main’s questions is open (one at a time)', async () => {
    const { requestLog, exported } = log(['a'])
    const answers: ((answer: number) => void)[] = []
    const dialogs = {
      chooseSavePath: async () => '/x/r.har',
      ask: () => new Promise<number>((resolve) => answers.push(resolve)),
    }
    const first = reportProblem({ requestLog, dialogs })
    await vi.waitFor(() => expect(answers).toHaveLength(1))
    const second = await reportProblem({ requestLog, dialogs })
    expect(reportProblemMessage(second)).toMatch(/already asking you something/)
    answers[0]?.(2)
    await first
    expect(answers).toHaveLength(1)
    expect(exported).toEqual([])
  })

  it('an empty log says so; a cancelled dialog says nothing', async () => {
    const empty = await reportProblem({
      requestLog: log([]).requestLog,
      dialogs: { chooseSavePath: async () => null, ask: answering(0) },
    })
    expect(reportProblemMessage(empty)).toMatch(/nothing to report/)
    const cancelled = await reportProblem({
      requestLog: log(['a']).requestLog,
      dialogs: { chooseSavePath: async () => null, ask: answering(0) },
    })
    expect(reportProblemMessage(cancelled)).toBeNull()
  })
})

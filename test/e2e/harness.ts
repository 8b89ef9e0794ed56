import { mkdtemp, mkdir, rm } from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { createAppServices, type AppDeps, type AppServices } from '../../src/main/app-services'
import { createDispatcher, type Dispatcher } from '../../src/main/ipc/dispatcher'
import { createKeytarSecretStore, loadKeytar } from '../../src/main/secrets/keytar-store'
import { CONTENT_SECURITY_POLICY } from '../../src/main/security'
import { readStaticFile } from '../../src/main/static-files'
import type { LiveWriteSummary } from '../../src/main/services/live-write-guard'
import type { MainQuestion } from '../../src/main/services/main-questions'
import { createUserGestures } from '../../src/main/services/user-gestures'
import { buildPaydeskApi } from '../../src/preload/build-api'
import { CHANNEL_NAMES } from '../../src/shared/ipc/contract'
import { EVENT_NAMES } from '../../src/shared/ipc/events'

/**
 * The end-to-end harness: the BUILT renderer (out/renderer) in Debian's Chromium, served over
 * loopback with the production CSP (standing in for app://), and `window.paydesk` built by the
 * preload's own buildPaydeskApi over a Playwright binding that calls the real dispatcher and the
 * real main-process services (createAppServices), exactly as ipcMain does in the app.
 *
 * Replies and events cross the binding as JSON text, parsed in the page. Electron's IPC copies a
 * reply by structured clone: under 0.1 ms for a search box reply of 7.8 kB with 20 hits (measured
 * in this Chromium). Playwright's serializer walks every value of it on both sides: the round trip
 * of that reply took 8.7 ms against 5.5 ms as text (main's part about 2 ms), a cost the app does
 * not have that the UI benchmarks counted in what the agent waits for (issue 28). Arguments still
 * cross as Playwright sends them, so a hostile input reaches the dispatcher as the page built it.
 */

const ROOT = path.resolve(import.meta.dirname, '../..')
/** The built renderer; PAYDESK_RENDERER_DIR points a bench at another build (e.g. a before/after pair). */
export const RENDERER_DIR = process.env['PAYDESK_RENDERER_DIR'] ?? path.join(ROOT, 'out/renderer')
export const ARTIFACTS_DIR = path.join(ROOT, 'test-artifacts')
const CHROMIUM = process.env['PAYDESK_CHROMIUM'] ?? '/usr/bin/chromium'
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

/**
 * The keychain service the harness (e2e tests and UI benchmarks) stores under: never the app's own
 * "Paydesk", so a run on a developer's session keychain cannot touch the app's keys.
 */
export const HARNESS_KEYCHAIN_SERVICE = 'Paydesk (tests)'

/** The real keytar adapter on the harness's keychain service. */
export async function harnessKeychain() {
  return createKeytarSecretStore(await loadKeytar(), { service: HARNESS_KEYCHAIN_SERVICE })
}

/** The harness's data key, like the app's, under a service of its own. */
export async function harnessDataKeychain() {
  return createKeytarSecretStore(await loadKeytar(), { service: `${HARNESS_KEYCHAIN_SERVICE} data key` })
}

export interface HarnessOptions {
  /** Names the artifacts folder for this test file. */
  name: string
  /** Reuse a data directory (to simulate a restart); a fresh temporary one otherwise. */
  dataDir?: string
  /**
   * Overrides and additions for the app's dependencies (sandbox options...). The secret store is
   * the real keytar adapter unless given: `npm test` runs on a private, unlocked gnome-keyring.
   */
  deps?: Partial<AppDeps>
  viewport?: { width: number; height: number }
  /** Query string for the page, e.g. `paymentsWindow=2` to narrow the payments list window. */
  query?: string
  /** Another build of the renderer to serve (a bench's `--renderer-dir`); RENDERER_DIR otherwise. */
  rendererDir?: string
}

export interface Harness {
  page: Page
  services: AppServices
  dispatcher: Dispatcher
  dataDir: string
  /**
   * The build the renderer is served from, read on every request: a bench may point it at another
   * build between two loads of the page (no-store: each load fetches it all again).
   */
  rendererDir: string
  /** The origin the renderer is served from (the harness's stand-in for app://paydesk). */
  origin: string
  /** Every message main sent to the renderer: IPC replies and events, as JSON text. */
  messagesToRenderer: string[]
  /** URLs the app asked the OS to open in the system browser. */
  openedExternal: string[]
  /** Paths the next save dialogs will answer with (null = the user canceled). */
  savePaths: (string | null)[]
  /** Text main put on the clipboard (`app.copy`), in order. */
  clipboard: string[]
  /** Pages main printed to PDF (a proof of payment), as the HTML it built, in order. */
  printedPages: string[]
  /** What main's live-write dialog was asked, in order (its stand-in for the native dialog). */
  liveConfirmations: LiveWriteSummary[]
  /** The answers the next live-write dialogs give (true = "Send to LIVE"); none left = Cancel. */
  liveAnswers: boolean[]
  /** Every question main asked through its own dialog (main-questions.ts), in order. */
  questions: MainQuestion[]
  /**
   * Answers (button indexes) for main's questions, used in order; when empty, a question is answered
   * with its cancel button, as a person who closes the dialog would.
   */
  dialogAnswers: number[]
  consoleErrors: string[]
  cspViolations: string[]
  screenshot(name: string): Promise<string>
  /** Closes the window and the services, then starts both again on the same data directory. */
  restart(): Promise<void>
  close(): Promise<void>
}

async function serveRenderer(dir: () => string): Promise<{ server: http.Server; origin: string }> {
  const server = http.createServer((req, res) => {
    void readStaticFile(dir(), req.url ?? '/').then(
      (file) => {
        if (!file) {
          res.writeHead(404).end('Not found')
          return
        }
        res.writeHead(200, {
          'Content-Type': file.contentType,
          'Content-Security-Policy': CONTENT_SECURITY_POLICY,
          'Cache-Control': 'no-store',
        })
        res.end(file.body)
      },
      () => res.writeHead(500).end(),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { server, origin: `http://127.0.0.1:${port}` }
}

function bridgeScript(): string {
  // Under tsx (the bench scripts) esbuild's keepNames makes the serialized function call `__name`,
  // a helper the page does not have: give it a no-op one.
  return `(() => {
    const __name = (target) => target;
    const invoke = window.__paydeskInvoke;
    const sinks = new Set();
    const deliver = (text) => { const message = JSON.parse(text); for (const sink of [...sinks]) sink(message); };
    Object.defineProperty(window, '__paydeskDeliver', { value: deliver });
    const subscribeAll = (listener) => { sinks.add(listener); return () => { sinks.delete(listener); }; };
    const build = (${buildPaydeskApi.toString()});
    const api = build(${JSON.stringify(CHANNEL_NAMES)}, ${JSON.stringify(EVENT_NAMES)}, (channel, input) => invoke(channel, input).then((text) => JSON.parse(text)), subscribeAll);
    Object.defineProperty(window, 'paydesk', { value: api, enumerable: true });
    window.__paydeskCsp = [];
    // The shell's stand-in for Electron's 'before-input-event' / 'before-mouse-event': the key presses
    // and clicks Playwright makes reach the page as trusted events; main notes them (app.copy needs one).
    for (const type of ['keydown', 'keyup', 'mousedown', 'mouseup']) {
      window.addEventListener(type, (event) => { if (event.isTrusted) void window.__paydeskGesture(); }, true);
    }
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__paydeskCsp.push(event.violatedDirective + ' ' + event.blockedURI);
    });
  })();`
}

export async function startHarness(options: HarnessOptions): Promise<Harness> {
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'paydesk-e2e-')))
  const artifacts = path.join(ARTIFACTS_DIR, options.name)
  await mkdir(artifacts, { recursive: true })
  let rendererDir = options.rendererDir ? path.resolve(options.rendererDir) : RENDERER_DIR
  const { server, origin } = await serveRenderer(() => rendererDir)
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })

  const messagesToRenderer: string[] = []
  const openedExternal: string[] = []
  const savePaths: (string | null)[] = []
  const liveConfirmations: LiveWriteSummary[] = []
  const clipboard: string[] = []
  const printedPages: string[] = []
  const liveAnswers: boolean[] = []
  const questions: MainQuestion[] = []
  const dialogAnswers: number[] = []
  const consoleErrors: string[] = []
  const cspViolations: string[] = []

  let context!: BrowserContext
  let page!: Page
  let services!: AppServices
  let dispatcher!: Dispatcher
  let unsubscribe: () => void = () => {}

  // Noted from trusted input events in the page (bridgeScript), as the shell notes the OS's.
  const gestures = createUserGestures()
  const secretStore = options.deps?.secretStore ?? (await harnessKeychain())
  // A test that brings its own secret store keeps the data key there too (unless it gives one).
  const dataKeyStore =
    options.deps?.dataKeyStore ?? (options.deps?.secretStore ? undefined : await harnessDataKeychain())

  async function open(): Promise<void> {
    services = await createAppServices({
      secretStore,
      dataKeyStore,
      dataDir,
      appInfo: {
        name: 'Paydesk',
        version: 'e2e',
        platform: process.platform,
        versions: { node: process.versions.node, electron: null, chrome: browser.version() },
      },
      shell: {
        async openExternal(url) {
          openedExternal.push(url)
        },
      },
      clipboard: { writeText: (text) => void clipboard.push(text) },
      gestures,
      // The shell prints with Electron's printToPDF; here Chromium's own printing of the same HTML.
      pdf: {
        async print(html) {
          printedPages.push(html)
          const printer = await browser.newPage({ javaScriptEnabled: false })
          try {
            await printer.setContent(html)
            return new Uint8Array(await printer.pdf({ format: 'A4', printBackground: true }))
          } finally {
            await printer.close()
          }
        },
      },
      liveWrites: {
        async confirm(summary) {
          liveConfirmations.push(summary)
          return liveAnswers.shift() ?? false
        },
      },
      dialogs: {
        async chooseSavePath() {
          return savePaths.length ? (savePaths.shift() ?? null) : null
        },
        async ask(question) {
          questions.push(question)
          return dialogAnswers.shift() ?? question.cancelId
        },
      },
      ...options.deps,
    })
    dispatcher = createDispatcher({
      handlers: services.handlers,
      trustedOrigins: [origin],
      scrub: services.scrubSecrets,
    })

    context = await browser.newContext({ viewport: options.viewport ?? { width: 1360, height: 860 } })
    page = await context.newPage()
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text())
    })
    page.on('pageerror', (error) => consoleErrors.push(`pageerror: ${error.message}`))
    await page.exposeBinding('__paydeskInvoke', async (source, channel: string, input: unknown) => {
      const result = await dispatcher.invoke(
        { frameUrl: source.frame.url(), isAppWindow: source.page === page && source.frame === page.mainFrame() },
        channel,
        input,
      )
      const text = JSON.stringify(result)
      messagesToRenderer.push(text)
      return text
    })
    await page.exposeBinding('__paydeskGesture', (source) => {
      if (source.page === page && source.frame === page.mainFrame()) gestures.note()
    })
    await page.addInitScript(bridgeScript())
    unsubscribe = services.events.subscribe((event, payload) => {
      const text = JSON.stringify({ event, payload })
      messagesToRenderer.push(text)
      void page
        .evaluate((m) => (window as unknown as { __paydeskDeliver?: (m: string) => void }).__paydeskDeliver?.(m), text)
        .catch(() => {})
    })
    await page.goto(`${origin}/index.html${options.query ? `?${options.query}` : ''}`)
  }

  async function shut(): Promise<void> {
    unsubscribe()
    const violations = await page
      .evaluate(() => (window as unknown as { __paydeskCsp?: string[] }).__paydeskCsp ?? [])
      .catch(() => [])
    cspViolations.push(...violations)
    await context.close()
    await services.dispose()
  }

  await open()

  return {
    get page() {
      return page
    },
    get services() {
      return services
    },
    get dispatcher() {
      return dispatcher
    },
    dataDir,
    get rendererDir() {
      return rendererDir
    },
    set rendererDir(dir: string) {
      rendererDir = path.resolve(dir)
    },
    origin,
    messagesToRenderer,
    openedExternal,
    savePaths,
    clipboard,
    printedPages,
    liveConfirmations,
    liveAnswers,
    questions,
    dialogAnswers,
    consoleErrors,
    cspViolations,
    async screenshot(name) {
      const file = path.join(artifacts, `${name}.png`)
      await page.screenshot({ path: file, fullPage: false })
      return file
    },
    async restart() {
      await shut()
      await open()
    },
    async close() {
      await shut()
      await browser.close()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/** CSP violations collected so far in the live page (the harness adds them to cspViolations on close). */
export async function currentCspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __paydeskCsp?: string[] }).__paydeskCsp ?? [])
}

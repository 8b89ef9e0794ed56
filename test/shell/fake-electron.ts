import { EventEmitter } from 'node:events'
import { present } from '../helpers/present'

/**
 * A typed fake of the parts of the `electron` module that the shell (src/main/index.ts, window.ts,
 * app-protocol.ts, ipc/electron-ipc.ts, src/preload/index.ts) uses. Every member is declared through
 * `FakeOf<Electron.X, 'name'>`, which takes the member's name and parameter types from Electron's own
 * type definitions (electron.d.ts): a renamed or removed API, or a changed parameter type, fails
 * compilation here. Return values are the fake's own objects (typed `unknown` where Electron returns
 * an object the fake does not model).
 */

type Primitive = string | number | boolean | void | undefined | null
type FakeReturn<R> = R extends Primitive ? R : R extends Promise<infer P> ? Promise<FakeReturn<P>> : unknown
type FakeMember<M> = M extends (...args: infer A) => infer R
  ? (...args: A) => FakeReturn<R>
  : M extends Primitive
    ? M
    : unknown
/** Members K of Electron's T, with Electron's names and parameter types. */
export type FakeOf<T, K extends keyof T> = { [P in K]: FakeMember<T[P]> }
/** FakeOf plus the fake's own recording fields. */
type Fake<T, K extends keyof T> = FakeOf<T, K> & Record<string, unknown>

// What `import ... from 'electron'` gives (electron.d.ts: `declare module 'electron' { export = Electron.CrossProcessExports }`).
type ElectronModule = typeof Electron.CrossProcessExports

/** The `event` object Electron passes to listeners that may cancel the default action. */
export class FakeEvent {
  defaultPrevented = false
  preventDefault(): void {
    this.defaultPrevented = true
  }
}

/** Emits synchronously and records every emitted event with its arguments. */
class Emitter extends EventEmitter {
  emitted: Array<{ name: string; args: unknown[] }> = []
  fire(name: string, ...args: unknown[]): boolean {
    this.emitted.push({ name, args })
    return this.emit(name, ...args)
  }
}

export class FakeFrame {
  constructor(public url: string) {}
}

export class FakeWebContents
  extends Emitter
  implements FakeOf<Electron.WebContents, 'id' | 'setWindowOpenHandler' | 'send'>
{
  private static nextId = 1
  readonly id = FakeWebContents.nextId++
  readonly mainFrame: FakeFrame
  windowOpenHandler: Parameters<Electron.WebContents['setWindowOpenHandler']>[0] | null = null
  sent: Array<{ channel: string; args: unknown[] }> = []

  constructor(url = 'about:blank') {
    super()
    this.mainFrame = new FakeFrame(url)
  }

  setWindowOpenHandler(handler: Parameters<Electron.WebContents['setWindowOpenHandler']>[0]): void {
    this.windowOpenHandler = handler
  }

  send(channel: string, ...args: unknown[]): void {
    this.sent.push({ channel, args })
  }
}

type WindowMembers =
  | 'show'
  | 'focus'
  | 'restore'
  | 'maximize'
  | 'isMinimized'
  | 'isMaximized'
  | 'isDestroyed'
  | 'getNormalBounds'
  | 'loadURL'
  | 'close'

export class FakeBrowserWindow extends Emitter implements FakeOf<Electron.BrowserWindow, WindowMembers> {
  static all: FakeBrowserWindow[] = []
  static focused: FakeBrowserWindow | null = null
  static getAllWindows(): FakeBrowserWindow[] {
    return FakeBrowserWindow.all.filter((w) => !w.destroyed)
  }
  static getFocusedWindow(): FakeBrowserWindow | null {
    return FakeBrowserWindow.focused
  }

  readonly options: Electron.BrowserWindowConstructorOptions
  readonly webContents: FakeWebContents
  calls: string[] = []
  minimized = false
  maximized = false
  destroyed = false
  loadedUrl: string | null = null

  constructor(options: Electron.BrowserWindowConstructorOptions) {
    super()
    this.options = options
    this.webContents = new FakeWebContents()
    FakeBrowserWindow.all.push(this)
  }

  show(): void {
    this.calls.push('show')
  }
  focus(): void {
    this.calls.push('focus')
    FakeBrowserWindow.focused = this
  }
  restore(): void {
    this.calls.push('restore')
    this.minimized = false
  }
  maximize(): void {
    this.calls.push('maximize')
    this.maximized = true
  }
  isMinimized(): boolean {
    return this.minimized
  }
  isMaximized(): boolean {
    return this.maximized
  }
  isDestroyed(): boolean {
    return this.destroyed
  }
  getNormalBounds(): Electron.Rectangle {
    const o = this.options
    return { x: o.x ?? 0, y: o.y ?? 0, width: o.width ?? 0, height: o.height ?? 0 }
  }
  async loadURL(url: string): Promise<void> {
    this.loadedUrl = url
    this.webContents.mainFrame.url = url
  }
  close(): void {
    this.fire('close', new FakeEvent())
    this.destroyed = true
    this.fire('closed')
  }
}

export interface FakeElectronOptions {
  appPath: string
  userData: string
  isPackaged?: boolean
  /** What requestSingleInstanceLock answers (false: another instance holds it). */
  singleInstanceLock?: boolean
  workAreas?: Electron.Rectangle[]
}

export function createFakeElectron(options: FakeElectronOptions) {
  let ready = false
  let resolveReady!: () => void
  const readyPromise = new Promise<void>((resolve) => (resolveReady = resolve))
  const log: string[] = []

  const appEmitter = new Emitter()
  const app = Object.assign(appEmitter, {
    isPackaged: options.isPackaged ?? false,
    aboutPanel: null as Electron.AboutPanelOptionsOptions | null,
    quitCalls: 0,
    exitCode: null as number | null,
    requestSingleInstanceLock: (): boolean => {
      log.push('requestSingleInstanceLock')
      return options.singleInstanceLock ?? true
    },
    quit: (): void => {
      log.push('quit')
      app.quitCalls++
    },
    exit: (exitCode?: number): void => {
      app.exitCode = exitCode ?? 0
    },
    whenReady: (): Promise<void> => readyPromise,
    isReady: (): boolean => ready,
    getAppPath: (): string => options.appPath,
    getPath: (name: Parameters<Electron.App['getPath']>[0]): string => {
      if (name !== 'userData') throw new Error(`the shell asked for path ${name}`)
      return options.userData
    },
    getVersion: (): string => '9.9.9-test',
    setAboutPanelOptions: (panel: Electron.AboutPanelOptionsOptions): void => {
      app.aboutPanel = panel
    },
    /** Test control: Electron becomes ready. */
    becomeReady(): void {
      ready = true
      log.push('ready')
      resolveReady()
    },
  }) satisfies FakeOf<
    Electron.App,
    | 'isPackaged'
    | 'requestSingleInstanceLock'
    | 'quit'
    | 'exit'
    | 'whenReady'
    | 'isReady'
    | 'getAppPath'
    | 'getPath'
    | 'getVersion'
    | 'setAboutPanelOptions'
  >

  type ProtocolHandler = Parameters<Electron.Protocol['handle']>[1]
  const protocol = {
    privileged: [] as Electron.CustomScheme[],
    registeredBeforeReady: null as boolean | null,
    handlers: new Map<string, ProtocolHandler>(),
    registerSchemesAsPrivileged: (schemes: Electron.CustomScheme[]): void => {
      log.push('registerSchemesAsPrivileged')
      protocol.registeredBeforeReady = !ready
      protocol.privileged.push(...schemes)
    },
    handle: (scheme: string, handler: ProtocolHandler): void => {
      protocol.handlers.set(scheme, handler)
    },
  } satisfies Fake<Electron.Protocol, 'registerSchemesAsPrivileged' | 'handle'>

  type HeadersListener = (
    details: Electron.OnHeadersReceivedListenerDetails,
    callback: (response: Electron.HeadersReceivedResponse) => void,
  ) => void
  const defaultSession = {
    permissionRequestHandler: null as Parameters<Electron.Session['setPermissionRequestHandler']>[0],
    permissionCheckHandler: null as Parameters<Electron.Session['setPermissionCheckHandler']>[0],
    headersListener: null as HeadersListener | null,
    setPermissionRequestHandler: (handler: Parameters<Electron.Session['setPermissionRequestHandler']>[0]): void => {
      defaultSession.permissionRequestHandler = handler
    },
    setPermissionCheckHandler: (handler: Parameters<Electron.Session['setPermissionCheckHandler']>[0]): void => {
      defaultSession.permissionCheckHandler = handler
    },
    webRequest: {
      onHeadersReceived: (listener: HeadersListener | null): void => {
        defaultSession.headersListener = listener
      },
    },
  } satisfies Fake<Electron.Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'>
  const session = { defaultSession }

  type InvokeListener = Parameters<Electron.IpcMain['handle']>[1]
  const ipcMain = {
    handlers: new Map<string, InvokeListener>(),
    handle: (channel: string, listener: InvokeListener): void => {
      if (ipcMain.handlers.has(channel)) throw new Error(`second handler for ${channel}`)
      ipcMain.handlers.set(channel, listener)
    },
    removeHandler: (channel: string): void => {
      ipcMain.handlers.delete(channel)
    },
  } satisfies Fake<Electron.IpcMain, 'handle' | 'removeHandler'>

  const dialog = {
    messageBoxes: [] as Electron.MessageBoxOptions[],
    saveDialogs: [] as Electron.SaveDialogOptions[],
    /** What the next save dialog answers. */
    nextSavePath: null as string | null,
    showMessageBox: async (
      ...args: [Electron.BaseWindow, Electron.MessageBoxOptions] | [Electron.MessageBoxOptions]
    ): Promise<{ response: number; checkboxChecked: boolean }> => {
      dialog.messageBoxes.push(args.length === 2 ? args[1] : args[0])
      return { response: 0, checkboxChecked: false }
    },
    showSaveDialog: async (
      ...args: [Electron.BaseWindow, Electron.SaveDialogOptions] | [Electron.SaveDialogOptions]
    ): Promise<{ canceled: boolean; filePath: string }> => {
      dialog.saveDialogs.push(args.length === 2 ? args[1] : args[0])
      return dialog.nextSavePath ? { canceled: false, filePath: dialog.nextSavePath } : { canceled: true, filePath: '' }
    },
  }

  const shell = {
    opened: [] as string[],
    openExternal: async (url: string): Promise<void> => {
      shell.opened.push(url)
    },
  } satisfies Fake<Electron.Shell, 'openExternal'>

  const clipboard = {
    written: [] as string[],
    writeText: async (text: string): Promise<void> => {
      clipboard.written.push(text)
    },
  } satisfies Fake<Electron.Clipboard, 'writeText'>

  const Menu = {
    applicationMenu: null as { template: Electron.MenuItemConstructorOptions[] } | null,
    buildFromTemplate: (template: Array<Electron.MenuItemConstructorOptions | Electron.MenuItem>) => ({
      template: template as Electron.MenuItemConstructorOptions[],
    }),
    setApplicationMenu: (menu: { template: Electron.MenuItemConstructorOptions[] } | null): void => {
      Menu.applicationMenu = menu
    },
  }

  const workAreas = options.workAreas ?? [{ x: 0, y: 0, width: 1920, height: 1080 }]
  const display = (workArea: Electron.Rectangle) => ({ workArea })
  const screen = {
    getPrimaryDisplay: () => display(present(workAreas[0])),
    getAllDisplays: () => workAreas.map(display),
  }

  FakeBrowserWindow.all = []
  FakeBrowserWindow.focused = null

  const electron = {
    app,
    BrowserWindow: FakeBrowserWindow,
    protocol,
    session,
    ipcMain,
    dialog,
    shell,
    clipboard,
    Menu,
    screen,
  }
  // Every member the fake provides exists on the real module under the same name.
  const names: Array<keyof ElectronModule> = Object.keys(electron) as Array<keyof typeof electron>
  return { electron, log, names }
}

/** The renderer side (preload): contextBridge and ipcRenderer. */
export function createFakeRenderer() {
  type RendererListener = (event: Electron.IpcRendererEvent, ...args: unknown[]) => void
  const contextBridge = {
    exposed: new Map<string, unknown>(),
    exposeInMainWorld: (apiKey: string, api: unknown): void => {
      if (contextBridge.exposed.has(apiKey)) throw new Error(`${apiKey} exposed twice`)
      contextBridge.exposed.set(apiKey, api)
    },
  } satisfies Fake<Electron.ContextBridge, 'exposeInMainWorld'>
  const ipcRenderer = Object.assign(new Emitter(), {
    invoked: [] as Array<{ channel: string; args: unknown[] }>,
    invoke: async (channel: string, ...args: unknown[]): Promise<unknown> => {
      ipcRenderer.invoked.push({ channel, args })
      return { ok: true, value: { channel } }
    },
    deliver(channel: string, ...args: unknown[]): void {
      ipcRenderer.fire(channel, {}, ...args)
    },
  }) satisfies FakeOf<Electron.IpcRenderer, 'invoke'> & { on(channel: string, listener: RendererListener): unknown }
  return { electron: { contextBridge, ipcRenderer } }
}

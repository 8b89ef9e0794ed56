// Main's app services as the Electron shell builds them, with doubles only for the OS (shell,
// clipboard, dialogs) and the keychain, and the dispatcher a window's IPC goes through. For
// integration tests that drive main the way the renderer does.
import { createAppServices, type AppDeps, type AppServices } from '../../../src/main/app-services'
import { createDispatcher, type Dispatcher } from '../../../src/main/ipc/dispatcher'
import { createMemorySecretStore } from '../../helpers/memory-secret-store'

/** The app window's sender: the only one the dispatcher serves. */
export const APP_WINDOW = { frameUrl: 'app://paydesk/index.html', isAppWindow: true }

export const TEST_APP_INFO: AppDeps['appInfo'] = {
  name: 'Paydesk',
  version: 't',
  platform: 'linux',
  versions: { node: '24', electron: null, chrome: null },
}

/** What the tests read of a reply (the dispatcher answers IpcResult<unknown>). */
export interface Reply {
  ok: boolean
  /** Read only where the test expects success (a failure's missing value fails the test). */
  value: {
    id: string
    connections: { id: string }[]
    notice: string | null
    entries: { id: string }[]
    pageText: string
    ids: string[]
    ok?: boolean
    error?: unknown
  }
  error?: { code: string }
}

export interface TestApp {
  services: AppServices
  dispatcher: Dispatcher
  invoke(channel: string, input?: unknown): Promise<Reply>
}

/**
 * App services on `dataDir`: no automatic sync, main's questions answered with their cancel button
 * and nothing saved, unless `deps` says otherwise.
 */
export async function startTestApp(dataDir: string, deps: Partial<AppDeps> = {}): Promise<TestApp> {
  const services = await createAppServices({
    dataDir,
    appInfo: TEST_APP_INFO,
    shell: { openExternal: async () => {} },
    clipboard: { writeText: () => {} },
    dialogs: { chooseSavePath: async () => null, ask: async (question) => question.cancelId },
    secretStore: createMemorySecretStore(),
    search: { autoSync: false, syncEveryMs: 0 },
    ...deps,
  })
  const dispatcher = createDispatcher({ handlers: services.handlers, trustedOrigins: ['app://paydesk'] })
  return {
    services,
    dispatcher,
    invoke: async (channel, input) => (await dispatcher.invoke(APP_WINDOW, channel, input)) as Reply,
  }
}

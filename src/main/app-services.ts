import type { AppInfo } from '../shared/ipc/app'
import type { EventName, PaydeskEvents } from '../shared/ipc/events'
import type { AppHandlers } from './ipc/dispatcher'
import type { SecretStore } from './secrets/secret-store'
import { createEventBus, type EventBus } from './services/event-bus'
import { createExternalLinks, type ShellPort } from './services/external-links'

/** The OS save dialog: Electron's dialog in the app, a chosen path in tests. */
export interface DialogPort {
  chooseSavePath(options: {
    title: string
    defaultName: string
    filters: { name: string; extensions: string[] }[]
  }): Promise<string | null>
}

/**
 * The composition root of the main process's logic, free of Electron: the Electron entry
 * (src/main/index.ts) and the e2e harness both build the app from here, with their own adapters.
 */
export interface AppDeps {
  /** Directory for settings, drafts and the request log. */
  dataDir: string
  appInfo: AppInfo
  shell: ShellPort
  dialogs: DialogPort
  /** The OS keychain (keytar) in the app; the same adapter in the e2e harness, on a private keyring. */
  secretStore: SecretStore
}

export interface AppServices {
  handlers: AppHandlers
  events: EventBus
  /** Origins external links may open besides https (the sandbox's checkout pages). */
  externalLinks: ReturnType<typeof createExternalLinks>
  dispose(): Promise<void>
}

export async function createAppServices(deps: AppDeps): Promise<AppServices> {
  const events = createEventBus()
  const externalLinks = createExternalLinks(deps.shell)

  const handlers: AppHandlers = {
    'app.info': () => deps.appInfo,
    'app.openExternal': async ({ url }) => {
      await externalLinks.open(url)
      return { opened: true }
    },
  }

  return {
    handlers,
    events,
    externalLinks,
    async dispose() {
      events.clear()
    },
  }
}

export type { EventName, PaydeskEvents }

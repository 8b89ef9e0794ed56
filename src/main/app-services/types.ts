import type { AppInfo } from '../../shared/ipc/app'
import type { contract } from '../../shared/ipc/contract'
import type { HandlersFor } from '../../shared/ipc/define'
import type { ApiClient } from '../api'
import type { SandboxOptions } from '../../sandbox'
import type { AppPorts } from '../services/ports'
import type { SecretStore } from '../secrets/secret-store'
import type { ConnectionsService } from '../services/connections'
import type { DraftsStore } from '../services/drafts'
import type { EventBus } from '../services/event-bus'
import type { createExternalLinks } from '../services/external-links'
import type { LiveWriteConfirmer } from '../services/live-write-guard'
import type { OrdersService } from '../services/orders'
import type { PaymentsService } from '../services/payments'
import type { RequestLogService } from '../services/request-log'
import type { SearchService } from '../search/service'
import type { RecordService, RecordServiceOptions } from '../team/record-service'

/** A handler for every channel of the IPC contract: what buildHandlers makes and the dispatcher runs. */
export type AppHandlers = HandlersFor<typeof contract>

/**
 * The composition root of the main process's logic, free of Electron: the Electron entry
 * (src/main/index.ts) and the e2e harness both build the app from here, with their own adapters.
 */
export interface AppDeps
  extends Pick<AppPorts, 'shell' | 'clipboard' | 'dialogs'>, Partial<Pick<AppPorts, 'gestures' | 'pdf'>> {
  /** Directory for settings, drafts and the request log. */
  dataDir: string
  appInfo: AppInfo
  /** The OS keychain (keytar) in the app; the same adapter in the e2e harness, on a private keyring. */
  secretStore: SecretStore
  /**
   * Where the data key for drafts and the request log is kept: its own keychain service
   * (DATA_KEY_SERVICE), apart from the connections' secrets. Defaults to `secretStore` (unit tests).
   */
  dataKeyStore?: SecretStore
  /**
   * Main's own confirmation of a write on a live connection: a native dialog in the app, a double
   * in tests. Without it every live write is refused.
   */
  liveWrites?: LiveWriteConfirmer
  /** Options of the in-process sandbox behind the built-in Sandbox connection (started on first use). */
  sandboxOptions?: SandboxOptions
  /**
   * The built-in Sandbox's own webhook receivers: loopback origins (`http://127.0.0.1:4321`) it calls
   * without asking, e.g. a developer's local shop. Naming any lets it accept local webhook URLs; every
   * other host is called only after main's question (services/sandbox-webhooks.ts).
   */
  sandboxWebhookReceivers?: string[]
  /** Search index options (tests and benches: no timer, no automatic sync). */
  search?: { autoSync?: boolean; syncEveryMs?: number; limits?: { payments: number; orders: number } }
  /** Base URL for connections added without one (default: DEFAULT_API_BASE_URL in services/connections/types.ts). */
  apiBaseUrl?: string
  /**
   * The shared record (src/main/team/): the agent's login and the desk (default: the OS user and the
   * host name), and the stores (default: the desk's encrypted SQLite store and the PostgreSQL adapter).
   */
  team?: Partial<Pick<RecordServiceOptions, 'identity' | 'openDeskStore' | 'openTeamStore' | 'retryDelayMs'>>
}

export interface AppServices {
  handlers: AppHandlers
  events: EventBus
  /** Origins external links may open besides https (the sandbox's checkout pages). */
  externalLinks: ReturnType<typeof createExternalLinks>
  /** The connections: getActiveClient() for API calls, activeConnection() for the live guard. */
  connections: ConnectionsService<ApiClient>
  /** The payments browser (list/get/cancel/export). */
  payments: PaymentsService
  /** The Inspector's request log (fed by every API client's attempts). */
  requestLog: RequestLogService
  /** The order builder's create/get (services/orders/) and its encrypted drafts (services/drafts/). */
  orders: OrdersService
  drafts: DraftsStore
  /** The local search index of the active connection and its background sync. */
  search: SearchService
  /** The desk's shared record: notes, cases and every write recorded. */
  record: RecordService
  /** Masks every secret Paydesk has handled; the dispatcher runs every reply through it (SECURITY.md). */
  scrubSecrets: <T>(value: T) => T
  dispose(): Promise<void>
}

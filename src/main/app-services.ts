import type { AppInfo } from '../shared/ipc/app'
import type { EventName, PaydeskEvents } from '../shared/ipc/events'
import type { AppHandlers } from './ipc/dispatcher'
import type { SecretStore } from './secrets/secret-store'
// --- connections: imports ---
import { createApiClient, type ApiClient } from './api'
import { startSandbox, type SandboxOptions } from './sandbox'
import { createConnectionsService, type ConnectionsService } from './services/connections'
import { createConnectionHandlers } from './services/connections-handlers'
// --- end connections: imports ---
// --- payments: imports ---
import { createPaymentsService, type PaymentsService } from './services/payments'
import { createPaymentsHandlers } from './services/payments-handlers'
// --- end payments: imports ---
// --- orders: imports ---
import { createDraftsStore, type DraftsStore } from './services/drafts'
import { createOrdersService, type OrdersService } from './services/orders'
import { createDraftHandlers, createOrderHandlers } from './services/orders-handlers'
// --- end orders: imports ---
// --- inspector: imports ---
import { createRequestLogService, type RequestLogService } from './services/request-log'
import { createRequestLogHandlers } from './services/request-log-handlers'
import { createRateLimitFeed } from './services/request-log-rate-limit'
import { getOrCreateDataKey } from './storage/encryption'
import type { ApiCredential } from './api'
// --- end inspector: imports ---
import { createEventBus, type EventBus } from './services/event-bus'
import { createSecretScrubber } from './services/secret-scrubber'
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
  // --- connections: deps ---
  /** Options of the in-process sandbox behind the built-in Sandbox connection (started on first use). */
  sandboxOptions?: SandboxOptions
  /** Base URL for connections added without one (default: DEFAULT_API_BASE_URL in services/connections.ts). */
  apiBaseUrl?: string
  // --- end connections: deps ---
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
  /** The order builder's create/get (services/orders.ts) and its encrypted drafts (services/drafts.ts). */
  orders: OrdersService
  drafts: DraftsStore
  /** Masks every secret Paydesk has handled; the dispatcher runs every reply through it (SECURITY.md). */
  scrubSecrets: <T>(value: T) => T
  dispose(): Promise<void>
}

export async function createAppServices(deps: AppDeps): Promise<AppServices> {
  // Every secret main has handled, masked in any reply or event that would carry it.
  const scrubber = createSecretScrubber()
  const events = createEventBus({ transform: scrubber.scrub })
  const externalLinks = createExternalLinks(deps.shell)

  // --- inspector: request log and rate-limit feed ---
  // Secrets the clients actually used: masked by value wherever they show up in the log.
  const connectionLabels = new Map<string, string>()
  const requestLog = createRequestLogService({
    dataDir: deps.dataDir,
    getKey: () => getOrCreateDataKey(deps.secretStore),
    secretValues: () => scrubber.values(),
    emit: (payload) => events.emit('requestLog.appended', payload),
    app: { name: deps.appInfo.name, version: deps.appInfo.version },
  })
  const rateLimits = createRateLimitFeed({ emit: (snapshots) => events.emit('rateLimit.changed', snapshots) })
  /** What every API client gets from the Inspector: its attempts and bucket changes, tagged with the connection. */
  const inspectorClientOptions = (connectionId: string, getCredential: () => Promise<ApiCredential>) => ({
    getCredential: async () => {
      const credential = await getCredential()
      scrubber.remember(credential.secret)
      return credential
    },
    onAttempt: (event: Parameters<RequestLogService['record']>[0]) =>
      requestLog.record(event, { id: connectionId, label: connectionLabels.get(connectionId) ?? connectionId }),
    onBucketChange: (snapshots: Parameters<typeof rateLimits.update>[1]) => rateLimits.update(connectionId, snapshots),
  })
  const refreshConnectionLabels = () =>
    connections.list().then(
      (view) => {
        for (const c of view.connections) connectionLabels.set(c.id, c.label)
        rateLimits.setActive(view.activeId)
      },
      () => {},
    )
  events.subscribe((event) => {
    if (event === 'connections.changed') void refreshConnectionLabels()
  })
  // --- end inspector: request log and rate-limit feed ---

  // --- connections: service ---
  const connections = createConnectionsService<ApiClient>({
    dataDir: deps.dataDir,
    secretStore: deps.secretStore,
    sandbox: { start: () => startSandbox(deps.sandboxOptions) },
    createClient: ({ connectionId, baseUrl, getCredential }) =>
      createApiClient({ baseUrl, ...inspectorClientOptions(connectionId, getCredential) }), // inspector: observability
    events,
    allowOrigin: (origin) => externalLinks.allowOrigin(origin),
    defaultBaseUrl: deps.apiBaseUrl,
  })
  // --- end connections: service ---
  void refreshConnectionLabels() // inspector

  // --- payments: service ---
  const payments = createPaymentsService({
    getClient: () => connections.getActiveClient(),
    chooseSavePath: (options) => deps.dialogs.chooseSavePath(options),
    onExportProgress: (progress) => events.emit('payments.exportProgress', progress),
    // The client returns only data on success; its request id (the inspector entry) reaches the
    // request log synchronously through onAttempt, inside the call's async context, so the
    // service can tie it to the call. A wrapper of record() until the log offers a listener.
    observeRequestIds: (listener) => {
      const record = requestLog.record
      requestLog.record = (event, connection) => {
        record(event, connection)
        listener(event.requestId)
      }
      return () => {
        requestLog.record = record
      }
    },
  })
  // --- end payments: service ---

  // --- orders: service ---
  const drafts = createDraftsStore({ dataDir: deps.dataDir, secretStore: deps.secretStore })
  const orders = createOrdersService({ connections, drafts })
  // --- end orders: service ---

  const handlers: AppHandlers = {
    'app.info': () => deps.appInfo,
    'app.openExternal': async ({ url }) => {
      await externalLinks.open(url)
      return { opened: true }
    },
    ...withRememberedSecret(createConnectionHandlers(connections), scrubber.remember), // connections
    ...createPaymentsHandlers(payments), // payments
    ...createOrderHandlers(orders), // orders
    ...createDraftHandlers(drafts), // orders (drafts)
    ...createRequestLogHandlers(requestLog, rateLimits, deps.dialogs), // inspector
  }

  return {
    scrubSecrets: scrubber.scrub,
    handlers,
    events,
    externalLinks,
    connections,
    payments,
    requestLog,
    orders, // orders
    drafts, // orders (drafts)
    async dispose() {
      payments.dispose() // payments: aborts waiting list requests
      await connections.dispose() // connections: closes clients and the sandbox it started
      rateLimits.dispose() // inspector
      await requestLog.dispose() // inspector: writes what is pending (after the clients' last attempts)
      events.clear()
    },
  }
}

export type { EventName, PaydeskEvents }

/** A secret the user adds is known to the scrubber from the moment it arrives, before any reply. */
function withRememberedSecret<H extends Pick<AppHandlers, 'connections.add'>>(handlers: H, remember: (secret: string) => void): H {
  const add = handlers['connections.add']
  return {
    ...handlers,
    'connections.add': (input: Parameters<typeof add>[0], ctx: Parameters<typeof add>[1]) => {
      remember(input.secret)
      return add(input, ctx)
    },
  }
}

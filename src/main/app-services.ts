import type { AppInfo } from '../shared/ipc/app'
import type { HandlersFor } from '../shared/ipc/define'
import type { PracticeCustomer, searchChannels } from '../shared/ipc/search'
import type { EventName, PaydeskEvents } from '../shared/ipc/events'
import type { AttemptEvent } from '../shared/api-events'
import { createApiClient, type ApiClient, type ApiCredential } from './api'
import type { AppHandlers } from './ipc/dispatcher'
import { createSandboxAdmin, practiceCalls, startSandbox, type RunningSandbox, type SandboxOptions } from '../sandbox'
import type { SecretStore } from './secrets/secret-store'
import { createConnectionsService, type ConnectionsService } from './services/connections'
import { createConnectionHandlers } from './services/connections'
import { createCustomersService } from './services/customers'
import { createCustomerHandlers } from './services/customers-handlers'
import { createDraftsStore, type DraftsStore } from './services/drafts'
import { createEventBus, type EventBus } from './services/event-bus'
import { createExternalLinks } from './services/external-links'
import { parseAmountValue } from '../shared/money'
import { UserFacingError } from './ipc/errors'
import type { LiveWriteConfirmer } from './services/live-write-guard'
import type { AppPorts, ClipboardPort, DialogPort } from './ports'
import { createOrdersService, type OrdersService } from './services/orders'
import { createActionHandlers, createDraftHandlers, createOrderHandlers } from './services/orders-handlers'
import { createActionsService } from './services/actions'
import { createPaymentsService, type PaymentsService } from './services/payments'
import { createPaymentsHandlers } from './services/payments-handlers'
import { createRequestLogService, type RequestLogService } from './services/request-log'
import { createRequestLogHandlers } from './services/request-log-handlers'
import { createRateLimitFeed } from './services/request-log-rate-limit'
import { createSecretScrubber } from './services/secret-scrubber'
import { getOrCreateDataKey } from './storage/encryption'
import { createSearchService, type SearchService } from './search/service'

/**
 * The composition root of the main process's logic, free of Electron: the Electron entry
 * (src/main/index.ts) and the e2e harness both build the app from here, with their own adapters.
 */
export interface AppDeps extends Pick<AppPorts, 'shell' | 'clipboard' | 'dialogs'> {
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
  /** Search index options (tests and benches: no timer, no automatic sync). */
  search?: { autoSync?: boolean; syncEveryMs?: number }
  /** Base URL for connections added without one (default: DEFAULT_API_BASE_URL in services/connections/types.ts). */
  apiBaseUrl?: string
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
  /** Masks every secret Paydesk has handled; the dispatcher runs every reply through it (SECURITY.md). */
  scrubSecrets: <T>(value: T) => T
  dispose(): Promise<void>
}

export async function createAppServices(deps: AppDeps): Promise<AppServices> {
  // Every secret main has handled, masked in any reply or event that would carry it.
  const scrubber = createSecretScrubber()
  const events = createEventBus({ transform: scrubber.scrub })
  const externalLinks = createExternalLinks(deps.shell)

  // Every attempt of every API client fans out from here: to the request log, and to services
  // that tie a call to its request id (the inspector entry), such as the payments browser.
  const attemptListeners = new Set<(event: AttemptEvent) => void>()
  const observeAttempts = (listener: (event: AttemptEvent) => void) => {
    attemptListeners.add(listener)
    return () => void attemptListeners.delete(listener)
  }

  const dataKeyStore = deps.dataKeyStore ?? deps.secretStore
  const getDataKey = () => getOrCreateDataKey(dataKeyStore, { dataDir: deps.dataDir, legacyStore: deps.secretStore })

  const requestLog = createRequestLogService({
    dataDir: deps.dataDir,
    getKey: getDataKey,
    secretValues: () => scrubber.values(),
    emit: (payload) => events.emit('requestLog.appended', payload),
    app: { name: deps.appInfo.name, version: deps.appInfo.version },
  })
  const rateLimits = createRateLimitFeed({ emit: (snapshots) => events.emit('rateLimit.changed', snapshots) })

  // Connection labels for the request log's rows; refreshed whenever the connections change.
  const connectionLabels = new Map<string, string>()
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

  /** One API client per connection, observed by the request log and the rate-limit feed. */
  function createObservedClient(options: {
    connectionId: string
    baseUrl: string
    getCredential: () => Promise<ApiCredential>
  }): ApiClient {
    const { connectionId, baseUrl, getCredential } = options
    const client: ApiClient = createApiClient({
      baseUrl,
      getCredential: async () => {
        const credential = await getCredential()
        scrubber.remember(credential.secret)
        return credential
      },
      onAttempt: (event) => {
        requestLog.record(event, { id: connectionId, label: connectionLabels.get(connectionId) ?? connectionId })
        if (event.status !== null && event.status >= 200 && event.status < 300) connections.markUsed(connectionId)
        for (const listener of attemptListeners) listener(event)
      },
      onBucketChange: (snapshots) => rateLimits.update(connectionId, snapshots, () => client.buckets()),
    })
    return client
  }

  /** The in-process Sandbox once it runs: main reads its webhook log for the payment view. */
  let builtInSandbox: RunningSandbox | null = null
  const connections = createConnectionsService<ApiClient>({
    dataDir: deps.dataDir,
    secretStore: deps.secretStore,
    sandbox: {
      start: async () => {
        builtInSandbox = await startSandbox(deps.sandboxOptions)
        return builtInSandbox
      },
    },
    createClient: createObservedClient,
    events,
    allowOrigin: (origin) => externalLinks.allowOrigin(origin),
    defaultBaseUrl: deps.apiBaseUrl,
    questions: deps.dialogs,
  })
  void refreshConnectionLabels()

  /** The built-in Sandbox's webhook calls for an object (its delivery log); null on other connections. */
  const sandboxDeliveries = async (objectId: string) => {
    const sandbox = builtInSandbox
    if (!sandbox || !(await connections.activeConnection()).builtIn) return null
    return createSandboxAdmin(sandbox.origin, sandbox.adminToken).webhookDeliveries(objectId)
  }

  const payments = createPaymentsService({
    getClient: () => connections.getActiveClient(),
    chooseSavePath: (options) => deps.dialogs.chooseSavePath(options),
    questions: deps.dialogs,
    onExportProgress: (progress) => events.emit('payments.exportProgress', progress),
    observeRequestIds: (listener) => observeAttempts((event) => listener(event.requestId)),
    deliveries: sandboxDeliveries,
  })

  const drafts = createDraftsStore({
    dataDir: deps.dataDir,
    secretStore: dataKeyStore,
    legacySecretStore: deps.secretStore,
    // A new draft belongs to the connection it was made for (main decides which that is).
    owner: async () => {
      const active = await connections.activeConnection()
      return { id: active.id, label: active.label }
    },
  })
  const orders = createOrdersService({ connections, drafts, liveWrites: deps.liveWrites })
  const actions = createActionsService({
    dataDir: deps.dataDir,
    connections,
    liveWrites: deps.liveWrites,
    observeRequestIds: (listener) => observeAttempts((event) => listener(event.requestId)),
    getKey: getDataKey,
    deliveries: sandboxDeliveries,
  })

  const search = createSearchService({
    dataDir: deps.dataDir,
    getKey: getDataKey,
    active: async () => {
      const info = await connections.activeConnection()
      return { id: info.id, client: await connections.getActiveClient() }
    },
    knownConnectionIds: async () => (await connections.list()).connections.map((c) => c.id),
    emitProgress: (progress) => events.emit('search.progress', progress),
    autoSync: deps.search?.autoSync,
    syncEveryMs: deps.search?.syncEveryMs,
  })
  // Which connection a fetch went through: its id before the call, valid only if no switch (or any
  // other change of the connections) happened while it ran (issue 22 item 4).
  let connectionEpoch = 0
  events.subscribe((event) => {
    if (event === 'connections.changed') connectionEpoch++
  })
  const activeId = async () => ({ id: (await connections.activeConnection()).id, epoch: connectionEpoch })
  const stillActive = (before: { epoch: number }) => before.epoch === connectionEpoch

  // The customer view: the active connection's client and index; what it reads refreshes the index
  // rows of the connection it was read with, as opening a payment or an order does.
  const customers = createCustomersService({
    getClient: () => connections.getActiveClient(),
    index: () => search.currentIndex(),
    begin: async () => {
      const before = await activeId()
      return (kind, object) => {
        if (stillActive(before)) search.noteFetched(before.id, kind, object)
      }
    },
  })

  const handlers: AppHandlers = {
    'app.info': () => deps.appInfo,
    'app.copy': ({ text }) => {
      deps.clipboard.writeText(text)
      return { copied: true }
    },
    'app.openExternal': async ({ url }) => {
      await externalLinks.open(url)
      return { opened: true }
    },
    'app.emailLink': async (input) => {
      if (!parseAmountValue(input.amount.value, input.amount.currency).ok) {
        throw new UserFacingError('invalid-input', 'The amount of the link is not valid money.')
      }
      await externalLinks.openMailDraft(input)
      return { opened: true }
    },
    ...withIndexUpkeep(
      withRememberedSecret(createConnectionHandlers(connections), scrubber.rememberProvisional),
      search,
    ),
    ...withRefreshedRows(
      createPaymentsHandlers(payments),
      createOrderHandlers(orders, actions),
      search,
      activeId,
      stillActive,
    ),
    ...createSearchHandlers(search, requestLog, async () =>
      (await connections.activeView()).builtIn ? practiceCalls() : [],
    ),
    ...createDraftHandlers(drafts),
    ...createActionHandlers(actions),
    ...createCustomerHandlers(customers),
    ...createRequestLogHandlers(requestLog, rateLimits, deps.dialogs),
  }

  return {
    scrubSecrets: scrubber.scrub,
    handlers,
    events,
    externalLinks,
    connections,
    payments,
    requestLog,
    orders,
    drafts,
    search,
    async dispose() {
      payments.dispose() // aborts waiting list requests
      actions.dispose()
      await search.dispose() // stops the sync, closes the index
      await connections.dispose() // closes the clients and the sandbox it started
      rateLimits.dispose()
      await requestLog.dispose() // writes what is pending, after the clients' last attempts
      attemptListeners.clear()
      events.clear()
    },
  }
}

export type { ClipboardPort, DialogPort, EventName, PaydeskEvents }

/**
 * A secret the user adds is known to the scrubber from the moment it arrives, before any reply
 * (provisionally: only credential-shaped strings, only the last few; see secret-scrubber.ts).
 */
function withRememberedSecret<H extends Pick<AppHandlers, 'connections.add' | 'connections.profiles'>>(
  handlers: H,
  remember: (secret: string) => void,
): H {
  const add = handlers['connections.add']
  const profiles = handlers['connections.profiles']
  return {
    ...handlers,
    'connections.add': (input: Parameters<typeof add>[0], ctx: Parameters<typeof add>[1]) => {
      remember(input.secret)
      return add(input, ctx)
    },
    'connections.profiles': (input: Parameters<typeof profiles>[0], ctx: Parameters<typeof profiles>[1]) => {
      remember(input.secret)
      return profiles(input, ctx)
    },
  }
}

/** Removing a connection removes its search index. */
function withIndexUpkeep<H extends Pick<AppHandlers, 'connections.remove'>>(handlers: H, search: SearchService): H {
  const remove = handlers['connections.remove']
  return {
    ...handlers,
    'connections.remove': async (input: Parameters<typeof remove>[0], ctx: Parameters<typeof remove>[1]) => {
      const result = await remove(input, ctx)
      await search.removeConnection(input.id)
      return result
    },
  }
}

/**
 * Opening a payment or an order refreshes its row in the index of the connection it was fetched
 * with; when the connections changed while it was fetched, the row is left to the next sync.
 */
function withRefreshedRows<P extends Pick<AppHandlers, 'payments.get'>, O extends Pick<AppHandlers, 'orders.get'>>(
  payments: P,
  orders: O,
  search: SearchService,
  active: () => Promise<{ id: string; epoch: number }>,
  stillActive: (before: { epoch: number }) => boolean,
): P & O {
  const getPayment = payments['payments.get']
  const getOrder = orders['orders.get']
  return {
    ...payments,
    ...orders,
    'payments.get': async (input: Parameters<typeof getPayment>[0], ctx: Parameters<typeof getPayment>[1]) => {
      const before = await active()
      const result = await getPayment(input, ctx)
      if (stillActive(before)) search.noteFetched(before.id, 'payments', result.payment)
      return result
    },
    'orders.get': async (input: Parameters<typeof getOrder>[0], ctx: Parameters<typeof getOrder>[1]) => {
      const before = await active()
      const result = await getOrder(input, ctx)
      if (stillActive(before)) search.noteFetched(before.id, 'orders', result.order)
      return result
    },
  }
}

function createSearchHandlers(
  search: SearchService,
  requestLog: RequestLogService,
  /** The seeded practice customers when the built-in Sandbox is active. */
  practice: () => Promise<PracticeCustomer[]>,
): HandlersFor<typeof searchChannels> {
  return {
    'search.query': ({ text }) => search.query(text),
    'search.home': async () => {
      const [home, log, customers] = await Promise.all([search.home(), requestLog.list(), practice()])
      const recentErrors = log.entries
        .filter((e) => e.outcome !== 'success' && e.connectionId === home.index.connectionId)
        .slice(0, 5)
      return { ...home, practice: customers, recentErrors }
    },
    'search.sync': (input) => search.sync({ full: input?.full }),
    'search.cancelSync': () => search.cancelSync(),
    'search.status': () => search.status(),
  }
}

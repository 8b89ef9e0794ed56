import { createApiClient, type ApiClient, type ApiCredential } from '../api'
import { createSandboxAdmin, startSandbox, type RunningSandbox } from '../../sandbox'
import { createConnectionsService } from '../services/connections'
import type { DeskCredentialGuard } from '../team/desk-credential'
import { createSandboxWebhookPolicy } from '../services/sandbox-webhooks'
import type { Foundation } from './foundation'
import type { AppDeps } from './types'

export type ConnectionsWiring = ReturnType<typeof createConnectionsWiring>

/** The connections service, its API clients observed by the request log and the rate-limit feed. */
export function createConnectionsWiring(deps: AppDeps, f: Foundation) {
  const { events, requestLog, rateLimits, scrubber } = f
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

  /** In team mode, the check of the desk's credential before it is used (set by index.ts). */
  let guard: DeskCredentialGuard | null = null

  /** One API client per connection, observed by the request log and the rate-limit feed. */
  function createObservedClient(options: {
    connectionId: string
    baseUrl: string
    getCredential: () => Promise<ApiCredential>
    /** The guard's own question (the token's permissions) is not checked by the guard. */
    unguarded?: boolean
  }): ApiClient {
    const { connectionId, baseUrl, getCredential, unguarded } = options
    const client: ApiClient = createApiClient({
      baseUrl,
      getCredential: async () => {
        const credential = await getCredential()
        scrubber.remember(credential.secret)
        if (!unguarded) await guard?.check(connectionId, baseUrl, credential)
        return credential
      },
      onAttempt: (event) => {
        requestLog.record(event, { id: connectionId, label: connectionLabels.get(connectionId) ?? connectionId })
        if (event.status !== null && event.status >= 200 && event.status < 300) connections.markUsed(connectionId)
        for (const listener of f.attemptListeners) listener(event)
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
        const receivers = deps.sandboxWebhookReceivers ?? []
        builtInSandbox = await startSandbox({
          ...deps.sandboxOptions,
          ...(receivers.length > 0 ? { allowLocalWebhooks: true } : {}),
          // Main decides which hosts its own Sandbox calls (SECURITY.md, round 4 item 1).
          webhookPolicy: createSandboxWebhookPolicy({ questions: deps.dialogs, receivers }),
        })
        return builtInSandbox
      },
    },
    createClient: createObservedClient,
    events,
    allowOrigin: (origin) => f.externalLinks.allowOrigin(origin),
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
  const setGuard = (next: DeskCredentialGuard) => void (guard = next)
  return { connections, sandboxDeliveries, createObservedClient, setGuard, guard: () => guard }
}

import { maskFromParts, maskSecret, type CredentialKind, type CredentialMode } from '../../../shared/connection-rules'
import type { ActiveConnectionView, ConnectionView } from '../../../shared/ipc/connections'
import { UserFacingError } from '../../errors'
import { loadConnectionsFile, saveConnectionsFile, type ConnectionsFile, type StoredConnection } from './store'
import {
  DEFAULT_API_BASE_URL,
  SANDBOX_CONNECTION_ID,
  SANDBOX_LABEL,
  type ConnectionApiClient,
  type ConnectionsServiceOptions,
  type RunningSandboxLike,
} from './types'

/**
 * What the connections service knows and keeps between calls: its options, the loaded file, the
 * built-in Sandbox once started, and one client per connection. Every function of the service takes
 * it explicitly; createConnectionsService makes one per service.
 */
export interface ConnectionsContext<C extends ConnectionApiClient> {
  readonly options: ConnectionsServiceOptions<C>
  readonly now: () => Date
  readonly defaultBaseUrl: string
  /** When this service started: the Sandbox connection's "added" time. */
  readonly createdAt: string
  state: ConnectionsFile | null
  notice: string | null
  loading: Promise<ConnectionsFile> | null
  sandboxLastUsed: string | null
  sandbox: Promise<RunningSandboxLike> | null
  sandboxCredential: { secret: string; kind: CredentialKind; mode: CredentialMode } | null
  sandboxBaseUrl: string | null
  readonly clients: Map<string, Promise<C>>
  /** When each connection's last-used time was last written to disk. */
  readonly lastWritten: Map<string, number>
  chain: Promise<unknown>
}

export function createConnectionsContext<C extends ConnectionApiClient>(
  options: ConnectionsServiceOptions<C>,
): ConnectionsContext<C> {
  const now = options.clock ?? (() => new Date())
  return {
    options,
    now,
    defaultBaseUrl: options.defaultBaseUrl ?? DEFAULT_API_BASE_URL,
    createdAt: now().toISOString(),
    state: null,
    notice: null,
    loading: null,
    sandboxLastUsed: null,
    sandbox: null,
    sandboxCredential: null,
    sandboxBaseUrl: null,
    clients: new Map(),
    lastWritten: new Map(),
    chain: Promise.resolve(),
  }
}

export function load(ctx: ConnectionsContext<ConnectionApiClient>): Promise<ConnectionsFile> {
  if (ctx.state) return Promise.resolve(ctx.state)
  ctx.loading ??= loadConnectionsFile(ctx.options.dataDir).then(
    (loaded) => {
      ctx.notice = loaded.notice
      const state = loaded.file ?? { version: 1, activeId: SANDBOX_CONNECTION_ID, connections: [] }
      if (!isKnown(state, state.activeId)) state.activeId = SANDBOX_CONNECTION_ID
      ctx.state = state
      return state
    },
    (error) => {
      ctx.loading = null
      throw error
    },
  )
  return ctx.loading
}

/** Mutations run one at a time, so two quick adds cannot lose each other's write. */
export function exclusive<T>(ctx: ConnectionsContext<ConnectionApiClient>, task: () => Promise<T>): Promise<T> {
  const run = ctx.chain.then(task, task)
  ctx.chain = run.catch(() => {})
  return run
}

export function isKnown(file: ConnectionsFile, id: string): boolean {
  return id === SANDBOX_CONNECTION_ID || file.connections.some((c) => c.id === id)
}

export function find(file: ConnectionsFile, id: string): StoredConnection {
  const found = file.connections.find((c) => c.id === id)
  if (!found) throw new UserFacingError('not-found', 'That connection no longer exists; the list has been refreshed.')
  return found
}

export async function persistConnections(
  ctx: ConnectionsContext<ConnectionApiClient>,
  next: ConnectionsFile,
): Promise<void> {
  await saveConnectionsFile(ctx.options.dataDir, next)
  ctx.state = next
}

export function changed(ctx: ConnectionsContext<ConnectionApiClient>, activeId: string): void {
  ctx.options.events.emit('connections.changed', { activeId })
}

export function sandboxView(ctx: ConnectionsContext<ConnectionApiClient>): ConnectionView {
  const credential = ctx.sandboxCredential
  return {
    id: SANDBOX_CONNECTION_ID,
    label: SANDBOX_LABEL,
    kind: credential?.kind ?? 'api-key',
    mode: credential?.mode ?? 'test',
    profileId: null,
    testmode: null,
    masked: credential ? maskSecret(credential.secret) : 'test_…',
    baseUrl: ctx.sandboxBaseUrl,
    createdAt: ctx.createdAt,
    lastUsedAt: ctx.sandboxLastUsed,
    builtIn: true,
  }
}

export function storedView(c: StoredConnection): ConnectionView {
  return {
    id: c.id,
    label: c.label,
    kind: c.kind,
    mode: c.mode,
    profileId: c.profileId,
    testmode: c.testmode,
    masked: maskFromParts(c.prefix, c.last4),
    baseUrl: c.baseUrl,
    createdAt: c.createdAt,
    lastUsedAt: c.lastUsedAt,
    builtIn: false,
  }
}

export function viewOf(
  ctx: ConnectionsContext<ConnectionApiClient>,
  file: ConnectionsFile,
  id: string,
): ConnectionView {
  return id === SANDBOX_CONNECTION_ID ? sandboxView(ctx) : storedView(find(file, id))
}

export function activeViewOf(
  ctx: ConnectionsContext<ConnectionApiClient>,
  file: ConnectionsFile,
): ActiveConnectionView {
  const view = viewOf(ctx, file, file.activeId)
  return { ...view, isLive: view.mode === 'live' }
}

/** Forgets connection `id`'s client and lets it release what it holds. */
export async function dropClient(ctx: ConnectionsContext<ConnectionApiClient>, id: string): Promise<void> {
  const pending = ctx.clients.get(id)
  ctx.clients.delete(id)
  const client = await pending?.catch(() => null)
  await client?.dispose?.()
}
